// Writes users, completed documents, their chunk rows and sessions straight into PostgreSQL, as ingestion and sign-in
// would leave them, so the search cache can be measured at sizes that would take hours to upload.
import { createHash, randomBytes } from "node:crypto";
import { seededRandom as random } from "@acp/api/src/lib/seeded-random";
import { embedLocally, LOCAL_EMBEDDER_ID } from "@acp/api/src/providers/embedder/local-embedder";
import { encodeLocalVector } from "@acp/api/src/services/retrieval/engine/dense-codes";
import type pg from "pg";

/** Chunks per generated document: a user's chunks spread over documents as uploads would spread them. */
const DOCUMENT_CHUNKS = 100;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
/** Rows per INSERT statement (one jsonb parameter of ~3 MB with the codes). */
const ROW_BATCH = 1000;

const SYLLABLES =
  "ka ri to ne su ma lo vi den tar mon sel gra pel cor fin bas lun quo zen rak mir sol ter".split(" ");

/** Made-up words drawn Zipf-like from a 20,000-word vocabulary: a few words are common, most are rare. */
export function wordSampler(seed: number): () => string {
  const next = random(seed);
  const vocabulary = Array.from({ length: 20_000 }, () =>
    Array.from(
      { length: 2 + Math.floor(next() * 3) },
      () => SYLLABLES[Math.floor(next() * SYLLABLES.length)],
    ).join(""),
  );
  return () => vocabulary[Math.floor(vocabulary.length * next() ** 3)] ?? "ka";
}

/**
 * The SQL that turns `r.text` into the row's lexical_length and term_counts: the counts of PostgreSQL's `english`
 * tsvector, which index-document.ts wrote with to_tsvector and now writes with its analyzer (equal to PostgreSQL's
 * lexemes, engine/lexical-analyzer.test.ts). Our generated text has no unspaced script, so the CJK bigram part is
 * empty. Done in SQL so the load leaves Node's one thread to the codes.
 */
const LEXICAL_COLUMNS_SQL = `
  select coalesce(sum(t.n), 0)::integer as lexical_length,
    coalesce(jsonb_object_agg(t.lexeme, t.n), '{}'::jsonb) as term_counts
  from (
    select u.lexeme, coalesce(array_length(u.positions, 1), 1) as n
    from unnest(to_tsvector('english'::regconfig, r.text)) u
  ) t`;

type UserRows = { id: string; chunks: number };

/**
 * Inserts `users` (each with its chunk count) with completed documents of DOCUMENT_CHUNKS chunks of ~40 words: the
 * rows ingestion writes with the built-in embedder (term counts, length, and the quantised vector it keeps for the
 * in-memory dense leg). Chunk text is generated here, its code computed with the API's own embedder; the next batch is
 * made while PostgreSQL writes the previous one. Returns the chunks written per second.
 */
export async function insertUsersWithChunks(
  client: pg.Client,
  users: readonly UserRows[],
  { seed, onProgress }: { seed: number; onProgress?: (chunks: number) => void },
): Promise<number> {
  const word = wordSampler(seed);
  const next = random(seed + 1);
  const started = performance.now();
  await insertJson(
    client,
    `insert into users (id, email, first_name, last_name)
     select r.id, r.id || '@bench.example.test', 'Bench', 'Cache'
     from jsonb_to_recordset($1::jsonb) as r(id text)`,
    users.map((user) => ({ id: user.id })),
  );
  const documents = users.flatMap((user) =>
    Array.from({ length: Math.ceil(user.chunks / DOCUMENT_CHUNKS) }, (_, d) => ({
      id: `${user.id}-doc-${d}`,
      user_id: user.id,
      name: `generated-${d}.txt`,
      chunks: Math.min(DOCUMENT_CHUNKS, user.chunks - d * DOCUMENT_CHUNKS),
      sha256: randomBytes(32).toString("hex"),
    })),
  );
  for (let start = 0; start < documents.length; start += ROW_BATCH) {
    await insertJson(
      client,
      `insert into documents (id, user_id, original_name, name, mime_type, size, status, stage, progress, sha256,
         file_type, chunk_count, embedder, completed_at)
       select r.id, r.user_id, r.name, r.name, 'text/plain', r.chunks * 300, 'completed', 'completed', 100, r.sha256,
         'txt', r.chunks, '${LOCAL_EMBEDDER_ID}', now()
       from jsonb_to_recordset($1::jsonb) as r(id text, user_id text, name text, chunks integer, sha256 text)`,
      documents.slice(start, start + ROW_BATCH),
    );
  }

  const chunkInsert = `
    insert into document_chunks (id, user_id, document_id, chunk_index, text, token_count, embedder, lexical_length,
      term_counts, local_vector)
    select r.document_id || ':' || r.chunk_index, r.user_id, r.document_id, r.chunk_index, r.text, r.token_count,
      '${LOCAL_EMBEDDER_ID}', v.lexical_length, v.term_counts, decode(r.local_vector, 'hex')
    from jsonb_to_recordset($1::jsonb)
      as r(user_id text, document_id text, chunk_index integer, text text, token_count integer, local_vector text)
    cross join lateral (${LEXICAL_COLUMNS_SQL}) v`;
  let batch: object[] = [];
  let writing: Promise<unknown> = Promise.resolve();
  let written = 0;
  const flush = async () => {
    await writing;
    writing = insertJson(client, chunkInsert, batch);
    written += batch.length;
    batch = [];
    onProgress?.(written);
  };
  for (const document of documents) {
    for (let index = 0; index < document.chunks; index++) {
      const text = Array.from({ length: 36 + Math.floor(next() * 10) }, word).join(" ");
      batch.push({
        user_id: document.user_id,
        document_id: document.id,
        chunk_index: index,
        text,
        token_count: Math.ceil(text.length / 4),
        local_vector: encodeLocalVector(embedLocally(text)).toString("hex"),
      });
      if (batch.length >= ROW_BATCH) await flush();
    }
  }
  if (batch.length > 0) await flush();
  await writing;
  const total = users.reduce((sum, user) => sum + user.chunks, 0);
  return total / ((performance.now() - started) / 1000);
}

/**
 * Creates one live session per user as the session module stores it (auth/session.ts: the id is the SHA-256, hex, of
 * the cookie's token) and returns each user's cookie. Inserted once the API is up, so its start-up warm-up (users
 * with a live session) does not load them: their first search is cold.
 */
export async function insertSessions(
  client: pg.Client,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  const rows = userIds.map((userId) => {
    // 32 base32 characters (160 random bits), the shape the API's cookie check accepts (auth/session-cookie.ts).
    const token = Array.from(randomBytes(32), (byte) => BASE32[byte & 31]).join("");
    cookies.set(userId, `session=${token}`);
    return { id: createHash("sha256").update(token).digest("hex"), user_id: userId };
  });
  for (let start = 0; start < rows.length; start += ROW_BATCH) {
    await insertJson(
      client,
      `insert into sessions (id, user_id, expires_at)
       select r.id, r.user_id, now() + interval '30 days' from jsonb_to_recordset($1::jsonb) as r(id text, user_id text)`,
      rows.slice(start, start + ROW_BATCH),
    );
  }
  return cookies;
}

async function insertJson(client: pg.Client, statement: string, rows: readonly object[]): Promise<void> {
  await client.query(statement, [JSON.stringify(rows)]);
}
