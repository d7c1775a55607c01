// GET /api/callback (mounted at /api/callback): the OpenID Connect redirect target that completes sign-in.
import { createRoute, z } from "@hono/zod-openapi";
import { deleteCookie, getCookie } from "hono/cookie";
import { completeOidcSignIn, decodeOidcFlow, OIDC_FLOW_COOKIE } from "../auth/oidc";
import { safeReturnTo } from "../auth/return-to";
import { startSession } from "../auth/start-session";
import { AppError } from "../lib/app-error";
import { createRouter, errorResponses } from "../lib/openapi";
import { upsertOidcUser } from "../services/auth/upsert-oidc-user";
import { warmUpAfterSignIn } from "./sign-in-warm-up";

const callbackRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Auth"],
  summary: "OIDC redirect target",
  description:
    "Completes the authorization code flow, verifies the ID token, creates the session. The ID token is kept for the provider's logout only, encrypted with a key derived from the session cookie.",
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

export const callbackRoutes = createRouter().openapi(callbackRoute, async (c) => {
  const { config, database, oidc } = c.var.deps;
  if (!oidc) throw new AppError("NOT_FOUND", "OpenID Connect sign-in is not configured");
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
  const { profile, idToken } = await completeOidcSignIn({ provider: oidc, callbackUrl, flow });
  const user = await upsertOidcUser({ db: database.db, profile });
  await startSession(c, user.id, { oidcIdToken: idToken });
  warmUpAfterSignIn(c, user.id);
  return c.redirect(safeReturnTo(flow.returnTo, config.publicOrigin), 302);
});
