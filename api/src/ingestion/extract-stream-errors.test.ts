// A read error in the middle of a streamed CSV or TXT fails the extraction at once (it used to wait for the time limit).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { extractAndChunk } from "./extract-stream";
import { DEFAULT_EXTRACTION_LIMITS, ExtractionError } from "./types";

vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    // The file's first block arrives, then the disk fails.
    createReadStream: (file: string, options: object) => {
      const real = actual.createReadStream(file, options);
      const failing = new PassThrough();
      real.once("data", (block) => {
        real.destroy();
        failing.write(block);
        setTimeout(
          () => failing.destroy(Object.assign(new Error("EIO: i/o error, read"), { code: "EIO" })),
          10,
        );
      });
      return failing;
    },
  };
});

let work = "";
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "stream-errors-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("streamed reading when the disk fails", () => {
  for (const format of ["csv", "txt"] as const) {
    it(`${format}: rejects with the read error`, async () => {
      const file = path.join(work, `big.${format}`);
      const row = format === "csv" ? "a,b,c\n1,2,3\n" : "Some line of text.\n";
      await writeFile(file, row.repeat(Math.ceil((1024 * 1024) / row.length)));
      const result = extractAndChunk(
        {
          filePath: file,
          fileName: `big.${format}`,
          format,
          limits: DEFAULT_EXTRACTION_LIMITS,
          chunking: {},
        },
        { onChunk: () => undefined },
      );
      const outcome = await Promise.race([
        result.then(
          () => "resolved",
          (error: unknown) => error,
        ),
        new Promise((resolve) => setTimeout(() => resolve("hung"), 5000)),
      ]);
      expect(outcome).toBeInstanceOf(ExtractionError);
      expect((outcome as ExtractionError).message).toContain("EIO");
    });
  }
});
