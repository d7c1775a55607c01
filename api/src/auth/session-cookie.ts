// Reads and writes the `session` cookie: HttpOnly, SameSite=Lax, Path=/, Secure when configured.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../lib/app-env";

export const SESSION_COOKIE = "session";

export function readSessionToken(c: Context): string | undefined {
  const token = getCookie(c, SESSION_COOKIE);
  // Our tokens are 32 base32 characters; anything else cannot match and is not worth a query.
  return token && /^[a-z2-7]{32}$/.test(token) ? token : undefined;
}

export function setSessionCookie<E extends AppEnv>(c: Context<E>, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: c.var.deps.config.sessionSecureCookie,
    expires: expiresAt,
  });
}

export function clearSessionCookie<E extends AppEnv>(c: Context<E>): void {
  deleteCookie(c, SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: c.var.deps.config.sessionSecureCookie,
  });
}
