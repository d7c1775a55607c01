// The embedding thread: the same vectors as inline, abort, and an inline fallback when the thread is gone.
import { afterAll, describe, expect, it } from "vitest";
import {
  createLocalEmbedder,
  EmbeddingThreadError,
  embedLocally,
  LOCAL_EMBEDDER_DIMENSION,
  THREAD_BATCH_MIN,
} from "./local-embedder";
import { createEmbeddingThread } from "./local-embedder-thread";

const thread = createEmbeddingThread();
const embedOnThread = (texts: string[], signal: AbortSignal | undefined) => thread.embed(texts, signal);
const closeEmbeddingThread = () => thread.close();

const texts = Array.from(
  { length: 40 },
  (_, i) => `Chunk ${i}: revenue for région ${i % 7} grew; 東京 office ${i * 13} — refunds within 30 days.`,
);

describe("embedding thread", () => {
  afterAll(closeEmbeddingThread);

  it("makes exactly the vectors the inline embedder makes, in order", async () => {
    const flat = await embedOnThread(texts, undefined);
    expect(flat.length).toBe(texts.length * LOCAL_EMBEDDER_DIMENSION);
    texts.forEach((text, i) => {
      const vector = Array.from(
        flat.subarray(i * LOCAL_EMBEDDER_DIMENSION, (i + 1) * LOCAL_EMBEDDER_DIMENSION),
      );
      expect(vector).toEqual(embedLocally(text));
    });
  });

  it("stops waiting at an aborted signal and keeps serving the next batch", async () => {
    const controller = new AbortController();
    const waiting = embedOnThread(texts, controller.signal);
    controller.abort(new Error("document deleted"));
    await expect(waiting).rejects.toThrow("document deleted");
    expect((await embedOnThread(texts.slice(0, 2), undefined)).length).toBe(2 * LOCAL_EMBEDDER_DIMENSION);
  });

  it("fails batches still out when it is closed, and starts again on the next one", async () => {
    const many = Array.from({ length: 3_000 }, (_, i) => `${texts[i % texts.length]} ${i}`);
    const waiting = embedOnThread(many, undefined);
    await closeEmbeddingThread();
    await expect(waiting).rejects.toBeInstanceOf(EmbeddingThreadError);
    expect((await embedOnThread(texts.slice(0, 1), undefined)).length).toBe(LOCAL_EMBEDDER_DIMENSION);
  });
});

describe("local embedder with a thread", () => {
  it("sends large batches to the thread and keeps small ones (queries) inline", async () => {
    const sent: number[] = [];
    const embedder = createLocalEmbedder({
      thread: async (batch, signal) => {
        sent.push(batch.length);
        return embedOnThread(batch, signal);
      },
    });
    const large = texts.slice(0, THREAD_BATCH_MIN);
    expect(await embedder.embed(large)).toEqual(large.map((text) => embedLocally(text)));
    expect(await embedder.embed(["refund policy"])).toEqual([embedLocally("refund policy")]);
    expect(sent).toEqual([THREAD_BATCH_MIN]);
  });

  it("embeds inline when the thread cannot answer (and says so), and reports any other failure", async () => {
    const failures: string[] = [];
    const gone = createLocalEmbedder({
      thread: async () => {
        throw new EmbeddingThreadError("the embedding thread stopped: exit code 1");
      },
      onThreadFailure: (error) => failures.push(error.message),
    });
    expect(await gone.embed(texts)).toEqual(texts.map((text) => embedLocally(text)));
    expect(failures).toEqual(["the embedding thread stopped: exit code 1"]);
    const broken = createLocalEmbedder({
      thread: async () => {
        throw new Error("out of memory");
      },
    });
    await expect(broken.embed(texts)).rejects.toThrow("out of memory");
  });

  it("stops at an aborted signal rather than falling back", async () => {
    const controller = new AbortController();
    controller.abort(new Error("shutting down"));
    const embedder = createLocalEmbedder({ thread: embedOnThread });
    await expect(embedder.embed(texts, { signal: controller.signal })).rejects.toThrow("shutting down");
  });
});
