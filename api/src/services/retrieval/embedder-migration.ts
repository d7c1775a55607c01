// Changing the embedder: a user's chunks are re-embedded in the background; the dense leg switches when all are done.
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { preparedStatement } from "../../db/prepared";
import { documentChunks, userEmbedders } from "../../db/schema";
import type { Embedder } from "../../providers/embedder/embedder";
import { createLocalEmbedder, LOCAL_EMBEDDER_ID } from "../../providers/embedder/local-embedder";
import type { MigrationOutcome } from "./embedder-migrations";
import { encodeLocalVector } from "./engine/dense-codes";
import type { RetrievalDeps } from "./retrieval-deps";

/** Chunks re-embedded per step. */
const MIGRATION_SLICE = 256;
/** How long a process owns a user's rebuild without renewing it (a crashed process's lease runs out). */
const LEASE_MS = 120_000;

type UserEmbedderState = { active: string; target: string | null };

/**
 * The user's embedder state, created on first use with the configured embedder active. When the configured
 * embedder is not the active one it becomes the target; switching back to the active one abandons the rebuild.
 * Indexing and the index's load call it (resolveEmbedderState); searching only reads (activeEmbedderId).
 */
export async function ensureUserEmbedder({
  deps,
  userId,
}: {
  deps: RetrievalDeps;
  userId: string;
}): Promise<UserEmbedderState> {
  const { db } = deps.database;
  const configured = deps.embedder.id;
  const read = () =>
    db
      .select({ active: userEmbedders.active, target: userEmbedders.target })
      .from(userEmbedders)
      .where(eq(userEmbedders.userId, userId));
  // Read first: every index load and upload passes here, and a write each time would be wasted on all but the first.
  let [row] = await read();
  if (!row) {
    await db.insert(userEmbedders).values({ userId, active: configured }).onConflictDoNothing();
    [row] = await read();
  }
  if (!row) throw new Error(`no embedder state for user ${userId}`);
  if (row.active === configured && row.target !== null) {
    await abandonRebuild(deps, userId, row.target);
    return { active: configured, target: null };
  }
  if (row.active !== configured && row.target !== configured) {
    await db.update(userEmbedders).set({ target: configured }).where(eq(userEmbedders.userId, userId));
    return { active: row.active, target: configured };
  }
  return row;
}

/** The embedder whose vectors the dense leg queries for the user (read only: the configured one for a new user). */
/** Read on every search: prepared once per database handle. */
const activeEmbedder = (db: Db) =>
  preparedStatement(db, "active_embedder_of_user", () =>
    db
      .select({ active: userEmbedders.active })
      .from(userEmbedders)
      .where(eq(userEmbedders.userId, sql.placeholder("userId")))
      .prepare("active_embedder_of_user"),
  );

export async function activeEmbedderId(deps: RetrievalDeps, userId: string): Promise<string> {
  const known = (deps as KnowsEmbedder)[KNOWN_EMBEDDER];
  if (known?.userId === userId) return known.active ?? deps.embedder.id;
  const [row] = await activeEmbedder(deps.database.db).execute({ userId });
  return row?.active ?? deps.embedder.id;
}

/** Where withKnownEmbedder leaves the row it was given (a symbol: nothing else reads or writes it by accident). */
const KNOWN_EMBEDDER = Symbol("known active embedder");
type KnowsEmbedder = { [KNOWN_EMBEDDER]?: { userId: string; active: string | null } };

/**
 * `deps` for one request that has read the user's user_embedders.active already (`active`, null without a row), in
 * a statement of its own (a chat turn's reads): activeEmbedderId answers from it for that user instead of reading.
 */
export function withKnownEmbedder<T extends RetrievalDeps>(
  deps: T,
  userId: string,
  active: string | null,
): T {
  return { ...deps, [KNOWN_EMBEDDER]: { userId, active } };
}

/** Back to the active embedder: the half-built target's vectors go, its chunks point at the active vectors again. */
async function abandonRebuild(deps: RetrievalDeps, userId: string, target: string): Promise<void> {
  const { db } = deps.database;
  await db
    .update(documentChunks)
    .set({ embedder: deps.embedder.id })
    .where(and(eq(documentChunks.userId, userId), eq(documentChunks.embedder, target)));
  await db.update(userEmbedders).set({ target: null }).where(eq(userEmbedders.userId, userId));
  if ((await deps.vectorStore.ensureReady()).ready) {
    await deps.vectorStore.delete({ userId, filter: { embedder: target } });
  }
}

