// Test helpers: builds tiny ZIP archives, image-only PDFs and finds the shared real-world fixtures (tests only).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { crc32, createDeflateRaw } from "node:zlib";
import { repoRoot } from "../paths";

/** The shared real-world fixtures (`../shared/fixtures/real-world` from the repository root), or null when absent. */
export function realWorldFixturesDir(): string | null {
  const dir = path.resolve(repoRoot, "../shared/fixtures/real-world");
  return existsSync(path.join(dir, "MANIFEST.md")) ? dir : null;
}

/** A ZIP archive with the given entries, stored without compression (enough for container tests). */
export function buildZip(entries: Record<string, string | Uint8Array>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

/**
 * An entry's content: bytes, text, or `head`, then `repeat` repeated until about `bytes` long, then `tail` (never
 * held whole in memory).
 */
type DeflatedEntry = string | Uint8Array | { head?: string; repeat: string; bytes: number; tail?: string };

/**
 * A ZIP archive whose entries are deflated, as Office writes them. A `repeat` entry is deflated piece by piece, so a
 * ZIP bomb (a part of gigabytes in a few megabytes) is made without ever holding its inflated content.
 */
export async function buildDeflatedZip(entries: Record<string, DeflatedEntry>): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const deflate = createDeflateRaw({ level: 9 });
    const out: Buffer[] = [];
    deflate.on("data", (piece: Buffer) => out.push(piece));
    const ended = new Promise<void>((resolve, reject) => {
      deflate.on("end", resolve);
      deflate.on("error", reject);
    });
    let crc = 0;
    let size = 0;
    const write = async (piece: Buffer) => {
      crc = crc32(piece, crc);
      size += piece.length;
      if (!deflate.write(piece)) await new Promise((resolve) => deflate.once("drain", resolve));
    };
    if (typeof content === "string" || content instanceof Uint8Array) {
      await write(Buffer.from(content));
    } else {
      if (content.head) await write(Buffer.from(content.head));
      const unit = Buffer.from(content.repeat);
      const block = Buffer.concat(
        Array.from({ length: Math.max(1, Math.floor((1 << 20) / unit.length)) }, () => unit),
      );
      while (size + block.length <= content.bytes) await write(block);
      const rest = Math.floor((content.bytes - size) / unit.length) * unit.length;
      if (rest > 0) await write(block.subarray(0, rest));
      if (content.tail) await write(Buffer.from(content.tail));
    }
    deflate.end();
    await ended;
    const data = Buffer.concat(out);
    const nameBytes = Buffer.from(name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

/** The parts of a minimal DOCX around `documentXml` (its `<w:body>` content given, or a `repeat` entry whole). */
export const DOCX_FRAME = {
  "[Content_Types].xml":
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  "_rels/.rels":
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
} as const;

/** The 8-byte OLE2 (Compound File) signature followed by zeros: looks like a .doc/.xls but holds nothing. */
export function oleHeaderOnly(size = 1024): Buffer {
  const bytes = Buffer.alloc(size);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
}

/** A one-page PDF whose page is only a JPEG image (no text layer), like a scan. Written by hand: no PDF library. */
export function imageOnlyPdf(jpeg: Uint8Array, width: number, height: number): Buffer {
  const pageWidth = 612;
  const pageHeight = Math.round((pageWidth * height) / width);
  const content = `q ${pageWidth} 0 0 ${pageHeight} 0 0 cm /Im1 Do Q`;
  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>`,
    ),
    Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`),
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      ),
      Buffer.from(jpeg),
      Buffer.from("\nendstream"),
    ]),
  ];
  return assemblePdf(objects);
}

/**
 * A PDF file of `objects` (object 1 is the catalog, numbered in order) with its cross-reference table and trailer.
 */
export function assemblePdf(objects: readonly Buffer[], version = "1.4"): Buffer {
  const chunks: Buffer[] = [Buffer.from(`%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`, "latin1")];
  let length = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    chunks.push(obj);
    length += obj.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(length),
    "%%EOF",
    "",
  ].join("\n");
  chunks.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(chunks);
}

const PDF_PASSWORD_PADDING = Buffer.from(
  "28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a",
  "hex",
);

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  let a = 0;
  let b = 0;
  for (let k = 0; k < data.length; k++) {
    a = (a + 1) & 255;
    b = (b + (s[a] as number)) & 255;
    [s[a], s[b]] = [s[b] as number, s[a] as number];
    out[k] = (data[k] as number) ^ (s[((s[a] as number) + (s[b] as number)) & 255] as number);
  }
  return out;
}

function padPassword(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, "latin1"), PDF_PASSWORD_PADDING]).subarray(0, 32);
}

/**
 * A one-page PDF protected by a user password (standard security handler, revision 2, 40-bit RC4, as in PDF 1.1):
 * no reader opens it without the password. Built by hand so the test needs no PDF library.
 */
export function passwordProtectedPdf(userPassword: string, ownerPassword = "owner"): Buffer {
  const md5 = (...parts: Uint8Array[]) => {
    const hash = createHash("md5");
    for (const part of parts) hash.update(part);
    return hash.digest();
  };
  const id = Buffer.from("0123456789abcdef0123456789abcdef", "hex");
  const permissions = -44;
  const o = rc4(md5(padPassword(ownerPassword)).subarray(0, 5), padPassword(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padPassword(userPassword), o, p, id).subarray(0, 5);
  const u = rc4(key, PDF_PASSWORD_PADDING);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
    `<< /Filter /Standard /V 1 /R 2 /O <${o.toString("hex")}> /U <${u.toString("hex")}> /P ${permissions} >>`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${id.toString("hex")}> <${id.toString("hex")}>] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
