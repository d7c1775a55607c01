// Reads an XLSX file row by row: sheets in workbook order, shared strings, date styles, cached formula values, merged cells expanded.
import { open as openFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { type Entry, open as openZip, type ZipFile, fromBuffer as zipFromBuffer } from "yauzl";
import { dateText, numberText } from "./cell-text";
import type { MergeRange } from "./sheet-grid";
import { ExtractionError, type TableRow } from "./types";
import { checkDeclaredSizes, countInflated, XLSX_ZIP_LIMITS, type ZipBudget } from "./zip-limits";

/** Parts read in one go (the workbook, relationships) are small; a larger one is not a workbook we can read. */
const MAX_SMALL_PART_BYTES = 64 * 1024 * 1024;

export type XlsxSheetInfo = { name: string; path: string };

export type XlsxReadHandlers = {
  /** A sheet starts (workbook order, hidden ones too). */
  onSheet: (sheet: XlsxSheetInfo) => void;
  /** Rows of the current sheet in order, merged cells filled; a returned promise is awaited (backpressure). */
  onRows: (rows: TableRow[]) => undefined | Promise<void>;
  /** Uncompressed bytes of the sheets read so far, out of their total. */
  onProgress?: (done: number, total: number) => void;
};

/** The file on disk, or its bytes in memory. */
export type XlsxSource = { filePath: string } | { bytes: Uint8Array };

const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

function decodeAddress(address: string): { row: number; col: number } | null {
  const match = /^\$?([A-Z]+)\$?(\d+)$/.exec(address.toUpperCase());
  if (!match) return null;
  let col = 0;
  for (const ch of match[1] as string) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(match[2]), col: col - 1 };
}

/** A range such as "B2:D4" (or one cell) as 1-based rows and 0-based columns. */
export function parseMergeRange(range: string): MergeRange | null {
  const [a, b] = range.split(":");
  const start = a ? decodeAddress(a) : null;
  const end = b ? decodeAddress(b) : start;
  if (!start || !end) return null;
  return {
    top: Math.min(start.row, end.row),
    bottom: Math.max(start.row, end.row),
    left: Math.min(start.col, end.col),
    right: Math.max(start.col, end.col),
  };
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** 0-based column of a cell reference such as "AB12"; -1 when there is none. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) col = col * 26 + (code - 64);
    else if (code >= 97 && code <= 122) col = col * 26 + (code - 96);
    else break;
  }
  return i === 0 ? -1 : col - 1;
}

/** The rule exceljs uses: a number format showing a year, month, day, hour, second or era is a date. */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));
}

/** Built-in number formats that are dates or times (ECMA-376 18.8.30, with the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** Days from 1899-12-30 (Excel's day 0) to 1970-01-01; the 1904 system counts from 1904-01-01, 1462 days later. */
function excelSerialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial + (date1904 ? 1462 : 0) - 25569) * 86_400_000));
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

type Archive = {
  entries: Map<string, Entry>;
  stream: (name: string) => Promise<Readable | null>;
  close: () => void;
};

function damaged(cause: unknown): ExtractionError {
  return new ExtractionError("damaged", "not a valid XLSX: the ZIP archive is damaged or truncated", {
    cause,
  });
}

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

async function openArchive(source: XlsxSource): Promise<Archive> {
  // An encrypted workbook is an OLE2 container holding the encrypted package.
  if (await startsLikeOle2(source)) throw new ExtractionError("encrypted", "password-protected workbook");
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    const done = (error: Error | null, file?: ZipFile) =>
      error || !file ? reject(damaged(error)) : resolve(file);
    if ("bytes" in source) {
      const { bytes } = source;
      zipFromBuffer(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        { lazyEntries: true },
        done,
      );
    } else {
      openZip(source.filePath, { lazyEntries: true, autoClose: false }, done);
    }
  });
  const entries = new Map<string, Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: Entry) => {
        // Names are matched case-insensitively: some writers capitalise parts differently from their references.
        entries.set(entry.fileName.replace(/^\//, "").toLowerCase(), entry);
        zip.readEntry();
      });
      zip.on("end", () => resolve());
      zip.on("error", (error) => reject(damaged(error)));
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
          error || !stream ? reject(damaged(error)) : resolve(countInflated(stream, entry, budget, first)),
        ),
      );
    },
    close: () => zip.close(),
  };
}

