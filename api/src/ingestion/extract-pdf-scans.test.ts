// Scanned PDFs of every image codec office scanners write (JBIG2, JPEG 2000, CCITT fax, JPEG) come out as OCR text;
// an image pdf.js cannot decode, or one too large to decode, is named in a warning; huge pages render within the pixel cap.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { afterAll, describe, expect, it } from "vitest";
import { assemblePdf, imageOnlyPdf } from "../test/files";
import { extractDocument } from "./extract-document";
import { extractInIsolation } from "./extract-in-isolation";
import { MAX_IMAGE_PIXELS, MAX_RENDER_PIXELS, OCR_DPI, renderScale } from "./extract-pdf";
import { ExtractionPool } from "./extraction-pool";
import { ExtractionError } from "./types";

/** The children this file's extractions run in (the API's are deps.extractionPool). */
const pool = new ExtractionPool();
afterAll(() => pool.close());

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "pdf-codecs");

/** Words as tesseract prints them, on one line, for `toContain`. */
const flat = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ");

// ---------------------------------------------------------------------------------------------------------------
// A PDF written by hand: one image XObject per page (or a text line), so each test says exactly what the file holds.

type PageSpec =
  | { kind: "image"; width: number; height: number; dict: string; data: Uint8Array; pageWidth?: number }
  | { kind: "text"; text: string }
  | { kind: "blank"; pageWidth: number; pageHeight: number };

function writePdf(pages: PageSpec[]): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string): number => {
    objects.push(typeof body === "string" ? Buffer.from(body, "latin1") : body);
    return objects.length;
  };
  const stream = (dict: string, data: Uint8Array) =>
    Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, "latin1"),
      data,
      Buffer.from("\nendstream", "latin1"),
    ]);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // the page tree, written once the pages are known
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const kids: number[] = [];
  for (const page of pages) {
    if (page.kind === "text") {
      const content = add(stream("", Buffer.from(`BT /F1 18 Tf 72 700 Td (${page.text}) Tj ET`, "latin1")));
      kids.push(
        add(
          `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
        ),
      );
    } else if (page.kind === "blank") {
      const content = add(stream("", Buffer.from("", "latin1")));
      kids.push(
        add(
          `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.pageWidth} ${page.pageHeight}] /Contents ${content} 0 R >>`,
        ),
      );
    } else {
      // The image fills the page at 150 dpi (a scanner's default) unless a page width is given.
      const width = page.pageWidth ?? (page.width * 72) / 150;
      const height = (width * page.height) / page.width;
      const image = add(
        stream(
          `/Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} ${page.dict}`,
          page.data,
        ),
      );
      const content = add(stream("", Buffer.from(`q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`, "latin1")));
      kids.push(
        add(
          `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << /Im1 ${image} 0 R >> >> /Contents ${content} 0 R >>`,
        ),
      );
    }
  }
  objects[1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`,
    "latin1",
  );
  return assemblePdf(objects, "1.5");
}

// ---------------------------------------------------------------------------------------------------------------
// A JBIG2 encoder (ITU-T T.88): no npm package or Debian tool writes JBIG2, so the test encodes its own page as one
// immediate generic region, arithmetic-coded with template 0 and its nominal adaptive pixels, like jbig2enc's
// generic mode and office scanners. Written from the standard's Annex E (MQ coder) and 6.2 (generic region).

