// The configuration form's values as typed and their checks, with sentences a person reads next to the field; a
// valid form becomes the PATCH body (an empty model means the installation's default, sent as null).

import type { AgentSettings } from "@acp/contracts/chat";
import { AGENT_TEMPERATURE, AGENT_TOP_K, SYSTEM_PROMPT_MAX_CHARS } from "@acp/contracts/constants";
import type { SettingsPatch } from "../api/update-agent-settings";
import type { SettingsTarget } from "./settings-target";

export const MODEL_NAME_MAX_CHARS = 200;
export const AGENT_NAME_MAX_CHARS = 200;
export const AGENT_DESCRIPTION_MAX_CHARS = 2000;

export type SettingsFormValues = {
  systemPrompt: string;
  model: string;
  temperature: string;
  topK: string;
  name: string;
  description: string;
  isPublic: boolean;
};

export type SettingsField = keyof SettingsFormValues;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

/** Fields in the order they appear, so the first invalid one gets focus. */
export const FIELD_ORDER: readonly SettingsField[] = [
  "name",
  "description",
  "systemPrompt",
  "model",
  "temperature",
  "topK",
];

export function initialValues(target: SettingsTarget): SettingsFormValues {
  return {
    systemPrompt: target.settings.systemPrompt,
    model: target.settings.model ?? "",
    temperature: String(target.settings.temperature),
    topK: String(target.settings.topK),
    name: target.name,
    description: target.custom?.description ?? "",
    isPublic: target.custom?.isPublic ?? false,
  };
}

const formatCount = (n: number) => n.toLocaleString("en-US");

function parseNumber(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export function validateSettings(
  values: SettingsFormValues,
  kind: SettingsTarget["kind"],
): { errors: SettingsErrors; patch?: SettingsPatch & { systemPrompt: string } } {
  const errors: SettingsErrors = {};
  const systemPrompt = values.systemPrompt.trim();
  if (systemPrompt === "") errors.systemPrompt = "The system prompt cannot be blank.";
  else if (systemPrompt.length > SYSTEM_PROMPT_MAX_CHARS)
    errors.systemPrompt = `A system prompt can be at most ${formatCount(SYSTEM_PROMPT_MAX_CHARS)} characters.`;

  const model = values.model.trim();
  if (model.length > MODEL_NAME_MAX_CHARS)
    errors.model = `A model name can be at most ${MODEL_NAME_MAX_CHARS} characters.`;

  const temperature = parseNumber(values.temperature);
  if (temperature === undefined || temperature < AGENT_TEMPERATURE.min || temperature > AGENT_TEMPERATURE.max)
    errors.temperature = `Temperature must be a number from ${AGENT_TEMPERATURE.min} to ${AGENT_TEMPERATURE.max}.`;

  const topK = parseNumber(values.topK);
  if (topK === undefined || !Number.isInteger(topK) || topK < AGENT_TOP_K.min || topK > AGENT_TOP_K.max)
    errors.topK = `Passages per answer must be a whole number from ${AGENT_TOP_K.min} to ${AGENT_TOP_K.max}.`;

  const settings: Partial<AgentSettings> & { systemPrompt: string } = {
    systemPrompt,
    model: model === "" ? null : model,
    ...(temperature === undefined ? {} : { temperature }),
    ...(topK === undefined ? {} : { topK }),
  };
  if (kind === "built-in") {
    return Object.keys(errors).length > 0 ? { errors } : { errors, patch: settings };
  }

  const name = values.name.trim();
  if (name === "") errors.name = "The name cannot be blank.";
  else if (name.length > AGENT_NAME_MAX_CHARS)
    errors.name = `A name can be at most ${AGENT_NAME_MAX_CHARS} characters.`;
  const description = values.description.trim();
  if (description.length > AGENT_DESCRIPTION_MAX_CHARS)
    errors.description = `A description can be at most ${formatCount(AGENT_DESCRIPTION_MAX_CHARS)} characters.`;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    patch: {
      ...settings,
      name,
      description: description === "" ? null : description,
      isPublic: values.isPublic,
    },
  };
}
