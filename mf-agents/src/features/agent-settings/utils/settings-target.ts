// The agent a configuration or analytics dialog is about: a built-in agent (the user's copy of its settings) or a
// custom agent (its settings plus its name, description and public switch).
import type { AgentSettings } from "@acp/contracts/chat";

export type SettingsTarget = {
  kind: "built-in" | "custom";
  /** The built-in agent's id (gtm, legal, ...) or the custom agent's id; also the analytics key. */
  id: string;
  name: string;
  settings: AgentSettings;
  /** A built-in agent's shipped prompt, which "Restore default" puts back. */
  defaultSystemPrompt?: string | undefined;
  /** A custom agent's own fields, edited beside its settings. */
  custom?: { description: string | null; isPublic: boolean } | undefined;
};
