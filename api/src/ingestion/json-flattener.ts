// Flattens JSON (or JSON Lines) fed piece by piece into `path.to[0].key: value` lines, grouped into blocks at record boundaries, in bounded memory.
import { Tokenizer, TokenType } from "@streamparser/json";
import { ExtractionError } from "./types";

/** A block past this many characters ends at the next record (a value one level below a top-level entry): chunks, which pack whole blocks, then break between records. */
const SOFT_BLOCK_CHARS = 1024;
/** A block past this many characters ends at the next line, whatever the structure. */
const HARD_BLOCK_CHARS = 64 * 1024;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function keyPath(parent: string, key: string): string {
  if (IDENTIFIER.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

function scalar(value: unknown): string {
  if (typeof value === "string") return value.replace(/\r\n|\r|\n/g, " ");
  return JSON.stringify(value);
}

type ObjectFrame = {
  kind: "object";
  path: string;
  key: string;
  /** keyOrEnd: after `{`; key: after a comma; colon: after a key; value: after a colon; commaOrEnd: after a value. */
  expect: "keyOrEnd" | "key" | "colon" | "value" | "commaOrEnd";
};
type ArrayFrame = {
  kind: "array";
  path: string;
  index: number;
  /** valueOrEnd: after `[`; value: after a comma; commaOrEnd: after a value. */
  expect: "valueOrEnd" | "value" | "commaOrEnd";
};
type Frame = ObjectFrame | ArrayFrame;

export type JsonFlattener = {
  /** Feeds the next piece: UTF-8 bytes (a BOM is skipped) or decoded text. */
  write: (piece: Uint8Array | string) => void;
  /** Ends the input; throws when it holds no complete JSON value. */
  end: () => void;
};

/**
 * Says whether a file starting with `head` is JSON Lines: its first line is a whole JSON object or array and another
 * non-blank line follows. Pretty-printed JSON opens with a line that is not a whole value; minified JSON has one line.
 */
export function looksLikeJsonLines(head: string): boolean {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  const newline = text.indexOf("\n");
  if (newline < 0 || !/^[[{]/.test(text)) return false;
  if (text.slice(newline + 1).trim() === "") return false;
  try {
    JSON.parse(text.slice(0, newline));
    return true;
  } catch {
    return false;
  }
}

function describeToken(token: TokenType, value: unknown): string {
  switch (token) {
    case TokenType.STRING:
      return "a string";
    case TokenType.NUMBER:
      return "a number";
    case TokenType.TRUE:
    case TokenType.FALSE:
    case TokenType.NULL:
      return String(value);
    default:
      return `"${String(value)}"`;
  }
}

function invalid(detail: string): ExtractionError {
  return new ExtractionError("invalid", `not valid JSON: ${detail}`);
}

/** Rewords the tokenizer's errors ("Unexpected "x" at chunk position ... in state ...") for people. */
function tokenizerError(error: Error): ExtractionError {
  const unexpected = /^Unexpected "(.*)" at .*absolute position "(\d+)"/s.exec(error.message);
  if (unexpected) return invalid(`unexpected character "${unexpected[1]}" at byte ${unexpected[2]}`);
  if (/ended in the middle of a token/.test(error.message))
    return invalid("the file ends in the middle of a value");
  return invalid(error.message);
}

/**
 * Creates a flattener: every scalar becomes one line `path: value` (an empty object or array `path: {}` / `path: []`, a
 * bare scalar `(root): value`), given in order to `onBlock` in blocks that end with each top-level entry (array item or
 * object key; each record of JSON Lines), or at the next record or line when a block grows large. Grammar is checked
 * here, tokens come from @streamparser/json's tokenizer; only the path stack and one block are held in memory.
 */
export function createJsonFlattener({
  jsonLines,
  onBlock,
}: {
  /** Each root value is a record named `[n]`, as if the file were one array. */
  jsonLines: boolean;
  onBlock: (lines: string[]) => void;
}): JsonFlattener {
  const tokenizer = new Tokenizer({ separator: "", stringBufferSize: 64 * 1024 });
  const stack: Frame[] = [];
  /** Depth of a top-level entry: 1 inside one root container, 0 when each root value is a record. */
  const entryDepth = jsonLines ? 0 : 1;
  let roots = 0;
  let lines: string[] = [];
  let blockChars = 0;

  const flush = () => {
    if (lines.length === 0) return;
    const block = lines;
    lines = [];
    blockChars = 0;
    onBlock(block);
  };
  const emit = (line: string) => {
    lines.push(line);
    blockChars += line.length + 1;
    if (blockChars > HARD_BLOCK_CHARS) flush();
  };
  /** The path of the value that starts now, where the grammar allows one; throws otherwise. */
  const valuePath = (token: TokenType, value: unknown, offset: number): string => {
    const top = stack[stack.length - 1];
    const unexpected = () => invalid(`unexpected ${describeToken(token, value)} at byte ${offset}`);
    if (!top) {
      const index = roots++;
      if (jsonLines || index > 0) return `[${index}]`;
      return "";
    }
    if (top.kind === "object") {
      if (top.expect !== "value") throw unexpected();
      top.expect = "commaOrEnd";
      return keyPath(top.path, top.key);
    }
    if (top.expect === "commaOrEnd") throw unexpected();
    top.expect = "commaOrEnd";
    return `${top.path}[${top.index}]`;
  };
  /** A value at `depth` (0 = root) is complete: end the block at a top-level entry, or at a record when it is large. */
  const completed = (depth: number) => {
    const parent = stack[stack.length - 1];
    if (parent?.kind === "array") parent.index++;
    if (depth <= entryDepth || (depth === entryDepth + 1 && blockChars > SOFT_BLOCK_CHARS)) flush();
  };

  tokenizer.onToken = ({ token, value, offset }) => {
    const top = stack[stack.length - 1];
    switch (token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET: {
        const path = valuePath(token, value, offset);
        stack.push(
          token === TokenType.LEFT_BRACE
            ? { kind: "object", path, key: "", expect: "keyOrEnd" }
            : { kind: "array", path, index: 0, expect: "valueOrEnd" },
        );
        return;
      }
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET: {
        const closesObject = token === TokenType.RIGHT_BRACE;
        const matches = closesObject
          ? top?.kind === "object" && (top.expect === "keyOrEnd" || top.expect === "commaOrEnd")
          : top?.kind === "array" && (top.expect === "valueOrEnd" || top.expect === "commaOrEnd");
        if (!top || !matches) throw invalid(`unexpected "${String(value)}" at byte ${offset}`);
        if (top.expect === "keyOrEnd" || top.expect === "valueOrEnd") {
          emit(`${top.path || "(root)"}: ${closesObject ? "{}" : "[]"}`);
        }
        stack.pop();
        completed(stack.length);
        return;
      }
      case TokenType.COLON:
        if (top?.kind !== "object" || top.expect !== "colon")
          throw invalid(`unexpected ":" at byte ${offset}`);
        top.expect = "value";
        return;
      case TokenType.COMMA:
        if (top?.expect !== "commaOrEnd") throw invalid(`unexpected "," at byte ${offset}`);
        top.expect = top.kind === "object" ? "key" : "value";
        return;
      case TokenType.SEPARATOR:
        return;
      default: {
        if (
          token === TokenType.STRING &&
          top?.kind === "object" &&
          (top.expect === "keyOrEnd" || top.expect === "key")
        ) {
          top.key = value as string;
          top.expect = "colon";
          return;
        }
        const path = valuePath(token, value, offset);
        emit(`${path || "(root)"}: ${scalar(value)}`);
        completed(stack.length);
      }
    }
  };
  tokenizer.onError = (error) => {
    throw error instanceof ExtractionError ? error : tokenizerError(error);
  };

  return {
    write(piece) {
      tokenizer.write(piece);
    },
    end() {
      if (!tokenizer.isEnded) tokenizer.end();
      if (stack.length > 0) throw invalid("the file ends in the middle of a value");
      if (roots === 0) throw invalid("the file holds no JSON value");
      flush();
    },
  };
}
