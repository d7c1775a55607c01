// The API's structured logger (pino, JSON lines): one per process, a child per request carrying its request id.
import pino, { type DestinationStream, type Logger } from "pino";
import type { AppConfig } from "../env";
import { redactErrorForLog, redactErrorsIn } from "./log-redaction";

export type { Logger };

/**
 * Paths pino blanks out wherever they appear in a logged object: credentials must never reach a log line even when
 * someone logs a whole request or error by mistake. Bodies are never logged at all.
 */
const REDACTED_PATHS = [
  "password",
  "*.password",
  "token",
  "*.token",
  "key",
  "*.key",
  "authorization",
  "*.authorization",
  "*.headers.authorization",
  "cookie",
  "*.cookie",
  "*.headers.cookie",
  "oidcIdToken",
  "*.oidcIdToken",
  "idToken",
  "*.idToken",
];

/**
 * The logger every process uses (the API, worker processes). Errors are redacted in one place, whatever logs them:
 * the arguments of every call (an Error, `{ err }`, `{ error }`, an Error a few levels down) go through
 * redactErrorsIn before pino reads them, and `err` of a child's bindings through the same serializer, so no log
 * line holds a message's text, a document's passage, a key or a query's parameters (lib/log-redaction.ts).
 * `destination` is for tests that read what was written.
 */
export function createLogger(config: Pick<AppConfig, "logLevel">, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { service: "api" },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: redactErrorForLog },
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        // An Error alone is logged as { err } with its (scrubbed) message, as pino itself would.
        const head = first instanceof Error ? { err: redactErrorForLog(first) } : redactErrorsIn(first);
        const tail = rest.map((item) => redactErrorsIn(item));
        if (first instanceof Error && tail.length === 0) {
          tail.push((head as { err: { message: string } }).err.message);
        }
        return method.apply(this, [head, ...tail] as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
