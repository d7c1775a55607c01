// Signs a fresh user up on a running app server and returns its session cookie, for the signed-in benchmarks.
import type { AppServer } from "../support/app-server";

export type SessionCookie = { name: string; value: string };

export async function signUpCookie(server: AppServer): Promise<SessionCookie> {
  const response = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Mark",
      email: `bench-${Date.now()}@example.test`,
      password: "benchmark password",
    }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("session="));
  if (!response.ok || !cookie) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const value = cookie.slice("session=".length).split(";")[0] ?? "";
  return { name: "session", value };
}
