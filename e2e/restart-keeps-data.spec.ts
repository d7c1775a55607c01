// Journey: the product stops cleanly on SIGTERM and, started again on the same folder, still knows its users.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { startAppServer } from "./support/app-server";

describe("stopping and starting the product", () => {
  let dataDir: string;
  const account = newAccount("Dorothy", "Vaughan");

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "acp-restart-"));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("shuts down gracefully on SIGTERM and keeps accounts in the on-disk database", async () => {
    const first = await startAppServer({ DATA_DIR: dataDir });
    const signUp = await fetch(`${first.url}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.url },
      body: JSON.stringify(account),
    });
    expect(signUp.status).toBe(201);
    // Exits by itself with status 0: no SIGKILL was needed.
    expect(await first.stop()).toEqual({ code: 0, signal: null, forced: false });

    const second = await startAppServer({ DATA_DIR: dataDir });
    try {
      const signIn = await fetch(`${second.url}/api/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: second.url },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith("session="));
      const me = await fetch(`${second.url}/api/auth/user`, {
        headers: { cookie: cookie?.split(";")[0] ?? "" },
      });
      expect(await me.json()).toMatchObject({ firstName: "Dorothy", lastName: "Vaughan" });
    } finally {
      await second.stop();
    }
  });
});
