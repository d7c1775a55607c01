// Post/Redirect/Get on the built-in sign-in page: a browser's failed form post lands back on GET /api/login with
// the error shown once and what was typed (never the password), keeping the page to return to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, newAccount, signUp, type TestApp } from "../test/test-app";

const browserForm = (body: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" },
  body: new URLSearchParams(body).toString(),
});

function cookiePair(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0];
}

describe("sign-in form Post/Redirect/Get", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t?.close());

  it("sends a browser back to GET /api/login with the error shown once", async () => {
    const { account } = await signUp(t);
    const post = await t.request(
      "/api/auth/sign-in",
      browserForm({ email: account.email, password: "not the password", returnTo: "/training" }),
    );
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/api/login?returnTo=%2Ftraining");
    const flash = cookiePair(post, "sign_in_form");
    expect(flash).toBeTruthy();
    expect(post.headers.getSetCookie().join("\n")).toContain("Path=/api/login");

    const page = await t.request("/api/login?returnTo=%2Ftraining", { cookie: flash });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<p class="error" role="alert" id="sign-in-error">Invalid email or password</p>');
    expect(html).toContain(`value="${account.email}"`);
    expect(html).toContain('name="returnTo" value="/training"');
    expect(html).not.toContain("not the password");
    expect(cookiePair(page, "sign_in_form")).toBe("sign_in_form=");

    const again = await t.request("/api/login?returnTo=%2Ftraining");
    expect(await again.text()).not.toContain('role="alert"');
  });

  it("does the same for a sign-up form that fails validation, keeping the names typed", async () => {
    const account = { ...newAccount("Mae", "Jemison"), email: "not-an-email" };
    const post = await t.request("/api/auth/sign-up", browserForm({ ...account }));
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/api/login");
    const html = await (await t.request("/api/login", { cookie: cookiePair(post, "sign_in_form") })).text();
    expect(html).toContain('id="sign-up-error"');
    expect(html).toContain('value="Mae"');
    expect(html).not.toContain(account.password);
  });

  it("ignores a flash cookie that is not ours", async () => {
    const page = await t.request("/api/login", { cookie: "sign_in_form=%%%not-base64" });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('role="alert"');
  });
});
