// Many small documents (the shape of a public retrieval benchmark: thousands of abstracts), uploaded 50 per request
// and ingested by the built API, beside the same text as one file; then hybrid top-10 latency over them.
import { startIngestionServer } from "./ingestion-server";

type ManyDocumentsResult = {
  documents: number;
  bytes: number;
  /** First upload request sent to every document completed. */
  manySeconds: number;
  /** Baseline: the same text, concatenated, as one .txt document, upload to completed. */
  oneFileSeconds: number;
  search: { p50Ms: number; p99Ms: number; queries: number };
};

/** The most files one upload request takes (the API's limit). */
const FILES_PER_REQUEST = 50;

/** Deterministic pseudo-random numbers (an LCG: enough to vary made-up abstracts). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

/** Abstract-like texts (a title line, then ~200 words) over a Zipf-like vocabulary with English function words. */
function abstracts(count: number, seed: number): { texts: string[]; word: () => string } {
  const next = random(seed);
  const vocabulary = Array.from({ length: 20_000 }, (_, i) => `t${i.toString(36)}${"aeiou"[i % 5]}${i % 7}`);
  const common = "the of and in to a is that for with was were by as on are from at this be an which".split(
    " ",
  );
  const word = () =>
    next() < 0.4
      ? (common[Math.floor(next() * common.length)] ?? "the")
      : (vocabulary[Math.floor(vocabulary.length * next() ** 3)] ?? "t0a0");
  const sentence = (words: number) => `${Array.from({ length: words }, word).join(" ")}.`;
  const texts = Array.from(
    { length: count },
    () => `${sentence(10)}\n\n${Array.from({ length: 9 }, () => sentence(22)).join(" ")}`,
  );
  return { texts, word };
}

function percentile(sorted: readonly number[], q: number): number {
  return Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
}

export async function measureManyDocuments({
  count = 2000,
}: {
  count?: number;
} = {}): Promise<ManyDocumentsResult> {
  const { texts, word } = abstracts(count, 11);
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);

  const baseline = await startIngestionServer();
  let oneFileSeconds: number;
  try {
    const started = performance.now();
    const id = await baseline.upload("all-abstracts.txt", new Blob([texts.join("\n\n")]));
    const done = await baseline.waitDone(id);
    if (done.status !== "completed") throw new Error(`one file: ${done.status} ${done.error}`);
    oneFileSeconds = (performance.now() - started) / 1000;
  } finally {
    await baseline.stop();
  }

  const server = await startIngestionServer();
  try {
    const started = performance.now();
    for (let start = 0; start < count; start += FILES_PER_REQUEST) {
      const form = new FormData();
      for (let i = start; i < Math.min(count, start + FILES_PER_REQUEST); i++) {
        form.append("files", new Blob([texts[i] ?? ""]), `abstract-${i}.txt`);
      }
      const response = await fetch(`${server.url}/api/documents/upload`, {
        method: "POST",
        headers: { origin: server.url, cookie: server.cookie },
        body: form,
      });
      if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
    }
    for (;;) {
      const response = await fetch(`${server.url}/api/documents`, { headers: { cookie: server.cookie } });
      const list = (await response.json()) as { status: string; error: string | null }[];
      const failed = list.find((document) => document.status === "failed");
      if (failed) throw new Error(`a document failed: ${failed.error}`);
      if (list.length === count && list.every((document) => document.status === "completed")) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const manySeconds = (performance.now() - started) / 1000;

    // Questions of six words of the vocabulary, as a benchmark's claims are: most share a few words with some abstracts.
    const queries = 200;
    const latencies: number[] = [];
    for (let q = 0; q < queries + 10; q++) {
      const query = Array.from({ length: 6 }, word).join(" ");
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/retrieval/search`, {
        method: "POST",
        headers: { origin: server.url, cookie: server.cookie, "content-type": "application/json" },
        body: JSON.stringify({ query, topK: 10 }),
      });
      if (!response.ok) throw new Error(`search: ${response.status} ${await response.text()}`);
      await response.json();
      // The first ten warm the index and the code paths.
      if (q >= 10) latencies.push(performance.now() - sent);
    }
    latencies.sort((a, b) => a - b);
    return {
      documents: count,
      bytes,
      manySeconds,
      oneFileSeconds,
      search: { p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99), queries },
    };
  } finally {
    await server.stop();
  }
}
