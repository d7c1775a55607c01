// Request ids and one structured log line per request: id, method, path, status, duration, user id; never bodies.
import { createMiddleware } from "hono/factory";
import type { AppEnv, AuthVariables } from "./app-env";

/** A client-supplied X-Request-Id is kept when it is short and plain (a proxy's id), else a new one is made. */
const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Sets `c.var.requestId` (echoed as X-Request-Id) and `c.var.logger` (deps.logger bound to it), then logs the
 * outcome. The path is logged without its query string (OIDC codes, returnTo values); no header or body is.
 */
export const requestLog = createMiddleware<AppEnv & { Variables: Partial<AuthVariables> }>(
  async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && INCOMING_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const logger = c.var.deps.logger.child({ reqId: requestId });
    c.set("requestId", requestId);
    c.set("logger", logger);
    c.header("X-Request-Id", requestId);
    await next();
    const status = c.res.status;
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      userId: c.var.user?.id,
    };
    if (status >= 500) logger.error(fields, "request failed");
    else logger.info(fields, "request");
  },
);
