// Extracts DOCX with mammoth (HTML parsed by linkedom): heading paths, tables as tables, headers/footers via word-extractor.
import { joinForPart, makePart } from "./parts";
import { listZipEntries } from "./sniff-file-type";
import { type ExtractedBlock, type ExtractedDocument, ExtractionError, type TableRow } from "./types";
import { checkZipExpansion, DOCX_ZIP_LIMITS } from "./zip-limits";

const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const BLOCK_TAGS = new Set(["P", "LI", "PRE", "BLOCKQUOTE", "DT", "DD"]);

/** The slice of the DOM this walker uses (the api compiles without the DOM lib; linkedom implements it). */
type Element = {
  tagName: string;
  textContent: string | null;
  children: ArrayLike<Element>;
  querySelectorAll(selector: string): ArrayLike<Element>;
  closest(selector: string): Element | null;
};

type Walker = { headings: string[]; blocks: ExtractedBlock[]; tableCount: number; lines: string[] };

function text(node: Element): string {
  return (node.textContent ?? "").replace(/\s+/g, " ").trim();
}

function rowCells(row: Element): string[] {
  return Array.from(row.children)
    .filter((cell) => cell.tagName === "TD" || cell.tagName === "TH")
    .map((cell) => text(cell));
}

function walk(element: Element, state: Walker): void {
  for (const child of Array.from(element.children)) {
    const tag = child.tagName;
    const heading = /^H([1-6])$/.exec(tag);
    if (heading) {
      const level = Number(heading[1]);
      const title = text(child);
      if (title === "") continue;
      state.headings = [...state.headings.slice(0, level - 1), title];
      state.blocks.push({
        kind: "text",
        text: title,
        location: { kind: "section", headings: [...state.headings] },
      });
      state.lines.push(title);
    } else if (tag === "TABLE") {
      const rows = Array.from(child.querySelectorAll("tr")).filter((tr) => tr.closest("table") === child);
      const cells = rows.map(rowCells).filter((r) => r.some((c) => c !== ""));
      if (cells.length === 0) continue;
      state.tableCount++;
      // Row numbers count the header as row 1, as a spreadsheet would.
      const body: TableRow[] = cells.slice(1).map((c, i) => ({ rowNumber: i + 2, cells: c }));
      state.blocks.push({
        kind: "table",
        header: cells[0] as string[],
        headerRowNumber: 1,
        rows: body,
        context: { kind: "section", headings: [...state.headings], tableIndex: state.tableCount },
      });
      for (const row of cells) state.lines.push(row.join("\t"));
    } else if (BLOCK_TAGS.has(tag)) {
      const value = text(child);
      if (value === "") continue;
      state.blocks.push({
        kind: "text",
        text: value,
        location: { kind: "section", headings: [...state.headings] },
      });
      state.lines.push(value);
    } else {
      walk(child, state);
    }
  }
}

async function headerFooterText(buffer: Buffer): Promise<string> {
  const { default: WordExtractor } = await import("word-extractor");
  return new WordExtractor()
    .extract(buffer)
    .then((doc) => doc.getHeaders({ includeFooters: true }).trim())
    .catch(() => "");
}

export async function extractDocx(bytes: Uint8Array): Promise<ExtractedDocument> {
  if (OLE2_MAGIC.every((b, i) => bytes[i] === b))
    throw new ExtractionError("encrypted", "password-protected document");
  const entries = await listZipEntries(bytes);
  if (entries === null)
    throw new ExtractionError("damaged", "not a valid DOCX: the ZIP archive is damaged or truncated");
  if (!entries.some((name) => name.startsWith("word/"))) {
    throw new ExtractionError("invalid", "not a valid DOCX: no main document part");
  }
  // mammoth and word-extractor inflate the whole archive themselves, without limits: a ZIP bomb must fail before.
  await checkZipExpansion({ bytes }, DOCX_ZIP_LIMITS, "DOCX");
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Parsers load on first use, so an extraction child that never reads a DOCX never loads them.
  const [{ default: mammoth }, { parseHTML }] = await Promise.all([import("mammoth"), import("linkedom")]);
  let html: string;
  const warnings: string[] = [];
  try {
    // Images are not text: skip their base64 data URIs (megabytes of HTML for a document with photos).
    const result = await mammoth.convertToHtml(
      { buffer },
      { convertImage: mammoth.images.imgElement(async () => ({ src: "" })) },
    );
    html = result.value;
  } catch (error) {
    const message = (error as Error).message ?? "";
    if (/main document part/i.test(message)) {
      throw new ExtractionError("invalid", "not a valid DOCX: no main document part", { cause: error });
    }
    if (/central directory|zip|corrupted|signature/i.test(message)) {
      throw new ExtractionError("damaged", "not a valid DOCX: the ZIP archive is damaged or truncated", {
        cause: error,
      });
    }
    throw new ExtractionError("damaged", `not a valid DOCX: ${message}`, { cause: error });
  }
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const state: Walker = { headings: [], blocks: [], tableCount: 0, lines: [] };
  walk((document as unknown as { body: Element }).body, state);
  const extra = await headerFooterText(buffer);
  if (extra !== "") {
    for (const paragraph of extra
      .split(/\n\s*\n|\n/)
      .map((p) => p.trim())
      .filter(Boolean)) {
      state.blocks.push({
        kind: "text",
        text: paragraph,
        location: { kind: "section", headings: ["Header and footer"] },
      });
      state.lines.push(paragraph);
    }
  }
  if (state.blocks.length === 0) throw new ExtractionError("no-text", "the document contains no text");
  return {
    format: "docx",
    parts: [makePart("Document", null, joinForPart(state.lines, "\n"), false)],
    blocks: state.blocks,
    warnings,
  };
}
