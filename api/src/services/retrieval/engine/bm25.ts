// BM25's parameters and IDF (DESIGN 5), shared by the in-memory index and the database path.

/** BM25 parameters (DESIGN 5: k1 0.9, b 0.4 measured best on the public benchmark). */
export const BM25_K1 = 0.9;
export const BM25_B = 0.4;

/** Query lexemes scored at most (the rarest ones): a pasted paragraph stays a cheap query. */
export const MAX_QUERY_TERMS = 64;

/** Lucene's BM25 IDF: never negative, even for a term in every chunk. */
export function bm25Idf(chunkCount: number, df: number): number {
  return Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5));
}
