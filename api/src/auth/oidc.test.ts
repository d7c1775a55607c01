// OpenID Connect end to end: a real oidc-provider and the real app on local ports, the code flow driven with fetch.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import type { Database } from "../db/create-database";
import { oidcAccounts, sessions } from "../db/schema";
import { createDeps } from "../deps";
import { createTestDatabase, engines, testConfig } from "../test/test-app";
import { openIdToken } from "./id-token-seal";
import { generateSessionToken, sessionIdFromToken } from "./session";

const CLIENT_ID = "acp-test";
const CLIENT_SECRET = "acp-test-secret-with-enough-entropy";

/** Profiles the provider knows, by account id (what the dev login form's "login" field takes). */
const accounts = new Map<string, Record<string, unknown>>();

/** A browser-like cookie jar: per host (not port), with Path matching and deletion on Max-Age=0. */
class CookieJar {
  #cookies: { host: string; path: string; name: string; value: string }[] = [];

  store(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute("path") ?? "/";
      const expires = attribute("expires");
      const removed =
        attribute("max-age") === "0" || (expires !== undefined && Date.parse(expires) < Date.now());
      this.#cookies = this.#cookies.filter(
        (c) => !(c.host === url.hostname && c.name === name && c.path === path),
      );
      if (!removed) this.#cookies.push({ host: url.hostname, path, name, value });
    }
  }

  header(url: URL): string {
    return this.#cookies
      .filter((c) => c.host === url.hostname && url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }

  get(name: string): string | undefined {
    return this.#cookies.find((c) => c.name === name)?.value;
  }
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

const closeServer = (server: { close: (done: () => void) => unknown } | undefined) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

describe.each(engines)("OpenID Connect sign-in on %s", (engine) => {
  let providerServer: http.Server;
  let appServer: ServerType;
  let database: Database;
  let issuer: string;
  let appUrl: string;

  beforeAll(async () => {
    // Ports first: the provider must know the app's redirect URI and the app the provider's issuer.
    providerServer = http.createServer();
    const providerPort = await listen(providerServer);
    const appPortProbe = http.createServer();
    const appPort = await listen(appPortProbe);
    await closeServer(appPortProbe);
    issuer = `http://127.0.0.1:${providerPort}`;
    appUrl = `http://127.0.0.1:${appPort}`;

    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${appUrl}/api/callback`],
          post_logout_redirect_uris: [`${appUrl}/`],
          response_types: ["code"],
          grant_types: ["authorization_code"],
          token_endpoint_auth_method: "client_secret_post",
        },
      ],
      pkce: { required: () => true },
      claims: {
        openid: ["sub"],
        email: ["email", "email_verified"],
        profile: ["given_name", "family_name", "picture"],
      },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({ sub: id, ...(accounts.get(id) ?? {}) }),
      }),
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
      cookies: { keys: ["oidc-test-cookie-signing-key"] },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
    });
    providerServer.on("request", provider.callback());

    database = await createTestDatabase(engine);
    const config = testConfig(
      {},
      {
        PUBLIC_URL: appUrl,
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_PICTURE_ORIGINS: "https://images.example",
      },
    );
    expect(config.oidc?.allowInsecureRequests).toBe(true);
    const app = createApp(await createDeps(config, { database }));
    appServer = serve({ fetch: app.fetch, port: appPort, hostname: "127.0.0.1" });
    await new Promise((resolve) => appServer.once("listening", resolve));
  });

  afterAll(async () => {
    await closeServer(appServer);
    await closeServer(providerServer);
    await database?.close();
  });

  /** One request as a browser would send it: the jar's cookies for that host, redirects not followed. */
  async function visit(jar: CookieJar, url: URL, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    const cookie = jar.header(url);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    jar.store(url, response);
    return response;
  }

  /** Follows redirects from `start` until a page (non-redirect answer) or the app's callback redirect. */
  async function followRedirects(jar: CookieJar, start: URL) {
    let url = start;
    for (let step = 0; step < 20; step++) {
      const response = await visit(jar, url);
      if (response.status < 300 || response.status >= 400 || url.pathname === "/api/callback") {
        return { url, response };
      }
      url = new URL(response.headers.get("location") ?? "", url);
    }
    throw new Error(`too many redirects from ${start.href}`);
  }

  /** Follows the whole flow like a browser, posting the provider's dev login and consent forms. */
  async function signInThroughProvider(accountId: string, jar = new CookieJar(), returnTo = "/knowledge") {
    let url = new URL(`/api/login?returnTo=${encodeURIComponent(returnTo)}`, appUrl);
    const trail: string[] = [];
    for (let step = 0; step < 20; step++) {
      trail.push(url.href);
      const response = await visit(jar, url);
      if (response.status >= 300 && response.status < 400) {
        const next = new URL(response.headers.get("location") ?? "", url);
        if (url.pathname === "/api/callback") return { response, jar, trail };
        url = next;
        continue;
      }
      if (url.pathname === "/api/callback") return { response, jar, trail };
      const html = await response.text();
      expect(response.status, `${url.href}\n${html}`).toBe(200);
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1];
      expect(action, html).toBeDefined();
      const body = new URLSearchParams({ prompt: prompt ?? "" });
      if (prompt === "login") {
        body.set("login", accountId);
        body.set("password", "any");
      }
      const submitUrl = new URL(action ?? "", url);
      const submitted = await visit(jar, submitUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(submitted.status, await submitted.clone().text()).toBeGreaterThanOrEqual(300);
      url = new URL(submitted.headers.get("location") ?? "", submitUrl);
    }
    throw new Error(`sign-in did not finish:\n${trail.join("\n")}`);
  }

  it("redirects /api/login to the provider with PKCE, state and nonce", async () => {
    const response = await fetch(`${appUrl}/api/login`, { redirect: "manual" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(location.searchParams.get("redirect_uri")).toBe(`${appUrl}/api/callback`);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("nonce")).toBeTruthy();
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    const flowCookie = response.headers.getSetCookie().find((c) => c.startsWith("oidc_flow="));
    expect(flowCookie).toMatch(/HttpOnly/i);
    expect(flowCookie).toMatch(/Path=\/api/);
  });

  it("completes the code flow, creates the user from the provider's claims and signs them in", async () => {
    accounts.set("kjohnson", {
      given_name: "Katherine",
      family_name: "Johnson",
      picture: "https://images.example/katherine.png",
      email: "Katherine@NASA.example",
      email_verified: true,
    });
    const { response, jar } = await signInThroughProvider("kjohnson");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/knowledge");
    expect(jar.get("session")).toMatch(/^[a-z2-7]{32}$/);
    expect(jar.get("oidc_flow")).toBeUndefined();

    const me = await fetch(`${appUrl}/api/auth/user`, {
      headers: { cookie: `session=${jar.get("session")}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      firstName: "Katherine",
      lastName: "Johnson",
      email: "katherine@nasa.example",
      profileImageUrl: "https://images.example/katherine.png",
    });
    const links = await database.db.select().from(oidcAccounts).where(eq(oidcAccounts.subject, "kjohnson"));
    expect(links).toEqual([expect.objectContaining({ issuer, subject: "kjohnson" })]);
  });

  it("signs the same identity into the same user again and refreshes the profile", async () => {
    accounts.set("dvaughan", {
      given_name: "Dorothy",
      family_name: "Vaughan",
      email: "dorothy@nasa.example",
    });
    const first = await signInThroughProvider("dvaughan");
    const firstUser = (await (
      await fetch(`${appUrl}/api/auth/user`, { headers: { cookie: `session=${first.jar.get("session")}` } })
    ).json()) as { id: string; profileImageUrl: string };
    expect(firstUser.profileImageUrl).toMatch(/^data:image\/svg\+xml,/);

    accounts.set("dvaughan", {
      given_name: "Dorothy J.",
      family_name: "Vaughan",
      email: "dorothy@nasa.example",
      // Not an OIDC_PICTURE_ORIGINS origin (nor allowed by the CSP's img-src): dropped for the initials avatar.
      picture: "https://tracker.example/pixel.png",
    });
    const second = await signInThroughProvider("dvaughan");
    const secondUser = (await (
      await fetch(`${appUrl}/api/auth/user`, { headers: { cookie: `session=${second.jar.get("session")}` } })
    ).json()) as { id: string; firstName: string; profileImageUrl: string };
    expect(secondUser.id).toBe(firstUser.id);
    expect(secondUser.firstName).toBe("Dorothy J.");
    expect(secondUser.profileImageUrl).toMatch(/^data:image\/svg\+xml,/);
  });

  it("logs out at the provider too (RP-initiated logout) and comes back to /", async () => {
    accounts.set("mjackson", { given_name: "Mary", family_name: "Jackson", email: "mary@nasa.example" });
    const { jar } = await signInThroughProvider("mjackson");
    const idTokenOf = async (token: string | undefined) => {
      const [row] = await database.db
        .select({ oidcIdToken: sessions.oidcIdToken })
        .from(sessions)
        .where(eq(sessions.id, sessionIdFromToken(token ?? "")));
      return row?.oidcIdToken;
    };
    // Stored sealed, never as the JWT itself: only the cookie's token opens it.
    const stored = await idTokenOf(jar.get("session"));
    expect(stored).toMatch(/^v1\.[\w-]+$/);
    expect(stored).not.toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(openIdToken(stored, jar.get("session") ?? "")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(openIdToken(stored, generateSessionToken())).toBeUndefined();

    // While the provider's session lives, signing in again needs no prompt at all.
    const silent = await followRedirects(jar, new URL("/api/login", appUrl));
    expect(silent.url.pathname).toBe("/api/callback");
    expect(silent.response.status).toBe(302);
    const token = jar.get("session");
    const idToken = openIdToken(await idTokenOf(token), token ?? "");
    expect(idToken).toBeTruthy();

    const logout = await visit(jar, new URL("/api/logout", appUrl));
    expect(logout.status).toBe(302);
    const endSession = new URL(logout.headers.get("location") ?? "");
    expect(endSession.origin).toBe(issuer);
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${appUrl}/`);
    expect(endSession.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(endSession.searchParams.get("id_token_hint")).toBe(idToken);
    // Our session ended before the browser left for the provider.
    expect(jar.get("session")).toBeUndefined();
    expect(await idTokenOf(token)).toBeUndefined();
    const me = await fetch(`${appUrl}/api/auth/user`, { headers: { cookie: `session=${token}` } });
    expect(me.status).toBe(401);

    // The provider asks for confirmation with a form; "Yes, sign me out" posts it with logout=yes.
    const confirmPage = await visit(jar, endSession);
    expect(confirmPage.status).toBe(200);
    const html = await confirmPage.text();
    const action = html.match(/<form id="op.logoutForm" method="post" action="([^"]+)"/)?.[1];
    const xsrf = html.match(/name="xsrf" value="([^"]+)"/)?.[1];
    expect(action, html).toBeDefined();
    expect(xsrf, html).toBeDefined();
    const confirmUrl = new URL(action ?? "", endSession);
    const confirmed = await visit(jar, confirmUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf: xsrf ?? "", logout: "yes" }),
    });
    expect(confirmed.status).toBeGreaterThanOrEqual(300);
    expect(confirmed.status).toBeLessThan(400);
    expect(confirmed.headers.get("location")).toBe(`${appUrl}/`);

    // The provider's session is gone: the next sign-in stops at its login prompt again.
    const again = await followRedirects(jar, new URL("/api/login", appUrl));
    expect(again.url.origin).toBe(issuer);
    expect(again.response.status).toBe(200);
    expect(await again.response.text()).toMatch(/name="prompt" value="login"/);
  });

  it("sends a logout without a session to the provider without a hint, and to / when the provider is down", async () => {
    const anonymous = await fetch(`${appUrl}/api/logout`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    const endSession = new URL(anonymous.headers.get("location") ?? "");
    expect(endSession.origin).toBe(issuer);
    expect(endSession.searchParams.has("id_token_hint")).toBe(false);

    const probe = http.createServer();
    const deadPort = await listen(probe);
    await closeServer(probe);
    const offline = createApp(
      await createDeps(
        testConfig(
          {},
          { PUBLIC_URL: appUrl, OIDC_ISSUER: `http://127.0.0.1:${deadPort}`, OIDC_CLIENT_ID: CLIENT_ID },
        ),
        { database },
      ),
    );
    const response = await offline.request(`${appUrl}/api/logout`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  it("refuses a callback without the flow cookie or with a forged state", async () => {
    const noCookie = await fetch(`${appUrl}/api/callback?code=abc&state=def`, { redirect: "manual" });
    expect(noCookie.status).toBe(400);
    expect(((await noCookie.json()) as { code: string }).code).toBe("BAD_REQUEST");

    const start = await fetch(`${appUrl}/api/login`, { redirect: "manual" });
    const flow =
      start.headers
        .getSetCookie()
        .find((c) => c.startsWith("oidc_flow="))
        ?.split(";")[0] ?? "";
    const forged = await fetch(
      `${appUrl}/api/callback?code=abc&state=not-the-state&iss=${encodeURIComponent(issuer)}`,
      {
        headers: { cookie: flow },
        redirect: "manual",
      },
    );
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code: string }).code).toBe("UNAUTHORIZED");
  });

  it("disables the built-in account endpoints while OIDC is configured", async () => {
    const response = await fetch(`${appUrl}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appUrl },
      body: JSON.stringify({ firstName: "A", lastName: "B", email: "a@b.example", password: "long enough" }),
    });
    expect(response.status).toBe(404);
  });
});
