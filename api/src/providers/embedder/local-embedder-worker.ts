// The embedding thread's entry: embeds each batch it is sent with the built-in embedder and transfers the vectors back.
import { parentPort } from "node:worker_threads";
import { embedLocallyInto, LOCAL_EMBEDDER_DIMENSION } from "./local-embedder";

/** A batch to embed. */
export type EmbeddingRequest = { id: number; texts: string[] };
/** Its vectors, `LOCAL_EMBEDDER_DIMENSION` numbers per text in order, or why it failed. */
export type EmbeddingReply = { id: number; vectors: Float64Array } | { id: number; error: string };

parentPort?.on("message", ({ id, texts }: EmbeddingRequest) => {
  try {
    const vectors = new Float64Array(texts.length * LOCAL_EMBEDDER_DIMENSION);
    for (let i = 0; i < texts.length; i += 1) {
      embedLocallyInto(texts[i] ?? "", vectors, i * LOCAL_EMBEDDER_DIMENSION);
    }
    parentPort?.postMessage({ id, vectors } satisfies EmbeddingReply, [vectors.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
