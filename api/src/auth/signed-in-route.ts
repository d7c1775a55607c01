// createRoute for signed-in routes: authenticate() as its middleware and the matching OpenAPI security, in one call.
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { CallerKind } from "../lib/app-env";
import { streamedBody } from "../lib/body-limit";
import { authenticate, securityFor } from "./authenticate";

const SESSION_ONLY = ["session"] as const;

/**
 * A route only identified callers reach (401 otherwise); handlers read `c.var.user` and `c.var.caller`. Sessions
 * only by default; `{ allow: ["session", "apiKey"] }` also accepts `Authorization: Bearer <key>` (and exempts those
 * requests from the CSRF check, as they carry no ambient credential).
 */
export function signedInRoute<
  P extends string,
  R extends Omit<RouteConfig, "path" | "middleware" | "security"> & { path: P },
>(config: R, options: { allow?: readonly [CallerKind, ...CallerKind[]] } = {}) {
  const allow = options.allow ?? SESSION_ONLY;
  return createRoute({
    ...config,
    middleware: [authenticate({ allow })] as const,
    security: securityFor(allow),
  });
}

/**
 * A signed-in route that reads its multipart body as a stream (uploads): the app-wide 1 MiB limit is lifted for
 * its multipart bodies, so the handler must enforce its own limit while streaming. Describe the body in OpenAPI
 * with a schema-less `request.body` (or none): a zod schema would make the validator buffer it.
 */
export function signedInStreamingRoute<
  P extends string,
  R extends Omit<RouteConfig, "path" | "middleware" | "security"> & { path: P },
>(config: R, options: { allow?: readonly [CallerKind, ...CallerKind[]] } = {}) {
  const allow = options.allow ?? SESSION_ONLY;
  return createRoute({
    ...config,
    middleware: [authenticate({ allow }), streamedBody] as const,
    security: securityFor(allow),
  });
}
