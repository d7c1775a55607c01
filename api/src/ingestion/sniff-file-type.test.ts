// Tests extension whitelisting, magic-byte checks, ZIP/OLE2 container verification and the user-facing reasons.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildZip, oleHeaderOnly } from "../test/files";
import {
  displayName,
  fileExtension,
  sniffFileType,
  verifyContainer,
  verifyContainerFile,
} from "./sniff-file-type";

const enc = (s: string) => new TextEncoder().encode(s);
const PDF = enc("%PDF-1.7\n%âãÏÓ\n1 0 obj\n");
const ZIP = buildZip({ "[Content_Types].xml": "<Types/>", "word/document.xml": "<w:document/>" });
const OLE = oleHeaderOnly();

describe("sniffFileType", () => {
  it("accepts each whitelisted extension, case-insensitively, when the content matches", () => {
    expect(sniffFileType({ fileName: "Report.PDF", head: PDF })).toEqual({ ok: true, ext: "pdf" });
    expect(sniffFileType({ fileName: "a.docx", head: ZIP })).toEqual({ ok: true, ext: "docx" });
    expect(sniffFileType({ fileName: "a.XLSX", head: ZIP })).toEqual({ ok: true, ext: "xlsx" });
    expect(sniffFileType({ fileName: "a.doc", head: OLE })).toEqual({ ok: true, ext: "doc" });
    expect(sniffFileType({ fileName: "a.xls", head: OLE })).toEqual({ ok: true, ext: "xls" });
    expect(sniffFileType({ fileName: "a.txt", head: enc("hello\nworld") })).toEqual({ ok: true, ext: "txt" });
    expect(sniffFileType({ fileName: "a.csv", head: enc("a,b\n1,2\n") })).toEqual({ ok: true, ext: "csv" });
    expect(sniffFileType({ fileName: "a.json", head: enc(' \n{"a": 1}') })).toEqual({
      ok: true,
      ext: "json",
    });
  });

  it("refuses other extensions and names the file", () => {
    const result = sniffFileType({ fileName: "photo.png", head: enc("x") });
    expect(result).toEqual({
      ok: false,
      reason: expect.stringContaining("photo.png: .png files are not supported"),
    });
    expect(sniffFileType({ fileName: "README", head: enc("x") }).ok).toBe(false);
  });

  it("says what the content looks like when it does not match the extension", () => {
    expect(sniffFileType({ fileName: "report.pdf", head: ZIP })).toEqual({
      ok: false,
      reason: "report.pdf: not a PDF file (it starts like a ZIP archive)",
    });
    expect(sniffFileType({ fileName: "a.docx", head: PDF })).toEqual({
      ok: false,
      reason: "a.docx: not a Word document (DOCX) (it starts like a PDF file)",
    });
    expect(sniffFileType({ fileName: "a.xls", head: ZIP })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("ZIP"),
    });
    expect(sniffFileType({ fileName: "a.doc", head: enc("plain words") })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("it looks like plain text"),
    });
  });

  it("refuses binary content in text formats, but accepts UTF-16 with or without a BOM", () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(sniffFileType({ fileName: "notes.txt", head: png })).toEqual({
      ok: false,
      reason: "notes.txt: not a text file (it is a PNG image)",
    });
    expect(
      sniffFileType({ fileName: "data.csv", head: Uint8Array.from([1, 2, 0, 0, 7, 0, 9, 0, 0, 3]) }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining("binary data"),
    });
    expect(sniffFileType({ fileName: "data.csv", head: PDF }).ok).toBe(false);
    const utf16le = Buffer.from("\ufeffname,city\nZoë,Zürich\n", "utf16le");
    expect(sniffFileType({ fileName: "u.csv", head: utf16le })).toEqual({ ok: true, ext: "csv" });
    const noBom = Buffer.from("name,city\nAnna,Paris\n", "utf16le");
    expect(sniffFileType({ fileName: "u.txt", head: noBom })).toEqual({ ok: true, ext: "txt" });
  });

  it("refuses an empty file and JSON that does not start like JSON", () => {
    expect(sniffFileType({ fileName: "a.txt", head: new Uint8Array() })).toEqual({
      ok: false,
      reason: "a.txt: the file is empty",
    });
    expect(sniffFileType({ fileName: "a.json", head: enc("<html>") })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("not a JSON file"),
    });
  });

  it("never treats the client's name as a path", () => {
    expect(displayName("../../etc/passwd.txt")).toBe("passwd.txt");
    expect(displayName("C:\\Users\\me\\report.pdf")).toBe("report.pdf");
    expect(displayName("bad\u0000name\n.pdf")).toBe("badname.pdf");
    // A right-to-left override would show "invoice\u202Efdp.exe" as "invoiceexe.pdf": it is an .exe, and refused.
    expect(displayName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(fileExtension("invoice\u202Efdp.exe")).toBe("exe");
    expect(sniffFileType({ fileName: "invoice\u202Efdp.exe", head: enc("%PDF-1.7") })).toMatchObject({
      ok: false,
    });
    expect(displayName("\u2066report\u2069\u200B.pdf\uFEFF")).toBe("report.pdf");
    expect(displayName("\u200B\u200D")).toBe("file");
    expect(fileExtension("../x/archive.tar.CSV")).toBe("csv");
    const result = sniffFileType({ fileName: "../../secret/report.pdf", head: ZIP });
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/^report\.pdf: /) });
  });
});