/** Feeds a part's XML to `parser` piece by piece, awaiting `afterPiece` between pieces. */
async function parseStream(
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

async function readSmallPart(
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
async function readRelationships(archive: Archive, partPath: string) {
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

type Workbook = {
  /** Worksheets in workbook order (chart and dialog sheets hold no cells). */
  sheets: XlsxSheetInfo[];
  date1904: boolean;
  sharedStringsPath: string | undefined;
  stylesPath: string | undefined;
};

async function readWorkbook(archive: Archive): Promise<Workbook> {
  const rootRelationships = await readRelationships(archive, "");
  const officeDocument = [...rootRelationships.values()].find((rel) => rel.type.endsWith("/officeDocument"));
  const workbookPath = officeDocument?.target ?? "xl/workbook.xml";
  const declared: { name: string; relationshipId: string }[] = [];
  let date1904 = false;
  const found = await readSmallPart(archive, workbookPath, (tag) => {
    const name = localName(tag.name);
    if (name === "workbookPr") date1904 = /^(1|true)$/i.test(attribute(tag, "date1904") ?? "");
    if (name !== "sheet") return;
    const relationshipId = Object.entries(tag.attributes).find(
      ([key]) => key.includes(":") && localName(key) === "id",
    )?.[1];
    declared.push({
      name: attribute(tag, "name") ?? `Sheet${declared.length + 1}`,
      relationshipId: relationshipId ?? "",
    });
  });
  if (!found) throw new ExtractionError("invalid", "not a valid XLSX: no workbook part");
  const relationships = await readRelationships(archive, workbookPath);
  const sheets: XlsxSheetInfo[] = [];
  for (const sheet of declared) {
    const rel = relationships.get(sheet.relationshipId);
    if (!rel?.type.endsWith("/worksheet")) continue;
    if (archive.entries.has(rel.target.toLowerCase())) sheets.push({ name: sheet.name, path: rel.target });
  }
  const byType = (suffix: string) =>
    [...relationships.values()].find((rel) => rel.type.endsWith(suffix))?.target;
  return { sheets, date1904, sharedStringsPath: byType("/sharedStrings"), stylesPath: byType("/styles") };
}

/** Whether each cell style (index into cellXfs) shows a date. */
async function readDateStyles(archive: Archive, stylesPath: string | undefined): Promise<boolean[]> {
  if (!stylesPath) return [];
  const stream = await archive.stream(stylesPath);
  if (!stream) return [];
  const formats = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  const parser = new SaxesParser();
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    if (name === "numFmt")
      formats.set(Number(attribute(tag, "numFmtId")), attribute(tag, "formatCode") ?? "");
    else if (name === "cellXfs") inCellXfs = !tag.isSelfClosing;
    else if (name === "xf" && inCellXfs) styleFormats.push(Number(attribute(tag, "numFmtId") ?? 0));
  });
  parser.on("closetag", (tag) => {
    if (localName(tag.name) === "cellXfs") inCellXfs = false;
  });
  await parseStream(stream, parser);
  return styleFormats.map((id) => {
    const custom = formats.get(id);
    return custom !== undefined ? isDateFormat(custom) : BUILT_IN_DATE_FORMATS.has(id);
  });
}

/** The shared string table: each item's text runs joined, phonetic guides left out. */
async function readSharedStrings(archive: Archive, path: string | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!path) return strings;
  const stream = await archive.stream(path);
  if (!stream) return strings;
  const parser = new SaxesParser();
  let current = "";
  let inText = false;
  let inPhonetic = false;
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    if (name === "si") current = "";
    else if (name === "rPh") inPhonetic = true;
    else if (name === "t" && !inPhonetic) inText = !tag.isSelfClosing;
  });
  parser.on("text", (text) => {
    if (inText) current += text;
  });
  parser.on("closetag", (tag) => {
    const name = localName(tag.name);
    if (name === "t") inText = false;
    else if (name === "rPh") inPhonetic = false;
    else if (name === "si") strings.push(current);
  });
  await parseStream(stream, parser);
  return strings;
}

/** Most cells one hyperlink range fills (a link over a whole column must not expand to a million cells). */
const MAX_HYPERLINK_CELLS = 10_000;

type TrailingParts = {
  merges: MergeRange[];
  /** Row -> [column, text] of empty cells that carry a hyperlink: they read as its address (or its display text). */
  links: Map<number, [number, string][]>;
};

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXmlAttribute = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] !== "#") return XML_ENTITIES[name] ?? whole;
    const code =
      name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
  });

/**
 * A sheet's merged ranges and hyperlinks: their elements come after its rows, so a first, light pass finds them with
 * a pattern over the XML (every element is complete before the last "<" of what has been read).
 */
