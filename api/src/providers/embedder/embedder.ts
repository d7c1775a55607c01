// The embedder interface every embedding provider implements (built-in local hashing, OpenAI-compatible servers).

/** Options for one embed call. */
type EmbedOptions = {
  /** Aborts the call (and any retry wait) with the signal's reason. */
  signal?: AbortSignal;
};

/**
 * Turns texts into vectors of `dimension` numbers, one per text, in input order. Batching, concurrency and
 * retries (429/5xx honouring Retry-After) happen inside, so callers may pass any number of texts at once.
 */
export type Embedder = {
  /** Recorded with every vector it makes, e.g. `local-1536` or `openai:text-embedding-3-small`. */
  id: string;
  dimension: number;
  embed(texts: string[], opts?: EmbedOptions): Promise<number[][]>;
};
