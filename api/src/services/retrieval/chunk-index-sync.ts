// Brings one user's in-memory index in step with document_chunks: the completed documents that changed are reloaded, page by page.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { preparedStatement } from "../../db/prepared";
import { rowsOf } from "../../db/rows-of";
import { lexicalScopes } from "../../db/schema";
import type { ChunkRow, UserChunkIndex } from "./engine/user-chunk-index";

/** Chunk rows read per statement while (re)loading a document, so a 70k-chunk file never arrives in one piece. */
const LOAD_PAGE = 2_000;

/** What a sync reads before loading anything: the generation, and the user's completed documents with their size. */
type IndexPlan = {
  generation: string;
  documents: { document_id: string; chunks: number; signature: string }[];
  /** Chunks of completed documents, and how many of them carry a built-in embedder code. */
  chunkCount: number;
  codedChunks: number;
};

/** Read before every search: prepared once per database handle (as text: a bigint past 2^53 stays exact). */
const generationOf = (db: Db) =>
  preparedStatement(db, "lexical_generation_of_user", () =>
    db
      .select({ generation: sql<string>`${lexicalScopes.generation}::text` })
      .from(lexicalScopes)
      .where(eq(lexicalScopes.userId, sql.placeholder("userId")))
      .prepare("lexical_generation_of_user"),
  );

/** The user's lexical_scopes.generation (bumped by every change that search must see, migration 0009). */
export async function readGeneration(db: Db, userId: string): Promise<string> {
  const [scope] = await generationOf(db).execute({ userId });
  return scope?.generation ?? "0";
}

/**
 * The user's completed documents, each with its chunk count and a signature (row count and the rows' transaction ids)
 * that changes whenever its rows do. Documents still processing, failed or deleted are not searchable, so they are
 * not listed.
 */
export async function planIndex(db: Db, userId: string, generation: string): Promise<IndexPlan> {
  const documents = rowsOf<{ document_id: string; chunks: number; coded: number; signature: string }>(
    await db.execute(sql`
      select c.document_id, count(*)::integer as chunks, count(c.local_vector)::integer as coded,
        count(*)::text || ':' || sum(c.xmin::text::bigint)::text as signature
      from document_chunks c
      join documents d on d.id = c.document_id and d.user_id = ${userId} and d.status = 'completed'
      where c.user_id = ${userId} group by c.document_id order by c.document_id`),
  );
  let chunkCount = 0;
  let codedChunks = 0;
  for (const row of documents) {
    chunkCount += row.chunks;
    codedChunks += row.coded;
  }
  return { generation, documents, chunkCount, codedChunks };
}

/**
 * Applies `plan` to `index`: drops documents no longer listed or `leaving` (being deleted; staged ones stay), reveals staged ones listed with the
 * signature they staged, reloads those whose signature changed (in groups of
 * about LOAD_PAGE chunks; a larger document alone, page by page), and records the generation. `afterPage` runs after
 * each page of rows is in, so the cache can count a load in flight against its budget (and stop it by throwing).
 */
export async function applyIndexPlan(
  db: Db,
  userId: string,
  index: UserChunkIndex,
  plan: IndexPlan,
  leaving: ReadonlySet<string>,
  afterPage: () => void = () => undefined,
): Promise<void> {
  const present = new Set(
    plan.documents.filter((row) => !leaving.has(row.document_id)).map((row) => row.document_id),
  );
  for (const documentId of index.loadedDocumentIds()) {
    // A staged document (being ingested here) is not listed until it completes: it stays, hidden.
    if (!present.has(documentId) && !index.isStaged(documentId)) index.removeDocument(documentId);
  }
  // A staged document that completed with the rows it staged becomes searchable as it is (else it reloads below).
  for (const row of plan.documents) {
    if (present.has(row.document_id) && index.stagedSignature(row.document_id) === row.signature) {
      index.reveal(row.document_id);
    }
  }
  const changed = plan.documents.filter(
    (row) => present.has(row.document_id) && index.signatureOf(row.document_id) !== row.signature,
  );
  let group: typeof changed = [];
  let groupChunks = 0;
  const flush = async () => {
    if (group.length > 0) await loadDocuments(db, userId, index, group);
    group = [];
    groupChunks = 0;
    afterPage();
  };
  for (const row of changed) {
    if (row.chunks > LOAD_PAGE) {
      await loadLargeDocument(db, userId, index, row, afterPage);
      continue;
    }
    if (groupChunks + row.chunks > LOAD_PAGE) await flush();
    group.push(row);
    groupChunks += row.chunks;
  }
  await flush();
  index.compactIfWasteful();
  index.trim();
  index.generation = plan.generation;
}

const CHUNK_COLUMNS = sql`id, document_id, agent_id, category, lexical_length, term_counts, chunk_index, embedder, local_vector`;

async function loadDocuments(
  db: Db,
  userId: string,
  index: UserChunkIndex,
  group: readonly { document_id: string; signature: string }[],
): Promise<void> {
  const ids = group.map((row) => row.document_id);
  const rows = rowsOf<ChunkRow>(
    await db.execute(sql`
      select ${CHUNK_COLUMNS} from document_chunks
      where user_id = ${userId} and document_id in ${ids}
      order by document_id, chunk_index`),
  );
  const byDocument = new Map<string, ChunkRow[]>();
  for (const row of rows) {
    const list = byDocument.get(row.document_id);
    if (list) list.push(row);
    else byDocument.set(row.document_id, [row]);
  }
  for (const { document_id: documentId, signature } of group) {
    index.beginDocument(documentId, signature);
    index.appendChunks(documentId, byDocument.get(documentId) ?? []);
    index.finishDocument(documentId);
  }
}

async function loadLargeDocument(
  db: Db,
  userId: string,
  index: UserChunkIndex,
  { document_id: documentId, signature }: { document_id: string; signature: string },
  afterPage: () => void,
): Promise<void> {
  index.beginDocument(documentId, signature);
  let after = -1;
  for (;;) {
    const rows = rowsOf<ChunkRow & { chunk_index: number }>(
      await db.execute(sql`
        select ${CHUNK_COLUMNS} from document_chunks
        where user_id = ${userId} and document_id = ${documentId} and chunk_index > ${after}
        order by chunk_index limit ${LOAD_PAGE}`),
    );
    index.appendChunks(documentId, rows, "segments");
    afterPage();
    const last = rows.at(-1);
    if (!last || rows.length < LOAD_PAGE) {
      index.finishDocument(documentId);
      return;
    }
    after = last.chunk_index;
  }
}
