// How a key's figures and scope read in its row: the spec's usage line shape ("1,247 requests today", "rate limit
// 1000/hr") with the key's real count and enforced limit, its expiry and the agents it may call.

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function usageLine(requestsToday: number, rateLimitPerHour: number): string {
  const requests = `${requestsToday.toLocaleString("en-US")} ${requestsToday === 1 ? "request" : "requests"} today`;
  return `${requests} · rate limit ${rateLimitPerHour}/hr`;
}

export type Expiry = { text: string; expired: boolean };

export function expiry(expiresAt: string | null, now: Date = new Date()): Expiry {
  if (!expiresAt) return { text: "never expires", expired: false };
  const expired = new Date(expiresAt).getTime() <= now.getTime();
  return { text: `${expired ? "expired" : "expires"} ${formatDate(expiresAt)}`, expired };
}

/** "All agents", or the names of the agents the key is limited to (an id no longer known reads as such). */
export function agentScope(
  allowedAgentIds: readonly string[] | null,
  names: ReadonlyMap<string, string>,
): string {
  if (!allowedAgentIds || allowedAgentIds.length === 0) return "All agents";
  return `Only ${allowedAgentIds.map((id) => names.get(id) ?? "a deleted agent").join(", ")}`;
}
