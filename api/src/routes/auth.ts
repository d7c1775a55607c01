// Sign-in, sign-up, OIDC callback, sign-out and the current user: /api/login, /api/callback, /api/logout, /api/auth/*.
import { userSchema } from "@acp/contracts/entities";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { clientIp } from "../auth/client-ip";
import {
  buildOidcLogoutUrl,
  completeOidcSignIn,
  decodeOidcFlow,
  encodeOidcFlow,
  startOidcSignIn,
} from "../auth/oidc";
import { safeReturnTo } from "../auth/return-to";
import { invalidateSession, sessionIdFromToken, validateSessionToken } from "../auth/session";
import { clearSessionCookie, readSessionToken } from "../auth/session-cookie";
import { renderSignInPage, type SignInPageState } from "../auth/sign-in-page";
import { signedInRoute } from "../auth/signed-in-route";
import { startSession } from "../auth/start-session";
import {
  beginSignInAttempt,
  countSignUpAttempt,
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_FAILURES_PER_IP,
  SIGN_IN_WINDOW_MS,
  SIGN_UP_WINDOW_MS,
  SIGN_UPS_PER_IP,
} from "../auth/throttle";
import { toUserResponse } from "../auth/user-response";
import type { AppEnv } from "../lib/app-env";
import { AppError } from "../lib/app-error";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { validationError } from "../lib/validation";
import { signInWithPassword } from "../services/auth/sign-in-with-password";
import { signUpWithPassword } from "../services/auth/sign-up-with-password";
import { upsertOidcUser } from "../services/auth/upsert-oidc-user";

const OIDC_FLOW_COOKIE = "oidc_flow";
const OIDC_FLOW_MAX_AGE_S = 600;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

const signInBodySchema = z
  .object({
    email: requiredText("Please enter your email", 320),
    password: z
      .string({ error: "Please enter your password" })
      .min(1, "Please enter your password")
      .max(1024, "At most 1024 characters"),
    returnTo: z.string().optional(),
  })
  .openapi("SignInRequest");

const signUpBodySchema = z
  .object({
    firstName: requiredText("Please enter your first name", 100),
    lastName: requiredText("Please enter your last name", 100),
    email: z
      .string({ error: "Please enter a valid email address" })
      .trim()
      .pipe(z.email("Please enter a valid email address").max(320, "Please enter a valid email address")),
    password: z
      .string({ error: "Password must be at least 8 characters" })
      .min(8, "Password must be at least 8 characters")
      .max(1024, "Password must be at most 1024 characters"),
    returnTo: z.string().optional(),
  })
  .openapi("SignUpRequest");

const userResponse = {
  description: "The signed-in user",
  content: { "application/json": { schema: componentSchema(userSchema, "User") } },
};
const htmlPage = (description: string) => ({
  description,
  content: { "text/html": { schema: z.string() } },
});
const htmlOrJsonError = (description: string) => ({
  description,
  content: {
    "text/html": { schema: z.string() },
    ...errorResponses(400)[400].content,
  },
});
const rateLimitedResponse = (description: string) => ({
  ...htmlOrJsonError(`${description} (RATE_LIMITED)`),
  headers: {
    "Retry-After": {
      description: "Seconds until the limit's window closes",
      schema: { type: "integer" as const, minimum: 1 },
    },
  },
});

const formOrJsonBody = <T extends z.ZodType>(schema: T) => ({
  content: {
    "application/json": { schema },
    "application/x-www-form-urlencoded": { schema },
  },
});
const returnToQuery = z.object({
  returnTo: z.string().optional().openapi({ description: "Same-origin path to return to after sign-in" }),
});

const isFormRequest = (c: Context) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(c.req.header("content-type") ?? "");

/** The forms post urlencoded and get HTML back; JSON callers get JSON. A body of neither kind is refused. */
function requireFormOrJson(c: Context): "form" | "json" {
  if (isFormRequest(c)) return "form";
  if (/^application\/([\w.-]+\+)?json/i.test(c.req.header("content-type") ?? "")) return "json";
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send JSON or a urlencoded form");
}

function requireBuiltInAccounts(c: Context<AppEnv>): void {
  if (c.var.deps.config.oidc) {
    throw new AppError("NOT_FOUND", "Built-in accounts are disabled: sign in with your identity provider");
  }
}

/** A refusal the forms show on the page instead of as JSON, with the same status (and Retry-After, if any). */
function formPageError(c: Context, error: unknown, codes: readonly string[]): AppError | undefined {
  if (!(error instanceof AppError) || !codes.includes(error.code)) return undefined;
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return error;
}

/** Values to put back into a re-rendered form (never the password). */
async function formValues(c: Context): Promise<SignInPageState["values"] & { returnTo?: unknown }> {
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    email: text(body.email),
    firstName: text(body.firstName),
    lastName: text(body.lastName),
    returnTo: body.returnTo,
  };
}

