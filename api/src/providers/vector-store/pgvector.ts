// The pgvector store: embeddings in the app's own database (PGlite ships pgvector; PostgreSQL needs the extension).
import { VECTOR_DIMENSION_DEFAULT, VECTOR_NAMESPACE_DEFAULT } from "@acp/contracts/constants";
import { PGlite } from "@electric-sql/pglite";
import { and, cosineDistance, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { pgTable, primaryKey, text, timestamp, vector } from "drizzle-orm/pg-core";
import type { Database } from "../../db/create-database";
import { LOCAL_EMBEDDER_ID } from "../embedder/local-embedder";
import {
  assertEmbedding,
  hasFilter,
  MAX_TOP_K,
  type VectorFilter,
  type VectorStore,
  type VectorStoreStatus,
  vectorStoreUnavailable,
} from "./vector-store";

/**
 * The embeddings table, for the query builder only. It is NOT in db/schema.ts: drizzle migrations must run on a
 * PostgreSQL without pgvector, so ensureReady() creates it (see EMBEDDINGS_DDL, which must stay in step).
 */
export const embeddings = pgTable(
  "embeddings",
  {
    id: text().notNull(),
    userId: text().notNull(),
    documentId: text(),
    agentId: text(),
    chunk: text().notNull(),
    embedder: text().notNull(),
    embedding: vector({ dimensions: VECTOR_DIMENSION_DEFAULT }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.embedder, t.id] })],
);

/** The HNSW index and the rows it holds: every embedder's but the built-in one's. */
export const ANN_INDEX = "embeddings_embedding_ann_index";
const ANN_PREDICATE = `embedder <> '${LOCAL_EMBEDDER_ID}'`;

/** Idempotent schema, run in order inside one transaction. Vectors go with their user and their document. */
const EMBEDDINGS_DDL: SQL[] = [
  sql`create extension if not exists vector`,
  sql.raw(`create table if not exists embeddings (
    id text not null,
    user_id text not null references users(id) on delete cascade,
    document_id text references documents(id) on delete cascade,
    agent_id text,
    chunk text not null,
    embedder text not null,
    embedding vector(${VECTOR_DIMENSION_DEFAULT}) not null,
    created_at timestamp with time zone not null default now(),
    primary key (user_id, embedder, id)
  )`),
  // Tables made before vectors of two embedders could coexist (an embedder change) had (user_id, id) as key.
  sql.raw(`do $$ begin
    if exists (select 1 from pg_constraint where conname = 'embeddings_pkey' and conrelid = 'embeddings'::regclass and array_length(conkey, 1) = 2) then
      alter table embeddings drop constraint embeddings_pkey;
      alter table embeddings add primary key (user_id, embedder, id);
    end if;
  end $$`),
  sql`create index if not exists embeddings_user_id_document_id_index on embeddings (user_id, document_id)`,
  sql`create index if not exists embeddings_user_id_agent_id_index on embeddings (user_id, agent_id)`,
  // The built-in embedder's vectors are searched exactly in memory (decision 0010), so its rows stay out of the HNSW
  // graph: one-row-at-a-time graph inserts were most of the ingestion time (6.8 ms a vector on PGlite).
  sql`drop index if exists embeddings_embedding_hnsw_cosine_index`,
  sql.raw(`create index if not exists ${ANN_INDEX} on embeddings using hnsw (embedding vector_cosine_ops)
    where ${ANN_PREDICATE}`),
];

/** Up to this many candidate vectors a query is answered exactly (scan and sort); beyond, through HNSW. */
const EXACT_SEARCH_MAX = 2000;

/** Serialises concurrent set-ups (several API processes or workers starting at once). Any fixed bigint works. */
const SETUP_LOCK_KEY = 7_301_536;

/** Rows per INSERT: 8 parameters a row stays far below PostgreSQL's 65,535, and batches beat row-by-row HNSW inserts. */
const UPSERT_BATCH_SIZE = 200;

