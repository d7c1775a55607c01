// Shared OpenAPI pieces: the router factory every resource uses and the documented error responses.
import { apiErrorSchema } from "@acp/contracts/errors";
import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { AppEnv } from "./app-env";
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
export const apiErrorResponseSchema = apiErrorSchema.clone().openapi("ApiError", {
  example: { error: "You are logged out", code: "UNAUTHORIZED" },
});

const ERROR_DESCRIPTIONS = {
  400: "Invalid request (VALIDATION_ERROR, MALFORMED_JSON)",
  401: "Not signed in (UNAUTHORIZED) or wrong credentials (INVALID_CREDENTIALS)",
  403: "Cross-origin request refused (CSRF_REJECTED)",
  404: "Not found (NOT_FOUND)",
  409: "Conflict (EMAIL_TAKEN)",
  413: "Request body over 1 MiB (PAYLOAD_TOO_LARGE)",
  415: "Unsupported media type (UNSUPPORTED_MEDIA_TYPE)",
  502: "The identity provider failed (OIDC_PROVIDER_ERROR)",
  503: "A dependency is unavailable (SERVICE_UNAVAILABLE, VECTOR_STORE_UNAVAILABLE)",
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

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
        description: ERROR_DESCRIPTIONS[status],
        content: { "application/json": { schema: apiErrorResponseSchema } },
      },
    ]),
  ) as never;
}
