// Extracts PDF text page by page with pdf.js; pages without a text layer are rendered at 300 dpi and OCRed.
import { createRequire } from "node:module";
import path from "node:path";
import type { Canvas } from "@napi-rs/canvas";
import type * as Pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
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

type PdfDocument = Pdfjs.PDFDocumentProxy;
/** pdf.js types its canvas as the DOM's; in Node it draws on @napi-rs/canvas, which has the same 2D API. */
type PdfCanvas = Parameters<Pdfjs.PDFPageProxy["render"]>[0]["canvas"];

export type PdfContext = {
  limits: ExtractionLimits;
  onProgress?: (progress: ExtractionProgress) => void;
  signal?: AbortSignal;
};

/** OCR resolution: at 150 dpi a skewed scan lost whole lines (DESIGN 5); 300 dpi is tesseract's sweet spot. */
export const OCR_DPI = 300;
/** A page with fewer visible characters than this has no usable text layer (e.g. only a page number). */
const MIN_PAGE_CHARS = 1;
/**
 * Pages read from one PDF. A longer PDF is read up to here and the rest is named in a warning (its first pages are
 * still worth searching; failing it would lose them too). 5,000 one-line pages took pdf.js 36 s on this 2-core machine;
 * dense pages take longer, and the extraction time limit (600 s) still applies.
 */
export const MAX_PDF_PAGES = 5_000;
/**
 * Pixels of one page rendered for OCR (80 MB as RGBA, again as tesseract's copy): A3 at 300 dpi is 17.4 million. A
 * larger page is rendered at the resolution that fits, never at 300 dpi regardless (a 200-inch poster would need 14 GB).
 */
export const MAX_RENDER_PIXELS = 20_000_000;
/**
 * Pixels of one embedded image pdf.js decodes (its `maxImageSize`): a 600 dpi A4 scan is 35 million. A small JBIG2 or
 * JPEG 2000 stream can declare a 100,000 x 100,000 image; such an image is left out with a warning, never allocated.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

const require = createRequire(import.meta.url);

/** pdf.js's data folders, from the pdfjs-dist package on disk (Node reads them with fs: no network, no bundling). */
function pdfjsAssets(): { wasmUrl: string; standardFontDataUrl: string; cMapUrl: string; iccUrl: string } {
  const root = path.dirname(require.resolve("pdfjs-dist/package.json"));
  // pdf.js concatenates folder and file name, so each folder needs its trailing separator.
  const folder = (name: string) => `${path.join(root, name)}${path.sep}`;
  return {
    // jbig2.wasm (JBIG2 and CCITT fax) and openjpeg.wasm (JPEG 2000): without them such scans render blank.
    wasmUrl: folder("wasm"),
    standardFontDataUrl: folder("standard_fonts"),
    cMapUrl: folder("cmaps"),
    iccUrl: folder("iccs"),
  };
}

