// The request body limit: 1 MiB for every body, except multipart bodies of routes that stream and limit their own.
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "./app-env";
import { AppError } from "./app-error";

/** JSON, urlencoded and any other buffered body: small, parsed in memory. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Route middleware marking a route that streams a multipart body itself (the upload route, 200 MB per file):
 * the 1 MiB limit then does not apply to its multipart bodies, and the route must enforce its own limit while
 * streaming. Such routes document their body in OpenAPI without a zod schema, which would buffer it.
 */
export const streamedBody = createMiddleware<AppEnv>(async (_c, next) => next());

const isMultipart = (c: Context) => /^multipart\/form-data/i.test(c.req.header("content-type") ?? "");

function routeStreamsBody(c: Context): boolean {
  return matchedRoutes(c).some((route) => route.handler === streamedBody);
}

const limitToJsonSize = bodyLimit({
  maxSize: JSON_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", `Request body larger than ${JSON_BODY_LIMIT_BYTES} bytes`);
  },
});

/** App-wide: 413 PAYLOAD_TOO_LARGE past 1 MiB, unless the body is multipart and the route is `streamedBody`. */
export const requestBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  if (isMultipart(c) && routeStreamsBody(c)) return next();
  return limitToJsonSize(c, next);
});