describe("verifyContainer", () => {
  it("checks the main part of a ZIP container", async () => {
    const docx = buildZip({ "[Content_Types].xml": "<Types/>", "word/document.xml": "<w:document/>" });
    const xlsx = buildZip({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" });
    const plainZip = buildZip({ "notes.txt": "hello" });
    expect(await verifyContainer({ fileName: "a.docx", bytes: docx })).toEqual({ ok: true, ext: "docx" });
    expect(await verifyContainer({ fileName: "a.xlsx", bytes: xlsx })).toEqual({ ok: true, ext: "xlsx" });
    expect(await verifyContainer({ fileName: "a.docx", bytes: plainZip })).toEqual({
      ok: false,
      reason: "a.docx: not a valid DOCX: no main document part",
    });
    expect(await verifyContainer({ fileName: "a.docx", bytes: xlsx })).toEqual({
      ok: false,
      reason: "a.docx: not a Word document (it is an Excel workbook; rename it to .xlsx)",
    });
    expect(await verifyContainer({ fileName: "a.xlsx", bytes: docx })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("it is a Word document"),
    });
    expect(
      await verifyContainer({ fileName: "a.xlsx", bytes: docx.subarray(0, docx.length - 30) }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining("damaged or truncated"),
    });
  });

  it("tells .doc from .xls inside OLE2 files and lets encrypted OOXML through to extraction", async () => {
    const withStream = (name: string) =>
      Buffer.concat([oleHeaderOnly(512), Buffer.from(name, "utf16le"), Buffer.alloc(64)]);
    expect(await verifyContainer({ fileName: "a.doc", bytes: withStream("WordDocument") })).toEqual({
      ok: true,
      ext: "doc",
    });
    expect(await verifyContainer({ fileName: "a.xls", bytes: withStream("Workbook") })).toEqual({
      ok: true,
      ext: "xls",
    });
    expect(await verifyContainer({ fileName: "a.doc", bytes: withStream("Workbook") })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("it is an Excel 97-2003 workbook"),
    });
    expect(await verifyContainer({ fileName: "a.xls", bytes: oleHeaderOnly() })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("no Workbook stream"),
    });
    expect(await verifyContainer({ fileName: "locked.xlsx", bytes: withStream("EncryptedPackage") })).toEqual(
      { ok: true, ext: "xlsx" },
    );
    expect(await verifyContainer({ fileName: "old.xlsx", bytes: withStream("Workbook") })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("save it as .xls"),
    });
  });

  it("reads only what it needs from a file on disk", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sniff-"));
    try {
      const file = path.join(dir, "upload.bin");
      await writeFile(
        file,
        buildZip({ "xl/workbook.xml": "<workbook/>", "xl/worksheets/sheet1.xml": "<x/>" }),
      );
      expect(await verifyContainerFile({ fileName: "book.xlsx", filePath: file })).toEqual({
        ok: true,
        ext: "xlsx",
      });
      expect(await verifyContainerFile({ fileName: "book.docx", filePath: file })).toMatchObject({
        ok: false,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