/** Annex E, Table E.1: Qe, next index after an MPS, next index after an LPS, whether an LPS switches the MPS. */
const QE_TABLE: ReadonlyArray<readonly [number, number, number, number]> = [
  [0x5601, 1, 1, 1],
  [0x3401, 2, 6, 0],
  [0x1801, 3, 9, 0],
  [0x0ac1, 4, 12, 0],
  [0x0521, 5, 29, 0],
  [0x0221, 38, 33, 0],
  [0x5601, 7, 6, 1],
  [0x5401, 8, 14, 0],
  [0x4801, 9, 14, 0],
  [0x3801, 10, 14, 0],
  [0x3001, 11, 17, 0],
  [0x2401, 12, 18, 0],
  [0x1c01, 13, 20, 0],
  [0x1601, 29, 21, 0],
  [0x5601, 15, 14, 1],
  [0x5401, 16, 14, 0],
  [0x5101, 17, 15, 0],
  [0x4801, 18, 16, 0],
  [0x3801, 19, 17, 0],
  [0x3401, 20, 18, 0],
  [0x3001, 21, 19, 0],
  [0x2801, 22, 19, 0],
  [0x2401, 23, 20, 0],
  [0x2201, 24, 21, 0],
  [0x1c01, 25, 22, 0],
  [0x1801, 26, 23, 0],
  [0x1601, 27, 24, 0],
  [0x1401, 28, 25, 0],
  [0x1201, 29, 26, 0],
  [0x1101, 30, 27, 0],
  [0x0ac1, 31, 28, 0],
  [0x09c1, 32, 29, 0],
  [0x08a1, 33, 30, 0],
  [0x0521, 34, 31, 0],
  [0x0441, 35, 32, 0],
  [0x02a1, 36, 33, 0],
  [0x0221, 37, 34, 0],
  [0x0141, 38, 35, 0],
  [0x0111, 39, 36, 0],
  [0x0085, 40, 37, 0],
  [0x0049, 41, 38, 0],
  [0x0025, 42, 39, 0],
  [0x0015, 43, 40, 0],
  [0x0009, 44, 41, 0],
  [0x0005, 45, 42, 0],
  [0x0001, 45, 43, 0],
  [0x5601, 46, 46, 0],
];

/** The MQ arithmetic encoder (Annex E.2): `encode` each decision in its context, then `finish` for the bytes. */
function mqEncoder(contextCount: number) {
  const index = new Uint8Array(contextCount);
  const mps = new Uint8Array(contextCount);
  let a = 0x8000;
  let c = 0;
  let ct = 12;
  // out[0] is the byte before the first one (BPST - 1 in the standard): it only ever receives a carry, never written.
  const out: number[] = [0];
  let bp = 0;
  const byteOut = () => {
    if (out[bp] === 0xff) {
      out[++bp] = c >>> 20;
      c &= 0xfffff;
      ct = 7;
    } else if (c < 0x8000000) {
      out[++bp] = c >>> 19;
      c &= 0x7ffff;
      ct = 8;
    } else {
      out[bp] = (out[bp] as number) + 1;
      if (out[bp] === 0xff) {
        c &= 0x7ffffff;
        out[++bp] = c >>> 20;
        c &= 0xfffff;
        ct = 7;
      } else {
        out[++bp] = c >>> 19;
        c &= 0x7ffff;
        ct = 8;
      }
    }
  };
  const renormalize = () => {
    do {
      a <<= 1;
      c <<= 1;
      ct--;
      if (ct === 0) byteOut();
    } while ((a & 0x8000) === 0);
  };
  return {
    encode(cx: number, bit: number): void {
      const [qe, nextMps, nextLps, switchMps] = QE_TABLE[index[cx] as number] as readonly number[];
      a -= qe as number;
      if (bit === mps[cx]) {
        if ((a & 0x8000) === 0) {
          if (a < (qe as number)) a = qe as number;
          else c += qe as number;
          index[cx] = nextMps as number;
          renormalize();
        } else {
          c += qe as number;
        }
      } else {
        if (a < (qe as number)) c += qe as number;
        else a = qe as number;
        if (switchMps) mps[cx] = 1 - (mps[cx] as number);
        index[cx] = nextLps as number;
        renormalize();
      }
    },
    finish(): Uint8Array {
      const temp = c + a;
      c |= 0xffff;
      if (c >= temp) c -= 0x8000;
      c <<= ct;
      byteOut();
      c <<= ct;
      byteOut();
      if (out[bp] !== 0xff) out[++bp] = 0xff;
      out[++bp] = 0xac;
      return Uint8Array.from(out.slice(1, bp + 1));
    },
  };
}

/** Template 0's sixteen neighbours (6.2.5.3), the four adaptive ones at their nominal places. */
const TEMPLATE_0: ReadonlyArray<readonly [number, number]> = [
  [-1, 0],
  [-2, 0],
  [-3, 0],
  [-4, 0],
  [-3, -1],
  [-2, -1],
  [-1, -1],
  [0, -1],
  [1, -1],
  [2, -1],
  [3, -1],
  [-2, -2],
  [-1, -2],
  [0, -2],
  [1, -2],
  [2, -2],
];

function segment(number: number, type: number, data: Uint8Array): Buffer {
  const header = Buffer.alloc(11);
  header.writeUInt32BE(number, 0);
  header.writeUInt8(type, 4); // one-byte page association, no deferred flag
  header.writeUInt8(0, 5); // refers to no other segment
  header.writeUInt8(1, 6); // page 1
  header.writeUInt32BE(data.length, 7);
  return Buffer.concat([header, data]);
}

