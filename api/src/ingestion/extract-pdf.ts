// Extracts PDF text page by page with unpdf (pdf.js); pages without a text layer are rendered at 300 dpi and OCRed.
import type * as Unpdf from "unpdf";
import { createOcrEngine, type OcrEngine } from "./ocr-page";
import { makePart } from "./parts";
import {
  type ExtractedDocument,
  type ExtractedDocumentPart,
  ExtractionError,
  type ExtractionLimits,
  type ExtractionProgress,
  type TextBlock,
} from "./types";

type PdfDocument = Awaited<ReturnType<typeof Unpdf.getDocumentProxy>>;

export type PdfContext = {
  limits: ExtractionLimits;
  onProgress?: (progress: ExtractionProgress) => void;
  signal?: AbortSignal;
};

/** OCR resolution: at 150 dpi a skewed scan lost whole lines (DESIGN 5); 300 dpi is tesseract's sweet spot. */
const OCR_DPI = 300;
/** A page with fewer visible characters than this has no usable text layer (e.g. only a page number). */
const MIN_PAGE_CHARS = 1;

/** "1-3, 5" from [1, 2, 3, 5]. */
export function pageRanges(pages: number[]): string {
  const ranges: string[] = [];
  let i = 0;
  while (i < pages.length) {
    let j = i;
    while (j + 1 < pages.length && (pages[j + 1] as number) === (pages[j] as number) + 1) j++;
    ranges.push(i === j ? `${pages[i]}` : `${pages[i]}-${pages[j]}`);
    i = j + 1;
  }
  return ranges.join(", ");
}

function pagesPhrase(pages: number[]): string {
  return pages.length === 1 ? `page ${pages[0]} has` : `pages ${pageRanges(pages)} have`;
}

/** Text of one page's text layer, lines kept, words hyphenated across lines joined. */
async function pageText(pdf: PdfDocument, pageNumber: number): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) {
      if (!("str" in item)) continue;
      text += item.str;
      if (item.hasEOL) text += "\n";
    }
    return cleanPageText(text);
  } finally {
    page.cleanup();
  }
}

export function cleanPageText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: pdf.js passes control characters of broken fonts through
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
      .replace(/(\p{L})-\n(\p{Ll})/gu, "$1$2")
      .replace(/[ \t]+\n/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

function openError(error: unknown): ExtractionError {
  const name = (error as { name?: string }).name ?? "";
  const message = (error as Error).message ?? String(error);
  if (name === "PasswordException" || /password/i.test(message)) {
    return new ExtractionError("encrypted", "password-protected PDF", { cause: error });
  }
  if (name === "InvalidPDFException") {
    return new ExtractionError("damaged", "damaged PDF: invalid PDF structure", { cause: error });
  }
  return new ExtractionError("damaged", `damaged PDF: ${message.replace(/\.$/, "")}`, { cause: error });
}

export async function extractPdf(bytes: Uint8Array, context: PdfContext): Promise<ExtractedDocument> {
  const { limits, onProgress, signal } = context;
  // Loaded here, not at the top: an extraction child that never reads a PDF never loads pdf.js.
  const { getDocumentProxy, renderPageAsImage } = await import("unpdf");
  let pdf: PdfDocument;
  try {
    // pdf.js may detach the buffer it is given: hand it a copy the caller never sees again.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    throw openError(error);
  }
  try {
    const pageCount = pdf.numPages;
    const texts: string[] = [];
    for (let page = 1; page <= pageCount; page++) {
      signal?.throwIfAborted();
      try {
        texts.push(await pageText(pdf, page));
      } catch (error) {
        // One unreadable page does not sink the document; it is flagged as having no text.
        texts.push("");
        if (page === 1 && pageCount === 1) throw openError(error);
      }
      // One scale for both phases so progress never goes back: every page is read once and may be OCRed once.
      onProgress?.({
        phase: "reading",
        done: page,
        total: 2 * pageCount,
        message: `Reading page ${page} of ${pageCount}`,
      });
    }
    const emptyPages = texts.flatMap((text, i) =>
      text.replace(/\s/g, "").length < MIN_PAGE_CHARS ? [i + 1] : [],
    );
    const warnings: string[] = [];
    const ocrPages = new Set<number>();
    const toOcr = limits.ocr ? emptyPages.slice(0, limits.ocrPageCap) : [];
    const skipped = emptyPages.slice(toOcr.length);
    if (toOcr.length === 0 && pageCount > 0) {
      onProgress?.({
        phase: "reading",
        done: 2 * pageCount,
        total: 2 * pageCount,
        message: `Read ${pageCount} pages`,
      });
    }
    if (toOcr.length > 0) {
      let engine: OcrEngine | undefined;
      try {
        engine = await createOcrEngine();
        for (let i = 0; i < toOcr.length; i++) {
          signal?.throwIfAborted();
          const page = toOcr[i] as number;
          onProgress?.({
            phase: "ocr",
            done: 2 * pageCount - toOcr.length + i,
            total: 2 * pageCount,
            message: `OCR page ${i + 1} of ${toOcr.length}`,
          });
          const image = await renderPageAsImage(pdf, page, {
            canvasImport: () => import("@napi-rs/canvas"),
            scale: OCR_DPI / 72,
          });
          const text = cleanPageText(await engine.recognize(new Uint8Array(image)));
          texts[page - 1] = text;
          ocrPages.add(page);
        }
        onProgress?.({
          phase: "ocr",
          done: 2 * pageCount,
          total: 2 * pageCount,
          message: `OCR done (${toOcr.length} pages)`,
        });
      } finally {
        await engine?.close();
      }
    }
    if (skipped.length > 0) {
      warnings.push(
        limits.ocr
          ? `OCR stopped after ${limits.ocrPageCap} pages: ${pagesPhrase(skipped)} no text layer and were not read`
          : `${pagesPhrase(skipped)} no text layer (OCR is off)`,
      );
    }
    const parts: ExtractedDocumentPart[] = [];
    const blocks: TextBlock[] = [];
    texts.forEach((text, i) => {
      const page = i + 1;
      const ocr = ocrPages.has(page);
      parts.push(makePart(`Page ${page}`, { kind: "page", page, ...(ocr ? { ocr } : {}) }, text, ocr));
      for (const paragraph of text.split(/\n\s*\n/)) {
        if (paragraph.trim() === "") continue;
        blocks.push({
          kind: "text",
          text: paragraph.trim(),
          location: { kind: "page", page, ...(ocr ? { ocr } : {}) },
        });
      }
    });
    if (blocks.length === 0) {
      if (pageCount === 0) throw new ExtractionError("damaged", "damaged PDF: it has no pages");
      const all = Array.from({ length: pageCount }, (_, i) => i + 1);
      if (ocrPages.size > 0) {
        throw new ExtractionError(
          "no-text",
          `scanned PDF: ${pagesPhrase(all)} no text layer and OCR found no text`,
        );
      }
      throw new ExtractionError(
        "no-text",
        limits.ocr
          ? `scanned PDF: ${pagesPhrase(all)} no text layer and OCR is limited to ${limits.ocrPageCap} pages`
          : `scanned PDF: ${pagesPhrase(all)} no text layer (OCR is off)`,
      );
    }
    const stillEmpty = texts.flatMap((text, i) => (text.trim() === "" && ocrPages.has(i + 1) ? [i + 1] : []));
    if (stillEmpty.length > 0)
      warnings.push(`${pagesPhrase(stillEmpty)} no text layer and OCR found no text`);
    return { format: "pdf", parts, blocks, warnings, pageCount, ocrPageCount: ocrPages.size };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
