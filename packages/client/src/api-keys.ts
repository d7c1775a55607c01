// API keys (spec sections 3 and 7): the list (previews, settings and requests today), creating a key (its full value
// comes back once), changing and deleting one. Every change refetches the list and the usage figures (active keys).
import type { CreateApiKeyRequest, UpdateApiKey } from "@acp/contracts/api-access";
import type { ApiKey } from "@acp/contracts/entities";
import { mutationOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { getJson, requestJson } from "./request";
import { usageKeys } from "./usage";

export const API_KEYS_URL = "/api/api-keys";

/** A key as lists and changes answer it: never the full key. */
export type ListedApiKey = Omit<ApiKey, "key">;
/** The creation answer: the only time the full key is sent. */
export type CreatedApiKey = ListedApiKey & { key: string };

export const apiKeyKeys = {
  all: ["api-keys"] as const,
  list: () => ["api-keys", {}] as const,
};

export function apiKeyUrl(id: string): string {
  return `${API_KEYS_URL}/${encodeURIComponent(id)}`;
}

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => getJson<ListedApiKey[]>(API_KEYS_URL, { signal }),
  });
}

const refetchKeysAndUsage = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: apiKeyKeys.all }),
    client.invalidateQueries({ queryKey: usageKeys.all }),
  ]);

/**
 * POST /api/api-keys: the answer carries the full key. `gcTime: 0` drops the settled mutation (and so the key) from
 * the cache as soon as nothing observes it: the key lives only as long as the dialog that shows it.
 */
export function createApiKeyMutationOptions() {
  return mutationOptions({
    mutationKey: [...apiKeyKeys.all, "create"],
    mutationFn: (input: CreateApiKeyRequest) => requestJson<CreatedApiKey>("POST", API_KEYS_URL, input),
    gcTime: 0,
    onSuccess: (_key, _input, _result, { client }) => refetchKeysAndUsage(client),
  });
}

/** What PATCH /api/api-keys/{id} takes: the key's id and any of its changeable fields. */
export type UpdateApiKeyInput = { id: string } & UpdateApiKey;

/** PATCH /api/api-keys/{id}: only the fields given change (null clears an expiry or an agent restriction). */
export function updateApiKeyMutationOptions() {
  return mutationOptions({
    mutationKey: [...apiKeyKeys.all, "update"],
    mutationFn: ({ id, ...patch }: UpdateApiKeyInput) =>
      requestJson<ListedApiKey>("PATCH", apiKeyUrl(id), patch),
    onSuccess: (_key, _input, _result, { client }) => refetchKeysAndUsage(client),
  });
}

/** DELETE /api/api-keys/{id}: requests with the key are refused from then on. */
export function deleteApiKeyMutationOptions() {
  return mutationOptions({
    mutationKey: [...apiKeyKeys.all, "delete"],
    mutationFn: (id: string) => requestJson<undefined>("DELETE", apiKeyUrl(id)),
    onSuccess: (_none, _id, _result, { client }) => refetchKeysAndUsage(client),
  });
}
