// The API's structured logger (pino, JSON lines): one per process, a child per request carrying its request id.
import pino, { type Logger } from "pino";
import type { AppConfig } from "../env";

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

export function createLogger(config: Pick<AppConfig, "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    base: { service: "api" },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  });
}
