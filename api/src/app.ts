// Builds the Hono app from its dependencies: middleware, one router per resource, errors, docs and static files.
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { API_KEY_SCHEME, SESSION_COOKIE_SCHEME } from "./auth/authenticate";
import { csrfProtection } from "./auth/csrf";
import { SESSION_COOKIE } from "./auth/session-cookie";
import { isDatabaseUnavailable, isUnstorableText } from "./db/errors";
import type { Deps } from "./deps";
import type { AppEnv } from "./lib/app-env";
import { AppError, errorBody, genericCodeFor } from "./lib/app-error";
import { requestBodyLimit } from "./lib/body-limit";
import { cspDirectives } from "./lib/content-security-policy";
import { withCodeSamples } from "./lib/openapi-code-samples";
import { requestLog } from "./lib/request-log";
import { validationHook } from "./lib/validation";
import { agentsRoutes } from "./routes/agents";
import { apiKeysRoutes } from "./routes/api-keys";
import { authRoutes } from "./routes/auth";
import { callbackRoutes } from "./routes/callback";
import { chatRoutes } from "./routes/chat";
import { conversationsRoutes } from "./routes/conversations";
import { customAgentsRoutes } from "./routes/custom-agents";
import { dashboardRoutes } from "./routes/dashboard";
import { dataSourcesRoutes } from "./routes/data-sources";
import { createDocsRoutes } from "./routes/docs";
import { documentsRoutes } from "./routes/documents";
import { healthRoutes } from "./routes/health";
import { knowledgeRoutes } from "./routes/knowledge";
import { loginRoutes } from "./routes/login";
import { logoutRoutes } from "./routes/logout";
import { pineconeRoutes } from "./routes/pinecone";
import { remotesRoutes } from "./routes/remotes";
import { retrievalRoutes } from "./routes/retrieval";
import { staticRoutes } from "./routes/static";
import { trainingJobsRoutes } from "./routes/training-jobs";
import { usageRoutes } from "./routes/usage";
import { v1Routes } from "./routes/v1";

/** Maps anything thrown to the one JSON error shape; unknown failures become a logged, opaque 500. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 400 && /malformed json/i.test(error.message)) {
      return new AppError("MALFORMED_JSON", "Malformed JSON in request body");
    }
    const code = genericCodeFor(error.status);
    if (code) return new AppError(code, error.message || "Request refused");
  }
  // A NUL character anywhere in a path, query or body string only fails once PostgreSQL sees it.
  if (isUnstorableText(error)) {
    return new AppError("VALIDATION_ERROR", "Text must not contain NUL characters", { cause: error });
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError("SERVICE_UNAVAILABLE", DATABASE_UNAVAILABLE, {
      cause: error,
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_S) },
    });
  }
  return new AppError("INTERNAL_ERROR", "Something went wrong on our side", { cause: error });
}

/** Said while PostgreSQL is restarting or unreachable; the pool reconnects by itself once it answers again. */
const DATABASE_UNAVAILABLE =
  "The database is not reachable right now. Nothing was changed; please try again in a few seconds.";
const DATABASE_RETRY_AFTER_S = 5;

/**
 * Permissions-Policy: nothing powerful is used, except copying API keys to the clipboard and fullscreen. Only
 * features browsers know are listed: Chromium logs a warning on every page for an unknown one (bluetooth was).
 */
const PERMISSIONS_POLICY = {
  accelerometer: [],
  camera: [],
  clipboardWrite: ["self"],
  displayCapture: [],
  fullscreen: ["self"],
  geolocation: [],
  gyroscope: [],
  hid: [],
  magnetometer: [],
  microphone: [],
  midi: [],
  payment: [],
  serial: [],
  usb: [],
} as const satisfies Record<string, string[] | readonly string[]>;

/** Re-exported for tests and docs: the limit on JSON and urlencoded bodies (lib/body-limit.ts). */
export { JSON_BODY_LIMIT_BYTES } from "./lib/body-limit";

/** The Hono app on one set of dependencies (createDeps); handlers read them as `c.var.deps`. */
/** The streamed multipart upload: the one long request that background ingestion must not wait for. */
const UPLOAD_PATH = "/api/documents/upload";

