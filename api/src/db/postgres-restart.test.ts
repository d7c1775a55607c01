// PostgreSQL restarted under the running API (DESIGN 9): during the outage every request that needs the database
// answers 503 with a sentence (never a 500, never a crash), and afterwards the API reconnects by itself with nothing
// acknowledged before the outage lost.
import { afterAll, describe, expect, it } from "vitest";
import { canRunPrivatePostgres, type PrivatePostgres, startPrivatePostgres } from "../test/private-postgres";
import {
  apiEnvironment,
  call,
  freePort,
  kill9,
  type Running,
  signUpOver,
  startProcess,
  waitForHealth,
} from "../test/processes";

const available = await canRunPrivatePostgres();

describe.runIf(available)("PostgreSQL restarted under the running API", () => {
  let database: PrivatePostgres | undefined;
  let running: Running | undefined;
  afterAll(async () => {
    if (running) await kill9(running);
    await database?.remove();
  });

  it("answers 503 with a sentence during the outage, reconnects afterwards, and loses nothing", async () => {
    database = await startPrivatePostgres();
    const { base, env } = apiEnvironment(await freePort(), { DATABASE_URL: database.url });
    running = startProcess(env);
    await waitForHealth(base, running);
    const cookie = await signUpOver(base);
    const headers = { cookie, origin: base, "content-type": "application/json" };
    const create = (title: string) =>
      call(`${base}/api/conversations`, {
        method: "POST",
        headers,
        body: JSON.stringify({ agentType: "gtm", title }),
      });
    const titles = async () => {
      const response = await call(`${base}/api/conversations`, { headers });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect((await create("Before the outage")).status).toBe(201);

    await database.stop();
    for (const response of [
      await call(`${base}/api/conversations`, { headers }),
      await create("During the outage"),
      await call(`${base}/api/health`),
      await call(`${base}/api/auth/user`, { headers }),
    ]) {
      expect(response.status).toBe(503);
      const body = (await response.json()) as { error: string; code: string };
      expect(body.code).toBe("SERVICE_UNAVAILABLE");
      expect(body.error).toMatch(/^[A-Z].+\.$/);
      expect(response.headers.get("retry-after")).not.toBeNull();
    }
    expect(running.child.exitCode).toBeNull();

    await database.start();
    // The pool reconnects on its own: the next requests succeed without a restart of the API.
    let after = await titles();
    for (let attempt = 0; after.status !== 200 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await titles();
    }
    expect(after.status).toBe(200);
    const listed = (after.body as { title: string }[]).map((conversation) => conversation.title);
    expect(listed).toContain("Before the outage");
    expect(listed).not.toContain("During the outage");
    expect((await create("After the outage")).status).toBe(201);
    expect(
      ((await titles()).body as { title: string }[]).map((conversation) => conversation.title),
    ).toContain("After the outage");
    expect(running.child.exitCode).toBeNull();
  }, 120_000);
});
