// Creates an API key (POST /api/api-keys { name }): the answer carries the full key, once. The mutation is
// forgotten as soon as nobody watches it (gcTime 0), so the key lives only as long as the dialog that shows it.
import { createApiKeyMutationOptions } from "@acp/client/api-keys";
import { useMutation } from "@tanstack/react-query";

export type { CreatedApiKey } from "@acp/client/api-keys";

export function useCreateApiKey() {
  return useMutation(createApiKeyMutationOptions());
}
