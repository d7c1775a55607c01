// Changes an API key (PATCH /api/api-keys/{id}): its name, whether it works, its expiry, the agents it may call and
// its hourly limit; only the fields given change. The list and the usage figures (active keys) refetch.
import { updateApiKeyMutationOptions } from "@acp/client/api-keys";
import type { UpdateApiKey } from "@acp/contracts/api-access";
import { useMutation } from "@tanstack/react-query";

export type ApiKeyPatch = UpdateApiKey;

export function useUpdateApiKey() {
  return useMutation(updateApiKeyMutationOptions());
}
