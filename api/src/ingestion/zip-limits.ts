// Bounds what a ZIP container (docx, xlsx) may expand to: bytes counted while each part inflates, stopped at the cap.
import { type Readable, Transform } from "node:stream";
import { type Entry, type ZipFile, fromBuffer as zipFromBuffer, open as zipOpen } from "yauzl";
import { ExtractionError } from "./types";

const MB = 1024 * 1024;

/** How far one archive may expand. */
export type ZipLimits = {
  /** Inflated bytes of one part. */
  maxPartBytes: number;
  /** Inflated bytes of all the parts read together. */
  maxTotalBytes: number;
  /** Inflated / compressed size of a part above which it is refused, once it has inflated past `ratioMinBytes`. */
  maxRatio: number;
  ratioMinBytes: number;
};

/**
 * Beyond this ratio, past 32 MB, a part is refused: text and XML deflate 5-20:1 (a generated 1,000,000-row sheet
 * about 10:1), while a ZIP bomb reaches 1,000:1 (the 4 MB DOCX that inflated to 1.5 GB: 375:1).
 */
export const ZIP_MAX_RATIO = 100;
const ZIP_RATIO_MIN_BYTES = 32 * MB;

/**
 * DOCX: mammoth holds the main part as one string and its XML tree in the child's 1 GB heap (a 150,000-paragraph
 * document needed ~768 MB); a larger part could only end in "needs more memory", after burning that memory outside
 * the heap too (JSZip's buffers).
 */
export const DOCX_ZIP_LIMITS: ZipLimits = {
  maxPartBytes: 128 * MB,
  maxTotalBytes: 256 * MB,
  maxRatio: ZIP_MAX_RATIO,
  ratioMinBytes: ZIP_RATIO_MIN_BYTES,
};

/** XLSX: sheets stream (decision 0011), so parts may be large; the 1,000,000-row workbook (48.8 MB) stays well inside. */
export const XLSX_ZIP_LIMITS: ZipLimits = {
  maxPartBytes: 1024 * MB,
  maxTotalBytes: 2048 * MB,
  maxRatio: ZIP_MAX_RATIO,
  ratioMinBytes: ZIP_RATIO_MIN_BYTES,
};

const mb = (bytes: number) => Math.round(bytes / MB);

function tooLarge(limitBytes: number, ratio?: number): ExtractionError {
  return new ExtractionError(
    "too-large",
    ratio === undefined
      ? `the file expands to more than ${mb(limitBytes)} MB when unpacked`
      : `the file expands to more than ${mb(limitBytes)} MB when unpacked (more than ${ratio} times its packed size)`,
  );
}

/** The first limit `inflated` bytes of a part break, as the error to fail with (null while within every limit). */
function limitBroken(
  limits: ZipLimits,
  inflated: number,
  compressedSize: number,
  total: number,
): ExtractionError | null {
  if (inflated > limits.maxPartBytes) return tooLarge(limits.maxPartBytes);
  if (total > limits.maxTotalBytes) return tooLarge(limits.maxTotalBytes);
  const ratioLimit = Math.max(limits.ratioMinBytes, compressedSize * limits.maxRatio);
  if (inflated > ratioLimit) return tooLarge(ratioLimit, limits.maxRatio);
  return null;
}

/** Refuses an archive whose central directory already declares more than the limits allow (nothing inflated yet). */
export function checkDeclaredSizes(entries: Iterable<Entry>, limits: ZipLimits): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    const broken = limitBroken(limits, entry.uncompressedSize, entry.compressedSize, total);
    if (broken) throw broken;
  }
}

/** Shared count of the bytes every part of one archive has inflated to. */
export type ZipBudget = { limits: ZipLimits; total: number };

/**
 * `stream` (a part being inflated) with its bytes counted as they come: past a limit the stream fails with the
 * "expands to more than N MB" error and the inflating stops there. `countTotal` false for a part read again (an
 * XLSX sheet is read twice): it counted once already.
 */
export function countInflated(
  stream: Readable,
  entry: Entry,
  budget: ZipBudget,
  countTotal = true,
): Readable {
  let inflated = 0;
  const counter = new Transform({
    transform(piece: Buffer, _encoding, callback) {
      inflated += piece.length;
      if (countTotal) budget.total += piece.length;
      const broken = limitBroken(budget.limits, inflated, entry.compressedSize, budget.total);
      if (broken) {
        stream.destroy();
        callback(broken);
      } else {
        callback(null, piece);
      }
    },
  });
  stream.on("error", (error) => counter.destroy(error));
  counter.on("close", () => stream.destroy());
  return stream.pipe(counter);
}

/** The failure for a ZIP container (`what`: "DOCX", "XLSX") that yauzl cannot read. */
export function damaged(what: string, cause: unknown): ExtractionError {
  return new ExtractionError("damaged", `not a valid ${what}: the ZIP archive is damaged or truncated`, {
    cause,
  });
}

/** Opens the archive for reading entry by entry (lazily, the file kept open), or throws `damaged`. */
export function openZipArchive(
  source: { bytes: Uint8Array } | { filePath: string },
  what: string,
): Promise<ZipFile> {
  return new Promise<ZipFile>((resolve, reject) => {
    const done = (error: Error | null, file?: ZipFile) =>
      error || !file ? reject(damaged(what, error)) : resolve(file);
    if ("bytes" in source) {
      const { bytes } = source;
      zipFromBuffer(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        { lazyEntries: true },
        done,
      );
    } else {
      zipOpen(source.filePath, { lazyEntries: true, autoClose: false }, done);
    }
  });
}

/**
 * Inflates every part of the archive once, counting, and throws "the file expands to more than N MB" at the first
 * limit passed; nothing is kept. For readers that load the whole archive themselves (mammoth, word-extractor), so a
 * ZIP bomb never reaches them. yauzl also fails a part that inflates past the size it declares.
 */
export async function checkZipExpansion(
  source: { bytes: Uint8Array } | { filePath: string },
  limits: ZipLimits,
  what: string,
): Promise<void> {
  const zip = await openZipArchive(source, what);
  const budget: ZipBudget = { limits, total: 0 };
  let declared = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", (error) => reject(damaged(what, error)));
      zip.on("end", () => resolve());
      zip.on("entry", (entry: Entry) => {
        declared += entry.uncompressedSize;
        const broken = limitBroken(limits, entry.uncompressedSize, entry.compressedSize, declared);
        if (broken) return reject(broken);
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(damaged(what, error));
          const counted = countInflated(stream, entry, budget);
          counted.on("data", () => undefined);
          counted.on("error", (failure) =>
            reject(failure instanceof ExtractionError ? failure : damaged(what, failure)),
          );
          counted.on("end", () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}
