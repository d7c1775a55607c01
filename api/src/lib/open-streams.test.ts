// Open streams end at once on shutdown (createDeps().close()), or when their client goes away.
import { describe, expect, it } from "vitest";
import { createDeps } from "../deps";
import { createTestDatabase, testConfig } from "../test/test-app";
import { createStreamRegistry, ShutdownError } from "./open-streams";

describe("stream registry", () => {
  it("aborts every open stream on abortAll, and streams opened later start aborted", () => {
    const streams = createStreamRegistry();
    const a = streams.open();
    const b = streams.open();
    b.done();
    expect(streams.size).toBe(1);
    streams.abortAll();
    expect(a.signal.aborted).toBe(true);
    expect(a.signal.reason).toBeInstanceOf(ShutdownError);
    expect(b.signal.aborted).toBe(false);
    expect(streams.open().signal.aborted).toBe(true);
    expect(streams.size).toBe(0);
  });

  it("follows the request's own signal and forgets the stream when the client leaves", () => {
    const streams = createStreamRegistry();
    const request = new AbortController();
    const stream = streams.open({ signal: request.signal });
    request.abort();
    expect(stream.signal.aborted).toBe(true);
    expect(streams.size).toBe(0);
  });

  it("is aborted by createDeps().close(), which then closes the database", async () => {
    const database = await createTestDatabase("pglite");
    const deps = await createDeps(testConfig(), { database });
    const stream = deps.streams.open();
    const events: string[] = [];
    stream.signal.addEventListener("abort", () => events.push("stream aborted"));
    await deps.close();
    expect(events).toEqual(["stream aborted"]);
    if (database.engine !== "pglite") throw new Error("expected PGlite");
    await expect(database.raw.query("select 1")).rejects.toThrow();
  });
});
