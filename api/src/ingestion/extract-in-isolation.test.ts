// Isolated extraction: same result as in-process, typed errors across the thread boundary, memory/time limits, abort.

import { fork, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, readlink, realpath, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildZip, realWorldFixturesDir } from "../test/files";
import { analyzeText } from "../text-search/lexical-analyzer";
import { chunkDocument } from "./chunk-document";
import { extractDocument } from "./extract-document";
import { extractChunksInIsolation, extractInIsolation, toExtractedParts } from "./extract-in-isolation";
import { ExtractionPool } from "./extraction-pool";
import { type Chunk, ExtractionError } from "./types";

const dir = realWorldFixturesDir();

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

/** A short abstract (~1.5 KB), different for every `i`. */
function shortText(i: number): Uint8Array {
  const sentence = `Study ${i} followed a cohort of patients for twelve months and measured outcome ${i % 7}. `;
  return new TextEncoder().encode(`Abstract ${i}.\n\n${sentence.repeat(15)}\n\nConclusion ${i}.`);
}

/** `count` paragraphs of about a dozen words each. */
function manyParagraphs(count: number): Uint8Array {
  return new TextEncoder().encode(
    Array.from(
      { length: count },
      (_, i) => `Paragraph ${i} reports the quarterly revenue of region ${i % 13}.`,
    ).join("\n\n"),
  );
}

/** How far process `pid` has read the file it has open at `filePath` (Linux /proc), or null once it closed it. */
async function readOffset(pid: number, filePath: string): Promise<number | null> {
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
    if (target !== filePath) continue;
    const info = await readFile(`/proc/${pid}/fdinfo/${fd}`, "utf8");
    return Number(/^pos:\s+(\d+)/m.exec(info)?.[1]);
  }
  return null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What the child sends for a chunk: the chunk and its lexemes (the child analyses them for the API). */
function analysed(chunks: Chunk[]): Chunk[] {
  return chunks.map((chunk) => ({ ...chunk, lexical: analyzeText(chunk.text) }));
}

async function inProcessChunks(bytes: Uint8Array): Promise<Chunk[]> {
  return analysed(chunkDocument(await extractDocument(bytes, { fileName: "a.txt", format: "txt" })));
}

async function chunksOf(bytes: Uint8Array, fileName: string, signal?: AbortSignal): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  await extractChunksInIsolation({
    pool,
    bytes,
    fileName,
    ext: "txt",
    signal,
    onChunks: (batch) => {
      chunks.push(...batch);
    },
  });
  return chunks;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return !alive(pid);
}

/** The pid of the one child working right now. */
function busyPid(): number {
  const busy = pool.stats().processes.filter((p) => p.state === "busy");
  expect(busy).toHaveLength(1);
  return busy[0]?.pid as number;
}

/** Each test's children: a fresh pool, closed after the test. */
let pool: ExtractionPool;
beforeEach(() => {
  pool = new ExtractionPool({ processes: 2 });
});
afterEach(async () => {
  await pool.close();
});

