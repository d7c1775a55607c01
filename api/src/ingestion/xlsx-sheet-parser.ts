// Parses one worksheet's XML into rows: each cell's text as Excel shows the value it stores.
import { SaxesParser } from "saxes";
import { dateText, numberText } from "./cell-text";
import type { TableRow } from "./types";
import { attribute, localName } from "./xlsx-archive";

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

/** Days from 1899-12-30 (Excel's day 0) to 1970-01-01; the 1904 system counts from 1904-01-01, 1462 days later. */
function excelSerialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial + (date1904 ? 1462 : 0) - 25569) * 86_400_000));
}

/** One sheet's rows, parsed from its XML: each cell's text as Excel shows the value it stores. */
export function createSheetParser({
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
