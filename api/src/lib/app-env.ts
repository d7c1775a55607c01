// Hono environment types: what every request can read from c.var, and what authenticate() adds.
import type { ApiKeyRow, SessionRow, UserRow } from "../db/schema";
import type { Deps } from "../deps";
import type { Logger } from "./logger";

export type AppVariables = {
  /** Everything handlers need, built once by createDeps and set on every request. */
  deps: Deps;
  /** This request's id (X-Request-Id), also on every log line it writes. */
  requestId: string;
  /** deps.logger with the request id bound. */
  logger: Logger;
};

export type AppEnv = { Variables: AppVariables };

/** Who is calling a signed-in route: a browser session or an API key (DESIGN 3). */
export type Caller = { kind: "session"; session: SessionRow } | { kind: "apiKey"; apiKey: ApiKeyRow };
export type CallerKind = Caller["kind"];

/** Set by authenticate() on the routes that use it. */
export type AuthVariables = { user: UserRow; caller: Caller };
export type AuthEnv = { Variables: AuthVariables };