async function readTrailingParts(archive: Archive, path: string): Promise<TrailingParts> {
  const merges: MergeRange[] = [];
  const links = new Map<number, [number, string][]>();
  const stream = await archive.stream(path);
  if (!stream) return { merges, links };
  const relationships = await readRelationships(archive, path);
  const pattern = /<(?:\w+:)?(mergeCell|hyperlink)\b([^>]*)>/g;
  const attributeOf = (attributes: string, name: string) =>
    new RegExp(`(?:^|\\s)(?:\\w+:)?${name}="([^"]*)"`).exec(attributes)?.[1];
  const decoder = new TextDecoder("utf-8");
  let carry = "";
  const scan = (text: string) => {
    for (const match of text.matchAll(pattern)) {
      const attributes = match[2] as string;
      const range = parseMergeRange(attributeOf(attributes, "ref") ?? "");
      if (!range) continue;
      if (match[1] === "mergeCell") {
        merges.push(range);
        continue;
      }
      const id = attributeOf(attributes, "id");
      const display = attributeOf(attributes, "display");
      const location = attributeOf(attributes, "location");
      const raw = (id ? relationships.get(id)?.target : undefined) ?? display ?? location;
      if (!raw) continue;
      const text = decodeXmlAttribute(raw);
      let cells = 0;
      for (let r = range.top; r <= range.bottom && cells < MAX_HYPERLINK_CELLS; r++) {
        const row = links.get(r) ?? [];
        for (let c = range.left; c <= range.right && cells < MAX_HYPERLINK_CELLS; c++, cells++)
          row.push([c, text]);
        links.set(r, row);
      }
    }
  };
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      const text = carry + decoder.decode(piece, { stream: true });
      const cut = text.lastIndexOf("<");
      scan(text.slice(0, Math.max(0, cut)));
      carry = cut < 0 ? "" : text.slice(cut);
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw damaged(error);
  }
  scan(carry + decoder.decode());
  return { merges: merges.sort((a, b) => a.top - b.top), links };
}

type ActiveMerge = { range: MergeRange; value: string };

/**
 * Puts each merged range's value in the range's first column of a row it covers, and empties its other columns (what
 * they hold is hidden behind the merge). Excel shows the value once across the range's width; repeating it in every
 * covered column made a title merged over 8 columns read 8 times in one row of the chunk text.
 */
function fillMerged(rowNumber: number, cells: string[], active: readonly ActiveMerge[]): void {
  for (const { range, value } of active) {
    if (rowNumber < range.top || rowNumber > range.bottom) continue;
    const last = Math.min(range.right, cells.length - 1);
    for (let c = range.left + 1; c <= last; c++) cells[c] = "";
    if (rowNumber !== range.top) cells[range.left] = value;
  }
}

/** Rows from `from` to `until` - 1 that one of `active` (a snapshot) covers with a value, made one at a time. */
function* coveredRows(active: readonly ActiveMerge[], from: number, until: number): Generator<TableRow> {
  const filled = active.filter(({ value }) => value !== "");
  if (filled.length === 0) return;
  const last = Math.min(until - 1, Math.max(...filled.map(({ range }) => range.bottom)));
  for (let rowNumber = from; rowNumber <= last; rowNumber++) {
    if (!filled.some(({ range }) => range.top <= rowNumber && rowNumber <= range.bottom)) continue;
    const cells: string[] = [];
    fillMerged(rowNumber, cells, filled);
    yield { rowNumber, cells: Array.from(cells, (c) => c ?? "") };
  }
}

/**
 * Expands merged ranges down the rows they cover (every row keeps the value, in the range's first column), adding the
 * rows a merge covers that the sheet does not list. Those rows are made lazily, as they are read: a range merged
 * over a million rows is never a million rows in memory.
 */
function createMergeFiller(merges: MergeRange[]) {
  let next = 0;
  let active: ActiveMerge[] = [];
  let lastRow = 0;
  return {
    /** The rows to emit for a listed row: covered rows before it, then the row itself, merges filled. */
    row(row: TableRow): Iterable<TableRow> {
      const before = coveredRows([...active], lastRow + 1, row.rowNumber);
      // Ranges that start at or above this row become active; a range whose top row was never listed has no value.
      while (next < merges.length && (merges[next] as MergeRange).top <= row.rowNumber) {
        const range = merges[next++] as MergeRange;
        active.push({ range, value: range.top === row.rowNumber ? (row.cells[range.left] ?? "") : "" });
      }
      fillMerged(row.rowNumber, row.cells, active);
      lastRow = row.rowNumber;
      active = active.filter(({ range }) => range.bottom > lastRow);
      return (function* () {
        yield* before;
        yield row;
      })();
    },
    /** Covered rows after the last listed one. */
    end(): Iterable<TableRow> {
      return coveredRows([...active], lastRow + 1, Number.POSITIVE_INFINITY);
    },
  };
}

/** Rows handed to `onRows` at a time when merges add rows the sheet does not list. */
const ROW_BATCH = 1024;

