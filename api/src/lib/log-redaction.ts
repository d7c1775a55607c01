// What a log line may say about an error: where and how it failed, never the values it carries. Every error the
// logger writes goes through redactErrorForLog (lib/logger.ts wires it into pino), whatever logged it and however.
//
// Errors carry data: drizzle's DrizzleQueryError has the SQL's `params` (a message's text, a document's passage, a
// key's hash) in its own fields and in its message; PGlite's errors carry `query` and `params` too; PostgreSQL's
// `detail` says "Failing row contains (...)" or "Key (email)=(...)", its message quotes the value it refused
// (`value "..." is out of range`), and JSON.parse quotes the text it could not read. So only a short list of fields
// that name things (SQLSTATE, table, column, constraint, kind, status) is kept; messages lose every quoted part,
// drizzle's params line and anything shaped like a key; stacks keep their frames only.

/** Fields that name where or how something failed, never a value: kept when they are short strings or numbers. */
const KEPT_FIELDS = [
  "code",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "kind",
  "status",
  "errno",
  "syscall",
] as const;

/** PostgreSQL's names for things: a quoted part of a message equal to one of them is kept. */
const IDENTIFIER_FIELDS = ["schema", "table", "column", "dataType", "constraint"] as const;

const MAX_MESSAGE = 500;
const MAX_SQL = 2000;
const MAX_FRAMES = 15;
const MAX_CAUSES = 4;
const MAX_FIELD = 200;
export const REDACTED = "[redacted]";

/** What redactErrorForLog made: passed through unchanged when it meets the logger again. */
const redactedErrors = new WeakSet<object>();

export type RedactedError = {
  type: string;
  message: string;
  stack?: string;
  /** The SQL of a failed query (parameters are never kept; quoted literals are blanked). */
  query?: string;
  cause?: RedactedError;
  errors?: RedactedError[];
  [field: string]: unknown;
};

/** Quoted parts (straight, typographic and guillemet quotes, backticks): where messages put the values they refuse. */
/** A single quote counts only where it is no apostrophe (the model's, don't): not between letters or digits. */
const QUOTED = /"[^"\n]*"|(?<![\p{L}\p{N}])'[^'\n]*'(?![\p{L}\p{N}])|`[^`\n]*`|“[^”\n]*”|«[^»\n]*»/gu;
/** SQL's string literals ('...' with '' inside, E'...'): where a value written into a statement would sit. */
const SQL_LITERAL = /'(?:[^']|'')*'/g;
/** Prefixed keys (sk-..., acp_..., ghp_..., xoxb-...) and bearer credentials. */
const PREFIXED_KEY = /\b(?:sk|pk|rk|acp|ghp|gho|github_pat|xox[abprs])[-_][A-Za-z0-9_-]{6,}/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s,;]+/gi;
/** Long tokens mixing letters and digits (hex or base64 secrets); ids shaped as UUIDs are kept. */
const LONG_TOKEN = /[A-Za-z0-9_+/=-]{24,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Credentials in a URL (postgres://user:password@host) and query strings (?api_key=...). */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;
const URL_QUERY = /(\bhttps?:\/\/[^\s?#"']+)\?[^\s"']*/gi;

/** Keys and credentials anywhere in a text: prefixed keys, bearer credentials, long letter-and-digit tokens. */
function blankKeys(text: string): string {
  return text
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(PREFIXED_KEY, REDACTED)
    .replace(LONG_TOKEN, (token) =>
      UUID.test(token) || !/[0-9]/.test(token) || !/[A-Za-z]/.test(token) ? token : REDACTED,
    );
}

const capped = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A message with every value-like part blanked. `keep` lists quoted names that may stay (a table, a constraint). */
export function scrubText(text: string, keep: ReadonlySet<string> = new Set(), max = MAX_MESSAGE): string {
  const scrubbed = text
    // drizzle's "Failed query: <sql>\nparams: <values>": the values never stay.
    .replace(/^params:.*$/gms, `params: ${REDACTED}`)
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(URL_QUERY, `$1?${REDACTED}`)
    .replace(QUOTED, (quoted) => (keep.has(quoted.slice(1, -1)) ? quoted : `${quoted[0]}…${quoted.at(-1)}`));
  return capped(blankKeys(scrubbed), max);
}

/** A statement's text: identifiers ("messages") stay, literals and key-like tokens go, parameters were never in it. */
export function scrubSql(sql: string): string {
  return capped(blankKeys(sql.replace(SQL_LITERAL, "'…'")), MAX_SQL);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The stack's frames only: its first line repeats the message, which is logged scrubbed on its own. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== "string") return undefined;
  const frames = stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES);
  return frames.length > 0 ? frames.join("\n") : undefined;
}

function redactOne(error: unknown, depth: number): RedactedError {
  if (isRecord(error) && redactedErrors.has(error)) return error as RedactedError;
  if (!isRecord(error)) {
    // Something thrown that is not an object (a string, a number): its text is scrubbed like a message.
    return mark({ type: typeof error, message: scrubText(String(error)) });
  }
  // The class's name (DrizzleQueryError, DatabaseError) unless a bundler shortened it (PGlite's is "O").
  const className = error.constructor?.name;
  const type =
    typeof className === "string" && className.length > 2 && className !== "Object"
      ? className
      : typeof error.name === "string"
        ? error.name
        : "Error";
  const keep = new Set<string>();
  for (const field of IDENTIFIER_FIELDS) {
    const value = error[field];
    if (typeof value === "string") keep.add(value);
  }
  const isQueryError = typeof error.message === "string" && error.message.startsWith("Failed query:");
  const message = isQueryError
    ? "Failed query"
    : scrubText(typeof error.message === "string" ? error.message : "", keep);
  const redacted: RedactedError = { type, message };
  for (const field of KEPT_FIELDS) {
    const value = error[field];
    if (typeof value === "number" || typeof value === "boolean") redacted[field] = value;
    else if (typeof value === "string") redacted[field] = scrubText(value, keep, MAX_FIELD);
  }
  // The SQL is logged only from a query error and without its parameters; literals written into it are blanked.
  if (isQueryError && typeof error.query === "string") redacted.query = scrubSql(error.query);
  const stack = framesOf(error.stack);
  if (stack) redacted.stack = stack;
  if (depth < MAX_CAUSES && error.cause !== undefined) redacted.cause = redactOne(error.cause, depth + 1);
  if (depth < MAX_CAUSES && Array.isArray(error.errors)) {
    redacted.errors = error.errors.slice(0, 5).map((inner) => redactOne(inner, depth + 1));
  }
  return mark(redacted);
}

function mark(redacted: RedactedError): RedactedError {
  redactedErrors.add(redacted);
  return redacted;
}

/** An error as a log line may hold it: type, scrubbed message, naming fields, stack frames, causes (redacted too). */
export function redactErrorForLog(error: unknown): RedactedError {
  return redactOne(error, 0);
}

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (!isRecord(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A value about to be logged with every Error in it (at any key, in arrays, a few levels down) replaced by its
 * redacted form. Returns the same object when there was none, so ordinary log lines cost a walk and no copy.
 */
export function redactErrorsIn(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return redactErrorForLog(value);
  if (depth >= 4 || !isPlainContainer(value) || (isRecord(value) && redactedErrors.has(value))) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const next = redactErrorsIn(item, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = redactErrorsIn(item, depth + 1);
    if (next !== item) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return copy ?? value;
}
