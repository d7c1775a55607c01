// A trained agent ranker at query time: its stored artifact (encode/decode) and the re-ranking of fused candidates.
import { deflateRawSync, inflateRawSync } from "node:zlib";
import {
  type AnalyzedPassage,
  analyzePassage,
  analyzeQuery,
  type CorpusStats,
  type RankCandidate,
} from "./features";
import { deserializeReranker, type RerankerArtifact, rerank, serializeReranker } from "./reranker";

/** A fused retrieval candidate, best first; text is the chunk's text. */
export type RankerCandidate = { id: string; documentId: string; text: string };

/** How many fused candidates the ranker reorders: retrieval must fetch this many before reranking. */
export const RERANK_DEPTH = 50;
/** Lexemes whose chunk counts the artifact keeps at most (the most frequent): bounds its size. */
const MAX_LEXEMES = 500_000;

const MAGIC = "ACPR";
const FORMAT_VERSION = 1;

type Header = {
  model: string;
  chunkCount: number;
  averageLength: number;
  /** Lexemes with a stored chunk count. */
  lexemes: number;
};

/**
 * Bytes: "ACPR", the format version (uint32 LE), then deflated: the lengths (uint32 each) of the header's JSON and
 * of the lexemes, the header, the lexemes joined by newlines (UTF-8) and their chunk counts (uint32 each). Lexemes
 * of one chunk only are not stored (a candidate's lexeme missing from the list counts as in one chunk), and at most
 * MAX_LEXEMES of the most frequent are.
 */
export function encodeArtifact(
  model: RerankerArtifact,
  stats: CorpusStats,
  frequency: ReadonlyMap<string, number>,
): Uint8Array {
  const lexemes = [...frequency]
    .filter(([, df]) => df >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_LEXEMES)
    .map(([lexeme]) => lexeme);
  const header: Header = {
    model: serializeReranker(model),
    chunkCount: stats.chunkCount,
    averageLength: stats.averageLength,
    lexemes: lexemes.length,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), "utf8");
  const lexemeBytes = Buffer.from(lexemes.join("\n"), "utf8");
  const numbers = Buffer.alloc(8 + lexemes.length * 4);
  numbers.writeUInt32LE(headerBytes.length, 0);
  numbers.writeUInt32LE(lexemeBytes.length, 4);
  lexemes.forEach((lexeme, index) => {
    numbers.writeUInt32LE(frequency.get(lexeme) ?? 1, 8 + index * 4);
  });
  const body = deflateRawSync(
    Buffer.concat([numbers.subarray(0, 8), headerBytes, lexemeBytes, numbers.subarray(8)]),
  );
  const prefix = Buffer.alloc(8);
  prefix.write(MAGIC, 0, "latin1");
  prefix.writeUInt32LE(FORMAT_VERSION, 4);
  return new Uint8Array(Buffer.concat([prefix, body]));
}

/** The bytes of a loaded model (decodeAgentRanker's inverse). */
export function encodeAgentRanker(ranker: AgentRanker): Uint8Array {
  return encodeArtifact(ranker.model, ranker.stats, ranker.frequency);
}

/** Passages analysed by a loaded model, by text (a chunk re-ranked again is not analysed again). */
const ANALYSED_CACHE = 4096;

/** Loaded model. */
export type AgentRanker = {
  readonly kind: "agent-ranker";
  readonly model: RerankerArtifact;
  /** The corpus statistics: stored chunk counts, and 1 for a lexeme of the candidates being re-ranked. */
  readonly stats: CorpusStats;
  readonly frequency: ReadonlyMap<string, number>;
  /** The candidates being re-ranked (rerankCandidates is synchronous: one list at a time). */
  current: readonly RankCandidate[];
  readonly analysed: Map<string, AnalyzedPassage>;
};

/** Loaded model. Throws a clear Error for bytes of another version/format. */
export function decodeAgentRanker(bytes: Uint8Array): AgentRanker {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 8 || buffer.toString("latin1", 0, 4) !== MAGIC) {
    throw new Error("these bytes are not a trained agent ranker");
  }
  const version = buffer.readUInt32LE(4);
  if (version !== FORMAT_VERSION) {
    throw new Error(
      `the agent ranker is of format version ${version}; this build reads version ${FORMAT_VERSION}`,
    );
  }
  let body: Buffer;
  try {
    body = inflateRawSync(buffer.subarray(8));
  } catch {
    throw new Error("the agent ranker's bytes are damaged");
  }
  const headerLength = body.readUInt32LE(0);
  const lexemeLength = body.readUInt32LE(4);
  let at = 8;
  const header = JSON.parse(body.toString("utf8", at, at + headerLength)) as Header;
  at += headerLength;
  const model = deserializeReranker(header.model);
  const lexemes = header.lexemes > 0 ? body.toString("utf8", at, at + lexemeLength).split("\n") : [];
  at += lexemeLength;
  if (lexemes.length !== header.lexemes || body.length !== at + lexemes.length * 4) {
    throw new Error("the agent ranker's bytes are damaged");
  }
  const frequency = new Map<string, number>();
  for (const lexeme of lexemes) {
    frequency.set(lexeme, body.readUInt32LE(at));
    at += 4;
  }
  const ranker: AgentRanker = {
    kind: "agent-ranker",
    model,
    stats: {
      chunkCount: header.chunkCount,
      averageLength: header.averageLength,
      documentFrequency: {
        get: (lexeme) =>
          frequency.get(lexeme) ??
          (ranker.current.some((candidate) => candidate.passage.termCounts.has(lexeme)) ? 1 : undefined),
      },
    },
    frequency,
    current: [],
    analysed: new Map(),
  };
  return ranker;
}

function analysedText(ranker: AgentRanker, text: string): AnalyzedPassage {
  let passage = ranker.analysed.get(text);
  if (passage) {
    ranker.analysed.delete(text);
  } else {
    passage = analyzePassage(text);
    if (ranker.analysed.size >= ANALYSED_CACHE) {
      const oldest = ranker.analysed.keys().next().value;
      if (oldest !== undefined) ranker.analysed.delete(oldest);
    }
  }
  ranker.analysed.set(text, passage);
  return passage;
}

/** The candidates reordered by the trained model (ties keep incoming order); never drops or adds any. */
export function rerankCandidates<T extends RankerCandidate>(
  ranker: AgentRanker,
  query: string,
  candidates: readonly T[],
): T[] {
  if (candidates.length < 2) return [...candidates];
  const seen = candidates.map((candidate, index) => ({
    id: String(index),
    documentId: candidate.documentId,
    text: candidate.text,
    passage: analysedText(ranker, candidate.text),
  }));
  ranker.current = seen;
  try {
    return rerank(ranker.model, analyzeQuery(query, ranker.stats), seen, ranker.stats).map(
      (candidate) => candidates[Number(candidate.id)] as T,
    );
  } finally {
    ranker.current = [];
  }
}
