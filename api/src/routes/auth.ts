// Built-in accounts and the current user (mounted at /api/auth): sign-in, sign-up, user, sign out everywhere.
import { userSchema } from "@acp/contracts/entities";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { clientIp } from "../auth/client-ip";
import { safeReturnTo } from "../auth/return-to";
import { invalidateUserSessions } from "../auth/session";
import { clearSessionCookie } from "../auth/session-cookie";
import { isBrowserFormNavigation, redirectToSignInForm } from "../auth/sign-in-flash";
import { renderSignInPage, type SignInPageState } from "../auth/sign-in-page";
import { signedInRoute } from "../auth/signed-in-route";
import { startSession } from "../auth/start-session";
import {
  beginSignInAttempt,
  countSignUpAttempt,
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_FAILURES_PER_EMAIL_AND_IP,
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
import { warmUpAfterSignIn } from "./sign-in-warm-up";

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
  const state = {
    form,
    error: error.issues[0]?.message ?? "Please check the form",
    values,
    returnTo: safeReturnTo(returnTo, c.var.deps.config.publicOrigin),
  };
  if (isBrowserFormNavigation(c)) return redirectToSignInForm(c, state, state.returnTo);
  return c.html(renderSignInPage(state), 400);
}

const formAwareHook =
  (form: "sign-in" | "sign-up") =>
  (result: { success: true } | { success: false; target: string; error: z.ZodError }, c: Context<AppEnv>) => {
    if (result.success) return undefined;
    if (result.target !== "form") throw validationError(result.error);
    return formErrorPage(c, form, result.error);
  };

const currentUserRoute = signedInRoute({
  method: "get",
  path: "/user",
  tags: ["Auth"],
  summary: "The signed-in user",
  responses: { 200: userResponse, ...errorResponses(401) },
});

const signInRoute = createRoute({
  method: "post",
  path: "/sign-in",
  tags: ["Auth"],
  summary: "Sign in with email and password",
  description: `Form posts get a 303 redirect (to returnTo or /) with the session cookie, or the page again with the error. JSON posts get the user or a JSON error. Failed attempts are limited per ${SIGN_IN_WINDOW_MS / 60_000}-minute window: ${SIGN_IN_FAILURES_PER_EMAIL_AND_IP} for one email from one client IP, ${SIGN_IN_FAILURES_PER_IP} from one client IP across emails, and ${SIGN_IN_FAILURES_PER_EMAIL} for one email from everywhere (so a stranger cannot lock the owner out). Past a limit, attempts are refused with 429 and Retry-After until that window ends; a successful sign-in clears that client's count for the email.`,
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
  path: "/sign-up",
  tags: ["Auth"],
  summary: "Create a built-in account",
  description: `Creates the account and signs in. The password needs at least 8 characters and must be neither a common password (a list of about 49,000 from breaches) nor the email address. Form posts get a 303 redirect or the page again with the error; JSON posts get 201 with the user or a JSON error. At most ${SIGN_UPS_PER_IP} attempts per client IP per ${SIGN_UP_WINDOW_MS / 60_000} minutes, then 429.`,
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

const revokeAllSessionsRoute = signedInRoute({
  method: "post",
  path: "/sessions/revoke-all",
  tags: ["Auth"],
  summary: "Sign out everywhere",
  description:
    "Ends every session of the signed-in user, this one included, on every device, and clears this browser's cookie. Cookie-authenticated: the Origin must be this site (CSRF check).",
  responses: {
    200: {
      description: "Every session ended",
      content: {
        "application/json": {
          schema: z
            .object({ revoked: z.number().int().nonnegative().openapi({ description: "Sessions ended" }) })
            .openapi("RevokedSessions"),
        },
      },
    },
    ...errorResponses(401, 403),
  },
});

export const authRoutes = createRouter()
  .openapi(currentUserRoute, (c) => c.json(toUserResponse(c.var.user), 200))
  .openapi(revokeAllSessionsRoute, async (c) => {
    const revoked = await invalidateUserSessions({ db: c.var.deps.database.db, userId: c.var.user.id });
    clearSessionCookie(c);
    return c.json({ revoked }, 200);
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
        warmUpAfterSignIn(c, user.id);
        return kind === "form" ? c.redirect(returnTo, 303) : c.json(toUserResponse(user), 200);
      } catch (error) {
        const shown = kind === "form" && formPageError(c, error, ["INVALID_CREDENTIALS", "RATE_LIMITED"]);
        if (shown) {
          const state = { form: "sign-in" as const, error: shown.message, values: { email: input.email } };
          if (isBrowserFormNavigation(c)) return redirectToSignInForm(c, state, returnTo);
          const page = renderSignInPage({ ...state, returnTo });
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
        warmUpAfterSignIn(c, user.id);
        return kind === "form" ? c.redirect(returnTo, 303) : c.json(toUserResponse(user), 201);
      } catch (error) {
        const shown =
          kind === "form" && formPageError(c, error, ["EMAIL_TAKEN", "RATE_LIMITED", "VALIDATION_ERROR"]);
        if (shown) {
          const { firstName, lastName, email } = input;
          const state = {
            form: "sign-up" as const,
            error: shown.message,
            values: { firstName, lastName, email },
          };
          if (isBrowserFormNavigation(c)) return redirectToSignInForm(c, state, returnTo);
          const page = renderSignInPage({ ...state, returnTo });
          return c.html(page, shown.status === 429 ? 429 : shown.status === 400 ? 400 : 409);
        }
        throw error;
      }
    },
    formAwareHook("sign-up"),
  );
