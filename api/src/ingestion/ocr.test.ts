// A scanned (image-only) PDF generated in the test goes through rendering + tesseract OCR inside the isolated worker.
import { afterAll, describe, expect, it } from "vitest";
import { canDrawText, scannedPagePdf } from "../test/scanned-page";
import { chunkDocument } from "./chunk-document";
import { extractInIsolation } from "./extract-in-isolation";
import { ExtractionPool } from "./extraction-pool";
import { ExtractionError, type ExtractionProgress } from "./types";

/** The children this file's extractions run in (the API's are deps.extractionPool). */
const pool = new ExtractionPool();
afterAll(() => pool.close());

const PHRASE = "The northern region grew revenue by twelve percent";

const scannedPdf = (lines: string[]) => scannedPagePdf(lines);

const hasFonts = canDrawText();

describe.skipIf(!hasFonts)("OCR of scanned PDFs", () => {
  it("finds the text of an image-only page and reports progress", async () => {
    const pdf = await scannedPdf(["Quarterly report", `${PHRASE}.`, "Prepared by the finance team."]);
    const progress: ExtractionProgress[] = [];
    const started = Date.now();
    const doc = await extractInIsolation({
      pool,
      bytes: pdf,
      fileName: "scan.pdf",
      ext: "pdf",
      onProgress: (p) => progress.push(p),
    });
    const seconds = (Date.now() - started) / 1000;
    console.info(`OCR of one page took ${seconds.toFixed(1)} s`);
    expect(doc.ocrPageCount).toBe(1);
    expect(doc.parts[0]).toMatchObject({
      label: "Page 1",
      ocr: true,
      hasText: true,
      location: { kind: "page", page: 1, ocr: true },
    });
    expect(doc.parts[0]?.text.replace(/\s+/g, " ")).toContain(PHRASE);
    expect(progress.map((p) => p.message)).toContain("OCR page 1 of 1");
    // One scale for reading and OCR: progress never goes back.
    const fractions = progress.map((p) => p.done / p.total);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions[fractions.length - 1]).toBe(1);
    expect(chunkDocument(doc)[0]?.location).toEqual({ kind: "page", page: 1, ocr: true });
  }, 120_000);

  it("fails a scan with nothing readable, and says OCR was limited when the cap is 0", async () => {
    const blank = await scannedPdf([]);
    const error = await extractInIsolation({ pool, bytes: blank, fileName: "blank.pdf", ext: "pdf" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error).toMatchObject({
      code: "no-text",
      message: "scanned PDF: page 1 has no text layer and OCR found no text",
    });
    const capped = await extractInIsolation({
      pool,
      bytes: blank,
      fileName: "blank.pdf",
      ext: "pdf",
      limits: { ocrPageCap: 0 },
    }).catch((e: unknown) => e);
    expect(capped).toMatchObject({
      code: "no-text",
      message: "scanned PDF: page 1 has no text layer and OCR is limited to 0 pages",
    });
  }, 120_000);
});

if (!hasFonts) {
  it.skip("OCR of scanned PDFs: skipped, this machine has no system fonts to draw the test page", () => {});
}
