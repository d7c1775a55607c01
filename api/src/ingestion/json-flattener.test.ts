// The streaming JSON flattener against a recursive reference over JSON.parse, JSON Lines, grammar errors and block bounds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createJsonFlattener, looksLikeJsonLines } from "./json-flattener";
import { ExtractionError } from "./types";

/** Flattens by recursion over JSON.parse: the meaning the streaming flattener must keep. */
function referenceLines(value: unknown, path = ""): string[] {
  const named = (parent: string, key: string) =>
    /^[A-Za-z_$][\w$]*$/.test(key)
      ? parent
        ? `${parent}.${key}`
        : key
      : `${parent}[${JSON.stringify(key)}]`;
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${path || "(root)"}: []`];
    return value.flatMap((item, i) => referenceLines(item, `${path}[${i}]`));
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return [`${path || "(root)"}: {}`];
    return entries.flatMap(([key, item]) => referenceLines(item, named(path, key)));
  }
  const text = typeof value === "string" ? value.replace(/\r\n|\r|\n/g, " ") : JSON.stringify(value);
  return [`${path || "(root)"}: ${text}`];
}

/** Feeds `text` in pieces of `pieceSize` characters (or as UTF-8 bytes) and collects the blocks. */
function flatten(text: string, { jsonLines = false, pieceSize = 7, bytes = false } = {}): string[][] {
  const blocks: string[][] = [];
  const flattener = createJsonFlattener({ jsonLines, onBlock: (lines) => blocks.push(lines) });
  const input: string | Uint8Array = bytes ? new TextEncoder().encode(text) : text;
  for (let at = 0; at < input.length; at += pieceSize) flattener.write(input.slice(at, at + pieceSize));
  flattener.end();
  return blocks;
}

function failure(text: string, options: { jsonLines?: boolean } = {}): ExtractionError {
  try {
    flatten(text, options);
  } catch (error) {
    if (error instanceof ExtractionError) return error;
    throw error;
  }
  throw new Error(`no error for ${text}`);
}

describe("createJsonFlattener", () => {
  it("gives the same lines as a recursive flatten of JSON.parse, in pieces cut anywhere, as text or bytes", () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.integer({ min: 1, max: 64 }),
        fc.boolean(),
        (value, pieceSize, bytes) => {
          const text = JSON.stringify(value, null, pieceSize % 3);
          const blocks = flatten(text, { pieceSize, bytes });
          expect(blocks.flat()).toEqual(referenceLines(JSON.parse(text)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("ends a block with every top-level entry", () => {
    const blocks = flatten(JSON.stringify({ a: { x: 1, y: [2, 3] }, b: "two", c: [] }));
    expect(blocks).toEqual([["a.x: 1", "a.y[0]: 2", "a.y[1]: 3"], ["b: two"], ["c: []"]]);
    expect(flatten('[{"id":1},{"id":2}]')).toEqual([["[0].id: 1"], ["[1].id: 2"]]);
    expect(flatten('"just text"')).toEqual([["(root): just text"]]);
  });

  it("ends a large block at the next record, and a huge record at the next line", () => {
    const records = Array.from({ length: 3000 }, (_, i) => ({
      id: i,
      name: `Customer ${i}`,
      notes: "x".repeat(40),
    }));
    const blocks = flatten(JSON.stringify({ data: records }), { pieceSize: 4096 });
    expect(blocks.length).toBeGreaterThan(5);
    for (const block of blocks) {
      // Every block starts at a record's first line and ends at a record's last line.
      expect(block[0]).toMatch(/^data\[\d+\]\.id: /);
      expect(block[block.length - 1]).toMatch(/^data\[\d+\]\.notes: /);
      expect(block.join("\n").length).toBeLessThan(20 * 1024);
    }
    expect(blocks.flat()).toEqual(referenceLines({ data: records }));
    const huge = { data: [{ values: Array.from({ length: 20_000 }, (_, i) => i) }] };
    const hugeBlocks = flatten(JSON.stringify(huge), { pieceSize: 4096 });
    expect(hugeBlocks.length).toBeGreaterThan(1);
    for (const block of hugeBlocks) expect(block.join("\n").length).toBeLessThan(65 * 1024);
    expect(hugeBlocks.flat()).toEqual(referenceLines(huge));
  });

  it("reads JSON Lines as records [0], [1], ... one block each", () => {
    const text = '{"id":1,"tags":["a"]}\n\n{"id":2}\r\n[3]\n';
    expect(looksLikeJsonLines(text)).toBe(true);
    expect(flatten(text, { jsonLines: true })).toEqual([
      ["[0].id: 1", "[0].tags[0]: a"],
      ["[1].id: 2"],
      ["[2][0]: 3"],
    ]);
    expect(looksLikeJsonLines(JSON.stringify([{ id: 1 }, { id: 2 }], null, 2))).toBe(false);
    expect(looksLikeJsonLines('{"id":1}\n')).toBe(false);
    expect(looksLikeJsonLines('\uFEFF{"id":1}\n{"id":2}')).toBe(true);
    expect(looksLikeJsonLines('"text"\n"more"')).toBe(false);
  });

  it("names what is wrong with invalid JSON, with the byte where it is", () => {
    const cases: [string, RegExp][] = [
      ["[1 2]", /^not valid JSON: unexpected a number at byte 3$/],
      ['{"a" 1}', /^not valid JSON: unexpected a number at byte 5$/],
      ['{"a":1,}', /^not valid JSON: unexpected "}" at byte 7$/],
      ["[1,]", /^not valid JSON: unexpected "]" at byte 3$/],
      ["}", /^not valid JSON: unexpected "}" at byte 0$/],
      ['{"a":1}}', /^not valid JSON: unexpected "}" at byte 7$/],
      ["{1:2}", /^not valid JSON: unexpected a number at byte 1$/],
      ['{"a": [1, 2,', /^not valid JSON: the file ends in the middle of a value$/],
      ['{"a": "unterminated', /^not valid JSON: the file ends in the middle of a value$/],
      ["[tru]", /^not valid JSON: unexpected character "]" at byte 4$/],
      ["  \n ", /^not valid JSON: the file holds no JSON value$/],
    ];
    for (const [text, message] of cases) {
      const error = failure(text);
      expect(error.code, text).toBe("invalid");
      expect(error.message, text).toMatch(message);
    }
  });
});
