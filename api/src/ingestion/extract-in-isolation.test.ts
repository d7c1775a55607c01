// Isolated extraction: same result as in-process, typed errors across the thread boundary, memory/time limits, abort.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractDocument } from "./extract-document";
import { extractInIsolation, toExtractedParts } from "./extract-in-isolation";
import { realWorldFixturesDir } from "./test-files";
import { ExtractionError } from "./types";

const dir = realWorldFixturesDir();

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe("extractInIsolation", () => {
  it.skipIf(dir === null)(
    "reads a file path in the worker and returns what in-process extraction returns",
    async () => {
      const filePath = path.join(dir as string, "two-sheets-book1.xlsx");
      const isolated = await extractInIsolation({ filePath, fileName: "two-sheets-book1.xlsx", ext: "xlsx" });
      const direct = await extractDocument(new Uint8Array(await readFile(filePath)), {
        fileName: "two-sheets-book1.xlsx",
        format: "xlsx",
      });
      expect(isolated).toEqual(direct);
    },
  );

  it("accepts bytes, and hands back typed errors with their user-facing message", async () => {
    const doc = await extractInIsolation({
      bytes: new TextEncoder().encode("Hello from a worker.\n\nSecond paragraph."),
      fileName: "hello.txt",
      ext: "txt",
    });
    expect(doc.blocks).toHaveLength(2);
    const error = await failure(
      extractInIsolation({ bytes: new TextEncoder().encode('{"broken": '), fileName: "b.json", ext: "json" }),
    );
    expect(error.code).toBe("invalid");
    expect(error.message).toMatch(/^not valid JSON: /);
  });

  it.skipIf(dir === null)("reports a damaged fixture through the worker", async () => {
    const error = await failure(
      extractInIsolation({
        filePath: path.join(dir as string, "corrupt-bad-trailer.pdf"),
        fileName: "corrupt-bad-trailer.pdf",
        ext: "pdf",
      }),
    );
    expect(error).toMatchObject({ code: "damaged", message: "damaged PDF: invalid PDF structure" });
  });

  it("terminates a worker that runs past the time limit", async () => {
    const bytes = new TextEncoder().encode("word ".repeat(1000));
    const started = Date.now();
    const error = await failure(
      extractInIsolation({ bytes, fileName: "slow.txt", ext: "txt", limits: { timeoutMs: 200 } }),
    );
    expect(error).toMatchObject({ code: "timeout", message: "the file took longer than 0.2 s to read" });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("turns heap exhaustion into a memory error, and the same limit reads a small file", async () => {
    const limits = { maxOldGenerationSizeMb: 48 };
    const small = await extractInIsolation({
      bytes: new TextEncoder().encode("small file\n"),
      fileName: "s.txt",
      ext: "txt",
      limits,
    });
    expect(small.blocks).toHaveLength(1);
    // 160 MB of text cannot become a string inside a 48 MB heap.
    const big = Buffer.alloc(160 * 1024 * 1024, "lorem ipsum dolor sit amet\n");
    const error = await failure(extractInIsolation({ bytes: big, fileName: "big.txt", ext: "txt", limits }));
    expect(error).toMatchObject({
      code: "memory",
      message: "the file needs more memory than allowed to read",
    });
  }, 60_000);

  it("stops when the signal aborts", async () => {
    const controller = new AbortController();
    const promise = extractInIsolation({
      bytes: new TextEncoder().encode("text"),
      fileName: "a.txt",
      ext: "txt",
      signal: controller.signal,
    });
    controller.abort();
    expect(await failure(promise)).toMatchObject({ code: "aborted" });
    const already = await failure(
      extractInIsolation({
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
      },
    ]);
  });
});
