// Built-in accounts end to end through app.request(): sign-up, sign-in, the page, logout, CSRF and error formats.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionIdFromToken } from "../auth/session";
import { passwordCredentials, sessions, users } from "../db/schema";
import { indexTexts } from "../test/retrieval";
import {
  createTestApp,
  engines,
  newAccount,
  sessionCookieFrom,
  signUp,
  type TestApp,
} from "../test/test-app";

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const form = (body: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(body).toString(),
});

describe.each(engines)("auth routes on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("GET /api/login (built-in accounts)", () => {
    it("serves a self-contained sign-in page with labelled sign-in and create-account forms", async () => {
      const response = await t.request("/api/login");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      const html = await response.text();
      expect(html).toContain('action="/api/auth/sign-in"');
      expect(html).toContain('action="/api/auth/sign-up"');
      for (const name of ["email", "password", "firstName", "lastName"])
        expect(html).toContain(`name="${name}"`);
      for (const label of ["Email", "Password", "First name", "Last name"])
        expect(html).toContain(`>${label}</label>`);
      expect(html).toContain(">Sign in</button>");
      expect(html).toContain(">Create account</button>");
      // No external asset: the page works on a machine without internet.
      expect(html).not.toMatch(/(src|href)="https?:/);
      expect(html).not.toMatch(/<script/);
    });

    it("keeps a same-origin returnTo and drops an off-site one", async () => {
      const local = await (await t.request("/api/login?returnTo=%2Fknowledge")).text();
      expect(local).toContain('name="returnTo" value="/knowledge"');
      const evil = await (await t.request("/api/login?returnTo=https%3A%2F%2Fevil.example%2F")).text();
      expect(evil).toContain('name="returnTo" value="/"');
    });
  });

  describe("sign-up", () => {
    it("creates the account, sets an HttpOnly session cookie and /api/auth/user returns the names and an image", async () => {
      const account = newAccount("Grace", "Hopper");
      const response = await t.request("/api/auth/sign-up", json(account));
      expect(response.status).toBe(201);
      const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("session="));
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).toMatch(/Path=\//);

      const me = await t.request("/api/auth/user", { cookie: sessionCookieFrom(response) });
      expect(me.status).toBe(200);
      const user = (await me.json()) as Record<string, unknown>;
      expect(user).toMatchObject({
        firstName: "Grace",
        lastName: "Hopper",
        email: account.email,
        profileImageUrl: expect.stringMatching(/^data:image\/svg\+xml,/),
      });
      expect(decodeURIComponent(String(user.profileImageUrl))).toContain(">GH</text>");
      expect(typeof user.id).toBe("string");
    });

    it("from the HTML form: redirects 303 to returnTo with the cookie", async () => {
      const account = newAccount("Alan", "Turing");
      const response = await t.request("/api/auth/sign-up", form({ ...account, returnTo: "/training" }));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/training");
      const me = await t.request("/api/auth/user", { cookie: sessionCookieFrom(response) });
      expect(((await me.json()) as { firstName: string }).firstName).toBe("Alan");
    });

    it("never redirects off-site after sign-up", async () => {
      const response = await t.request(
        "/api/auth/sign-up",
        form({ ...newAccount(), returnTo: "//evil.example/phish" }),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    });

    it("stores an argon2id hash, never the password", async () => {
      const { account, user } = await signUp(t);
      const [row] = await t.database.db
        .select()
        .from(passwordCredentials)
        .where(eq(passwordCredentials.userId, user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row?.passwordHash).not.toContain(account.password);
    });

    it("answers 409 for an email already registered (JSON and form), whatever its case", async () => {
      const { account } = await signUp(t);
      const again = await t.request(
        "/api/auth/sign-up",
        json({ ...account, email: account.email.toUpperCase() }),
      );
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({
        error: "An account with this email is already registered",
        code: "EMAIL_TAKEN",
      });
      const page = await t.request("/api/auth/sign-up", form(account));
      expect(page.status).toBe(409);
      const html = await page.text();
      expect(html).toContain("already registered");
      expect(html).toContain(`value="${account.firstName}"`);
      expect(html).not.toContain(account.password);
    });

    it("rejects a short password with the JSON error format and the message", async () => {
      const response = await t.request("/api/auth/sign-up", json({ ...newAccount(), password: "short" }));
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; code: string; details: unknown[] };
      expect(body.code).toBe("VALIDATION_ERROR");
      expect(body.error).toBe("Password must be at least 8 characters");
      expect(body.details).toEqual([expect.objectContaining({ path: ["password"] })]);
      expect(JSON.stringify(body)).not.toContain("short");
    });

    it("re-renders the page with the validation message for a form post", async () => {
      const response = await t.request("/api/auth/sign-up", form({ ...newAccount(), email: "not-an-email" }));
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain("Please enter a valid email address");
      // What the person typed comes back (escaped), except the password.
      expect(html).toContain('name="firstName" type="text" autocomplete="given-name" required value="Ada"');
      expect(html).toContain('value="not-an-email"');
    });
  });

  it("escapes what it echoes back into the page", async () => {
    const response = await t.request(
      "/api/auth/sign-up",
      form({ ...newAccount(), firstName: '"><script>alert(1)</script>', password: "short" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#34;&#62;&#60;script&#62;");
  });

  describe("sign-in", () => {
    it("starts loading the user's search index, so their first question does not wait for it", async () => {
      const { account, user } = await signUp(t);
      await indexTexts(t.deps, user.id, ["quarterly ledger of spare parts"]);
      expect(t.deps.chunkIndexes.holds(user.id)).toBe(false);
      const response = await t.request("/api/auth/sign-in", json(account));
      expect(response.status).toBe(200);
      await vi.waitFor(() => expect(t.deps.chunkIndexes.holds(user.id)).toBe(true));
    });

    it("signs in with the right password (JSON) and the email is case-insensitive", async () => {
      const { account } = await signUp(t);
      const response = await t.request(
        "/api/auth/sign-in",
        json({ email: account.email.toUpperCase(), password: account.password }),
      );
      expect(response.status).toBe(200);
      expect(((await response.json()) as { email: string }).email).toBe(account.email);
      expect(sessionCookieFrom(response)).toMatch(/^session=[a-z2-7]{32}$/);
    });

    it("signs in from the form with a 303 to /", async () => {
      const { account } = await signUp(t);
      const response = await t.request(
        "/api/auth/sign-in",
        form({ email: account.email, password: account.password }),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    });

    it("answers 401 for a wrong password: JSON error, or the page re-rendered", async () => {
      const { account } = await signUp(t);
      const wrong = { email: account.email, password: "wrong password" };
      const apiResponse = await t.request("/api/auth/sign-in", json(wrong));
      expect(apiResponse.status).toBe(401);
      expect(await apiResponse.json()).toEqual({
        error: "Invalid email or password",
        code: "INVALID_CREDENTIALS",
      });
      expect(apiResponse.headers.getSetCookie().some((cookie) => cookie.startsWith("session="))).toBe(false);

      const page = await t.request("/api/auth/sign-in", form(wrong));
      expect(page.status).toBe(401);
      const html = await page.text();
      expect(html).toContain("Invalid email or password");
      expect(html).toContain('<form method="post" action="/api/auth/sign-in">');
      expect(html).toContain(`value="${account.email}"`);
    });

    it("gives an unknown email the same answer as a wrong password", async () => {
      const response = await t.request(
        "/api/auth/sign-in",
        json({ email: "nobody@example.test", password: "whatever1" }),
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: "Invalid email or password",
        code: "INVALID_CREDENTIALS",
      });
    });

    it("refuses a body that is neither JSON nor a form with 415", async () => {
      const response = await t.request("/api/auth/sign-in", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "hello",
      });
      expect(response.status).toBe(415);
      expect(((await response.json()) as { code: string }).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    });
  });

  describe("sessions", () => {
    it("stores only the SHA-256 of the token", async () => {
      const { cookie, user } = await signUp(t);
      const token = cookie.slice("session=".length);
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(sessionIdFromToken(token));
      expect(rows[0]?.id).toMatch(/^[0-9a-f]{64}$/);
      expect(rows.some((row) => row.id === token)).toBe(false);
    });

    it("answers 401 JSON when signed out", async () => {
      const response = await t.request("/api/auth/user");
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "You are logged out", code: "UNAUTHORIZED" });
    });

    it("logout deletes the session server-side, clears the cookie and redirects to /", async () => {
      const { cookie, user } = await signUp(t);
      const response = await t.request("/api/logout", { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
      expect(response.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/Max-Age=0/i);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
      // Replaying the old cookie no longer works.
      expect((await t.request("/api/auth/user", { cookie })).status).toBe(401);
    });

    it("signing in again replaces the browser's previous session", async () => {
      const { account, cookie, user } = await signUp(t);
      const response = await t.request("/api/auth/sign-in", {
        ...json({ email: account.email, password: account.password }),
        cookie,
      });
      expect(response.status).toBe(200);
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
      expect((await t.request("/api/auth/user", { cookie })).status).toBe(401);
    });

    it("deleting a user deletes their sessions", async () => {
      const { cookie, user } = await signUp(t);
      await t.database.db.delete(users).where(eq(users.id, user.id));
      expect((await t.request("/api/auth/user", { cookie })).status).toBe(401);
    });

    it("a signed-in visit to /api/login goes straight to returnTo", async () => {
      const { cookie } = await signUp(t);
      const response = await t.request("/api/login?returnTo=/agents", { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/agents");
    });
  });

  describe("security findings", () => {
    it.each(["%2F.%2F%2Fevil.example%2Fphish", "/x/..//evil.example", "/%2e//evil.example"])(
      "never redirects off-site for returnTo=%s (signed-in /api/login and the sign-in form)",
      async (returnTo) => {
        const { cookie, account } = await signUp(t);
        const visit = await t.request(`/api/login?returnTo=${returnTo}`, { cookie });
        expect(visit.status).toBe(302);
        expect(visit.headers.get("location")).toBe("/");

        const post = await t.request(
          "/api/auth/sign-in",
          form({ email: account.email, password: account.password, returnTo: decodeURIComponent(returnTo) }),
        );
        expect(post.status).toBe(303);
        expect(post.headers.get("location")).toBe("/");
      },
    );

    it("refuses a cross-site /api/logout and keeps the session", async () => {
      const { cookie } = await signUp(t);
      for (const site of ["cross-site", "same-site"]) {
        const response = await t.request("/api/logout", { cookie, headers: { "sec-fetch-site": site } });
        expect(response.status).toBe(403);
        expect(((await response.json()) as { code: string }).code).toBe("CSRF_REJECTED");
        expect(response.headers.getSetCookie()).toEqual([]);
      }
      expect((await t.request("/api/auth/user", { cookie })).status).toBe(200);
      const own = await t.request("/api/logout", { cookie, headers: { "sec-fetch-site": "same-origin" } });
      expect(own.status).toBe(302);
      expect((await t.request("/api/auth/user", { cookie })).status).toBe(401);
    });

    it("signs out everywhere: every session of the user ends, other users' stay", async () => {
      const { account, cookie: first } = await signUp(t);
      const second = sessionCookieFrom(await t.request("/api/auth/sign-in", json(account)));
      const bystander = await signUp(t);

      const crossSite = await t.request("/api/auth/sessions/revoke-all", {
        method: "POST",
        cookie: first,
        headers: { origin: "https://evil.example" },
      });
      expect(crossSite.status).toBe(403);

      const response = await t.request("/api/auth/sessions/revoke-all", { method: "POST", cookie: first });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ revoked: 2 });
      expect(response.headers.getSetCookie().some((c) => /^session=;/.test(c))).toBe(true);
      expect((await t.request("/api/auth/user", { cookie: first })).status).toBe(401);
      expect((await t.request("/api/auth/user", { cookie: second })).status).toBe(401);
      expect((await t.request("/api/auth/user", { cookie: bystander.cookie })).status).toBe(200);
    });

    it("refuses a common password or the email as the password, with a clear message (JSON and form)", async () => {
      const account = newAccount();
      const common = await t.request("/api/auth/sign-up", json({ ...account, password: "password123" }));
      expect(common.status).toBe(400);
      expect(await common.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        error:
          "This password is too common: choose one that is harder to guess, such as a few unrelated words",
      });
      const itself = await t.request("/api/auth/sign-up", json({ ...account, password: account.email }));
      expect(((await itself.json()) as { error: string }).error).toBe(
        "Your password must not be your email address",
      );
      const page = await t.request("/api/auth/sign-up", form({ ...account, password: "iloveyou" }));
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("This password is too common");
      // Nothing was created: the same email still signs up with a good password.
      expect((await t.request("/api/auth/sign-up", json(account))).status).toBe(201);
    });

    it("sends Cache-Control: no-store with per-user JSON and a Permissions-Policy everywhere", async () => {
      const { cookie } = await signUp(t);
      const me = await t.request("/api/auth/user", { cookie });
      expect(me.headers.get("cache-control")).toBe("no-store");
      expect(me.headers.get("permissions-policy")).toContain("camera=()");
      const refused = await t.request("/api/auth/user");
      expect(refused.headers.get("cache-control")).toBe("no-store");
    });
  });

  describe("CSRF", () => {
    it("rejects a cross-origin form post to sign-in with 403", async () => {
      const { account } = await signUp(t);
      const response = await t.request("/api/auth/sign-in", {
        ...form({ email: account.email, password: account.password }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "Cross-origin request refused", code: "CSRF_REJECTED" });
    });

    it("rejects a cookie-carrying mutation without Origin or Referer, and a cross-origin Referer", async () => {
      const { cookie } = await signUp(t);
      const bare = await t.app.request("/api/auth/sign-in", {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: "{}",
      });
      expect(bare.status).toBe(403);
      const foreign = await t.app.request("/api/anything", {
        method: "DELETE",
        headers: { cookie, referer: "https://evil.example/page" },
      });
      expect(foreign.status).toBe(403);
    });

    it("accepts the same origin, by Origin or by Referer, and the request's own host", async () => {
      const { account } = await signUp(t);
      const body = JSON.stringify({ email: account.email, password: account.password });
      const byReferer = await t.app.request("http://localhost:3000/api/auth/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json", referer: "http://localhost:3000/api/login" },
        body,
      });
      expect(byReferer.status).toBe(200);
      const ownHost = await t.app.request("http://127.0.0.1:4567/api/auth/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://127.0.0.1:4567" },
        body,
      });
      expect(ownHost.status).toBe(200);
    });

    it("does not exempt a Bearer request on a route that takes no API keys", async () => {
      const response = await t.app.request("/api/auth/sign-in", {
        method: "POST",
        headers: {
          authorization: "Bearer acp_test",
          origin: "https://elsewhere.example",
          cookie: "session=x",
          "content-type": "application/json",
        },
        body: JSON.stringify({ email: "a@example.test", password: "whatever1" }),
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe("CSRF_REJECTED");
    });
  });

  describe("request errors", () => {
    it("answers malformed JSON with 400 MALFORMED_JSON", async () => {
      const response = await t.request("/api/auth/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"email": ',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "Malformed JSON in request body",
        code: "MALFORMED_JSON",
      });
    });

    it("answers a JSON body of the wrong type with a validation error, not a crash", async () => {
      for (const body of ["[]", "null", '"text"', "42", '{"email": 1, "password": {}}']) {
        const response = await t.request("/api/auth/sign-in", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { code: string }).code).toBe("VALIDATION_ERROR");
      }
    });

    it("keeps /api/callback a JSON 404 while OIDC is not configured", async () => {
      const response = await t.request("/api/callback?code=x&state=y");
      expect(response.status).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe("NOT_FOUND");
    });
  });
});
