// Damaged, truncated, encrypted and empty inputs fail with a typed ExtractionError whose message a user understands.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { UploadExtension } from "@acp/contracts/knowledge";
import { describe, expect, it } from "vitest";
import { buildZip, oleHeaderOnly, passwordProtectedPdf, realWorldFixturesDir } from "../test/files";
import { extractDocument } from "./extract-document";
import { ExtractionError } from "./types";

async function failure(bytes: Uint8Array, format: UploadExtension): Promise<ExtractionError> {
  const error = await extractDocument(bytes, { fileName: `upload.${format}`, format }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

const dir = realWorldFixturesDir();
const fixture = async (name: string) => new Uint8Array(await readFile(path.join(dir as string, name)));

describe("extraction errors", () => {
  it("DOCX: a ZIP without word/document.xml, an encrypted file, a non-ZIP", async () => {
    const noMain = buildZip({ "[Content_Types].xml": "<Types/>", "docProps/app.xml": "<Properties/>" });
    expect(await failure(noMain, "docx")).toMatchObject({
      code: "invalid",
      message: "not a valid DOCX: no main document part",
    });
    expect(await failure(oleHeaderOnly(), "docx")).toMatchObject({
      code: "encrypted",
      message: "password-protected document",
    });
    const notZip = await failure(
      new TextEncoder().encode("PK\u0003\u0004 but then nothing a zip needs"),
      "docx",
    );
    expect(notZip.code).toBe("damaged");
    expect(notZip.message).toMatch(/^not a valid DOCX: /);
  });

  it("XLSX: encrypted (an OLE2 container), no workbook part, not a ZIP", async () => {
    expect(await failure(oleHeaderOnly(), "xlsx")).toMatchObject({
      code: "encrypted",
      message: "password-protected workbook",
    });
    const noWorkbook = await failure(
      buildZip({ "[Content_Types].xml": "<Types/>", "docProps/app.xml": "<x/>" }),
      "xlsx",
    );
    expect(noWorkbook).toMatchObject({ code: "invalid", message: "not a valid XLSX: no workbook part" });
    const garbage = await failure(new TextEncoder().encode("PK\u0003\u0004 garbage garbage"), "xlsx");
    expect(garbage.message).toMatch(/^not a valid XLSX: /);
  });

  it("XLS and DOC: an OLE2 header with nothing behind it", async () => {
    const xls = await failure(oleHeaderOnly(), "xls");
    expect(xls.code).toBe("damaged");
    expect(xls.message).toMatch(/^not a valid Excel 97-2003 workbook: /);
    const doc = await failure(oleHeaderOnly(), "doc");
    expect(doc.code).toBe("damaged");
    expect(doc.message).toMatch(/^not a valid Word 97-2003 document: /);
  });

  it("PDF: password-protected, and one that opens with an empty user password", async () => {
    expect(await failure(passwordProtectedPdf("secret"), "pdf")).toMatchObject({
      code: "encrypted",
      message: "password-protected PDF",
    });
    // An owner password alone (printing/copying restrictions) does not stop reading: this one has no text, so it
    // fails for that reason instead.
    const restricted = await failure(passwordProtectedPdf(""), "pdf");
    expect(restricted.code).not.toBe("encrypted");
  });

  it("PDF: garbage after the header", async () => {
    const error = await failure(new TextEncoder().encode("%PDF-1.4\nthis is not a PDF body at all\n"), "pdf");
    expect(error.code).toBe("damaged");
    expect(error.message).toMatch(/^damaged PDF: /);
  });

  it("JSON, TXT, CSV: invalid JSON, empty and blank files", async () => {
    const json = await failure(new TextEncoder().encode('{"a": [1, 2,'), "json");
    expect(json.code).toBe("invalid");
    expect(json.message).toMatch(/^not valid JSON: /);
    expect(await failure(new Uint8Array(), "txt")).toMatchObject({
      code: "no-text",
      message: "the file is empty",
    });
    expect(await failure(new TextEncoder().encode(" \n\t\n "), "txt")).toMatchObject({
      code: "no-text",
      message: "the file contains no text",
    });
    expect(await failure(new TextEncoder().encode("\n\n"), "csv")).toMatchObject({ code: "no-text" });
  });

  it.skipIf(dir === null)("truncated real files fail cleanly", async () => {
    const docx = await fixture("tables.docx");
    const truncatedDocx = await failure(docx.subarray(0, Math.floor(docx.length / 2)), "docx");
    expect(truncatedDocx.message).toMatch(/^not a valid DOCX: /);
    const xlsx = await fixture("two-sheets-book1.xlsx");
    expect((await failure(xlsx.subarray(0, 4000), "xlsx")).message).toMatch(/^not a valid XLSX: /);
    const doc = await fixture("license-table.doc");
    expect((await failure(doc.subarray(0, 3000), "doc")).message).toMatch(
      /^not a valid Word 97-2003 document: /,
    );
    const xls = await fixture("formulas-cyrillic.xls");
    expect((await failure(xls.subarray(0, 3000), "xls")).message).toMatch(
      /^not a valid Excel 97-2003 workbook: /,
    );
  });
});
