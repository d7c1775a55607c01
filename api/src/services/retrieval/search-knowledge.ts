// Hybrid retrieval over the user's knowledge: BM25 and the dense leg fused by weighted RRF, behind a relevance threshold.
import {
  type ChunkLocation,
  DATA_SOURCE_AGENTS,
  type RetrievalResult,
  type RetrievalSearchResponse,
} from "@acp/contracts/knowledge";
import { and, eq, inArray, isNull, notInArray, or } from "drizzle-orm";
import { customAgents, documentChunks, documents } from "../../db/schema";
import { LOCAL_EMBEDDER_ID } from "../../providers/embedder/local-embedder";
import {
  embedderById,
  ensureUserEmbedder,
  needsMigration,
  startEmbedderMigration,
} from "./embedder-migration";
import { queryWeights } from "./engine/dense-codes";
import type { ChunkScope } from "./engine/user-chunk-index";
import { searchLexical } from "./lexical";
import type { RetrievalDeps } from "./retrieval-deps";

/** RRF's damping constant (Cormack et al.): rank r contributes weight / (RRF_K + r). */
export const RRF_K = 60;

/**
 * A candidate is relevant when it reaches this on the relevance scale: for the lexical leg, its BM25 score as a
 * share of the query's ideal score (every known query term once, at average length); for the dense leg, its cosine
 * divided by the embedder's floor times this value (so the floor lands exactly on the threshold).
 */
export const RELEVANCE_THRESHOLD = 0.25;

export type LegSettings = {
  /** Weight of the dense leg in RRF (the lexical leg's is 1). */
  denseWeight: number;
  /** Cosine from which a dense match counts as relevant on its own. */
  denseFloor: number;
};

/**
 * Per embedder (DESIGN 5: fusion must never rank below the best single leg). The hashed local embedder is a
 * lexical signal: at equal weight it lowered BM25's nDCG@10 from 0.69 to 0.66 (0.67 at half weight). At 0.01 its
 * best contribution (0.01/61 = 0.00016) is below the gap between BM25 ranks 1-12 (1/(60+r) - 1/(61+r) >= 0.0002),
 * so it cannot reorder BM25's top 12 and mostly breaks ties; it earns its place by recall (typos, word forms,
 * scripts) where BM25 finds nothing. Its floor, 0.12: unrelated queries measured up to 0.07 cosine against 400
 * short chunks and 0.13 against 1,500 sharing suffixes ("-ing"), typo'd related ones 0.14-0.39 ("turbne bearng",
 * "spare prts for pumps"); a double typo in short words ("recieve refnud", 0.07) is below what hashing can tell
 * from noise. Longer chunks dilute the cosine: the floor mostly admits typos against short chunks. A semantic model (OpenAI's) is fused at equal weight; cosines of
 * text-embedding-3-small for unrelated text sit around 0.1-0.2.
 */
export function legSettings(embedderId: string): LegSettings {
  if (embedderId === LOCAL_EMBEDDER_ID) return { denseWeight: 0.01, denseFloor: 0.12 };
  return { denseWeight: 1, denseFloor: 0.3 };
}

/**
 * Whether the dense leg can still change the top `topK`: not when the lexical leg's first `topK` hits all pass the
 * threshold and the dense leg's largest contribution (weight / (RRF_K + 1)) is smaller than the gap between any two
 * neighbouring lexical ranks up to topK + 1. Then no dense score can reorder those hits or lift another above them
 * (a dense-only or lower-ranked candidate scores less than lexical rank topK), so the answer is the lexical one.
 */
export function lexicalDecides({
  lexicalRelevances,
  topK,
  denseWeight,
}: {
  lexicalRelevances: readonly number[];
  topK: number;
  denseWeight: number;
}): boolean {
  if (lexicalRelevances.length < topK) return false;
  if (lexicalRelevances.slice(0, topK).some((relevance) => relevance < RELEVANCE_THRESHOLD)) return false;
  const smallestGap = 1 / (RRF_K + topK) - 1 / (RRF_K + topK + 1);
  return denseWeight / (RRF_K + 1) < smallestGap;
}

/** Every category that belongs to some agent: the rest of the unassigned documents form the shared library. */
const AGENT_CATEGORIES: readonly string[] = DATA_SOURCE_AGENTS.flatMap((agent) => agent.categories);

/** Candidates each leg contributes before fusion. */
const candidatePool = (topK: number) => Math.max(50, topK * 5);

/**
 * Which of the user's chunks an agent may use: the documents given to it (agentId) and the documents whose
 * category belongs to its agent type. A custom agent's type comes from custom_agents; an unknown id has only its own.
 */
