// ZIP bombs (docx, xlsx) fail alone, fast, with "the file expands to more than N MB", before any parser sees them.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDeflatedZip, DOCX_FRAME } from "../test/files";
import { extractDocument } from "./extract-document";
import { extractChunksInIsolation } from "./extract-in-isolation";
import { ExtractionPool } from "./extraction-pool";
import { ExtractionError } from "./types";
import { checkZipExpansion, DOCX_ZIP_LIMITS, XLSX_ZIP_LIMITS, ZIP_MAX_RATIO } from "./zip-limits";

/** The children this file's extractions run in (the API's are deps.extractionPool). */
const pool = new ExtractionPool();

const MB = 1024 * 1024;
const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

const PARAGRAPH = "<w:p><w:r><w:t>All work and no play makes a dull document.</w:t></w:r></w:p>";

/** A DOCX whose main part inflates to `bytes` of paragraphs (a few hundred KB packed for hundreds of MB). */
function docxOf(bytes: number): Promise<Buffer> {
  return buildDeflatedZip({
    ...DOCX_FRAME,
    "word/document.xml": {
      head: `<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body>`,
      repeat: PARAGRAPH,
      bytes,
      tail: "</w:body></w:document>",
    },
  });
}

/** An XLSX whose one sheet inflates to `bytes` of rows. */
function xlsxOf(bytes: number): Promise<Buffer> {
  return buildDeflatedZip({
    "_rels/.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Bomb" sheetId="1" r:id="rA"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rA" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": {
      head: `<worksheet xmlns="${MAIN}"><sheetData>`,
      repeat: '<row><c t="inlineStr"><is><t>name</t></is></c><c><v>42</v></c></row>',
      bytes,
      tail: "</sheetData></worksheet>",
    },
  });
}

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExtractionError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("the expansion limits, while inflating", () => {
  const small = { maxPartBytes: 1 * MB, maxTotalBytes: 2 * MB, maxRatio: 1_000_000, ratioMinBytes: 0 };

  it("stops a part at the part limit, parts together at the total limit, a part past the ratio", async () => {
    const one = await buildDeflatedZip({ "a.xml": { repeat: "abc", bytes: 1.5 * MB } });
    expect(await failure(checkZipExpansion({ bytes: one }, small, "DOCX"))).toMatchObject({
      code: "too-large",
      message: "the file expands to more than 1 MB when unpacked",
    });
    const three = await buildDeflatedZip({
      "a.xml": { repeat: "abc", bytes: 0.9 * MB },
      "b.xml": { repeat: "abc", bytes: 0.9 * MB },
      "c.xml": { repeat: "abc", bytes: 0.9 * MB },
    });
    expect(await failure(checkZipExpansion({ bytes: three }, small, "DOCX"))).toMatchObject({
      message: "the file expands to more than 2 MB when unpacked",
    });
    const ratio = { ...small, maxPartBytes: 100 * MB, maxTotalBytes: 100 * MB, maxRatio: 10 };
    expect(await failure(checkZipExpansion({ bytes: one }, ratio, "DOCX"))).toMatchObject({
      message: expect.stringMatching(
        /^the file expands to more than 0 MB when unpacked \(more than 10 times/,
      ),
    });
    await expect(
      checkZipExpansion({ bytes: three }, { ...small, maxTotalBytes: 3 * MB }, "DOCX"),
    ).resolves.toBe(undefined);
  });

  it("stops a part that inflates past the size it declares (mammoth's reader would not)", async () => {
    const zip = await buildDeflatedZip({ "word/document.xml": { repeat: PARAGRAPH, bytes: 64 * MB } });
    // Declare 1 KB in both headers: the central directory's uncompressed size is at 24, the local header's at 22.
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(1024, central + 24);
    zip.writeUInt32LE(1024, 22);
    const error = await failure(checkZipExpansion({ bytes: zip }, DOCX_ZIP_LIMITS, "DOCX"));
    expect(error.code).toBe("damaged");
  });

  it("chooses limits that leave real documents alone", () => {
    expect(DOCX_ZIP_LIMITS).toMatchObject({ maxPartBytes: 128 * MB, maxTotalBytes: 256 * MB, maxRatio: 100 });
    expect(XLSX_ZIP_LIMITS).toMatchObject({ maxPartBytes: 1024 * MB, maxTotalBytes: 2048 * MB });
    expect(ZIP_MAX_RATIO).toBe(100);
  });
});

describe("ZIP bombs", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "zip-bomb-"));
  });
  afterAll(async () => {
    await pool.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("a DOCX whose main part inflates to 600 MB fails before mammoth reads it, in the child, in seconds", async () => {
    const bomb = await docxOf(600 * MB);
    expect(bomb.length).toBeLessThan(4 * MB);
    const file = path.join(dir, "bomb.docx");
    await writeFile(file, bomb);
    const started = Date.now();
    const error = await failure(
      extractChunksInIsolation({
        pool,
        filePath: file,
        fileName: "bomb.docx",
        ext: "docx",
        onChunks: () => undefined,
      }),
    );
    expect(error.code).toBe("too-large");
    expect(error.message).toMatch(/^the file expands to more than \d+ MB when unpacked/);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it("a DOCX over the part limit fails in process too, without mammoth", async () => {
    const error = await failure(
      extractDocument(await docxOf(DOCX_ZIP_LIMITS.maxPartBytes + MB), {
        fileName: "big.docx",
        format: "docx",
      }),
    );
    expect(error).toMatchObject({ code: "too-large" });
    expect(error.message).toMatch(/^the file expands to more than \d+ MB when unpacked/);
  }, 60_000);

  it("an XLSX whose sheet inflates to 600 MB fails while streaming, before its rows are chunked", async () => {
    const bomb = await xlsxOf(600 * MB);
    const file = path.join(dir, "bomb.xlsx");
    await writeFile(file, bomb);
    let chunks = 0;
    const started = Date.now();
    const error = await failure(
      extractChunksInIsolation({
        pool,
        filePath: file,
        fileName: "bomb.xlsx",
        ext: "xlsx",
        onChunks: (batch) => {
          chunks += batch.length;
        },
      }),
    );
    expect(error.code).toBe("too-large");
    expect(error.message).toMatch(
      /^the file expands to more than \d+ MB when unpacked \(more than 100 times/,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    // At most what 32 MB of sheet XML holds was chunked, not 600 MB of it.
    expect(chunks).toBeLessThan(20_000);
  }, 90_000);
});