/** The embedder that made `id`'s vectors, if this process can make query vectors with it. */
export function embedderById(deps: RetrievalDeps, id: string): Embedder | undefined {
  if (id === deps.embedder.id) return deps.embedder;
  if (id === LOCAL_EMBEDDER_ID) return createLocalEmbedder();
  return undefined;
}

/** Whether the user's index needs work: a different target, or chunks the vector store never got (it was down). */
async function needsMigration(
  deps: RetrievalDeps,
  userId: string,
  state: UserEmbedderState,
): Promise<boolean> {
  if (state.target !== null) return true;
  const [missing] = await deps.database.db
    .select({ id: documentChunks.id })
    .from(documentChunks)
    .where(and(eq(documentChunks.userId, userId), isNull(documentChunks.embedder)))
    .limit(1);
  return missing !== undefined;
}

/**
 * Chunks of `target` that still need work: not embedded by it, or (the built-in embedder) without the code the
 * in-memory dense leg reads (rows stored before codes existed, or given back to it when a rebuild was abandoned).
 */
function needsEmbedding(target: string) {
  const other = sql`${documentChunks.embedder} is distinct from ${target}`;
  return target === LOCAL_EMBEDDER_ID ? or(other, isNull(documentChunks.localVector)) : other;
}

/** Whether any of the user's chunks still needs work for `target` (see needsEmbedding). */
async function hasChunksToEmbed(deps: RetrievalDeps, userId: string, target: string): Promise<boolean> {
  const [pending] = await deps.database.db
    .select({ id: documentChunks.id })
    .from(documentChunks)
    .where(and(eq(documentChunks.userId, userId), needsEmbedding(target)))
    .limit(1);
  return pending !== undefined;
}

/**
 * Starts (or joins) the rebuild of one user's vectors with deps.embedder, in the background (deps.embedderMigrations:
 * close() aborts and awaits it); errors are logged. Returns the promise so tests can wait for it.
 */
export function startEmbedderMigration(deps: RetrievalDeps, userId: string): Promise<MigrationOutcome> {
  return deps.embedderMigrations.start(`${userId}\u0000${deps.embedder.id}`, (signal) =>
    migrateUserEmbeddings({ deps, userId, signal }).catch((error: unknown) => {
      if (!signal.aborted) {
        deps.logger?.error(
          { err: error, userId },
          "re-embedding the user's knowledge failed; retried on next use",
        );
      }
      return "busy" as const;
    }),
  );
}

/**
 * Resolves the user's embedder state when their index loads (see watchIndexLoads), in the background: records a
 * changed embedder as the target, abandons a rebuild the configuration went back on, and starts the rebuild when
 * the user has chunks to (re-)embed or, with `missingCodes`, built-in chunks the in-memory dense leg has no code for.
 */
function resolveEmbedderState(
  deps: RetrievalDeps,
  userId: string,
  { missingCodes }: { missingCodes: boolean },
): Promise<void> {
  const { embedderMigrations } = deps;
  const resolve = async () => {
    if (embedderMigrations.signal.aborted) return;
    const state = await ensureUserEmbedder({ deps, userId });
    if (missingCodes || (await needsMigration(deps, userId, state)))
      void startEmbedderMigration(deps, userId);
  };
  return embedderMigrations.track(
    resolve().catch((error: unknown) => {
      if (embedderMigrations.signal.aborted) return;
      deps.logger?.error(
        { err: error, userId },
        "resolving the user's embedder failed; retried on next load",
      );
    }),
  );
}

/** Resolves each user's embedder state whenever their index (re)loads into deps.chunkIndexes; returns the unsubscribe. */
export function watchIndexLoads(deps: RetrievalDeps): () => void {
  return deps.chunkIndexes.onLoad((userId, load) => {
    void resolveEmbedderState(deps, userId, load);
  });
}

/**
 * Re-embeds every chunk of the user not yet embedded by deps.embedder (batch by batch, resumable: each chunk row
 * records its embedder), then makes it the active embedder and deletes the old vectors. Until then the dense leg
 * keeps querying the old embedder's complete set, so search never loses its results mid-way.
 */
