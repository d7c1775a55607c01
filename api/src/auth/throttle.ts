// Brute-force limits for built-in accounts: failed sign-ins per (email, client IP), per client IP and per email, sign-ups per IP.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { AppError } from "../lib/app-error";
import type { RateLimitCounter, RateLimitStore } from "../providers/rate-limit/rate-limit-store";
import { clientIpKey } from "./client-ip";

const MINUTE_MS = 60 * 1000;

/** Failed sign-ins for one email from one client IP per window: a person who forgot which password, not guessing. */
export const SIGN_IN_FAILURES_PER_EMAIL_AND_IP = 10;
/** Failed sign-ins one client IP may make per window, across every email (a NAT'ed office shares it). */
export const SIGN_IN_FAILURES_PER_IP = 50;
/**
 * Failed sign-ins for one email from everywhere per window. Much higher than the per-(email, IP) allowance, so a
 * stranger cannot lock the owner out: it takes SIGN_IN_FAILURES_PER_EMAIL / SIGN_IN_FAILURES_PER_IP = 10 separate
 * addresses, each spending its whole allowance on this one account, and it only stops distributed guessing.
 */
export const SIGN_IN_FAILURES_PER_EMAIL = 500;
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
/** Accounts (or attempts at one) per client IP per window: stops bulk account creation and email probing. */
export const SIGN_UPS_PER_IP = 20;
export const SIGN_UP_WINDOW_MS = 60 * MINUTE_MS;

/** Keys name the email by its SHA-256: no address is kept in the store (or in Redis later) in the clear. */
const emailHash = (email: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(email.trim().toLowerCase())));
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
  /** The password was right: this client's failures for the email are forgotten and the attempt is refunded. */
  succeeded: () => Promise<void>;
};

type Limit = { key: string; limit: number };

/**
 * Counts a sign-in attempt before the password is checked, so parallel guesses cannot all slip in under the
 * limits, and throws RATE_LIMITED (429, Retry-After) once any of them is reached. Order matters against
 * flooding: a client whose IP is already blocked is refused before anything is counted, so it cannot create new
 * counters (and push real ones out of the store); the counters that block are locks the store never evicts.
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
  const hash = emailHash(email);
  const byIp: Limit = { key: signInIpKey(ip), limit: SIGN_IN_FAILURES_PER_IP };
  const byPair: Limit = {
    key: `sign-in:email-ip:${hash}:${clientIpKey(ip)}`,
    limit: SIGN_IN_FAILURES_PER_EMAIL_AND_IP,
  };
  const byEmail: Limit = { key: `sign-in:email:${hash}`, limit: SIGN_IN_FAILURES_PER_EMAIL };
  const limits = [byIp, byPair, byEmail];

  // Refuse blocked clients without counting anything.
  for (const { key, limit } of limits) {
    const current = await store.peek({ key });
    if (current && current.count >= limit) throw rateLimited("failed sign-in attempts", [current], now);
  }
  const counters = await Promise.all(
    limits.map(({ key, limit }) => store.increment({ key, windowMs: SIGN_IN_WINDOW_MS, limit })),
  );
  const isOver = (index: number) => (counters[index]?.count ?? 0) > (limits[index]?.limit ?? 0);
  if (limits.some((_, index) => isOver(index))) {
    // Lost a race with parallel attempts: refused before any password check, so the counters it did not break
    // take it back (the ones it broke stay at their limit: they are the lock).
    await Promise.all(limits.map(({ key }, index) => (isOver(index) ? undefined : store.decrement({ key }))));
    const over = counters.filter((_, index) => isOver(index));
    throw rateLimited("failed sign-in attempts", over, now);
  }
  return {
    succeeded: async () => {
      await Promise.all([
        store.reset({ key: byPair.key }),
        store.decrement({ key: byIp.key }),
        store.decrement({ key: byEmail.key }),
      ]);
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
  const key = signUpIpKey(ip);
  const current = await store.peek({ key });
  if (current && current.count >= SIGN_UPS_PER_IP)
    throw rateLimited("sign-up attempts from your network", [current], now);
  const counter = await store.increment({ key, windowMs: SIGN_UP_WINDOW_MS, limit: SIGN_UPS_PER_IP });
  if (counter.count > SIGN_UPS_PER_IP)
    throw rateLimited("sign-up attempts from your network", [counter], now);
}
