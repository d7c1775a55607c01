// The key settings form: its values from a key, the checks beside each field, and the PATCH body of what changed.
import { API_KEY_RATE_LIMIT_MAX, API_KEY_RATE_LIMIT_MIN } from "@acp/contracts/api-access";
import { VALIDATION } from "@acp/contracts/messages";
import type { ApiKeyDetail } from "../api/get-api-keys";
import type { ApiKeyPatch } from "../api/update-api-key";

export type KeySettingsValues = {
  name: string;
  /** A date input's value ("2026-12-31"), or "" for a key that never expires. */
  expiresOn: string;
  rateLimitPerHour: string;
  /** Empty: every agent. */
  allowedAgentIds: string[];
};

export type KeySettingsField = keyof KeySettingsValues;
export type KeySettingsErrors = Partial<Record<KeySettingsField, string>>;

/** The order fields appear in, so focus goes to the first wrong one. */
export const FIELD_ORDER: readonly KeySettingsField[] = ["name", "expiresOn", "rateLimitPerHour"];

export const EXPIRY_IN_PAST = "Choose today or a later date, or leave it empty for a key that never expires.";
export const RATE_LIMIT_INVALID = `Enter a whole number of requests from ${API_KEY_RATE_LIMIT_MIN} to ${API_KEY_RATE_LIMIT_MAX.toLocaleString("en-US")}.`;

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** A date input's value for a moment, in the browser's time zone. */
export function toDateInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The key stays valid through the whole chosen day, in the browser's time zone. */
export function endOfDay(dateInput: string): Date {
  const [year, month, day] = dateInput.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 23, 59, 59, 999);
}

export function initialValues(key: ApiKeyDetail): KeySettingsValues {
  return {
    name: key.name,
    expiresOn: key.expiresAt ? toDateInput(new Date(key.expiresAt)) : "",
    rateLimitPerHour: String(key.rateLimitPerHour),
    allowedAgentIds: [...(key.allowedAgentIds ?? [])],
  };
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/** The checks; without errors, the patch holds only the fields that differ from the key (maybe none). */
export function validateKeySettings(
  values: KeySettingsValues,
  key: ApiKeyDetail,
  now: Date = new Date(),
): { errors: KeySettingsErrors; patch: ApiKeyPatch | null } {
  const errors: KeySettingsErrors = {};
  const name = values.name.trim();
  if (name === "") errors.name = VALIDATION.apiKeyName;
  if (values.expiresOn !== "" && values.expiresOn < toDateInput(now)) errors.expiresOn = EXPIRY_IN_PAST;
  const limit = Number(values.rateLimitPerHour.trim());
  if (
    values.rateLimitPerHour.trim() === "" ||
    !Number.isInteger(limit) ||
    limit < API_KEY_RATE_LIMIT_MIN ||
    limit > API_KEY_RATE_LIMIT_MAX
  ) {
    errors.rateLimitPerHour = RATE_LIMIT_INVALID;
  }
  if (Object.keys(errors).length > 0) return { errors, patch: null };

  const patch: ApiKeyPatch = {};
  if (name !== key.name) patch.name = name;
  const initial = initialValues(key);
  if (values.expiresOn !== initial.expiresOn) {
    patch.expiresAt = values.expiresOn === "" ? null : endOfDay(values.expiresOn).toISOString();
  }
  if (limit !== key.rateLimitPerHour) patch.rateLimitPerHour = limit;
  if (!sameMembers(values.allowedAgentIds, initial.allowedAgentIds)) {
    patch.allowedAgentIds = values.allowedAgentIds.length === 0 ? null : values.allowedAgentIds;
  }
  return { errors, patch };
}
