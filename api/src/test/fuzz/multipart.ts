// multipart/form-data bodies as a careless or hostile client writes them: well formed with hostile parts (names,
// file names, types, sizes, counts), and broken in the framing itself (boundaries, headers, truncation).
import fc from "fast-check";

export type MultipartRequest = { contentType: string; body: Uint8Array };

const encoder = new TextEncoder();

type Part = { name: string; filename?: string; type?: string; content: string | Uint8Array };

function partBytes(boundary: string, part: Part): Uint8Array[] {
  const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
  const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`;
  const content = typeof part.content === "string" ? encoder.encode(part.content) : part.content;
  return [encoder.encode(head), content, encoder.encode("\r\n")];
}

function joined(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** A form as a browser writes it (parts, then the closing boundary). */
export function multipartOf(boundary: string, parts: readonly Part[]): Uint8Array {
  return joined([
    ...parts.flatMap((part) => partBytes(boundary, part)),
    encoder.encode(`--${boundary}--\r\n`),
  ]);
}

const hostileFileName = fc.oneof(
  fc.constantFrom(
    "notes.txt",
    "../../../etc/passwd",
    "..\\..\\boot.ini",
    "a\u0000.txt",
    "\u202Etxt.exe",
    "名前.pdf",
    "con.txt",
    ".txt",
    "",
    " ",
    'a".txt',
    "%2e%2e%2fx.csv",
    "data.json",
    "sheet.xlsx",
    "report.pdf",
  ),
  fc.string({ unit: "grapheme", maxLength: 40 }).map((name) => `${name}.txt`),
  fc.integer({ min: 300, max: 5_000 }).map((length) => `${"n".repeat(length)}.txt`),
);

const fileContent = fc.oneof(
  fc.string({ maxLength: 500 }),
  fc.uint8Array({ maxLength: 2_000 }),
  fc.constantFrom(
    "%PDF-1.7\n%broken",
    "PK\u0003\u0004not a zip",
    '{"a":',
    'a,b\n"unclosed',
    "\uFEFF\u0000\u0000",
  ),
  fc.integer({ min: 100_000, max: 600_000 }).map((size) => "word ".repeat(size / 5)),
);

const fieldName = fc.oneof(
  fc.constantFrom("files", "file", "agentId", "category", "files[]", "__proto__", "constructor", ""),
  fc.string({ maxLength: 20 }),
);

const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({
    name: fc.constant("files"),
    filename: hostileFileName,
    type: fc.constantFrom(
      "text/plain",
      "application/pdf",
      "application/octet-stream",
      "image/png",
      "",
      "x/\u00ff",
    ),
    content: fileContent,
  }),
  fc.record({
    name: fieldName,
    content: fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom("gtm", "legal", "", "none")),
  }),
  fc.record({ name: fieldName, filename: hostileFileName, content: fileContent }),
);

const boundary = fc.oneof(
  fc.constantFrom("----acpBoundary7MA4YWxk", "x", "a".repeat(70), "with space", 'quote"d'),
  fc.stringMatching(/^[0-9A-Za-z'()+_,\-./:=?]{1,70}$/),
);

/** Well-formed framing around hostile parts: one to many files, stray fields, duplicates. */
const wellFormed: fc.Arbitrary<MultipartRequest> = fc
  .tuple(boundary, fc.array(part, { minLength: 0, maxLength: 12 }))
  .map(([mark, parts]) => ({
    contentType: `multipart/form-data; boundary=${mark}`,
    body: multipartOf(mark, parts),
  }));

/** Broken framing: the parser must refuse it with a 4xx, never hang or throw. */
const malformed: fc.Arbitrary<MultipartRequest> = fc
  .tuple(boundary, fc.array(part, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 7 }), fc.nat())
  .map(([mark, parts, breakage, cut]) => {
    const whole = multipartOf(mark, parts);
    const type = `multipart/form-data; boundary=${mark}`;
    switch (breakage) {
      case 0: // truncated anywhere, closing boundary lost
        return { contentType: type, body: whole.slice(0, cut % Math.max(1, whole.length)) };
      case 1: // a different boundary in the header than in the body
        return { contentType: "multipart/form-data; boundary=other", body: whole };
      case 2: // no boundary parameter at all
        return { contentType: "multipart/form-data", body: whole };
      case 3: // a part whose headers never end
        return {
          contentType: type,
          body: encoder.encode(
            `--${mark}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n${"X-Pad: y\r\n".repeat(2_000)}`,
          ),
        };
      case 4: // bare LF line ends
        return {
          contentType: type,
          body: encoder.encode(new TextDecoder().decode(whole).replace(/\r\n/g, "\n")),
        };
      case 5: // thousands of empty parts
        return {
          contentType: type,
          body: encoder.encode(
            `${`--${mark}\r\nContent-Disposition: form-data; name="f"\r\n\r\n\r\n`.repeat(5_000)}--${mark}--\r\n`,
          ),
        };
      case 6: // a disposition that is not form-data, a name never closed
        return {
          contentType: type,
          body: encoder.encode(
            `--${mark}\r\nContent-Disposition: attachment; name="files; filename=\r\n\r\nx\r\n--${mark}--\r\n`,
          ),
        };
      default: // the preamble only
        return {
          contentType: type,
          body: encoder.encode(`preamble with no parts ${"\u00e9".repeat(cut % 100)}`),
        };
    }
  });

export const multipartRequest: fc.Arbitrary<MultipartRequest> = fc.oneof(
  { weight: 3, arbitrary: wellFormed },
  { weight: 2, arbitrary: malformed },
);