const NO_EXTENSION_REASON = {
  postgres:
    'the PostgreSQL server has no pgvector extension ("vector" is not in pg_available_extensions; install pgvector on the database server; it is checked again on the next request)',
  pglite:
    "PGlite was started without the pgvector extension (register @electric-sql/pglite-pgvector when creating it)",
} as const;

/** pgvector 0.8 added iterative index scans, which keep a filtered HNSW search going until topK rows match. */
function supportsIterativeScan(version: string | undefined): boolean {
  const [major = 0, minor = 0] = (version ?? "").split(".").map(Number);
  return major > 0 || minor >= 8;
}

/**
 * The upsert on PGlite, with each vector as one binary parameter: parsing 1536 floats from text costs ~2.5 ms a
 * vector in PGlite's WASM (strtof), the binary form almost nothing (measured: 1,024 dense vectors without an index
 * 4.1 s as text literals, 0.2 s binary). Same statement and columns as the drizzle path.
 */
async function upsertBinary(
  pglite: PGlite,
  vectorTypeOid: number,
  rows: readonly (typeof embeddings)["$inferInsert"][],
): Promise<void> {
  const columns = 7;
  await pglite.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += UPSERT_BATCH_SIZE) {
      const batch = rows.slice(start, start + UPSERT_BATCH_SIZE);
      const params: unknown[] = [];
      const tuples = batch.map((row, i) => {
        params.push(
          row.id,
          row.userId,
          row.documentId ?? null,
          row.agentId ?? null,
          row.chunk,
          row.embedder,
          vectorToBinary(row.embedding),
        );
        const at = i * columns;
        return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7})`;
      });
      await tx.query(
        `insert into embeddings (id, user_id, document_id, agent_id, chunk, embedder, embedding)
        values ${tuples.join(", ")}
        on conflict (user_id, embedder, id) do update set document_id = excluded.document_id,
          agent_id = excluded.agent_id, chunk = excluded.chunk, embedding = excluded.embedding,
          created_at = excluded.created_at`,
        params,
        // A Uint8Array parameter goes to the server in binary format; the vector type has no serializer of its own.
        { serializers: { [vectorTypeOid]: (value: unknown) => value as string } },
      );
    }
  });
}

function errorMessage(error: unknown): string {
  let current: unknown = error;
  // drizzle wraps driver errors ("Failed query: ..."); the driver's message is the useful one.
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(error);
}

/**
 * pgvector's binary input format (vector_recv): int16 dimensions, int16 unused, then float4 values, big-endian.
 * The float4 values are what the text form would have parsed to, so both give the same stored vector.
 */
function vectorToBinary(embedding: readonly number[]): Uint8Array {
  const view = new DataView(new ArrayBuffer(4 + 4 * embedding.length));
  view.setInt16(0, embedding.length);
  view.setInt16(2, 0);
  for (let i = 0; i < embedding.length; i += 1) view.setFloat32(4 + 4 * i, embedding[i] ?? 0);
  return new Uint8Array(view.buffer);
}

/** The PGlite instance under drizzle, when the database is PGlite (see upsert). */
function pgliteOf(database: PgvectorDatabase): PGlite | undefined {
  return database.engine === "pglite" && database.raw instanceof PGlite ? database.raw : undefined;
}

type PgvectorDatabase = Pick<Database, "db" | "engine"> & { raw?: Database["raw"] };

export function createPgvectorStore({
  database,
  exactSearchMax = EXACT_SEARCH_MAX,
}: {
  /** With `raw` (the PGlite instance), vectors are written in pgvector's binary form (see upsert). */
  database: PgvectorDatabase;
  /** See EXACT_SEARCH_MAX (tests lower it to reach the index path with few vectors). */
  exactSearchMax?: number;
}): VectorStore {
  const { db, engine } = database;
  const dimension = VECTOR_DIMENSION_DEFAULT;
  let iterativeScan = false;
  const pglite = pgliteOf(database);
  /** The oid of the vector type (PGlite only): its parameters are sent in binary form. */
  let vectorTypeOid: number | undefined;
  let readiness: Promise<VectorStoreStatus> | undefined;

  async function prepare(): Promise<VectorStoreStatus> {
    try {
      const available = await db
        .select({ name: sql<string>`name` })
        .from(sql`pg_available_extensions`)
        .where(sql`name = 'vector'`);
      if (available.length === 0) return { ready: false, reason: NO_EXTENSION_REASON[engine] };
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
        for (const statement of EMBEDDINGS_DDL) await tx.execute(statement);
      });
      const [installed] = await db
        .select({ version: sql<string>`extversion` })
        .from(sql`pg_extension`)
        .where(sql`extname = 'vector'`);
      iterativeScan = supportsIterativeScan(installed?.version);
      if (pglite) {
        const [type] = await db
          .select({ oid: sql<number>`oid`.mapWith(Number) })
          .from(sql`pg_type`)
          .where(sql`typname = 'vector'`);
        vectorTypeOid = type?.oid;
      }
      return { ready: true };
    } catch (error) {
      return { ready: false, reason: `could not prepare the pgvector schema (${errorMessage(error)})` };
    }
  }

  function ensureReady(): Promise<VectorStoreStatus> {
    readiness ??= prepare().then((status) => {
      // Only success is remembered: a missing extension or a database outage is checked again next time.
      if (!status.ready) readiness = undefined;
      return status;
    });
    return readiness;
  }

  async function requireReady(): Promise<void> {
    const status = await ensureReady();
    if (!status.ready) throw vectorStoreUnavailable(status.reason);
  }

  function conditions(userId: string, filter: VectorFilter | undefined): SQL[] {
    const where = [eq(embeddings.userId, userId)];
    if (filter?.documentId !== undefined) where.push(eq(embeddings.documentId, filter.documentId));
    if (filter?.agentId !== undefined) where.push(eq(embeddings.agentId, filter.agentId));
    if (filter?.embedder !== undefined) {
      where.push(eq(embeddings.embedder, filter.embedder));
      // Spelled as the index predicate, so the planner can use the HNSW index for this embedder.
      if (filter.embedder !== LOCAL_EMBEDDER_ID) where.push(sql.raw(ANN_PREDICATE));
    }
    if (filter?.documentIds !== undefined)
      where.push(inArray(embeddings.documentId, [...filter.documentIds]));
    return where;
  }

  return {
    kind: "pgvector",
    dimension,
    ensureReady,

    async stats({ userId, embedder }) {
      await requireReady();
      const [row] = await db
        .select({ value: count() })
        .from(embeddings)
        .where(and(...conditions(userId, embedder === undefined ? undefined : { embedder })));
      return { totalVectorCount: row?.value ?? 0, namespace: VECTOR_NAMESPACE_DEFAULT, dimension };
    },

    async upsert({ userId, vectors }) {
      // The last record wins when an id repeats (per embedder): one INSERT cannot update the same row twice.
      const byId = new Map<string, (typeof embeddings)["$inferInsert"]>();
      for (const [index, record] of vectors.entries()) {
        if (!record.id) throw new RangeError(`vectors[${index}]: id must not be empty`);
        assertEmbedding(record.embedding, dimension, `vectors[${index}] (${record.id})`);
        byId.set(`${record.embedder}\u0000${record.id}`, {
          id: record.id,
          userId,
          documentId: record.documentId ?? null,
          agentId: record.agentId ?? null,
          chunk: record.chunk,
          embedder: record.embedder,
          embedding: Array.from(record.embedding),
        });
      }
      if (byId.size === 0) return;
      await requireReady();
      const rows = [...byId.values()];
      if (pglite && vectorTypeOid !== undefined) {
        await upsertBinary(pglite, vectorTypeOid, rows);
        return;
      }
      await db.transaction(async (tx) => {
        for (let start = 0; start < rows.length; start += UPSERT_BATCH_SIZE) {
          await tx
            .insert(embeddings)
            .values(rows.slice(start, start + UPSERT_BATCH_SIZE))
            .onConflictDoUpdate({
              target: [embeddings.userId, embeddings.embedder, embeddings.id],
              set: {
                documentId: sql`excluded.document_id`,
                agentId: sql`excluded.agent_id`,
                chunk: sql`excluded.chunk`,
                embedding: sql`excluded.embedding`,
                createdAt: sql`excluded.created_at`,
              },
            });
        }
      });
    },

    async delete({ userId, ids, filter }) {
      if (ids === undefined && !hasFilter(filter)) {
        throw new RangeError("delete needs ids or a filter: refusing to delete every vector of the user");
      }
      if (ids?.length === 0) return;
      await requireReady();
      const where = conditions(userId, filter);
      if (ids) where.push(inArray(embeddings.id, [...ids]));
      await db.delete(embeddings).where(and(...where));
    },

    async query({ userId, embedding, topK, filter }) {
      assertEmbedding(embedding, dimension, "query embedding");
      if (!Number.isInteger(topK) || topK < 1 || topK > MAX_TOP_K) {
        throw new RangeError(`topK must be an integer from 1 to ${MAX_TOP_K}`);
      }
      await requireReady();
      const distance = cosineDistance(embeddings.embedding, Array.from(embedding));
      const where = and(...conditions(userId, filter));
      return db.transaction(async (tx) => {
        // Vectors live out of line (TOAST), so the planner thinks a sequential scan and sort is always cheap and
        // never uses the HNSW index: measured 31 ms for 2k vectors and 315 ms for 10k that way on PGlite. Up to
        // exactSearchMax matching vectors an exact scan is fast and exact; beyond, the index is imposed. Counting
        // stops one past that size (a full count cost 2.4 ms at 10k vectors and grows with them).
        const [matching] = await tx.select({ value: count() }).from(
          tx
            .select({ one: sql`1` })
            .from(embeddings)
            .where(where)
            .limit(Math.max(exactSearchMax, topK) + 1)
            .as("m"),
        );
        const available = matching?.value ?? 0;
        // Only one embedder's vectors, and not the built-in one's, are in the HNSW index (see ANN_PREDICATE).
        const indexed = filter?.embedder !== undefined && filter.embedder !== LOCAL_EMBEDDER_ID;
        const viaIndex = indexed && available > exactSearchMax;
        if (viaIndex) {
          // One statement for every setting (each round trip costs on PGlite). iterative_scan keeps a filtered
          // walk going until topK rows match; pgvector's default candidate list (40) gave recall@10 0.86 at 8k
          // hashed vectors and short questions (far from every chunk), 200 gave 0.96 and 400 0.99.
          await tx.execute(sql`select
            set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true),
            set_config('hnsw.ef_search', ${String(Math.min(1000, Math.max(200, topK * 4)))}, true)
            ${iterativeScan ? sql`, set_config('hnsw.iterative_scan', 'strict_order', true)` : sql``}`);
        }
        const nearest = () =>
          tx
            .select({
              id: embeddings.id,
              documentId: embeddings.documentId,
              agentId: embeddings.agentId,
              chunk: embeddings.chunk,
              embedder: embeddings.embedder,
              distance: sql<number>`${distance}`.mapWith(Number),
            })
            .from(embeddings)
            .where(where)
            .orderBy(distance)
            .limit(topK);
        let rows = await nearest();
        if (viaIndex && rows.length < Math.min(topK, available)) {
          // The graph walk came back short (a filter matching few of the indexed vectors, or a region of the
          // graph it could not reach): answer exactly rather than with too few rows.
          await tx.execute(sql`select set_config('enable_seqscan', 'on', true), set_config('enable_sort', 'on', true),
            set_config('enable_indexscan', 'off', true)`);
          rows = await nearest();
        }
        return rows.map(({ distance: d, ...row }) => ({ ...row, score: 1 - d }));
      });
    },
  };
}