/** "1-3, 5" from [1, 2, 3, 5]. */
function pageRanges(pages: number[]): string {
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

const count = (n: number) => n.toLocaleString("en-US");

/**
 * The scale to render a page of `width` x `height` points at: 300 dpi, or less when that would pass
 * MAX_RENDER_PIXELS (then the largest scale whose whole-pixel canvas still fits).
 */
export function renderScale(width: number, height: number): number {
  const scale = OCR_DPI / 72;
  if (Math.ceil(width * scale) * Math.ceil(height * scale) <= MAX_RENDER_PIXELS) return scale;
  let capped = Math.sqrt(MAX_RENDER_PIXELS / (width * height));
  // pdf.js rounds the canvas up to whole pixels: step down until the rounded canvas fits too.
  while (Math.ceil(width * capped) * Math.ceil(height * capped) > MAX_RENDER_PIXELS) capped *= 0.999;
  return capped;
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

function cleanPageText(text: string): string {
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

/** The image codecs as a user knows them, by PDF filter name. */
const IMAGE_FILTERS: Record<string, string> = {
  JBIG2Decode: "JBIG2",
  JPXDecode: "JPEG 2000",
  CCITTFaxDecode: "CCITT fax",
  DCTDecode: "JPEG",
};

/** What went wrong with the images of one rendered page, from pdf.js's warnings. */
type ImageTrouble = { codecs: Set<string>; undecoded: boolean; tooLarge: boolean };

/**
 * The codec named by a pdf.js image error ("Jbig2Error: ..."). pdf.js decodes CCITT fax with the JBIG2 module and
 * reports both as Jbig2Error, so the file itself says which of the two it holds.
 */
function codecOf(reason: string, bytes: Uint8Array): string | undefined {
  if (reason.startsWith("JpxError")) return "JPEG 2000";
  if (reason.startsWith("JpegError")) return "JPEG";
  if (!reason.startsWith("Jbig2Error")) return undefined;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jbig2 = buffer.includes("/JBIG2Decode");
  const ccitt = buffer.includes("/CCITTFaxDecode") || buffer.includes("/CCF");
  if (ccitt && !jbig2) return "CCITT fax";
  if (jbig2 && !ccitt) return "JBIG2";
  return "JBIG2 or CCITT fax";
}

/** Listeners of pdf.js's console warnings, one per extraction running in this process. */
const warningListeners = new Set<(line: string) => void>();
let consoleWarn: typeof console.warn | undefined;

/**
 * Hands pdf.js's console warnings to `listener` until the returned function is called. pdf.js reports an image it
 * cannot decode only as a warning (the page then renders without it), so this is the one place that learns which
 * image failed and why. pdf.js's warnings go nowhere else while a PDF is read; other console output passes through.
 * console.warn is replaced only while some extraction runs, and restored when the last one ends.
 * An extraction child reads one document at a time; two PDFs rendered at once in one process would share warnings.
 */
function listenToPdfjsWarnings(listener: (line: string) => void): () => void {
  if (!consoleWarn) {
    const original = console.warn;
    consoleWarn = original;
    console.warn = (...args: unknown[]) => {
      const line = typeof args[0] === "string" ? args[0] : "";
      if (!line.startsWith("Warning: ")) return original(...args);
      for (const each of warningListeners) each(line);
    };
  }
  warningListeners.add(listener);
  return () => {
    warningListeners.delete(listener);
    if (warningListeners.size === 0 && consoleWarn) {
      console.warn = consoleWarn;
      consoleWarn = undefined;
    }
  };
}

/** Image trouble from one pdf.js warning line, added to `trouble`. */
function noteImageWarning(line: string, trouble: ImageTrouble, bytes: Uint8Array): void {
  // pdf.js error messages may run over several lines (OpenJPEG's do).
  const failed =
    /^Warning: Unable to decode (?:inline )?image[^:]*: "([\s\S]*)"\.$/.exec(line) ??
    /^Warning: getOperatorList - ignoring XObject: "((?:Jbig2|Jpx|Jpeg)Error[\s\S]*)"\.$/.exec(line);
  const empty = /^Warning: Empty "(\w+)" stream\.$/.exec(line);
  if (failed) {
    trouble.undecoded = true;
    const codec = codecOf(failed[1] ?? "", bytes);
    if (codec) trouble.codecs.add(codec);
  } else if (empty && IMAGE_FILTERS[empty[1] ?? ""]) {
    // An image stream with no bytes at all: pdf.js names its filter itself.
    trouble.undecoded = true;
    trouble.codecs.add(IMAGE_FILTERS[empty[1] ?? ""] as string);
  } else if (line.startsWith("Warning: Image exceeded maximum allowed size")) {
    trouble.tooLarge = true;
  }
}

/** Renders one page for OCR as a PNG, at 300 dpi or the scale MAX_RENDER_PIXELS allows. */
async function renderPage(
  pdf: PdfDocument,
  pageNumber: number,
): Promise<{ png: Uint8Array; dpi: number; widthInches: number; heightInches: number }> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const page = await pdf.getPage(pageNumber);
  let canvas: Canvas | undefined;
  try {
    const base = page.getViewport({ scale: 1 });
    const scale = renderScale(base.width, base.height);
    const viewport = page.getViewport({ scale });
    canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as unknown as PdfCanvas, viewport }).promise;
    const png = await canvas.encode("png");
    return { png, dpi: scale * 72, widthInches: base.width / 72, heightInches: base.height / 72 };
  } finally {
    // Free the bitmap now rather than at the next collection: pages come one after another.
    if (canvas) {
      canvas.width = 0;
      canvas.height = 0;
    }
    page.cleanup();
  }
}

