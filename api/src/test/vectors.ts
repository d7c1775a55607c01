// Hand-made embeddings for vector-store tests: sparse 1536-dimension vectors whose cosine similarities are obvious.
import { VECTOR_DIMENSION_DEFAULT } from "@acp/contracts/constants";

/** A vector that is zero except at the given indexes, e.g. `vectorWith({ 0: 1, 1: 0.1 })`. */
export function vectorWith(values: Record<number, number>, dimension = VECTOR_DIMENSION_DEFAULT): number[] {
  const embedding = new Array<number>(dimension).fill(0);
  for (const [index, value] of Object.entries(values)) embedding[Number(index)] = value;
  return embedding;
}
