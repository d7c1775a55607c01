// Builds the Hono app from its dependencies: middleware, one router per resource, errors, docs and static files.
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { csrfProtection } from "./auth/csrf";
import { SESSION_COOKIE } from "./auth/session-cookie";
import { isUnstorableText } from "./db/errors";
import type { AppDeps, AppEnv } from "./lib/app-env";
import { AppError, type ErrorCode, errorBody } from "./lib/app-error";
import { cspDirectives } from "./lib/content-security-policy";
import { SESSION_COOKIE_SCHEME } from "./lib/openapi";
import { validationHook } from "./lib/validation";
import { createMemoryRateLimitStore } from "./providers/rate-limit/memory-rate-limit-store";
import { createVectorStore } from "./providers/vector-store/create-vector-store";
import { apiKeysRoutes } from "./routes/api-keys";
import { authRoutes } from "./routes/auth";
import { conversationsRoutes } from "./routes/conversations";
import { customAgentsRoutes } from "./routes/custom-agents";
import { dashboardRoutes } from "./routes/dashboard";
import { createDocsRoutes } from "./routes/docs";
import { documentsRoutes } from "./routes/documents";
import { healthRoutes } from "./routes/health";
import { remotesRoutes } from "./routes/remotes";
import { staticRoutes } from "./routes/static";
import { trainingJobsRoutes } from "./routes/training-jobs";
import { vectorStoreRoutes } from "./routes/vector-store";

const HTTP_EXCEPTION_CODES: Partial<Record<number, ErrorCode>> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
};

/** Maps anything thrown to the one JSON error shape; unknown failures become a logged, opaque 500. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 400 && /malformed json/i.test(error.message)) {
      return new AppError("MALFORMED_JSON", "Malformed JSON in request body");
    }
    const code = HTTP_EXCEPTION_CODES[error.status];
    if (code) return new AppError(code, error.message || "Request refused");
  }
  // A NUL character anywhere in a path, query or body string only fails once PostgreSQL sees it.
  if (isUnstorableText(error)) {
    return new AppError("VALIDATION_ERROR", "Text must not contain NUL characters", { cause: error });
  }
  return new AppError("INTERNAL_ERROR", "Something went wrong on our side", { cause: error });
}

/** JSON and form bodies are small; file uploads will stream through their own route with the 200 MB limit. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export function createApp(deps: AppDeps) {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const vectorStore = deps.vectorStore ?? createVectorStore({ config, database });
  const rateLimitStore = deps.rateLimitStore ?? createMemoryRateLimitStore({ now });
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.onError((error, c) => {
    const appError = toAppError(error);
    if (appError.code === "INTERNAL_ERROR") {
      console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
    }
    for (const [name, value] of Object.entries(appError.headers)) c.header(name, value);
    return c.json(errorBody(appError), appError.status as ContentfulStatusCode);
  });
  app.notFound((c) =>
    c.json(errorBody(new AppError("NOT_FOUND", `No such endpoint: ${c.req.method} ${c.req.path}`)), 404),
  );

  app.use(
    secureHeaders({
      contentSecurityPolicy: cspDirectives(config),
      // Referer/Origin must survive same-origin posts for the CSRF check ("no-referrer" turns Origin into "null").
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: config.publicUrl.startsWith("https:")
        ? "max-age=15552000; includeSubDomains"
        : false,
      // Handlers that need their own CSP or CORP (index.html, docs, /mf/) set it and keep it.
      overwrite: false,
    }),
  );
  app.use(async (c, next) => {
    c.set("config", config);
    c.set("db", database.db);
    c.set("engine", database.engine);
    c.set("now", now);
    c.set("vectorStore", vectorStore);
    c.set("rateLimitStore", rateLimitStore);
    await next();
  });
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: JSON_BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", `Request body larger than ${JSON_BODY_LIMIT_BYTES} bytes`);
      },
    }),
  );
  app.use("/api/*", csrfProtection);

  const routes = app
    .route("/api", healthRoutes)
    .route("/api", authRoutes)
    .route("/api", dashboardRoutes)
    .route("/api", documentsRoutes)
    .route("/api", vectorStoreRoutes)
    .route("/api", trainingJobsRoutes)
    .route("/api", apiKeysRoutes)
    .route("/api", customAgentsRoutes)
    .route("/api", conversationsRoutes)
    .route("/", remotesRoutes);

  routes.openAPIRegistry.registerComponent("securitySchemes", SESSION_COOKIE_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The session cookie set by sign-in, sign-up or the OpenID Connect callback",
  });
  const docs = createDocsRoutes(() =>
    routes.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Agent Control Panel API",
        version: "0.1.0",
        description:
          'Signed-in routes use the HttpOnly `session` cookie set by /api/auth/sign-in, /api/auth/sign-up or the OIDC callback. Errors are JSON `{ "error", "code", "details"? }`.',
      },
      servers: [{ url: config.publicUrl }],
    }),
  );
  // Mounted last: the static catch-all must not shadow any API route.
  return routes.route("/api", docs).route("/", staticRoutes);
}

export type AppType = ReturnType<typeof createApp>;