/** Validation failures of a form post re-render the page with the message; JSON posts get the JSON error. */
async function formErrorPage(c: Context<AppEnv>, form: "sign-in" | "sign-up", error: z.ZodError) {
  const { returnTo, ...values } = await formValues(c);
  const page = renderSignInPage({
    form,
    error: error.issues[0]?.message ?? "Please check the form",
    values,
    returnTo: safeReturnTo(returnTo, c.var.deps.config.publicOrigin),
  });
  return c.html(page, 400);
}

const formAwareHook =
  (form: "sign-in" | "sign-up") =>
  (result: { success: true } | { success: false; target: string; error: z.ZodError }, c: Context<AppEnv>) => {
    if (result.success) return undefined;
    if (result.target !== "form") throw validationError(result.error);
    return formErrorPage(c, form, result.error);
  };

const loginRoute = createRoute({
  method: "get",
  path: "/login",
  tags: ["Auth"],
  summary: "Start signing in",
  description:
    "With OIDC configured, redirects to the identity provider (authorization code + PKCE). Otherwise serves the built-in sign-in page, whose forms post to /api/auth/sign-in and /api/auth/sign-up.",
  request: { query: returnToQuery },
  responses: {
    200: htmlPage("The built-in sign-in page"),
    302: { description: "Redirect to the identity provider, or to returnTo when already signed in" },
    ...errorResponses(502),
  },
});

const callbackRoute = createRoute({
  method: "get",
  path: "/callback",
  tags: ["Auth"],
  summary: "OIDC redirect target",
  description: "Completes the authorization code flow, verifies the ID token, creates the session.",
  request: {
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      error: z.string().optional(),
    }),
  },
  responses: {
    302: { description: "Signed in: redirect to the page sign-in started from" },
    ...errorResponses(400, 401, 404, 502),
  },
});

const logoutRoute = createRoute({
  method: "get",
  path: "/logout",
  tags: ["Auth"],
  summary: "Sign out",
  description:
    "Deletes the session server-side, clears the cookie and redirects to /. With OIDC configured and an end_session_endpoint in the provider's discovery document, redirects there instead (RP-initiated logout, with id_token_hint and post_logout_redirect_uri = PUBLIC_URL + /), so the provider's session ends too.",
  responses: {
    302: { description: "Signed out: redirect to /, or to the provider's end-session endpoint" },
  },
});

const currentUserRoute = signedInRoute({
  method: "get",
  path: "/auth/user",
  tags: ["Auth"],
  summary: "The signed-in user",
  responses: { 200: userResponse, ...errorResponses(401) },
});

const signInRoute = createRoute({
  method: "post",
  path: "/auth/sign-in",
  tags: ["Auth"],
  summary: "Sign in with email and password",
  description: `Form posts get a 303 redirect (to returnTo or /) with the session cookie, or the page again with the error. JSON posts get the user or a JSON error. After ${SIGN_IN_FAILURES_PER_EMAIL} failed attempts for one email, or ${SIGN_IN_FAILURES_PER_IP} from one client IP, within ${SIGN_IN_WINDOW_MS / 60_000} minutes, attempts are refused with 429 until that window ends; a successful sign-in clears the email's count.`,
  request: { body: formOrJsonBody(signInBodySchema) },
  responses: {
    200: userResponse,
    303: { description: "Signed in (form post): redirect with the session cookie" },
    400: htmlOrJsonError("Invalid input"),
    401: htmlOrJsonError("Invalid email or password (INVALID_CREDENTIALS)"),
    429: rateLimitedResponse("Too many failed sign-in attempts for this email or from this client"),
    ...errorResponses(403, 404, 415),
  },
});

const signUpRoute = createRoute({
  method: "post",
  path: "/auth/sign-up",
  tags: ["Auth"],
  summary: "Create a built-in account",
  description: `Creates the account and signs in. Form posts get a 303 redirect or the page again with the error; JSON posts get 201 with the user or a JSON error. At most ${SIGN_UPS_PER_IP} attempts per client IP per ${SIGN_UP_WINDOW_MS / 60_000} minutes, then 429.`,
  request: { body: formOrJsonBody(signUpBodySchema) },
  responses: {
    201: { ...userResponse, description: "Account created and signed in" },
    303: { description: "Account created (form post): redirect with the session cookie" },
    400: htmlOrJsonError("Invalid input"),
    409: htmlOrJsonError("Email already registered (EMAIL_TAKEN)"),
    429: rateLimitedResponse("Too many sign-up attempts from this client"),
    ...errorResponses(403, 404, 415),
  },
});

