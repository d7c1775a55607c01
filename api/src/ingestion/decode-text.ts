// Decodes text bytes whose encoding is detected, not assumed: BOM, UTF-16, valid UTF-8, else chardet + iconv-lite.
import chardet from "chardet";
import iconv from "iconv-lite";
import { looksLikeUtf16 } from "./sniff-file-type";

export type DecodedText = {
  text: string;
  /** The encoding used, e.g. "UTF-8", "UTF-16LE", "windows-1252", "Shift_JIS", "GB18030", "Big5". */
  encoding: string;
  /** "bom", "utf-16-pattern", "valid-utf-8", "detected" (chardet) or "fallback". */
  method: "bom" | "utf-16-pattern" | "valid-utf-8" | "detected" | "fallback";
};

/** chardet names mapped to the codec iconv-lite should use (supersets where they exist). */
const CODECS: Record<string, string> = {
  "ISO-8859-1": "windows-1252",
  "windows-1252": "windows-1252",
  "ISO-8859-2": "iso-8859-2",
  "windows-1250": "windows-1250",
  "ISO-8859-5": "iso-8859-5",
  "windows-1251": "windows-1251",
  "KOI8-R": "koi8-r",
  "ISO-8859-6": "iso-8859-6",
  "windows-1256": "windows-1256",
  "ISO-8859-7": "iso-8859-7",
  "ISO-8859-8": "iso-8859-8",
  "ISO-8859-9": "windows-1254",
  Shift_JIS: "shift_jis",
  "EUC-JP": "euc-jp",
  "ISO-2022-JP": "iso-2022-jp",
  GB18030: "gb18030",
  Big5: "big5",
  "EUC-KR": "euc-kr",
  "UTF-16LE": "utf-16le",
  "UTF-16BE": "utf-16be",
};

/** Bytes chardet looks at: enough for a stable guess, bounded for 200 MB files. */
const DETECT_SAMPLE_BYTES = 256 * 1024;

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Cuts a sample at a line break so a multi-byte character at the edge does not mislead the detector. */
function sample(bytes: Uint8Array): Uint8Array {
  const limit = Math.min(bytes.length, DETECT_SAMPLE_BYTES);
  const end = bytes.lastIndexOf(0x0a, limit - 1);
  return bytes.subarray(0, end > limit / 2 ? end : limit);
}

/** An encoding decision for a stream: the iconv-lite codec to decode with, and what was detected. */
export type DetectedEncoding = { codec: string; encoding: string; method: DecodedText["method"] };

/**
 * Detects the encoding from the first bytes of a file (give at least 64 KiB when the file is bigger; `complete` says
 * the sample is the whole file, so a character cut at its end is not a sign of invalid UTF-8).
 */
export function detectEncoding(head: Uint8Array, complete: boolean): DetectedEncoding {
  const buffer = asBuffer(head);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf)
    return { codec: "utf8", encoding: "UTF-8", method: "bom" };
  const utf16 = looksLikeUtf16(buffer);
  if (utf16) {
    const hasBom = (buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff);
    return {
      codec: utf16,
      encoding: utf16 === "utf-16le" ? "UTF-16LE" : "UTF-16BE",
      method: hasBom ? "bom" : "utf-16-pattern",
    };
  }
  const probe = complete ? buffer : sample(buffer);
  if (isValidUtf8(probe)) return { codec: "utf8", encoding: "UTF-8", method: "valid-utf-8" };
  for (const match of chardet.analyse(sample(buffer))) {
    const codec = CODECS[match.name];
    if (codec && iconv.encodingExists(codec)) return { codec, encoding: match.name, method: "detected" };
  }
  return { codec: "windows-1252", encoding: "windows-1252", method: "fallback" };
}

/** Decodes `bytes` to a string, detecting the encoding. Line endings are left as they are. */
export function decodeText(bytes: Uint8Array): DecodedText {
  const buffer = asBuffer(bytes);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
    return { text: buffer.toString("utf8", 3), encoding: "UTF-8", method: "bom" };
  }
  const utf16 = looksLikeUtf16(buffer);
  if (utf16) {
    const hasBom = (buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff);
    // iconv-lite strips the BOM by default.
    return {
      text: iconv.decode(buffer, utf16),
      encoding: utf16 === "utf-16le" ? "UTF-16LE" : "UTF-16BE",
      method: hasBom ? "bom" : "utf-16-pattern",
    };
  }
  if (isValidUtf8(buffer)) return { text: buffer.toString("utf8"), encoding: "UTF-8", method: "valid-utf-8" };
  const matches = chardet.analyse(sample(buffer));
  for (const match of matches) {
    const codec = CODECS[match.name];
    if (codec && iconv.encodingExists(codec)) {
      return { text: iconv.decode(buffer, codec), encoding: match.name, method: "detected" };
    }
  }
  // Every byte sequence is valid Windows-1252 (the web's reading of Latin-1), so nothing is lost silently.
  return { text: iconv.decode(buffer, "windows-1252"), encoding: "windows-1252", method: "fallback" };
}
