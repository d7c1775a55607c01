// Sign-in limits against flooding, straight on the store: blocked clients create no counters, locks survive eviction,
// and the per-email ceiling only bites on distributed guessing.
import { describe, expect, it } from "vitest";
import { createMemoryRateLimitStore } from "../providers/rate-limit/memory-rate-limit-store";
import {
  beginSignInAttempt,
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_FAILURES_PER_EMAIL_AND_IP,
  SIGN_IN_FAILURES_PER_IP,
} from "./throttle";

const now = new Date("2026-03-01T09:00:00.000Z");
const clock = () => now;

/** Outcome of one failed attempt: "counted" (password would be checked) or "refused" (429). */
async function fail(store: ReturnType<typeof createMemoryRateLimitStore>, email: string, ip: string) {
  try {
    await beginSignInAttempt({ store, email, ip, now });
    return "counted";
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "RATE_LIMITED") return "refused";
    throw error;
  }
}

describe("sign-in throttle under flooding", () => {
  // Found by the security probe: 100k attempts with unique emails evicted every counter, locks included.
  it("a blocked IP creates no new counters however many emails it tries", async () => {
    const store = createMemoryRateLimitStore({ now: clock, maxKeys: 1000 });
    const ip = "203.0.113.99";
    for (let index = 0; index < SIGN_IN_FAILURES_PER_IP; index++) {
      expect(await fail(store, `victim.${index}@example.test`, ip)).toBe("counted");
    }
    const sizeWhenBlocked = store.size;
    for (let index = 0; index < 100_000; index++) {
      expect(await fail(store, `flood.${index}@example.test`, ip)).toBe("refused");
    }
    expect(store.size).toBe(sizeWhenBlocked);
  });

  it("never evicts an active lock, however many other clients fill the store", async () => {
    const store = createMemoryRateLimitStore({ now: clock, maxKeys: 500 });
    const lockedIp = "203.0.113.7";
    for (let index = 0; index < SIGN_IN_FAILURES_PER_EMAIL_AND_IP; index++) {
      await fail(store, "owner@example.test", lockedIp);
    }
    expect(await fail(store, "owner@example.test", lockedIp)).toBe("refused");
    // Thousands of clients, each under every limit, push far more keys than the store holds.
    for (let index = 0; index < 20_000; index++) {
      await fail(
        store,
        `someone.${index}@example.test`,
        `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
      );
      expect(store.size - store.lockCount).toBeLessThanOrEqual(500);
    }
    expect(await fail(store, "owner@example.test", lockedIp)).toBe("refused");
  });

  it(`stops distributed guessing at ${SIGN_IN_FAILURES_PER_EMAIL} failures per email, never fewer from one client`, async () => {
    const store = createMemoryRateLimitStore({ now: clock });
    const email = "target@example.test";
    const addresses = SIGN_IN_FAILURES_PER_EMAIL / SIGN_IN_FAILURES_PER_EMAIL_AND_IP;
    for (let address = 0; address < addresses; address++) {
      for (let attempt = 0; attempt < SIGN_IN_FAILURES_PER_EMAIL_AND_IP; attempt++) {
        expect(await fail(store, email, `198.51.${address >> 8}.${address & 255}`)).toBe("counted");
      }
    }
    expect(await fail(store, email, "192.0.2.1")).toBe("refused");
    expect(await fail(store, "someone.else@example.test", "192.0.2.1")).toBe("counted");
  });
});