export const authRoutes = createRouter()
  .openapi(loginRoute, async (c) => {
    const { config, database, now } = c.var.deps;
    const returnTo = safeReturnTo(c.req.valid("query").returnTo, config.publicOrigin);
    c.header("Cache-Control", "no-store");
    if (config.oidc) {
      const { url, flow } = await startOidcSignIn({
        oidc: config.oidc,
        redirectUri: `${config.publicUrl}/api/callback`,
        returnTo,
      });
      setCookie(c, OIDC_FLOW_COOKIE, encodeOidcFlow(flow), {
        httpOnly: true,
        // Lax: the provider's redirect back to /api/callback is a top-level GET navigation.
        sameSite: "Lax",
        path: "/api",
        secure: config.sessionSecureCookie,
        maxAge: OIDC_FLOW_MAX_AGE_S,
      });
      return c.redirect(url.href, 302);
    }
    const token = readSessionToken(c);
    if (token && (await validateSessionToken({ db: database.db, token, now: now() })).session) {
      return c.redirect(returnTo, 302);
    }
    return c.html(renderSignInPage({ returnTo }), 200);
  })
  .openapi(callbackRoute, async (c) => {
    const { config } = c.var.deps;
    if (!config.oidc) throw new AppError("NOT_FOUND", "OpenID Connect sign-in is not configured");
    const flow = decodeOidcFlow(getCookie(c, OIDC_FLOW_COOKIE));
    deleteCookie(c, OIDC_FLOW_COOKIE, { path: "/api", secure: config.sessionSecureCookie });
    if (!flow) {
      throw new AppError(
        "BAD_REQUEST",
        "Sign-in expired or was started in another browser: please sign in again",
      );
    }
    // Rebuild the URL from PUBLIC_URL: behind a proxy the request URL's host is not what the provider knows.
    const callbackUrl = new URL(`/api/callback${new URL(c.req.url).search}`, config.publicUrl);
    const { profile, idToken } = await completeOidcSignIn({ oidc: config.oidc, callbackUrl, flow });
    const user = await upsertOidcUser({ db: c.var.deps.database.db, profile });
    await startSession(c, user.id, { oidcIdToken: idToken });
    return c.redirect(safeReturnTo(flow.returnTo, config.publicOrigin), 302);
  })
  .openapi(logoutRoute, async (c) => {
    const { config, database } = c.var.deps;
    const token = readSessionToken(c);
    const ended = token
      ? await invalidateSession({ db: database.db, sessionId: sessionIdFromToken(token) })
      : undefined;
    clearSessionCookie(c);
    c.header("Cache-Control", "no-store");
    const providerLogout = config.oidc
      ? await buildOidcLogoutUrl({
          oidc: config.oidc,
          idTokenHint: ended?.oidcIdToken,
          postLogoutRedirectUri: `${config.publicUrl}/`,
        })
      : undefined;
    return c.redirect(providerLogout?.href ?? "/", 302);
  })
  .openapi(currentUserRoute, (c) => {
    return c.json(toUserResponse(c.var.user), 200);
  })
  .openapi(
    signInRoute,
    async (c) => {
      requireBuiltInAccounts(c);
      const kind = requireFormOrJson(c);
      const input = kind === "form" ? c.req.valid("form") : c.req.valid("json");
      const { config, database, rateLimitStore, now } = c.var.deps;
      const returnTo = safeReturnTo(input.returnTo, config.publicOrigin);
      try {
        const attempt = await beginSignInAttempt({
          store: rateLimitStore,
          email: input.email,
          ip: clientIp(c),
          now: now(),
        });
        const user = await signInWithPassword({
          db: database.db,
          email: input.email,
          password: input.password,
        });
        await attempt.succeeded();
        await startSession(c, user.id);
        return kind === "form" ? c.redirect(returnTo, 303) : c.json(toUserResponse(user), 200);
      } catch (error) {
        const shown = kind === "form" && formPageError(c, error, ["INVALID_CREDENTIALS", "RATE_LIMITED"]);
        if (shown) {
          const page = renderSignInPage({
            form: "sign-in",
            error: shown.message,
            values: { email: input.email },
            returnTo,
          });
          return c.html(page, shown.code === "RATE_LIMITED" ? 429 : 401);
        }
        throw error;
      }
    },
    formAwareHook("sign-in"),
  )
  .openapi(
    signUpRoute,
    async (c) => {
      requireBuiltInAccounts(c);
      const kind = requireFormOrJson(c);
      const input = kind === "form" ? c.req.valid("form") : c.req.valid("json");
      const { config, database, rateLimitStore, now } = c.var.deps;
      const returnTo = safeReturnTo(input.returnTo, config.publicOrigin);
      try {
        await countSignUpAttempt({ store: rateLimitStore, ip: clientIp(c), now: now() });
        const user = await signUpWithPassword({ db: database.db, ...input });
        await startSession(c, user.id);
        return kind === "form" ? c.redirect(returnTo, 303) : c.json(toUserResponse(user), 201);
      } catch (error) {
        const shown = kind === "form" && formPageError(c, error, ["EMAIL_TAKEN", "RATE_LIMITED"]);
        if (shown) {
          const { firstName, lastName, email } = input;
          const page = renderSignInPage({
            form: "sign-up",
            error: shown.message,
            values: { firstName, lastName, email },
            returnTo,
          });
          return c.html(page, shown.code === "RATE_LIMITED" ? 429 : 409);
        }
        throw error;
      }
    },
    formAwareHook("sign-up"),
  );
