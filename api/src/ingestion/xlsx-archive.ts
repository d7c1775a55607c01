// The ZIP container of an XLSX: parts opened as counted streams (ZIP-bomb limits), small XML parts and relationships.
import { open as openFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import type { Entry } from "yauzl";
import { ExtractionError } from "./types";
import {
  checkDeclaredSizes,
  countInflated,
  damaged,
  openZipArchive,
  XLSX_ZIP_LIMITS,
  type ZipBudget,
} from "./zip-limits";

/** Parts read in one go (the workbook, relationships) are small; a larger one is not a workbook we can read. */
const MAX_SMALL_PART_BYTES = 64 * 1024 * 1024;

/** The file on disk, or its bytes in memory. */
export type XlsxSource = { filePath: string } | { bytes: Uint8Array };

const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

export const localName = (name: string) => name.slice(name.indexOf(":") + 1);

export function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** Joins a part path to a relationship target (relative to the part's folder, or absolute from the root). */
function resolveTarget(baseFolder: string, target: string): string {
  const parts = target.startsWith("/") ? [] : baseFolder.split("/").filter(Boolean);
  for (const piece of target.replace(/^\//, "").split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== "." && piece !== "") parts.push(piece);
  }
  return parts.join("/");
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);
const relsOf = (path: string) => `${folderOf(path)}_rels/${path.slice(path.lastIndexOf("/") + 1)}.rels`;

export type Archive = {
  entries: Map<string, Entry>;
  stream: (name: string) => Promise<Readable | null>;
  close: () => void;
};

/** The failure for a workbook whose ZIP container cannot be read. */
export const damagedXlsx = (cause: unknown): ExtractionError => damaged("XLSX", cause);

async function startsLikeOle2(source: XlsxSource): Promise<boolean> {
  let head: Uint8Array;
  if ("bytes" in source) {
    head = source.bytes.subarray(0, 4);
  } else {
    const handle = await openFile(source.filePath, "r");
    try {
      head = new Uint8Array(4);
      await handle.read(head, 0, 4, 0);
    } finally {
      await handle.close();
    }
  }
  return OLE2_MAGIC.every((b, i) => head[i] === b);
}

export async function openArchive(source: XlsxSource): Promise<Archive> {
  // An encrypted workbook is an OLE2 container holding the encrypted package.
  if (await startsLikeOle2(source)) throw new ExtractionError("encrypted", "password-protected workbook");
  const zip = await openZipArchive(source, "XLSX");
  const entries = new Map<string, Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: Entry) => {
        // Names are matched case-insensitively: some writers capitalise parts differently from their references.
        entries.set(entry.fileName.replace(/^\//, "").toLowerCase(), entry);
        zip.readEntry();
      });
      zip.on("end", () => resolve());
      zip.on("error", (error) => reject(damagedXlsx(error)));
      zip.readEntry();
    });
    // A workbook that declares more than the limits is refused before anything inflates.
    checkDeclaredSizes(entries.values(), XLSX_ZIP_LIMITS);
  } catch (error) {
    zip.close();
    throw error;
  }
  // Every part is also counted while it inflates (yauzl stops one that passes its declared size; the count stops the
  // rest): a ZIP bomb fails with "the file expands to more than N MB" before the XML parser sees much of it.
  const budget: ZipBudget = { limits: XLSX_ZIP_LIMITS, total: 0 };
  const counted = new Set<string>();
  return {
    entries,
    stream: (name) => {
      const key = name.toLowerCase();
      const entry = entries.get(key);
      if (!entry) return Promise.resolve(null);
      const first = !counted.has(key);
      counted.add(key);
      return new Promise((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) =>
          error || !stream
            ? reject(damagedXlsx(error))
            : resolve(countInflated(stream, entry, budget, first)),
        ),
      );
    },
    close: () => zip.close(),
  };
}

/** Feeds a part's XML to `parser` piece by piece, awaiting `afterPiece` between pieces. */
export async function parseStream(
  stream: Readable,
  parser: SaxesParser,
  afterPiece?: (bytes: number) => undefined | Promise<void>,
): Promise<void> {
  const decoder = new TextDecoder("utf-8");
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      parser.write(decoder.decode(piece, { stream: true }));
      await afterPiece?.(piece.length);
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    stream.destroy();
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError("damaged", `damaged workbook: ${(error as Error).message}`, { cause: error });
  }
}

export async function readSmallPart(
  archive: Archive,
  name: string,
  onTag: (tag: SaxesTagPlain) => void,
): Promise<boolean> {
  const entry = archive.entries.get(name.toLowerCase());
  if (!entry) return false;
  if (entry.uncompressedSize > MAX_SMALL_PART_BYTES) {
    throw new ExtractionError("invalid", `not a valid XLSX: ${name} is too large`);
  }
  const stream = await archive.stream(name);
  if (!stream) return false;
  const parser = new SaxesParser();
  parser.on("opentag", onTag);
  await parseStream(stream, parser);
  return true;
}

/** Relationship id -> { target (a part path, or an external address as written), type }. */
export async function readRelationships(archive: Archive, partPath: string) {
  const relationships = new Map<string, { target: string; type: string }>();
  await readSmallPart(archive, relsOf(partPath), (tag) => {
    if (localName(tag.name) !== "Relationship") return;
    const id = attribute(tag, "Id");
    const target = attribute(tag, "Target");
    if (!id || !target) return;
    const external = attribute(tag, "TargetMode") === "External";
    relationships.set(id, {
      target: external ? target : resolveTarget(folderOf(partPath), target),
      type: attribute(tag, "Type") ?? "",
    });
  });
  return relationships;
}
