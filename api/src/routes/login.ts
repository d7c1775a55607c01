// GET /api/login (mounted at /api/login): starts sign-in at the identity provider, or serves the built-in sign-in page.
import { createRoute, z } from "@hono/zod-openapi";
import { setCookie } from "hono/cookie";
import { encodeOidcFlow, OIDC_FLOW_COOKIE, OIDC_FLOW_MAX_AGE_S, startOidcSignIn } from "../auth/oidc";
import { safeReturnTo } from "../auth/return-to";
import { lookUpSession } from "../auth/session-lookup";
import { takeSignInFlash } from "../auth/sign-in-flash";
import { renderSignInPage } from "../auth/sign-in-page";
import { AppError } from "../lib/app-error";
import { createRouter, errorResponses } from "../lib/openapi";

const loginRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Auth"],
  summary: "Start signing in",
  description:
    "With OIDC configured, redirects to the identity provider (authorization code + PKCE). Otherwise serves the built-in sign-in page, whose forms post to /api/auth/sign-in and /api/auth/sign-up. `returnTo` is kept only when, once normalised, it is a path on this origin (never an /api/ sign-in path); anything else returns to /.",
  request: {
    query: z.object({
      returnTo: z.string().optional().openapi({ description: "Same-origin path to return to after sign-in" }),
    }),
  },
  responses: {
    200: { description: "The built-in sign-in page", content: { "text/html": { schema: z.string() } } },
    302: { description: "Redirect to the identity provider, or to returnTo when already signed in" },
    ...errorResponses(502),
  },
});

export const loginRoutes = createRouter().openapi(loginRoute, async (c) => {
  const { config, oidc } = c.var.deps;
  const returnTo = safeReturnTo(c.req.valid("query").returnTo, config.publicOrigin);
  c.header("Cache-Control", "no-store");
  if (oidc) {
    const { url, flow } = await startOidcSignIn({
      provider: oidc,
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
  // A client over the unknown-cookie limit gets no lookup, but still the page: signing in is how it recovers.
  const signedIn = await lookUpSession(c).then(
    (lookup) => lookup.session !== null,
    (error: unknown) => {
      if (error instanceof AppError && error.code === "RATE_LIMITED") return false;
      throw error;
    },
  );
  if (signedIn) return c.redirect(returnTo, 302);
  // After a failed form post (Post/Redirect/Get): the form again, with its error and what was typed.
  return c.html(renderSignInPage({ ...takeSignInFlash(c), returnTo }), 200);
});
