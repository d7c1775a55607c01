// The query keys of API usage, shared by every feature whose calls move the figures (keys, endpoint tests).
export const usageKeys = {
  all: ["usage"] as const,
  detail: (keyId?: string) => ["usage", { keyId: keyId ?? null }] as const,
};
