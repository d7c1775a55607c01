// Test support for the /api/v1 suites: API keys written straight into the table, agents, knowledge and the request log.
import { randomBytes } from "node:crypto";
import { type CustomAgentDetail, customAgentDetailSchema } from "@acp/contracts/chat";
import { asc } from "drizzle-orm";
import { apiKeyHash } from "../auth/api-key-token";
import { apiKeys, apiRequestLog } from "../db/schema";
import type { TestApp } from "./test-app";
import { uploadOk, waitForDocument } from "./uploads";

export type TestKey = { id: string; token: string };

/**
 * An API key of `userId` stored as the product stores one (its hash and a preview), so these suites do not depend on
 * how keys are issued; the token goes in `Authorization: Bearer`.
 */
export async function createTestKey(
  t: TestApp,
  userId: string,
  options: {
    allowedAgentIds?: string[] | null;
    rateLimitPerHour?: number;
    expiresAt?: Date | null;
    isActive?: boolean;
  } = {},
): Promise<TestKey> {
  const token = `acp_test_${randomBytes(24).toString("hex")}`;
  const [row] = await t.database.db
    .insert(apiKeys)
    .values({
      userId,
      name: "test key",
      keyHash: apiKeyHash(token),
      keyPreview: `acp_test_…${token.slice(-4)}`,
      isActive: options.isActive ?? true,
      expiresAt: options.expiresAt ?? null,
      allowedAgentIds: options.allowedAgentIds ?? null,
      ...(options.rateLimitPerHour ? { rateLimitPerHour: options.rateLimitPerHour } : {}),
    })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error("no key stored");
  return { id: row.id, token };
}

export const bearer = (key: TestKey) => ({ authorization: `Bearer ${key.token}` });

/** Creates a custom agent through POST /api/custom-agents. */
export async function createTestAgent(
  t: TestApp,
  cookie: string,
  body: { name: string; isPublic: boolean; systemPrompt?: string },
): Promise<CustomAgentDetail> {
  const response = await t.request("/api/custom-agents", {
    method: "POST",
    cookie,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ systemPrompt: "You answer from the company's documents.", ...body }),
  });
  if (response.status !== 201) throw new Error(`agent: ${response.status} ${await response.text()}`);
  return customAgentDetailSchema.parse(await response.json());
}

/** Uploads a text file as the cookie's user (shared with all their agents unless `fields` names one) and waits for it. */
export async function uploadKnowledge(
  t: TestApp,
  cookie: string,
  name: string,
  text: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const [document] = await uploadOk(t, cookie, [{ name, content: text, type: "text/plain" }], fields);
  if (!document) throw new Error("nothing uploaded");
  const done = await waitForDocument(t, cookie, document.id);
  if (done.document.status !== "completed") throw new Error(`ingestion: ${done.document.error}`);
  return document.id;
}

/** Every request-log row, oldest first, once the recorder's buffer is written. */
export async function requestLogRows(t: TestApp) {
  await t.deps.apiUsage.flush();
  return t.database.db
    .select()
    .from(apiRequestLog)
    .orderBy(asc(apiRequestLog.createdAt), asc(apiRequestLog.id));
}