export async function agentScope(deps: RetrievalDeps, userId: string, agentId: string): Promise<ChunkScope> {
  let agentType: string = agentId;
  if (!DATA_SOURCE_AGENTS.some((agent) => agent.id === agentId)) {
    const [custom] = await deps.database.db
      .select({ agentType: customAgents.agentType })
      .from(customAgents)
      .where(and(eq(customAgents.id, agentId), eq(customAgents.userId, userId)));
    agentType = custom?.agentType ?? "";
  }
  const categories: readonly string[] =
    DATA_SOURCE_AGENTS.find((agent) => agent.id === agentType)?.categories ?? [];
  return { agentId, categories };
}

type Candidate = {
  chunkId: string;
  lexicalRank: number | null;
  denseRank: number | null;
  lexicalRelevance: number;
  denseRelevance: number;
  score: number;
};

/** The user's best chunks for `query` (see the module comment), with both legs' ranks and the threshold applied. */
export async function searchKnowledge({
  deps,
  userId,
  query,
  agentId,
  topK,
  includeBelowThreshold = false,
  includeShared = false,
}: {
  deps: RetrievalDeps;
  userId: string;
  query: string;
  agentId?: string | undefined;
  topK: number;
  includeBelowThreshold?: boolean;
  /** With agentId: the user's unassigned documents answer too (chat: an agent knows the shared library). */
  includeShared?: boolean;
}): Promise<RetrievalSearchResponse> {
  const { db } = deps.database;
  const state = await ensureUserEmbedder({ deps, userId });
  if (await needsMigration(deps, userId, state)) void startEmbedderMigration(deps, userId);
  const scope = agentId
    ? {
        ...(await agentScope(deps, userId, agentId)),
        shared: includeShared ? { owned: AGENT_CATEGORIES } : undefined,
      }
    : undefined;
  const pool = candidatePool(topK);
  const settings = legSettings(state.active);

  // One after the other: the dense leg's scope comes from the index the lexical leg has just brought up to date.
  const lexical = await searchLexical({
    db,
    chunkIndexes: deps.chunkIndexes,
    userId,
    query,
    scope,
    limit: pool,
  });
  const skipDense =
    !includeBelowThreshold &&
    lexicalDecides({
      lexicalRelevances: lexical.hits.map((hit) =>
        lexical.idealScore > 0 ? hit.score / lexical.idealScore : 0,
      ),
      topK,
      denseWeight: settings.denseWeight,
    });
  const dense = skipDense
    ? []
    : await searchDense(deps, { userId, query, scope, limit: pool, embedderId: state.active });
  const denseLeg = skipDense ? ("skipped" as const) : ("searched" as const);

  const candidates = new Map<string, Candidate>();
  const candidate = (chunkId: string) => {
    let entry = candidates.get(chunkId);
    if (!entry) {
      entry = {
        chunkId,
        lexicalRank: null,
        denseRank: null,
        lexicalRelevance: 0,
        denseRelevance: 0,
        score: 0,
      };
      candidates.set(chunkId, entry);
    }
    return entry;
  };
  for (const hit of lexical.hits) {
    const entry = candidate(hit.chunkId);
    entry.lexicalRank = hit.rank;
    entry.lexicalRelevance = lexical.idealScore > 0 ? hit.score / lexical.idealScore : 0;
    entry.score += 1 / (RRF_K + hit.rank);
  }
  for (const [index, match] of dense.entries()) {
    const entry = candidate(match.id);
    entry.denseRank = index + 1;
    entry.denseRelevance = (match.score / settings.denseFloor) * RELEVANCE_THRESHOLD;
    entry.score += settings.denseWeight / (RRF_K + index + 1);
  }

  const ranked = [...candidates.values()]
    .map((entry) => ({ ...entry, relevance: Math.max(entry.lexicalRelevance, entry.denseRelevance) }))
    .map((entry) => ({ ...entry, aboveThreshold: entry.relevance >= RELEVANCE_THRESHOLD }))
    .sort((a, b) => Number(b.aboveThreshold) - Number(a.aboveThreshold) || b.score - a.score);
  const kept = includeBelowThreshold
    ? [
        ...ranked.filter((c) => c.aboveThreshold).slice(0, topK),
        ...ranked.filter((c) => !c.aboveThreshold).slice(0, topK),
      ]
    : ranked.filter((c) => c.aboveThreshold).slice(0, topK);
  if (kept.length === 0) {
    return { results: [], threshold: RELEVANCE_THRESHOLD, embedder: state.active, denseLeg };
  }

  const rows = await db
    .select({
      id: documentChunks.id,
      documentId: documentChunks.documentId,
      documentName: documents.name,
      text: documentChunks.text,
      location: documentChunks.location,
    })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    .where(
      and(
        eq(documentChunks.userId, userId),
        // The index may be a moment behind a delete or a failure: only completed documents answer.
        eq(documents.status, "completed"),
        inArray(
          documentChunks.id,
          kept.map((c) => c.chunkId),
        ),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: RetrievalResult[] = [];
  for (const entry of kept) {
    const row = byId.get(entry.chunkId);
    // A vector whose chunk row is gone (document deleted meanwhile) is skipped.
    if (!row) continue;
    results.push({
      documentId: row.documentId,
      documentName: row.documentName,
      chunkId: row.id,
      text: row.text,
      location: (row.location ?? null) as ChunkLocation | null,
      score: entry.score,
      lexicalRank: entry.lexicalRank,
      denseRank: entry.denseRank,
      aboveThreshold: entry.aboveThreshold,
      relevance: entry.relevance,
    });
  }
  return { results, threshold: RELEVANCE_THRESHOLD, embedder: state.active, denseLeg };
}

/** Documents a vector-store query names in its filter at most (Pinecone's `$in` takes 10,000 values). */
const MAX_FILTERED_DOCUMENTS = 1_000;

/** A dense-leg match: the chunk and its cosine with the query. */
type DenseMatch = { id: string; score: number };

/**
 * The dense leg: nearest vectors of the active embedder within the scope; empty when it cannot run. The built-in
 * embedder's vectors are searched exactly in memory from the codes kept with the chunks (decision 0010); other
 * embedders' vectors (and built-in ones without codes yet) through the vector store.
 */
async function searchDense(
  deps: RetrievalDeps,
  {
    userId,
    query,
    scope,
    limit,
    embedderId,
  }: { userId: string; query: string; scope: ChunkScope | undefined; limit: number; embedderId: string },
): Promise<DenseMatch[]> {
  const embedder = embedderById(deps, embedderId);
  if (!embedder) {
    deps.logger?.warn(
      { embedder: embedderId },
      "the active embedder is not configured here: lexical search only",
    );
    return [];
  }
  try {
    const searchable = await deps.chunkIndexes.get(userId);
    const index = searchable.kind === "memory" ? searchable.index : undefined;
    const [vector] = await embedder.embed([query]);
    if (!vector) return [];
    if (index && embedderId === LOCAL_EMBEDDER_ID) {
      const hits = index.searchDense({ query: queryWeights(vector), scope, limit });
      if (hits) return hits.map((hit) => ({ id: hit.chunkId, score: hit.score }));
      // Some chunks have no code yet (stored before codes were kept): fill them in, meanwhile ask the store.
      void startEmbedderMigration(deps, userId);
    }
    if (!(await deps.vectorStore.ensureReady()).ready) return [];
    // The store holds vectors of documents still being ingested (and, briefly, of failed ones): the query is
    // restricted to the completed documents the index holds, or, past what one filter should carry, over-fetched and
    // filtered by the index.
    const documentIds = index ? index.documentsIn(scope) : await completedDocumentsIn(deps, userId, scope);
    if (documentIds.length === 0) return [];
    const filtered = documentIds.length <= MAX_FILTERED_DOCUMENTS;
    const matches = await deps.vectorStore.query({
      userId,
      embedding: vector,
      topK: filtered ? limit : limit * 4,
      filter: { embedder: embedderId, ...(filtered ? { documentIds } : {}) },
    });
    if (filtered) return matches;
    const held = new Set(documentIds);
    return matches.filter((match) => held.has(documentOfChunk(match.id))).slice(0, limit);
  } catch (error) {
    // An embeddings provider or vector store outage degrades search to the lexical leg instead of failing it.
    deps.logger?.warn({ err: error, embedder: embedderId }, "dense retrieval failed: lexical results only");
    return [];
  }
}

/** The document part of a chunk id (`<documentId>:<index>`). */
function documentOfChunk(chunkId: string): string {
  return chunkId.slice(0, Math.max(0, chunkId.lastIndexOf(":")));
}

/** The user's completed documents within `scope` (or all of them), read from the database. */
async function completedDocumentsIn(
  deps: RetrievalDeps,
  userId: string,
  scope: ChunkScope | undefined,
): Promise<string[]> {
  const inScope = scope
    ? or(
        eq(documents.agentId, scope.agentId),
        inArray(documents.category, [...scope.categories, ""]),
        scope.shared
          ? and(
              isNull(documents.agentId),
              or(isNull(documents.category), notInArray(documents.category, [...scope.shared.owned, ""])),
            )
          : undefined,
      )
    : undefined;
  const rows = await deps.database.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.status, "completed"), inScope));
  return rows.map((row) => row.id);
}
