// Sets up what an outside caller of the public API needs, over HTTP as a person would through the app: an account
// (its session cookie), a public custom agent answering from a note given to it, and API keys.
import { randomUUID } from "node:crypto";

export type Owner = { url: string; cookie: string };
export type PublicAgent = { id: string; apiEndpoint: string };

/** Signs a new account up through POST /api/auth/sign-up; its session cookie. */
export async function signUpOverHttp(url: string, firstName = "Grace", lastName = "Hopper"): Promise<Owner> {
  const response = await fetch(`${url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}-${randomUUID()}@example.test`,
      password: "correct horse battery",
    }),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith("session="))
    ?.split(";")[0];
  if (!response.ok || !cookie) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  return { url, cookie };
}

async function postAsOwner(owner: Owner, route: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${owner.url}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: owner.url, cookie: owner.cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * A public custom agent with `note` as its only knowledge (a text data source given to it), once the note is
 * processed, so answers cite it.
 */
export async function createPublicAgentWithNote(
  owner: Owner,
  agent: { name: string; systemPrompt: string; note: string; noteName?: string },
  timeoutMs = 60_000,
): Promise<PublicAgent> {
  const created = (await postAsOwner(owner, "/api/custom-agents", {
    name: agent.name,
    description: `${agent.name} answers from its note`,
    systemPrompt: agent.systemPrompt,
    agentType: "custom",
    isPublic: true,
  })) as PublicAgent;
  await postAsOwner(owner, "/api/data-sources", {
    name: agent.noteName ?? "note",
    type: "text",
    content: agent.note,
    agentId: created.id,
  });
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const response = await fetch(`${owner.url}/api/documents?agent=${created.id}`, {
      headers: { cookie: owner.cookie },
    });
    const statuses = ((await response.json()) as { status: string }[]).map((document) => document.status);
    if (statuses.length > 0 && statuses.every((status) => status === "completed")) return created;
    if (statuses.includes("failed") || Date.now() > deadline)
      throw new Error(`the agent's note was not processed: ${statuses.join() || "no document"}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A new API key of the owner through POST /api/api-keys; its full value (shown only on creation). */
export async function createApiKeyOverHttp(
  owner: Owner,
  options: { name?: string; rateLimitPerHour?: number } = {},
): Promise<string> {
  const created = (await postAsOwner(owner, "/api/api-keys", {
    name: options.name ?? `key ${randomUUID().slice(0, 8)}`,
    ...(options.rateLimitPerHour ? { rateLimitPerHour: options.rateLimitPerHour } : {}),
  })) as { key: string };
  return created.key;
}