/** A bilevel image (1 = black, row-major, one byte a pixel) as a PDF JBIG2Decode stream: page info + one generic region. */
function jbig2(bitmap: Uint8Array, width: number, height: number): Buffer {
  const pageInfo = Buffer.alloc(19);
  pageInfo.writeUInt32BE(width, 0);
  pageInfo.writeUInt32BE(height, 4);
  const coder = mqEncoder(1 << 16);
  const pixel = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width ? 0 : (bitmap[y * width + x] as number);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let cx = 0;
      for (const [dx, dy] of TEMPLATE_0) cx = (cx << 1) | pixel(x + dx, y + dy);
      coder.encode(cx, bitmap[y * width + x] as number);
    }
  }
  const header = Buffer.alloc(26);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // x, y = 0; combination operator OR; generic flags 0: arithmetic coding, template 0, no typical prediction.
  Buffer.from([3, -1, -3, -1, 2, -2, -2, -2].map((v) => v & 0xff)).copy(header, 18);
  return Buffer.concat([segment(0, 48, pageInfo), segment(1, 38, Buffer.concat([header, coder.finish()]))]);
}

/** Lines of text drawn black on white, 150 dpi-sized; `luma` per pixel (0 black, 255 white). */
function drawLines(lines: string[], width = 1275, height = 420) {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.fillStyle = "#000000";
  context.font = "40px sans-serif";
  lines.forEach((line, i) => {
    context.fillText(line, 80, 120 + i * 80);
  });
  const rgba = context.getImageData(0, 0, width, height).data;
  const bilevel = new Uint8Array(width * height);
  for (let i = 0; i < bilevel.length; i++) bilevel[i] = (rgba[i * 4] as number) < 128 ? 1 : 0;
  return { canvas, bilevel, width, height };
}

const hasFonts = GlobalFonts.families.length > 0;

async function fixture(name: string): Promise<Buffer> {
  return readFile(path.join(fixtures, name));
}

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

const extractPdf = (bytes: Uint8Array) => extractDocument(bytes, { fileName: "scan.pdf", format: "pdf" });

describe("scanned PDFs of every image codec", () => {
  it.skipIf(!hasFonts)(
    "JBIG2 (generic region, arithmetic coded): OCR reads it in the extraction child",
    async () => {
      const page = drawLines([
        "Quarterly maintenance report",
        "The boiler room holds eleven pumps",
        "Inspected by the night shift",
      ]);
      const pdf = writePdf([
        {
          kind: "image",
          width: page.width,
          height: page.height,
          dict: "/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode",
          data: jbig2(page.bilevel, page.width, page.height),
        },
      ]);
      expect(pdf.length).toBeLessThan(30_000);
      const doc = await extractInIsolation({ pool, bytes: pdf, fileName: "jbig2.pdf", ext: "pdf" });
      expect(doc.ocrPageCount).toBe(1);
      expect(flat(doc.parts[0]?.text)).toContain("The boiler room holds eleven pumps");
      expect(doc.warnings).toEqual([]);
    },
    120_000,
  );

  it("JPEG 2000 (JPXDecode, fixture made with opj_compress and img2pdf)", async () => {
    const doc = await extractPdf(await fixture("scanned-jpx.pdf"));
    expect(doc.ocrPageCount).toBe(1);
    expect(flat(doc.parts[0]?.text)).toContain("The JPEG 2000 scan totals nine thousand euros");
    expect(doc.warnings).toEqual([]);
  }, 120_000);

  it("CCITT fax group 4 (CCITTFaxDecode, fixture made with ImageMagick and img2pdf)", async () => {
    const doc = await extractPdf(await fixture("scanned-ccitt.pdf"));
    expect(doc.ocrPageCount).toBe(1);
    expect(flat(doc.parts[0]?.text)).toContain("Forty crates of copper arrived on Monday");
    expect(doc.warnings).toEqual([]);
  }, 120_000);

  it.skipIf(!hasFonts)(
    "JPEG (DCTDecode)",
    async () => {
      const page = drawLines(["Travel expense claim", "The JPEG scan asks for sixty dollars"]);
      const doc = await extractPdf(
        imageOnlyPdf(await page.canvas.encode("jpeg", 85), page.width, page.height),
      );
      expect(flat(doc.parts[0]?.text)).toContain("The JPEG scan asks for sixty dollars");
      expect(doc.warnings).toEqual([]);
    },
    120_000,
  );
});

