// The workbook-wide parts of an XLSX: its sheets in order, the 1904 date system, date styles and shared strings.
import { SaxesParser } from "saxes";
import { ExtractionError } from "./types";
import {
  type Archive,
  attribute,
  localName,
  parseStream,
  readRelationships,
  readSmallPart,
} from "./xlsx-archive";

export type XlsxSheetInfo = { name: string; path: string };

/** The rule exceljs uses: a number format showing a year, month, day, hour, second or era is a date. */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]+/.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));
}

/** Built-in number formats that are dates or times (ECMA-376 18.8.30, with the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

export type Workbook = {
  /** Worksheets in workbook order (chart and dialog sheets hold no cells). */
  sheets: XlsxSheetInfo[];
  date1904: boolean;
  sharedStringsPath: string | undefined;
  stylesPath: string | undefined;
};

export async function readWorkbook(archive: Archive): Promise<Workbook> {
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
export async function readDateStyles(archive: Archive, stylesPath: string | undefined): Promise<boolean[]> {
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
export async function readSharedStrings(archive: Archive, path: string | undefined): Promise<string[]> {
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
