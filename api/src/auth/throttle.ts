// Brute-force limits for built-in accounts: failed sign-ins per email and per client IP, sign-ups per client IP.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { AppError } from "../lib/app-error";
import type { RateLimitCounter, RateLimitStore } from "../providers/rate-limit/rate-limit-store";
import { clientIpKey } from "./client-ip";

const MINUTE_MS = 60 * 1000;

/** Failed sign-ins one email may take per window: enough for a person who forgot which password, not for guessing. */
export const SIGN_IN_FAILURES_PER_EMAIL = 10;
/** Failed sign-ins one client IP may make per window, across every email (a NAT'ed office shares it). */
export const SIGN_IN_FAILURES_PER_IP = 50;
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
/** Accounts (or attempts at one) per client IP per window: stops bulk account creation and email probing. */
export const SIGN_UPS_PER_IP = 20;
export const SIGN_UP_WINDOW_MS = 60 * MINUTE_MS;

/** Keys name the email by its SHA-256: no address is kept in the store (or in Redis later) in the clear. */
const emailKey = (email: string) =>
  `sign-in:email:${encodeHexLowerCase(sha256(new TextEncoder().encode(email.trim().toLowerCase())))}`;
const signInIpKey = (ip: string) => `sign-in:ip:${clientIpKey(ip)}`;
const signUpIpKey = (ip: string) => `sign-up:ip:${clientIpKey(ip)}`;

function rateLimited(what: string, counters: RateLimitCounter[], now: Date): AppError {
  const resetAt = Math.max(...counters.map((counter) => counter.resetAt.getTime()));
  const retryAfterS = Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterS / 60);
  return new AppError(
    "RATE_LIMITED",
    `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    { headers: { "Retry-After": String(retryAfterS) } },
  );
}

export type SignInAttempt = {
  /** The password was right: the email's failures are forgotten and the attempt is not held against the IP. */
  succeeded: () => Promise<void>;
};

/**
 * Counts a sign-in attempt against its email and client IP before the password is checked, so parallel guesses
 * cannot all slip in under the limit, and throws RATE_LIMITED (429, Retry-After) once either is over its limit.
 * An attempt that fails stays counted; one that succeeds is taken back through `succeeded()`.
 */
export async function beginSignInAttempt({
  store,
  email,
  ip,
  now,
}: {
  store: RateLimitStore;
  email: string;
  ip: string;
  now: Date;
}): Promise<SignInAttempt> {
  const byEmail = emailKey(email);
  const byIp = signInIpKey(ip);
  const [emailCounter, ipCounter] = await Promise.all([
    store.increment({ key: byEmail, windowMs: SIGN_IN_WINDOW_MS }),
    store.increment({ key: byIp, windowMs: SIGN_IN_WINDOW_MS }),
  ]);
  const over = [
    emailCounter.count > SIGN_IN_FAILURES_PER_EMAIL ? emailCounter : undefined,
    ipCounter.count > SIGN_IN_FAILURES_PER_IP ? ipCounter : undefined,
  ].filter((counter) => counter !== undefined);
  if (over.length > 0) throw rateLimited("failed sign-in attempts", over, now);
  return {
    succeeded: async () => {
      await Promise.all([store.reset({ key: byEmail }), store.decrement({ key: byIp })]);
    },
  };
}

/** Counts a sign-up attempt against the client IP; throws RATE_LIMITED (429, Retry-After) once over the limit. */
export async function countSignUpAttempt({
  store,
  ip,
  now,
}: {
  store: RateLimitStore;
  ip: string;
  now: Date;
}): Promise<void> {
  const counter = await store.increment({ key: signUpIpKey(ip), windowMs: SIGN_UP_WINDOW_MS });
  if (counter.count > SIGN_UPS_PER_IP)
    throw rateLimited("sign-up attempts from your network", [counter], now);
}
