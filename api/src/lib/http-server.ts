// The Node HTTP server the API runs on, with timeouts against slow clients that still let 200 MB uploads through.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";

export type ServerTimeouts = {
  /** All request headers must arrive within this (slowloris on headers). */
  headersMs: number;
  /**
   * The whole request, body included, must arrive within this: generous, so a 200 MB upload on a slow link
   * (about 27 minutes at 1 Mbit/s) finishes, while a client dripping bytes cannot hold a socket forever.
   */
  requestMs: number;
  /**
   * A socket with no traffic either way for this long is closed: a stalled upload or a dead client. Streaming
   * responses (SSE) must send something (a comment line) more often than this.
   */
  idleSocketMs: number;
  /**
   * How long an idle keep-alive connection waits for its next request. Longer than a client's own idle limit and a
   * load balancer's (60 s is common): whoever closes an idle connection must be the client, else a request it sends
   * on the connection just as the server closes it fails with ECONNRESET. With Node's 5 s this race struck a busy
   * machine, where the client reads a response seconds after the server wrote it and so counts idleness from later.
   */
  keepAliveMs: number;
  /** How often Node checks the header and request deadlines (its default, 30 s, is too coarse for tests). */
  checkIntervalMs: number;
};

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 60 * 60_000,
  idleSocketMs: 120_000,
  keepAliveMs: 65_000,
  checkIntervalMs: 5_000,
};

/**
 * Connections the kernel queues for the server while its event loop is busy. Node's default (511) overflows when a
 * burst of new connections meets a busy second (200 streaming chats beside 100 requests/s): the kernel then drops the
 * handshakes and clients see connect timeouts, not a slow answer. Linux caps it at net.core.somaxconn (4096 here).
 */
export const LISTEN_BACKLOG = 4096;

/** Serves `fetch` (a Hono app's) on Node's HTTP server with these timeouts. */
export function serveApp(
  options: {
    fetch: (request: Request, ...rest: never[]) => Response | Promise<Response>;
    port: number;
    hostname?: string;
    timeouts?: ServerTimeouts;
  },
  onListening?: (info: AddressInfo) => void,
): Server {
  const timeouts = options.timeouts ?? SERVER_TIMEOUTS;
  const server = createAdaptorServer({
    fetch: options.fetch as Parameters<typeof createAdaptorServer>[0]["fetch"],
    ...(options.hostname ? { hostname: options.hostname } : {}),
    serverOptions: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  }) as Server;
  server.listen({ port: options.port, host: options.hostname, backlog: LISTEN_BACKLOG }, () => {
    onListening?.(server.address() as AddressInfo);
  });
  // Without a 'timeout' listener Node destroys a socket idle for this long.
  server.setTimeout(timeouts.idleSocketMs);
  return server;
}
