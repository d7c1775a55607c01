// Post/Redirect/Get for the built-in sign-in forms: a browser whose form post failed is sent back to GET /api/login,
// which shows the form again with the error once, so the browser never rests on a POST URL (reload and Back work).
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../lib/app-env";
import type { SignInPageState } from "./sign-in-page";

const FLASH_COOKIE = "sign_in_form";
/** Only /api/login reads it, right after the redirect. */
const FLASH_PATH = "/api/login";
const FLASH_MAX_AGE_S = 120;
const MAX_TEXT = 320;

export type SignInFlash = Omit<SignInPageState, "returnTo">;

/**
 * True for a form submitted by a browser as a page navigation (`Sec-Fetch-Mode: navigate`, which only browsers set);
 * scripts and tests posting the form get the page in the answer as before.
 */
export function isBrowserFormNavigation(c: Context): boolean {
  return c.req.header("sec-fetch-mode") === "navigate";
}

/** Remembers what the form shows next (never the password) and answers 303 to /api/login?returnTo=… */
export function redirectToSignInForm(c: Context<AppEnv>, flash: SignInFlash, returnTo: string): Response {
  const body = Buffer.from(JSON.stringify(flash), "utf8").toString("base64url");
  setCookie(c, FLASH_COOKIE, body, {
    httpOnly: true,
    sameSite: "Lax",
    path: FLASH_PATH,
    secure: c.var.deps.config.sessionSecureCookie,
    maxAge: FLASH_MAX_AGE_S,
  });
  const target = returnTo === "/" ? FLASH_PATH : `${FLASH_PATH}?${new URLSearchParams({ returnTo })}`;
  c.header("Cache-Control", "no-store");
  return c.redirect(target, 303);
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.length <= MAX_TEXT ? value : undefined;

/** Reads and clears the flash; anything malformed is ignored (the plain form shows). */
export function takeSignInFlash(c: Context<AppEnv>): SignInFlash {
  const raw = getCookie(c, FLASH_COOKIE);
  if (raw === undefined) return {};
  deleteCookie(c, FLASH_COOKIE, { path: FLASH_PATH, secure: c.var.deps.config.sessionSecureCookie });
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Record<string, unknown>;
    const form = parsed.form === "sign-in" || parsed.form === "sign-up" ? parsed.form : undefined;
    const values = (
      typeof parsed.values === "object" && parsed.values !== null ? parsed.values : {}
    ) as Record<string, unknown>;
    const error = text(parsed.error);
    if (!form || !error) return {};
    return {
      form,
      error,
      values: {
        email: text(values.email),
        firstName: text(values.firstName),
        lastName: text(values.lastName),
      },
    };
  } catch {
    return {};
  }
}
