// Signs a person up or in through the built-in sign-in page served behind /api/login.
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";

export type TestAccount = { firstName: string; lastName: string; email: string; password: string };

export function newAccount(firstName = "Ada", lastName = "Lovelace"): TestAccount {
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}-${randomUUID()}@example.test`,
    password: "correct horse battery",
  };
}

function signUpForm(page: Page) {
  return page.locator("form").filter({ has: page.getByRole("button", { name: "Create account" }) });
}

function signInForm(page: Page) {
  return page.locator("form").filter({ has: page.getByRole("button", { name: "Sign in" }) });
}

/** From any page: goes to /api/login, creates the account and waits for the signed-in shell. */
export async function signUp(page: Page, account: TestAccount): Promise<void> {
  await page.goto("/api/login");
  const form = signUpForm(page);
  await form.getByLabel("First name").fill(account.firstName);
  await form.getByLabel("Last name").fill(account.lastName);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

export async function signIn(page: Page, account: TestAccount): Promise<void> {
  if (new URL(page.url()).pathname !== "/api/login") await page.goto("/api/login");
  const form = signInForm(page);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** Clicks the sidebar's Sign Out, which navigates to /api/logout. */
export async function clickSignOut(page: Page): Promise<void> {
  await page
    .getByRole("button", { name: "Sign Out" })
    .or(page.getByRole("link", { name: "Sign Out" }))
    .first()
    .click();
}