/** One sheet's rows, parsed from its XML: each cell's text as Excel shows the value it stores. */
function createSheetParser({
  sharedStrings,
  dateStyles,
  date1904,
  onRow,
}: {
  sharedStrings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
  onRow: (row: TableRow) => void;
}): SaxesParser {
  const parser = new SaxesParser();
  let rowNumber = 0;
  let cells: string[] = [];
  let column = -1;
  let type = "";
  let style = 0;
  let value = "";
  let inline = "";
  let inValue = false;
  let inInline = false;
  let inInlineText = false;
  let inPhonetic = false;
  const cellText = (): string => {
    switch (type) {
      case "s":
        return sharedStrings[Number(value)] ?? "";
      case "inlineStr":
        return inline;
      case "str":
      case "e":
        return value;
      case "b":
        return value.trim() === "" ? "" : value.trim() === "0" ? "FALSE" : "TRUE";
      case "d":
        // ISO 8601 without a zone is UTC in a workbook, not the reader's local time.
        return value === ""
          ? ""
          : dateText(new Date(/(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`));
      default: {
        if (value.trim() === "") return "";
        const number = Number(value);
        if (Number.isNaN(number)) return value;
        return dateStyles[style] ? dateText(excelSerialToDate(number, date1904)) : numberText(number);
      }
    }
  };
  parser.on("opentag", (tag) => {
    switch (localName(tag.name)) {
      case "row":
        rowNumber = Number(attribute(tag, "r")) || rowNumber + 1;
        cells = [];
        column = -1;
        break;
      case "c": {
        const at = columnOf(attribute(tag, "r"));
        column = at >= 0 ? at : column + 1;
        type = attribute(tag, "t") ?? "";
        style = Number(attribute(tag, "s") ?? 0);
        value = "";
        inline = "";
        break;
      }
      case "v":
        inValue = !tag.isSelfClosing;
        break;
      case "is":
        inInline = !tag.isSelfClosing;
        break;
      case "rPh":
        inPhonetic = true;
        break;
      case "t":
        inInlineText = inInline && !inPhonetic && !tag.isSelfClosing;
        break;
    }
  });
  parser.on("text", (text) => {
    if (inValue) value += text;
    else if (inInlineText) inline += text;
  });
  parser.on("closetag", (tag) => {
    switch (localName(tag.name)) {
      case "v":
        inValue = false;
        break;
      case "t":
        inInlineText = false;
        break;
      case "rPh":
        inPhonetic = false;
        break;
      case "is":
        inInline = false;
        break;
      case "c":
        if (column >= 0) cells[column] = cellText();
        break;
      case "row":
        onRow({ rowNumber, cells: Array.from(cells, (c) => c ?? "") });
        break;
    }
  });
  return parser;
}

/**
 * Streams the rows of every worksheet of an XLSX, in workbook order: shared strings, date styles and cached formula
 * values as Excel shows them, merged ranges' values once per row they cover and empty linked cells with the link.
 * Memory holds the shared strings, the styles, one sheet's merged ranges and links, and one piece of its XML,
 * whatever the number of rows.
 */
export async function readXlsxRows(
  source: XlsxSource,
  handlers: XlsxReadHandlers,
): Promise<{ sheets: number }> {
  const archive = await openArchive(source);
  try {
    const workbook = await readWorkbook(archive);
    if (workbook.sheets.length === 0) {
      throw new ExtractionError("invalid", "not a valid XLSX: the workbook has no sheets");
    }
    const dateStyles = await readDateStyles(archive, workbook.stylesPath);
    const sharedStrings = await readSharedStrings(archive, workbook.sharedStringsPath);
    const total = workbook.sheets.reduce(
      (sum, sheet) => sum + (archive.entries.get(sheet.path.toLowerCase())?.uncompressedSize ?? 0),
      0,
    );
    let done = 0;
    for (const sheet of workbook.sheets) {
      handlers.onSheet(sheet);
      const trailing = await readTrailingParts(archive, sheet.path);
      const merges = createMergeFiller(trailing.merges);
      const stream = await archive.stream(sheet.path);
      if (!stream) continue;
      // Each listed row brings its rows (merges may add some before it), read only when flushed, in batches.
      let pending: Iterable<TableRow>[] = [];
      const parser = createSheetParser({
        sharedStrings,
        dateStyles,
        date1904: workbook.date1904,
        onRow: (row) => {
          for (const [column, text] of trailing.links.get(row.rowNumber) ?? []) {
            if ((row.cells[column] ?? "") === "") row.cells[column] = text;
          }
          pending.push(merges.row(row));
        },
      });
      const flush = async () => {
        const sources = pending;
        pending = [];
        let batch: TableRow[] = [];
        for (const source of sources) {
          for (const row of source) {
            batch.push(row);
            if (batch.length >= ROW_BATCH) {
              await handlers.onRows(batch);
              batch = [];
            }
          }
        }
        if (batch.length > 0) await handlers.onRows(batch);
      };
      await parseStream(stream, parser, async (bytes) => {
        done += bytes;
        handlers.onProgress?.(done, total);
        await flush();
      });
      pending.push(merges.end());
      await flush();
    }
    return { sheets: workbook.sheets.length };
  } finally {
    archive.close();
  }
}
