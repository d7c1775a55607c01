// Extracts JSON as flattened `path.to[0].key: value` lines, grouped by top-level entry so chunks break between records.
import { decodeText } from "./decode-text";
import { joinForPart, makePart } from "./parts";
import { type ExtractedDocument, ExtractionError, type TextBlock } from "./types";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function keyPath(parent: string, key: string): string {
  if (IDENTIFIER.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

function scalar(value: unknown): string {
  if (typeof value === "string") return value.replace(/\r\n|\r|\n/g, " ");
  return JSON.stringify(value);
}

/** Appends the flattened lines of `value` under `path` (iterative, so deep nesting cannot overflow the stack). */
function flatten(root: unknown, rootPath: string, out: string[]): void {
  const stack: Array<[string, unknown]> = [[rootPath, root]];
  while (stack.length > 0) {
    const [path, value] = stack.pop() as [string, unknown];
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(`${path || "(root)"}: []`);
      for (let i = value.length - 1; i >= 0; i--) stack.push([`${path}[${i}]`, value[i]]);
    } else if (value !== null && typeof value === "object") {
      const keys = Object.keys(value);
      if (keys.length === 0) out.push(`${path || "(root)"}: {}`);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push([keyPath(path, key), (value as Record<string, unknown>)[key]]);
      }
    } else {
      out.push(`${path || "(root)"}: ${scalar(value)}`);
    }
  }
}

export function extractJson(bytes: Uint8Array): ExtractedDocument {
  const decoded = decodeText(bytes);
  let value: unknown;
  try {
    value = JSON.parse(decoded.text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new ExtractionError("invalid", `not valid JSON: ${(error as Error).message}`);
  }
  // One group of lines per top-level entry (array item or object key).
  const groups: string[][] = [];
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((item, i) => {
      const lines: string[] = [];
      flatten(item, `[${i}]`, lines);
      groups.push(lines);
    });
  } else if (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0
  ) {
    for (const [key, item] of Object.entries(value)) {
      const lines: string[] = [];
      flatten(item, keyPath("", key), lines);
      groups.push(lines);
    }
  } else {
    const lines: string[] = [];
    flatten(value, "", lines);
    groups.push(lines);
  }
  const blocks: TextBlock[] = [];
  let line = 1;
  for (const lines of groups) {
    if (lines.length === 0) continue;
    blocks.push({
      kind: "text",
      text: lines.join("\n"),
      location: { kind: "lines", lineStart: line, lineEnd: line + lines.length - 1 },
    });
    line += lines.length;
  }
  const allText = joinForPart(
    blocks.map((b) => b.text),
    "\n",
  );
  return {
    format: "json",
    parts: [
      makePart("Document", { kind: "lines", lineStart: 1, lineEnd: Math.max(1, line - 1) }, allText, false),
    ],
    blocks,
    warnings: [],
    encoding: decoded.encoding,
  };
}
