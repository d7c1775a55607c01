// Shared OpenAPI pieces: the router factory every resource uses and the documented error responses.
import { apiErrorSchema } from "@acp/contracts/errors";
import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { AppEnv } from "./app-env";
import { codesFor } from "./app-error";
import { validationHook } from "./validation";

/** A resource sub-app: OpenAPI-described, validation failures answered as VALIDATION_ERROR. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/**
 * A schema from @acp/contracts, named as an OpenAPI component. zod 4 copies prototype methods onto a schema when
 * it is built, so a contract schema built before @hono/zod-openapi was first imported has no `.openapi`
 * (it depends on import order, e.g. a test importing @acp/contracts first); a clone is built now and has it.
 */
export function componentSchema<T extends z.ZodType>(schema: T, refId: string): T {
  return schema.clone().openapi(refId);
}

/** The shared error body (DESIGN 4), registered once as a named component (cloned: see componentSchema). */
const apiErrorResponseSchema = apiErrorSchema.clone().openapi("ApiError", {
  example: { error: "You are logged out", code: "UNAUTHORIZED" },
});

/** What each documented error status means; the codes it can carry are listed from the one table (ERROR_STATUS). */
const STATUS_MEANINGS = {
  400: "Invalid request",
  401: "Not signed in, or wrong credentials",
  403: "Refused",
  404: "Not found",
  409: "Conflict",
  413: "Request body over the limit (1 MiB for JSON and forms)",
  415: "Unsupported media type",
  429: "Too many requests (see Retry-After)",
  502: "An upstream provider failed (identity provider, chat model)",
  503: "A dependency is unavailable",
  504: "An upstream provider did not answer in time",
} as const;

type ErrorStatus = keyof typeof STATUS_MEANINGS;

const describeStatus = (status: ErrorStatus) => `${STATUS_MEANINGS[status]} (${codesFor(status).join(", ")})`;

/** Documented JSON error responses for the given statuses, all with the ApiError body. */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): {
  [K in S]: {
    description: string;
    content: { "application/json": { schema: typeof apiErrorResponseSchema } };
  };
} {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: describeStatus(status),
        content: { "application/json": { schema: apiErrorResponseSchema } },
      },
    ]),
  ) as never;
}
