// Server timeouts on a real socket: slow headers and stalled bodies are cut off, a long steady upload is not.
import net from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerTimeouts, serveApp } from "./http-server";

const timeouts: ServerTimeouts = {
  headersMs: 400,
  requestMs: 5_000,
  idleSocketMs: 400,
  keepAliveMs: 1_000,
  checkIntervalMs: 50,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("HTTP server timeouts", () => {
  let port = 0;
  let server: ReturnType<typeof serveApp>;
  beforeAll(async () => {
    const app = new Hono().post("/upload", async (c) =>
      c.text(String((await c.req.arrayBuffer()).byteLength)),
    );
    await new Promise<void>((resolve) => {
      server = serveApp({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", timeouts }, (info) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Opens a raw socket; resolves `closed` with everything the server sent once it hangs up. */
  function connect() {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString();
    });
    socket.on("error", () => {});
    const closed = new Promise<{ received: string; at: number }>((resolve) =>
      socket.on("close", () => resolve({ received, at: Date.now() })),
    );
    return { socket, closed };
  }

  it("closes a connection whose headers never finish", async () => {
    const { socket, closed } = connect();
    const started = Date.now();
    socket.write("POST /upload HTTP/1.1\r\nHost: x\r\n");
    const { at } = await closed;
    expect(at - started).toBeLessThan(3_000);
  });

  it("closes an upload that stalls mid-body", async () => {
    const { socket, closed } = connect();
    const started = Date.now();
    socket.write("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n");
    socket.write("x".repeat(100));
    const { received, at } = await closed;
    expect(received).not.toContain("200 OK");
    expect(at - started).toBeLessThan(3_000);
  });

  it("lets a steady upload run longer than the header and idle timeouts", async () => {
    const { socket, closed } = connect();
    const chunks = 12;
    socket.write(
      `POST /upload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${chunks * 10}\r\n\r\n`,
    );
    for (let index = 0; index < chunks; index++) {
      await sleep(150); // 1.8 s in all: more than 4x both limits above
      socket.write("y".repeat(10));
    }
    const { received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(received).toMatch(/\r\n\r\n120$/);
  });
});
