// Isolated extraction: same result as in-process, typed errors across the thread boundary, memory/time limits, abort.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractDocument } from "./extract-document";
import { extractInIsolation, toExtractedParts } from "./extract-in-isolation";
import { buildZip, realWorldFixturesDir } from "./test-files";
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
    const doc = await extractInIsolation({ bytes: docx, fileName: "long.docx", ext: "docx" });
    expect(doc.blocks).toHaveLength(150_000);
  }, 180_000);

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
