// Build-time settings of the mf-training remote, validated once: the only module that reads import.meta.env.

export const REMOTE_NAME = "mf-training";

export const env = {
  isDev: import.meta.env.DEV,
  mode: import.meta.env.MODE,
} as const;
