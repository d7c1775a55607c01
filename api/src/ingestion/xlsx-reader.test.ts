// The XLSX reader on a hand-built workbook: workbook order, absolute targets, prefixed XML, every cell type, 1904 dates, merges and links.
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import type { TableRow } from "./types";
import { readXlsxRows } from "./xlsx-reader";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** A workbook whose sheet parts are stored in the opposite order of the workbook's, as some writers do. */
async function workbook(): Promise<Uint8Array> {
  const zip = new JSZip();
  // The ZIP holds the second sheet's part first, and the shared strings last.
  zip.file(
    "xl/worksheets/data-b.xml",
    `<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>second</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
  );
  zip.file(
    "_rels/.rels",
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    "xl/workbook.xml",
    `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr date1904="1"/><sheets><sheet name="First &amp; main" sheetId="7" r:id="rA"/><sheet name="Chart" sheetId="8" r:id="rC"/><sheet name="Second" sheetId="9" r:id="rB"/></sheets></workbook>`,
  );
  zip.file(
    "xl/_rels/workbook.xml.rels",
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
      <Relationship Id="rA" Type="${REL}/worksheet" Target="/xl/worksheets/data-a.xml"/>
      <Relationship Id="rB" Type="${REL}/worksheet" Target="worksheets/data-b.xml"/>
      <Relationship Id="rC" Type="${REL}/chartsheet" Target="chartsheets/sheet1.xml"/>
      <Relationship Id="rS" Type="${REL}/styles" Target="styles.xml"/>
      <Relationship Id="rT" Type="${REL}/sharedStrings" Target="strings.xml"/>
    </Relationships>`,
  );
  zip.file(
    "xl/styles.xml",
    `<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="4"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
  );
  zip.file(
    "xl/worksheets/data-a.xml",
    `<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>
      <row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c><c r="D2"><v>1</v></c></row>
      <row r="3"><c r="A3" t="b"><f>1=1</f><v>1</v></c><c r="B3" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="C3" s="2"><v>1234.5</v></c><c r="D3" s="1"><v>0</v></c></row>
      <row r="4"><c r="A4" t="str"><f>"x"&amp;"y"</f><v>xy</v></c><c r="B4" t="d"><v>2026-03-01T08:30:00</v></c><c r="C4" s="3"><v>45000</v></c></row>
      <row r="7"><c r="A7"><f>B7-B7</f><v>0</v></c><c t="str"><v>after A</v></c><c r="E7" s="0"/></row>
      <row r="8"><c r="A8" s="1"><v>0</v></c></row>
    </sheetData><mergeCells count="1"><mergeCell ref="D2:E5"/></mergeCells><hyperlinks><hyperlink ref="E7" r:id="rL" display="Open the site"/></hyperlinks></worksheet>`,
  );
  zip.file(
    "xl/worksheets/_rels/data-a.xml.rels",
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rL" Type="${REL}/hyperlink" Target="https://example.com/a?b=1&amp;c=2" TargetMode="External"/></Relationships>`,
  );
  zip.file(
    "xl/strings.xml",
    `<sst xmlns="${MAIN}"><si><t>plain</t></si><si><r><t>rich </t></r><r><t>text</t></r><rPh><t>ふりがな</t></rPh></si></sst>`,
  );
  return zip.generateAsync({ type: "uint8array" });
}

describe("readXlsxRows", () => {
  it("reads every worksheet in workbook order with each cell as Excel shows it", async () => {
    const sheets: { name: string; rows: TableRow[] }[] = [];
    const progress: number[] = [];
    const result = await readXlsxRows(
      { bytes: await workbook() },
      {
        onSheet: (sheet) => {
          sheets.push({ name: sheet.name, rows: [] });
        },
        onRows: (rows) => {
          sheets.at(-1)?.rows.push(...rows);
          return undefined;
        },
        onProgress: (done) => progress.push(done),
      },
    );
    expect(result.sheets).toBe(2);
    expect(sheets.map((s) => s.name)).toEqual(["First & main", "Second"]);
    expect(sheets[0]?.rows).toEqual([
      // D2 is merged over D2:E5: rows 2-5 show its value once, in column D; row 5 is added though the sheet does not
      // list it.
      { rowNumber: 2, cells: ["plain", "rich text", "", "1"] },
      // A boolean result, an error, a number format that is not a date; D3's own value is hidden by the merge.
      { rowNumber: 3, cells: ["TRUE", "#DIV/0!", "1234.5", "1"] },
      // A string result, an ISO date cell (UTC), a built-in date format in the 1904 system.
      { rowNumber: 4, cells: ["xy", "2026-03-01 08:30", "2027-03-16", "1"] },
      { rowNumber: 5, cells: ["", "", "", "1"] },
      // A zero formula result stays 0, a cell without a reference takes the next column, an empty cell carrying a
      // link reads as its address.
      { rowNumber: 7, cells: ["0", "after A", "", "", "https://example.com/a?b=1&c=2"] },
      // A custom date format: day 0 of the 1904 system.
      { rowNumber: 8, cells: ["1904-01-01"] },
    ]);
    expect(sheets[1]?.rows).toEqual([{ rowNumber: 1, cells: ["second"] }]);
    expect(progress.length).toBeGreaterThan(0);
  });
});
