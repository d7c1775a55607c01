// Business constants and limits of the product spec (section 9), shared by the API and every front end.

export const POLL_INTERVALS_MS = {
  trainingJobs: 10_000,
  documents: 5_000,
  vectorStats: 30_000,
  dashboardMetrics: 30_000,
} as const;

export const EPOCH_OPTIONS = [5, 10, 15, 20] as const;
export const DEFAULT_EPOCHS = 10;
export const MODEL_TYPES = ["gtm", "legal", "vision"] as const;
export const DEFAULT_MODEL_TYPE = "gtm";

/** The longest agent name, and so the longest training job name (jobs are named like the agents they train). */
export const AGENT_NAME_MAX_CHARS = 200;

export const RECENT_TRAINING_JOBS_LISTED = 5;
export const PER_AGENT_TRAINING_DATA_LISTED = 5;

/** Stated per-file upload maximum; the API enforces it (DESIGN 5). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "200MB";

export const VECTOR_DIMENSION_DEFAULT = 1536;
export const VECTOR_NAMESPACE_DEFAULT = "default";

export const ACTIVE_AGENTS_MAXIMUM_DISPLAYED = 7;

/** The rate limit the UI shows is the one the API enforces (DESIGN 3). */
export const API_KEY_RATE_LIMIT_PER_HOUR = 1000;

export const WIZARD_STEPS = 4;
export const wizardProgress = (step: number): number => (step / WIZARD_STEPS) * 100;

export const LOGOUT_REDIRECT_DELAY_MS = 500;

export const PUBLIC_API_PATH_PREFIX = "/api/v1/";

export const TOAST = {
  limit: 1,
  autoDismissMs: 5000,
  removeDelayMs: 1_000_000,
  swipeThresholdPx: 50,
  swipeDirection: "right",
  viewportHotkey: "F8",
  viewportMaxWidthPx: 420,
} as const;

export const TOOLTIP = { delayMs: 700, sidebarDelayMs: 0, skipDelayMs: 300 } as const;

const FILE_SIZE_UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** Formats a byte count with 1024-based units, as the spec's document lists do. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), FILE_SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${FILE_SIZE_UNITS[exponent]}`;
}

export const ACCEPTED_UPLOAD_EXTENSIONS = [
  "pdf",
  "doc",
  "docx",
  "txt",
  "csv",
  "xlsx",
  "xls",
  "json",
] as const;

// Agent, chat and public-API limits and helpers: here rather than beside their schemas so front ends read them
// without loading zod.

/** Retrieval depth per answer: how many passages the model is given. */
export const AGENT_TOP_K = { min: 1, max: 20, default: 6 } as const;

export const AGENT_TEMPERATURE = { min: 0, max: 2, default: 0.2 } as const;

/** Longest question a chat (or public API) request may carry, in characters. */
export const CHAT_MESSAGE_MAX_CHARS = 8000;

/** Longest system prompt an agent may have, in characters. */
export const SYSTEM_PROMPT_MAX_CHARS = 20_000;

/** The model id the built-in responder answers as (stored with its messages, listed by the API). */
export const OFFLINE_RESPONDER_MODEL = "grounded-responder";

/** A model as people read it: the built-in responder by what it is, any other model by its own name. */
export function modelDisplayName(model: string): string {
  return model === OFFLINE_RESPONDER_MODEL ? "Built-in responder (offline)" : model;
}

export const CONVERSATION_TITLE_MAX_CHARS = 200;

/** Days the analytics cover, today included. */
export const AGENT_ANALYTICS_DAYS = 14;

/**
 * What a public agent answers callers other than its owner from (DESIGN 4), said where its public switch is and on its
 * Public Endpoints entry: "all agents" is how the upload card names the shared library.
 */
export const PUBLIC_AGENT_SCOPE_NOTE =
  "Anonymous callers get answers only from the documents given to this agent, never from documents uploaded for all agents.";

/** Spec section 7: "agent-" + lower-cased hyphenated name + millisecond timestamp. */
export function generateApiEndpoint(name: string, now: number = Date.now()): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `agent-${slug ? `${slug}-` : ""}${now}`;
}

export const AGENT_TYPES = ["custom", "gtm", "legal", "technical", "vision", "fundraising"] as const;
