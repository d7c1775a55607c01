// GET /api/logout (mounted at /api/logout): ends this browser's session, then at the identity provider when there is one.
import { createRoute } from "@hono/zod-openapi";
import { openIdToken } from "../auth/id-token-seal";
import { buildOidcLogoutUrl } from "../auth/oidc";
import { invalidateSession, sessionIdFromToken } from "../auth/session";
import { clearSessionCookie, readSessionToken } from "../auth/session-cookie";
import { AppError } from "../lib/app-error";
import { createRouter, errorResponses } from "../lib/openapi";

/** Fetch metadata values a sign-out may come with: our own pages, or the address bar / a bookmark. */
const ALLOWED_FETCH_SITES = new Set(["same-origin", "none"]);

const logoutRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Auth"],
  summary: "Sign out",
  description:
    "Deletes the session server-side, clears the cookie and redirects to /. With OIDC configured and an end_session_endpoint in the provider's discovery document, redirects there instead (RP-initiated logout, with id_token_hint and post_logout_redirect_uri = PUBLIC_URL + /), so the provider's session ends too. A request another site started (`Sec-Fetch-Site: cross-site` or `same-site`) is refused with 403 and signs nobody out.",
  responses: {
    302: { description: "Signed out: redirect to /, or to the provider's end-session endpoint" },
    ...errorResponses(403),
  },
});

export const logoutRoutes = createRouter().openapi(logoutRoute, async (c) => {
  const { config, database, oidc } = c.var.deps;
  c.header("Cache-Control", "no-store");
  // It stays a GET navigation (spec), so SameSite=Lax lets other sites trigger it: fetch metadata tells them apart.
  const site = c.req.header("sec-fetch-site");
  if (site !== undefined && !ALLOWED_FETCH_SITES.has(site.toLowerCase())) {
    throw new AppError("CSRF_REJECTED", "Sign-out must start from this site");
  }
  const token = readSessionToken(c);
  const ended = token
    ? await invalidateSession({ db: database.db, sessionId: sessionIdFromToken(token) })
    : undefined;
  clearSessionCookie(c);
  const providerLogout = oidc
    ? await buildOidcLogoutUrl({
        provider: oidc,
        idTokenHint: token ? openIdToken(ended?.oidcIdToken, token) : undefined,
        postLogoutRedirectUri: `${config.publicUrl}/`,
      })
    : undefined;
  return c.redirect(providerLogout?.href ?? "/", 302);
});