export async function migrateUserEmbeddings({
  deps,
  userId,
  signal,
}: {
  deps: RetrievalDeps;
  userId: string;
  signal?: AbortSignal;
}): Promise<MigrationOutcome> {
  const { db } = deps.database;
  const target = deps.embedder.id;
  if (!(await deps.vectorStore.ensureReady()).ready) return "store-unavailable";
  const state = await ensureUserEmbedder({ deps, userId });
  if (state.target === null && !(await hasChunksToEmbed(deps, userId, target))) return "nothing-to-do";

  const claim = async () =>
    (
      await db
        .update(userEmbedders)
        .set({ leaseUntil: new Date(Date.now() + LEASE_MS) })
        .where(
          and(
            eq(userEmbedders.userId, userId),
            or(isNull(userEmbedders.leaseUntil), lt(userEmbedders.leaseUntil, new Date())),
          ),
        )
        .returning({ userId: userEmbedders.userId })
    ).length === 1;
  if (!(await claim())) return "busy";
  try {
    for (;;) {
      signal?.throwIfAborted();
      const rows = await db
        .select({
          id: documentChunks.id,
          documentId: documentChunks.documentId,
          agentId: documentChunks.agentId,
          text: documentChunks.text,
        })
        .from(documentChunks)
        .where(and(eq(documentChunks.userId, userId), needsEmbedding(target)))
        .orderBy(documentChunks.id)
        .limit(MIGRATION_SLICE);
      if (rows.length === 0) break;
      const vectors = await deps.embedder.embed(
        rows.map((row) => row.text),
        { signal },
      );
      await deps.vectorStore.upsert({
        userId,
        vectors: rows.map((row, i) => ({
          id: row.id,
          documentId: row.documentId,
          agentId: row.agentId,
          chunk: row.text,
          embedder: target,
          embedding: vectors[i] ?? [],
        })),
      });
      if (target === LOCAL_EMBEDDER_ID) {
        // Each row also gets its code for the in-memory dense leg (one statement for the slice).
        const codes = rows.map((row, i) => ({
          id: row.id,
          code: encodeLocalVector(vectors[i] ?? []).toString("hex"),
        }));
        await db.execute(sql`
          update document_chunks c set embedder = ${target}, local_vector = decode(r.code, 'hex')
          from jsonb_to_recordset(${JSON.stringify(codes)}::jsonb) as r(id text, code text)
          where c.user_id = ${userId} and c.id = r.id`);
      } else {
        await db
          .update(documentChunks)
          .set({ embedder: target })
          .where(
            and(eq(documentChunks.userId, userId), sql`${documentChunks.id} in ${rows.map((row) => row.id)}`),
          );
      }
      await db
        .update(userEmbedders)
        .set({ leaseUntil: new Date(Date.now() + LEASE_MS) })
        .where(eq(userEmbedders.userId, userId));
    }
    // Every chunk has a vector of the target: switch, then drop the old embedder's vectors.
    const [before] = await db
      .select({ active: userEmbedders.active })
      .from(userEmbedders)
      .where(eq(userEmbedders.userId, userId));
    await db
      .update(userEmbedders)
      .set({ active: target, target: null })
      .where(eq(userEmbedders.userId, userId));
    if (before && before.active !== target) {
      await deps.vectorStore.delete({ userId, filter: { embedder: before.active } });
      if (before.active === LOCAL_EMBEDDER_ID) {
        await db
          .update(documentChunks)
          .set({ localVector: null })
          .where(and(eq(documentChunks.userId, userId), isNotNull(documentChunks.localVector)));
      }
      deps.logger?.info(
        { userId, from: before.active, to: target },
        "knowledge re-embedded; dense search switched",
      );
    }
    return "switched";
  } finally {
    await db.update(userEmbedders).set({ leaseUntil: null }).where(eq(userEmbedders.userId, userId));
  }
}

/**
 * Rebuilds, one user after the other in the background, every index not made by deps.embedder (call at start-up:
 * otherwise a user's rebuild starts with their next search or upload). Resolves with how many users it covered.
 */
export function rebuildStaleIndexes(deps: RetrievalDeps, signal?: AbortSignal): Promise<number> {
  return deps.embedderMigrations.track(rebuildEach(deps, signal ?? deps.embedderMigrations.signal));
}

async function rebuildEach(deps: RetrievalDeps, signal: AbortSignal): Promise<number> {
  const stale = await deps.database.db
    .select({ userId: userEmbedders.userId })
    .from(userEmbedders)
    .where(
      or(
        sql`${userEmbedders.active} <> ${deps.embedder.id}`,
        sql`${userEmbedders.target} is not null`,
        // Chunks still to embed: the store was down, or built-in chunks stored before codes were kept.
        sql`exists (select 1 from ${documentChunks} where ${documentChunks.userId} = ${userEmbedders.userId}
          and ${needsEmbedding(deps.embedder.id)})`,
      ),
    );
  for (const { userId } of stale) {
    if (signal.aborted) break;
    await startEmbedderMigration(deps, userId);
  }
  return stale.length;
}
