// kill -9 while an upload's bytes are still arriving (DESIGN 9): after the restart no document exists for it (nothing
// half-stored, nothing stuck processing), and the partial spool the dead process left is removed once it is stale.
import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STALE_SPOOL_MS } from "../services/documents/spool-sweeper";
import { SPOOL_PREFIX } from "../services/documents/spool-upload";
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

const BOUNDARY = "----acpCrashBoundary";

describe("kill -9 during an upload", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("leaves no document, and the next start removes the dead upload's spool once stale", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "acp-upload-crash-data-"));
    const spoolDir = await mkdtemp(path.join(tmpdir(), "acp-upload-crash-spool-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rm(spoolDir, { recursive: true, force: true }));
    const { base, env } = apiEnvironment(await freePort(), { DATA_DIR: dataDir, UPLOAD_SPOOL_DIR: spoolDir });
    let running: Running = startProcess(env);
    cleanups.push(() => kill9(running));
    await waitForHealth(base, running);
    const cookie = await signUpOver(base);

    // A multipart body whose file keeps arriving: the head and a first megabyte, then nothing more.
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
          ),
        );
        controller.enqueue(encoder.encode("words of a long document ".repeat(40_000)));
      },
    });
    // Plain fetch, not the retrying `call`: this request is meant to die with the server.
    const uploading = fetch(`${base}/api/documents/upload`, {
      method: "POST",
      headers: { origin: base, cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      duplex: "half",
    } as RequestInit).catch(() => undefined);
    // The spool holds the bytes received so far.
    const spools = async () => (await readdir(spoolDir)).filter((name) => name.startsWith(SPOOL_PREFIX));
    for (let attempt = 0; (await spools()).length === 0; attempt++) {
      if (attempt > 100) throw new Error("the upload never reached the spool folder");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await kill9(running);
    await uploading;
    await body.cancel().catch(() => undefined);
    const [left] = await spools();
    expect(left).toBeDefined();

    // Time passes for the dead upload's spool (its files and folder): older than any live upload could be quiet.
    const folder = path.join(spoolDir, left as string);
    const past = new Date(Date.now() - STALE_SPOOL_MS - 60_000);
    for (const file of await readdir(folder)) await utimes(path.join(folder, file), past, past);
    await utimes(folder, past, past);

    running = startProcess(env);
    await waitForHealth(base, running);
    const listed = await call(`${base}/api/documents`, { headers: { cookie } });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
    for (let attempt = 0; (await spools()).length > 0; attempt++) {
      if (attempt > 100) throw new Error(`the stale spool was not removed: ${await spools()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);
});
