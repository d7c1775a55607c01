// API usage from the request log (GET /api/usage, optionally for one key): requests in the last 24 hours, active
// keys, the success rate and requests and errors per hour; read again every 30 s while shown and after calls.
import { usageQueryOptions } from "@acp/client/usage";
import { useQuery } from "@tanstack/react-query";

export type { ApiUsage, UsageHour } from "@acp/contracts/api-access";

export function useUsage(keyId?: string) {
  return useQuery(usageQueryOptions(keyId));
}