export function createApp(deps: Deps) {
  const { config } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.onError((error, c) => {
    const appError = toAppError(error);
    if (appError.code === "INTERNAL_ERROR") {
      (c.var.logger ?? deps.logger).error(
        { err: error, method: c.req.method, path: c.req.path },
        "unhandled error",
      );
    }
    for (const [name, value] of Object.entries(appError.headers)) c.header(name, value);
    return c.json(errorBody(appError), appError.status as ContentfulStatusCode);
  });
  app.notFound((c) =>
    c.json(errorBody(new AppError("NOT_FOUND", `No such endpoint: ${c.req.method} ${c.req.path}`)), 404),
  );

  app.use(async (c, next) => {
    c.set("deps", deps);
    // Uploads stream for as long as the client sends: ingestion does not wait for them, only for quick requests.
    // (A streamed response, such as a chat answer, counts only until its headers: next() returns with them.)
    if (c.req.path === UPLOAD_PATH) return next();
    const end = deps.requestActivity.begin();
    try {
      await next();
    } finally {
      end();
    }
  });
  app.use(requestLog);
  app.use(
    secureHeaders({
      contentSecurityPolicy: cspDirectives(config),
      // Referer/Origin must survive same-origin posts for the CSRF check ("no-referrer" turns Origin into "null").
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: config.publicUrl.startsWith("https:")
        ? "max-age=15552000; includeSubDomains"
        : false,
      // Features the product never uses are off for every page and any frame in it.
      permissionsPolicy: PERMISSIONS_POLICY,
      // Handlers that need their own CSP or CORP (index.html, docs, /mf/) set it and keep it.
      overwrite: false,
    }),
  );
  app.use("/api/*", requestBodyLimit);
  app.use("/api/*", csrfProtection);

  const routes = app
    .route("/api/health", healthRoutes)
    .route("/api/login", loginRoutes)
    .route("/api/callback", callbackRoutes)
    .route("/api/logout", logoutRoutes)
    .route("/api/auth", authRoutes)
    .route("/api/dashboard", dashboardRoutes)
    .route("/api/documents", documentsRoutes)
    .route("/api/knowledge", knowledgeRoutes)
    .route("/api/data-sources", dataSourcesRoutes)
    .route("/api/pinecone", pineconeRoutes)
    .route("/api/retrieval", retrievalRoutes)
    .route("/api/training-jobs", trainingJobsRoutes)
    .route("/api/api-keys", apiKeysRoutes)
    .route("/api/usage", usageRoutes)
    .route("/api/custom-agents", customAgentsRoutes)
    .route("/api/agents", agentsRoutes)
    .route("/api/conversations", conversationsRoutes)
    .route("/api/chat", chatRoutes)
    .route("/api/v1", v1Routes)
    .route("/", remotesRoutes);

  routes.openAPIRegistry.registerComponent("securitySchemes", SESSION_COOKIE_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The session cookie set by sign-in, sign-up or the OpenID Connect callback",
  });
  routes.openAPIRegistry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "http",
    scheme: "bearer",
    description:
      "An API key as `Authorization: Bearer <key>`, on the routes that accept keys. With this header present the session cookie is never used.",
  });
  const docs = createDocsRoutes(() =>
    withCodeSamples(
      routes.getOpenAPI31Document({
        openapi: "3.1.0",
        info: {
          title: "Agent Control Panel API",
          version: "0.1.0",
          description:
            'Signed-in routes use the HttpOnly `session` cookie set by /api/auth/sign-in, /api/auth/sign-up or the OIDC callback; routes that say so also accept an API key (`Authorization: Bearer <key>`). Errors are JSON `{ "error", "code", "details"? }`. Every response carries an `X-Request-Id` (also in the server logs).',
        },
        servers: [{ url: config.publicUrl }],
      }),
      config.publicUrl,
    ),
  );
  // Mounted last: the static catch-all must not shadow any API route.
  return routes.route("/api", docs).route("/", staticRoutes);
}

export type AppType = ReturnType<typeof createApp>;
