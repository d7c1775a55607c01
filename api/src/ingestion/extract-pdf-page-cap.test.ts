// The PDF page cap: a PDF longer than MAX_PDF_PAGES is read up to the cap and the rest is named in a warning.
import { describe, expect, it } from "vitest";
import { assemblePdf } from "../test/files";
import { extractDocument } from "./extract-document";
import { MAX_PDF_PAGES } from "./extract-pdf";

/**
 * A PDF of `pageCount` pages written by hand, each showing its own page number in a text layer. All pages share one
 * font and one page tree, so 12,000 pages take under a megabyte.
 */
function manyPagePdf(pageCount: number): Buffer {
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "", // the page tree, below
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const kids: number[] = [];
  for (let page = 1; page <= pageCount; page++) {
    const content = `BT /F1 12 Tf 72 720 Td (Page ${page} of the ledger) Tj ET`;
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length} 0 R >>`,
    );
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${pageCount} >>`;
  return assemblePdf(objects.map((object) => Buffer.from(object, "latin1")));
}

describe("PDF page cap", () => {
  it(`reads the first ${MAX_PDF_PAGES.toLocaleString("en-US")} pages of a longer PDF and names the cap in a warning`, async () => {
    const pdf = manyPagePdf(12_000);
    const started = Date.now();
    const doc = await extractDocument(pdf, { fileName: "ledger.pdf", format: "pdf" });
    console.info(
      `12,000-page PDF (${(pdf.length / 2 ** 20).toFixed(1)} MB): ${MAX_PDF_PAGES} pages read in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(doc.warnings).toEqual([
      "The PDF has 12,000 pages; at most 5,000 are read, so pages 5,001-12,000 were left out",
    ]);
    expect(doc.pageCount).toBe(MAX_PDF_PAGES);
    expect(doc.parts).toHaveLength(MAX_PDF_PAGES);
    expect(doc.parts.at(-1)?.text).toBe("Page 5000 of the ledger");
    expect(doc.ocrPageCount).toBe(0);
  }, 300_000);
});
