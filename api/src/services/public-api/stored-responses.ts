// The Responses API's stored responses (issue 30): what `previous_response_id` continues and GET/DELETE
// /api/v1/responses/{id} read. Each belongs to the key that asked it (no other key, not even the same owner's, reads
// it: a key is one integration) and expires STORED_RESPONSE_DAYS after it was made, as OpenAI's do.
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { storedResponses } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/** How long a stored response can be followed or read (OpenAI keeps them 30 days). */
export const STORED_RESPONSE_DAYS = 30;
const DAY_MS = 86_400_000;

type KeyScope = { apiKeyId: string; now: Date };

const notFound = (id: string, param?: string) =>
  new AppError("RESPONSE_NOT_FOUND", `No response with id '${id}' is kept for this API key`, {
    ...(param ? { details: [{ path: [param], message: "not found", code: "custom" }] } : {}),
  });

/** Keeps a response for its key; the key's expired ones are deleted on the way (they are never read again). */
export async function saveResponse(
  db: Db,
  response: { id: string; userId: string; apiKeyId: string; turns: unknown[]; body: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await db
    .delete(storedResponses)
    .where(and(eq(storedResponses.apiKeyId, response.apiKeyId), lte(storedResponses.expiresAt, now)));
  await db.insert(storedResponses).values({
    ...response,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STORED_RESPONSE_DAYS * DAY_MS),
  });
}

/** The key's live response `id`; RESPONSE_NOT_FOUND (404) otherwise, naming `param` when a request field named it. */
export async function findResponse(
  db: Db,
  id: string,
  { apiKeyId, now }: KeyScope,
  param?: string,
): Promise<{ turns: unknown[]; body: Record<string, unknown> }> {
  const [row] = await db
    .select({ turns: storedResponses.turns, body: storedResponses.body })
    .from(storedResponses)
    .where(
      and(
        eq(storedResponses.id, id),
        eq(storedResponses.apiKeyId, apiKeyId),
        gt(storedResponses.expiresAt, now),
      ),
    );
  if (!row) throw notFound(id, param);
  return row;
}

/** Deletes the key's response `id`; RESPONSE_NOT_FOUND (404) when it has none of that id. */
export async function deleteResponse(db: Db, id: string, { apiKeyId, now }: KeyScope): Promise<void> {
  const deleted = await db
    .delete(storedResponses)
    .where(
      and(
        eq(storedResponses.id, id),
        eq(storedResponses.apiKeyId, apiKeyId),
        gt(storedResponses.expiresAt, now),
      ),
    )
    .returning({ id: storedResponses.id });
  if (deleted.length === 0) throw notFound(id);
}

/**
 * An output item (a message, a function call) of one of the key's live responses, by the item's id: what an
 * `item_reference` input item names (the AI SDK sends earlier answers so). Undefined when the key has none.
 */
export async function findStoredItem(
  db: Db,
  itemId: string,
  { apiKeyId, now }: KeyScope,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ body: storedResponses.body })
    .from(storedResponses)
    .where(
      and(
        eq(storedResponses.apiKeyId, apiKeyId),
        gt(storedResponses.expiresAt, now),
        sql`${storedResponses.body} @> ${JSON.stringify({ output: [{ id: itemId }] })}::jsonb`,
      ),
    )
    .limit(1);
  const output = (row?.body.output ?? []) as Record<string, unknown>[];
  return output.find((item) => item.id === itemId);
}