describe("images that cannot be read", () => {
  // A JBIG2 stream cut off inside its first segment, like a scan whose upload broke off: the decoder gives up on it.
  // (Damage further into the arithmetic-coded data decodes to noise instead, which is no decoding error.)
  const corruptJbig2 = () => jbig2(new Uint8Array(64 * 64), 64, 64).subarray(0, 20);

  it("names a corrupt JBIG2 image and an empty JPEG one in the warnings, and keeps the other pages", async () => {
    const pdf = writePdf([
      { kind: "text", text: "Cover letter of the maintenance report" },
      {
        kind: "image",
        width: 64,
        height: 64,
        dict: "/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode",
        data: corruptJbig2(),
      },
      // A JPEG image stream with no bytes at all.
      {
        kind: "image",
        width: 64,
        height: 64,
        dict: "/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode",
        data: new Uint8Array(0),
      },
    ]);
    const doc = await extractPdf(pdf);
    expect(flat(doc.parts[0]?.text)).toContain("Cover letter of the maintenance report");
    expect(doc.warnings).toEqual([
      "Page 2: its scanned image (JBIG2) could not be decoded",
      "Page 3: its scanned image (JPEG) could not be decoded",
    ]);
  }, 120_000);

  it("fails a PDF whose only scan cannot be decoded with that reason, not with 'OCR found no text'", async () => {
    const jpx = await fixture("scanned-jpx.pdf");
    // Overwrite the JPEG 2000 codestream's first markers: the stream is still there, its header is not.
    const at = jpx.indexOf(Buffer.from([0xff, 0x4f, 0xff, 0x51]));
    expect(at).toBeGreaterThan(0);
    jpx.fill(0x20, at, at + 64);
    const error = await failure(extractPdf(jpx));
    expect(error).toMatchObject({
      code: "damaged",
      message: "scanned PDF: page 1: its scanned image (JPEG 2000) could not be decoded",
    });
  }, 120_000);

  it(`leaves out an image of more than ${MAX_IMAGE_PIXELS.toLocaleString("en-US")} pixels, with a warning, without decoding it`, async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    const pdf = writePdf([
      { kind: "text", text: "Cover letter" },
      {
        kind: "image",
        width: side,
        height: side,
        pageWidth: 612,
        // A few bytes declaring a 7,000 x 7,000 bitmap: decoding it would allocate 200 MB as RGBA.
        dict: "/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode",
        data: jbig2(new Uint8Array(16 * 16), 16, 16),
      },
    ]);
    const doc = await extractPdf(pdf);
    expect(doc.warnings).toEqual([
      "Page 2: its scanned image has more than 50,000,000 pixels and was not read",
    ]);
  }, 120_000);
});

describe("render pixel cap", () => {
  it("renders at 300 dpi up to the cap, and a larger page at the scale that fits it", () => {
    expect(renderScale(612, 792)).toBe(OCR_DPI / 72);
    expect(renderScale(842, 1191)).toBe(OCR_DPI / 72); // A3 at 300 dpi: 17.4 million pixels
    const scale = renderScale(14_400, 14_400);
    expect(Math.ceil(14_400 * scale) ** 2).toBeLessThanOrEqual(MAX_RENDER_PIXELS);
    expect(Math.ceil(14_400 * scale) ** 2).toBeGreaterThan(0.99 * MAX_RENDER_PIXELS);
  });

  it("OCRs a 200 x 200 inch page at a lower resolution, says so, and stays within memory", async () => {
    const pdf = writePdf([
      { kind: "text", text: "Site plan cover sheet" },
      { kind: "blank", pageWidth: 14_400, pageHeight: 14_400 },
    ]);
    const rssBefore = process.memoryUsage().rss;
    const doc = await extractPdf(pdf);
    const grownMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    console.info(`a 14,400 x 14,400 pt page: RSS grew ${grownMb.toFixed(0)} MB`);
    // At 300 dpi the page would be 60,000 x 60,000 pixels, 14 GB as RGBA.
    expect(grownMb).toBeLessThan(1024);
    expect(doc.warnings).toContain(
      "Page 2 (200 x 200 in) is larger than 20,000,000 pixels at 300 dpi: it was read at 22 dpi",
    );
  }, 120_000);
});