function imageWarning(page: number, trouble: ImageTrouble): string | undefined {
  if (trouble.undecoded) {
    const codecs = trouble.codecs.size > 0 ? ` (${[...trouble.codecs].join(", ")})` : "";
    return `Page ${page}: its scanned image${codecs} could not be decoded`;
  }
  if (trouble.tooLarge) {
    return `Page ${page}: its scanned image has more than ${count(MAX_IMAGE_PIXELS)} pixels and was not read`;
  }
  return undefined;
}

export async function extractPdf(bytes: Uint8Array, context: PdfContext): Promise<ExtractedDocument> {
  const { limits, onProgress, signal } = context;
  // Loaded here, not at the top: an extraction child that never reads a PDF never loads pdf.js. The legacy build is
  // pdf.js's build for Node (the modern one expects browser APIs Node 22 lacks).
  const { getDocument, VerbosityLevel } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  /** The page being rendered collects its image trouble here; warnings at other times are dropped. */
  let trouble: ImageTrouble | undefined;
  const stopListening = listenToPdfjsWarnings((line) => {
    if (trouble) noteImageWarning(line, trouble, bytes);
  });
  let pdf: PdfDocument;
  try {
    pdf = await getDocument({
      // pdf.js may detach the buffer it is given: hand it a copy the caller never sees again.
      data: new Uint8Array(bytes),
      ...pdfjsAssets(),
      cMapPacked: true,
      // Warnings are how pdf.js reports an image it could not decode (listenToPdfjsWarnings); none reaches the log.
      verbosity: VerbosityLevel.WARNINGS,
      maxImageSize: MAX_IMAGE_PIXELS,
      disableFontFace: true,
      useSystemFonts: false,
      enableXfa: false,
    }).promise;
  } catch (error) {
    stopListening();
    throw openError(error);
  }
  try {
    const totalPages = pdf.numPages;
    const pageCount = Math.min(totalPages, MAX_PDF_PAGES);
    const warnings: string[] = [];
    if (totalPages > pageCount) {
      const left =
        totalPages === pageCount + 1
          ? `page ${count(totalPages)} was`
          : `pages ${count(pageCount + 1)}-${count(totalPages)} were`;
      warnings.push(
        `The PDF has ${count(totalPages)} pages; at most ${count(MAX_PDF_PAGES)} are read, so ${left} left out`,
      );
    }
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
    const ocrPages = new Set<number>();
    /** Pages whose scanned image pdf.js could not decode (or refused as too large): not "OCR found no text". */
    const imageFailures = new Map<number, string>();
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
          const pageTrouble: ImageTrouble = { codecs: new Set(), undecoded: false, tooLarge: false };
          trouble = pageTrouble;
          const image = await renderPage(pdf, page).finally(() => {
            trouble = undefined;
          });
          const failure = imageWarning(page, pageTrouble);
          if (failure) {
            imageFailures.set(page, failure);
            warnings.push(failure);
          }
          if (image.dpi < OCR_DPI) {
            warnings.push(
              `Page ${page} (${image.widthInches.toFixed(0)} x ${image.heightInches.toFixed(0)} in) is larger than ${count(MAX_RENDER_PIXELS)} pixels at ${OCR_DPI} dpi: it was read at ${Math.floor(image.dpi)} dpi`,
            );
          }
          const text = cleanPageText(await engine.recognize(image.png));
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
      if (imageFailures.size > 0) {
        // The scan is there but unreadable: say so, instead of blaming OCR for an image it never saw.
        throw new ExtractionError(
          "damaged",
          `scanned PDF: ${[...imageFailures.values()].map((w) => w.replace(/^Page/, "page")).join("; ")}`,
        );
      }
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
    const stillEmpty = texts.flatMap((text, i) =>
      text.trim() === "" && ocrPages.has(i + 1) && !imageFailures.has(i + 1) ? [i + 1] : [],
    );
    if (stillEmpty.length > 0)
      warnings.push(`${pagesPhrase(stillEmpty)} no text layer and OCR found no text`);
    return { format: "pdf", parts, blocks, warnings, pageCount, ocrPageCount: ocrPages.size };
  } finally {
    await pdf.loadingTask.destroy();
    stopListening();
  }
}