describe("extractInIsolation", () => {
  it.skipIf(dir === null)(
    "reads a file path in the worker and returns what in-process extraction returns",
    async () => {
      const filePath = path.join(dir as string, "two-sheets-book1.xlsx");
      const isolated = await extractInIsolation({
        pool,
        filePath,
        fileName: "two-sheets-book1.xlsx",
        ext: "xlsx",
      });
      const direct = await extractDocument(new Uint8Array(await readFile(filePath)), {
        fileName: "two-sheets-book1.xlsx",
        format: "xlsx",
      });
      expect(isolated).toEqual(direct);
    },
  );

  it("accepts bytes, and hands back typed errors with their user-facing message", async () => {
    const doc = await extractInIsolation({
      pool,
      bytes: new TextEncoder().encode("Hello from a worker.\n\nSecond paragraph."),
      fileName: "hello.txt",
      ext: "txt",
    });
    expect(doc.blocks).toHaveLength(2);
    const error = await failure(
      extractInIsolation({
        pool,
        bytes: new TextEncoder().encode('{"broken": '),
        fileName: "b.json",
        ext: "json",
      }),
    );
    expect(error.code).toBe("invalid");
    expect(error.message).toMatch(/^not valid JSON: /);
  });

  it.skipIf(dir === null)("reports a damaged fixture through the worker", async () => {
    const error = await failure(
      extractInIsolation({
        pool,
        filePath: path.join(dir as string, "corrupt-bad-trailer.pdf"),
        fileName: "corrupt-bad-trailer.pdf",
        ext: "pdf",
      }),
    );
    expect(error).toMatchObject({ code: "damaged", message: "damaged PDF: invalid PDF structure" });
  });

  it("does not count the time a slow consumer takes: only the child's own work runs on the clock", async () => {
    const bytes = manyParagraphs(2000);
    const chunking = { targetTokens: 16, overlapTokens: 0 };
    const chunks: Chunk[] = [];
    let batches = 0;
    // The limit leaves the child's own work room on a loaded CI machine (well under a second when quiet); the
    // consumer's waits alone add up to more than it.
    const timeoutMs = 3_000;
    const consumerMs = 300;
    const started = Date.now();
    await extractChunksInIsolation({
      pool,
      bytes,
      fileName: "many.txt",
      ext: "txt",
      chunking,
      limits: { timeoutMs },
      onChunks: async (batch) => {
        batches++;
        chunks.push(...batch);
        await sleep(consumerMs);
      },
    });
    // Consuming took longer than the limit, which counted it before.
    expect(batches * consumerMs).toBeGreaterThan(timeoutMs);
    expect(Date.now() - started).toBeGreaterThan(timeoutMs);
    const direct = analysed(
      chunkDocument(await extractDocument(bytes, { fileName: "many.txt", format: "txt" }), chunking),
    );
    expect(chunks).toEqual(direct);
  });

  it("still times out a child that stops working, after a consumer slower than the limit; the pool then reads the next file", async () => {
    const started = Date.now();
    let stopped: number | undefined;
    const error = await failure(
      extractChunksInIsolation({
        pool,
        bytes: manyParagraphs(2000),
        fileName: "hung.txt",
        ext: "txt",
        chunking: { targetTokens: 16, overlapTokens: 0 },
        limits: { timeoutMs: 1_000 },
        onChunks: async () => {
          if (stopped !== undefined) return;
          // The child freezes (as one stuck in a parser would): it neither waits for us nor sends anything.
          stopped = busyPid();
          process.kill(stopped, "SIGSTOP");
          await sleep(1_500);
        },
      }),
    );
    expect(error).toMatchObject({ code: "timeout", message: "the file took longer than 1 s to read" });
    expect(Date.now() - started).toBeGreaterThan(1_500);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await gone(stopped as number)).toBe(true);
    expect(pool.stats().processes).toEqual([]);
    expect(await chunksOf(shortText(2), "next.txt")).toEqual(await inProcessChunks(shortText(2)));
  });

  it.skipIf(process.platform !== "linux")(
    "keeps the child a few batches ahead of a consumer that does not keep up",
    async () => {
      // The real path: it is what /proc shows for the child's open file.
      const folder = await realpath(await mkdtemp(path.join(tmpdir(), "acp-window-")));
      try {
        const filePath = path.join(folder, "long.txt");
        await writeFile(filePath, manyParagraphs(200_000));
        const { size } = await stat(filePath);
        let offsetWhileStalled: number | null | undefined;
        let chunkCount = 0;
        const summary = await extractChunksInIsolation({
          pool,
          filePath,
          fileName: "long.txt",
          ext: "txt",
          onChunks: async (batch) => {
            if (chunkCount === 0) {
              // Left alone, the child reads the whole file in well under a second.
              await sleep(1_500);
              offsetWhileStalled = await readOffset(busyPid(), filePath);
            }
            chunkCount += batch.length;
          },
        });
        expect(summary.chunkCount).toBe(chunkCount);
        expect(offsetWhileStalled).toBeGreaterThan(0);
        expect(offsetWhileStalled).toBeLessThan(size / 4);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    30_000,
  );

  it("turns heap exhaustion into a memory error, and the same limit reads a small file", async () => {
    const limits = { maxOldGenerationSizeMb: 48 };
    const small = await extractInIsolation({
      pool,
      bytes: new TextEncoder().encode("small file\n"),
      fileName: "s.txt",
      ext: "txt",
      limits,
    });
    expect(small.blocks).toHaveLength(1);
    // 160 MB of text cannot become a string inside a 48 MB heap.
    const big = Buffer.alloc(160 * 1024 * 1024, "lorem ipsum dolor sit amet\n");
    const error = await failure(
      extractInIsolation({ pool, bytes: big, fileName: "big.txt", ext: "txt", limits }),
    );
    expect(error).toMatchObject({
      code: "memory",
      message: "the file needs more memory than allowed to read",
    });
    // The child that ran out of memory is gone; the next file with the same limit gets a fresh one.
    const again = await extractInIsolation({
      pool,
      bytes: shortText(3),
      fileName: "s.txt",
      ext: "txt",
      limits,
    });
    expect(again.blocks.length).toBeGreaterThan(0);
    expect(pool.stats().processes.map((p) => p.heapMb)).toEqual([48]);
  }, 60_000);

  it("reads a 150,000-paragraph DOCX within the default limits (it ran out of memory in a 512 MB heap)", async () => {
    const paragraphs = Array.from(
      { length: 150_000 },
      (_, i) =>
        `<w:p><w:r><w:t>Paragraph ${i} talks about the quarterly revenue of the northern region.</w:t></w:r></w:p>`,
    ).join("");
    const docx = buildZip({
      "[Content_Types].xml":
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      "_rels/.rels":
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      "word/document.xml": `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
    });
    const doc = await extractInIsolation({ pool, bytes: docx, fileName: "long.docx", ext: "docx" });
    expect(doc.blocks).toHaveLength(150_000);
  }, 180_000);

  it("stops when the signal aborts", async () => {
    const controller = new AbortController();
    const promise = extractInIsolation({
      pool,
      bytes: new TextEncoder().encode("text"),
      fileName: "a.txt",
      ext: "txt",
      signal: controller.signal,
    });
    controller.abort();
    expect(await failure(promise)).toMatchObject({ code: "aborted" });
    const already = await failure(
      extractInIsolation({
        pool,
        bytes: new Uint8Array(1),
        fileName: "a.txt",
        ext: "txt",
        signal: AbortSignal.abort(),
      }),
    );
    expect(already.code).toBe("aborted");
  });

  it("converts parts to the contract shape with a preview length", async () => {
    const doc = await extractInIsolation({
      pool,
      bytes: new TextEncoder().encode(`${"x".repeat(50)}\n`),
      fileName: "p.txt",
      ext: "txt",
    });
    expect(toExtractedParts(doc, { previewChars: 10 })).toEqual([
      {
        label: "Document",
        location: { kind: "lines", lineStart: 1, lineEnd: 1 },
        text: "x".repeat(10),
        truncated: true,
        hasText: true,
        ocr: false,
        lineNumbers: null,
      },
    ]);
  });
});

describe("the extraction pool", () => {
  it("reads 200 small documents in parallel with the same chunks as in process, in at most two children", async () => {
    const docs = Array.from({ length: 200 }, (_, i) => shortText(i));
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, pool.stats().processes.length);
    }, 5);
    const isolated = await Promise.all(docs.map((bytes, i) => chunksOf(bytes, `abstract-${i}.txt`)));
    clearInterval(watch);
    for (const [i, bytes] of docs.entries()) expect(isolated[i]).toEqual(await inProcessChunks(bytes));
    expect(isolated[7]?.[0]?.text).toContain("Abstract 7.");
    expect(pool.stats().started).toBe(2);
    expect(most).toBeLessThanOrEqual(2);
  }, 120_000);

  it("fails only the job whose child is killed mid-job; a job beside it and the next one succeed", async () => {
    const big = new TextEncoder().encode(
      Array.from({ length: 4000 }, (_, i) => `Paragraph ${i} of a long report about regional sales.`).join(
        "\n\n",
      ),
    );
    let killed: number | undefined;
    let beside: Promise<Chunk[]> | undefined;
    const error = await failure(
      extractChunksInIsolation({
        pool,
        bytes: big,
        fileName: "long.txt",
        ext: "txt",
        onChunks: async () => {
          if (killed !== undefined) return;
          killed = busyPid();
          beside = chunksOf(shortText(1), "beside.txt");
          process.kill(killed, "SIGKILL");
          await new Promise((resolve) => setTimeout(resolve, 200));
        },
      }),
    );
    expect(error).toMatchObject({
      code: "internal",
      message: "the file reader stopped unexpectedly (signal SIGKILL)",
    });
    expect(await beside).toEqual(await inProcessChunks(shortText(1)));
    expect(await chunksOf(shortText(2), "after.txt")).toEqual(await inProcessChunks(shortText(2)));
    expect(pool.stats().processes.map((p) => p.pid)).not.toContain(killed);
  }, 60_000);

  it("kills the child of an aborted job, and drops a queued job when its signal aborts", async () => {
    pool.configure({ processes: 1 });
    const controller = new AbortController();
    let pid: number | undefined;
    const queued = new AbortController();
    let waiting: Promise<unknown> | undefined;
    const error = await failure(
      extractChunksInIsolation({
        pool,
        bytes: shortText(1),
        fileName: "a.txt",
        ext: "txt",
        signal: controller.signal,
        onChunks: async () => {
          pid = busyPid();
          waiting = chunksOf(shortText(2), "queued.txt", queued.signal);
          await new Promise((resolve) => setTimeout(resolve, 20));
          expect(pool.stats().waiting).toBe(1);
          queued.abort();
          controller.abort();
        },
      }),
    );
    expect(error.code).toBe("aborted");
    expect(await failure(waiting as Promise<unknown>)).toMatchObject({ code: "aborted" });
    expect(await gone(pid as number)).toBe(true);
    expect(pool.stats().waiting).toBe(0);
    expect(await chunksOf(shortText(3), "next.txt")).toEqual(await inProcessChunks(shortText(3)));
  });

  it("replaces a child after maxJobsPerProcess documents, or when its heap stays above recycleHeapMb", async () => {
    pool.configure({ processes: 1, maxJobsPerProcess: 3 });
    for (let i = 0; i < 7; i++) await chunksOf(shortText(i), `${i}.txt`);
    expect(pool.stats().started).toBe(3);
    await pool.close();
    pool = new ExtractionPool({ processes: 1, recycleHeapMb: 0 });
    for (let i = 0; i < 3; i++) await chunksOf(shortText(i), `${i}.txt`);
    expect(pool.stats().started).toBe(3);
  });

  it("lets an idle child exit after idleMs", async () => {
    pool.configure({ idleMs: 100 });
    await chunksOf(shortText(1), "a.txt");
    const [child] = pool.stats().processes;
    expect(child?.state).toBe("idle");
    expect(await gone(child?.pid as number)).toBe(true);
    expect(pool.stats().processes).toEqual([]);
  });

  it("leaves no child behind after the pool is closed; a job still running fails as cancelled", async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => chunksOf(shortText(i), `${i}.txt`)));
    let entered: (() => void) | undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const running = extractChunksInIsolation({
      pool,
      bytes: shortText(1),
      fileName: "a.txt",
      ext: "txt",
      onChunks: () => {
        entered?.();
        return new Promise((resolve) => setTimeout(resolve, 500));
      },
    });
    await inside;
    const pids = pool.stats().processes.map((p) => p.pid as number);
    expect(pids).toHaveLength(2);
    const outcome = failure(running);
    await pool.close();
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect(await outcome).toMatchObject({
      code: "aborted",
      message: "reading the file was cancelled: the server is shutting down",
    });
  });

  it("closing the pool settles in a process that nothing else keeps alive (idle children are unreferenced)", async () => {
    const require = createRequire(import.meta.url);
    const module = pathToFileURL(fileURLToPath(new URL("./extract-in-isolation.ts", import.meta.url))).href;
    const poolModule = pathToFileURL(fileURLToPath(new URL("./extraction-pool.ts", import.meta.url))).href;
    const script = `
      import { extractInIsolation } from ${JSON.stringify(module)};
      import { ExtractionPool } from ${JSON.stringify(poolModule)};
      const pool = new ExtractionPool();
      const doc = await extractInIsolation({ pool, bytes: new TextEncoder().encode("one line\\n"), fileName: "a.txt", ext: "txt" });
      await pool.close();
      console.log("closed", doc.blocks.length);
    `;
    const { stdout, code } = await new Promise<{ stdout: string; code: number | null }>((resolve) => {
      const child = spawn(
        process.execPath,
        ["--import", pathToFileURL(require.resolve("tsx")).href, "--input-type=module", "-e", script],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      let out = "";
      child.stdout.on("data", (data: Buffer) => {
        out += data.toString();
      });
      child.on("close", (exitCode) => resolve({ stdout: out, code: exitCode }));
    });
    expect(stdout.trim()).toBe("closed 1");
    expect(code).toBe(0);
  });

  it("a child exits by itself when its parent's IPC channel closes (the API crashed or exited)", async () => {
    const require = createRequire(import.meta.url);
    const child = fork(fileURLToPath(new URL("./extraction-worker.ts", import.meta.url)), [], {
      execArgv: ["--import", pathToFileURL(require.resolve("tsx")).href],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    await new Promise<void>((resolve) => child.once("message", () => resolve()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.disconnect();
    expect(await exited).toBe(0);
  });
});

describe("the chunk batches of extractChunksInIsolation", () => {
  it("starts with a small batch, so indexing starts early, and doubles up to full batches", async () => {
    const sizes: number[] = [];
    const chunks: Chunk[] = [];
    await extractChunksInIsolation({
      pool,
      bytes: manyParagraphs(700),
      fileName: "many.txt",
      ext: "txt",
      chunking: { targetTokens: 16, overlapTokens: 0 },
      onChunks: (batch) => {
        sizes.push(batch.length);
        chunks.push(...batch);
      },
    });
    expect(sizes.slice(0, 5)).toEqual([16, 32, 64, 128, 128]);
    // Nothing lost or reordered at the seams.
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, i) => i));
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(16 + 32 + 64 + 128 + 128);
  });
});
