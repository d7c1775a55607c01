// Calls a public agent as an outside caller would (POST /api/v1/{apiEndpoint} { message }) and says how it went in
// the spec's words: the reply and its sources, "Error: {error or Unknown error}", or "Network error: {message}".
// The outcome is the mutation's data, never its error: a refusal of the public endpoint (even a 401) is a test
// result to show, not a reason for the shell to sign the user out.
import { apiKeyKeys } from "@acp/client/api-keys";
import { isHttpError } from "@acp/client/http-error";
import { requestJson } from "@acp/client/request";
import { usageKeys } from "@acp/client/usage";
import { PUBLIC_API_PATH_PREFIX } from "@acp/contracts/constants";
import { ERROR_TOASTS } from "@acp/contracts/messages";
import type { PublicAgentResponse, PublicSource } from "@acp/contracts/public-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";

export type TestOutcome =
  | { kind: "reply"; response: string; sources: PublicSource[] }
  | { kind: "error"; message: string };

function publicEndpointPath(apiEndpoint: string): string {
  return `${PUBLIC_API_PATH_PREFIX}${encodeURIComponent(apiEndpoint)}`;
}

async function testPublicEndpoint(apiEndpoint: string, message: string): Promise<TestOutcome> {
  try {
    const reply = await requestJson<PublicAgentResponse>("POST", publicEndpointPath(apiEndpoint), {
      message,
    });
    return { kind: "reply", response: reply.response, sources: reply.sources };
  } catch (error) {
    if (isHttpError(error)) return { kind: "error", message: ERROR_TOASTS.apiTest(error.serverMessage) };
    const reason = error instanceof Error && error.message ? error.message : String(error);
    return { kind: "error", message: ERROR_TOASTS.apiTestNetwork(reason) };
  }
}

export function useTestPublicEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ apiEndpoint, message }: { apiEndpoint: string; message: string }) =>
      testPublicEndpoint(apiEndpoint, message),
    // The call is in the request log now: the usage figures and each key's count move.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: usageKeys.all }),
        client.invalidateQueries({ queryKey: apiKeyKeys.all }),
      ]),
  });
}
