// Test helper: a real local HTTP server standing in for the API, with root-relative URLs ("/api/...") sent to it
// the way a browser resolves them against its page.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = { method: string; url: string; body: string };
export type Handler = (request: RecordedRequest) => { status: number; body?: unknown } | undefined;

export type TestApiServer = {
  requests: RecordedRequest[];
  /** Answers in order of registration; the first handler that returns an answer wins, else 404. */
  handle: (handler: Handler) => void;
  reset: () => void;
  close: () => Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startTestApiServer(): Promise<TestApiServer> {
  const requests: RecordedRequest[] = [];
  let handlers: Handler[] = [];
  const server: Server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    readBody(incoming).then((body) => {
      const request = { method: incoming.method ?? "", url: incoming.url ?? "", body };
      requests.push(request);
      const answer = handlers.map((handler) => handler(request)).find((a) => a !== undefined);
      if (!answer) {
        response.writeHead(404, { "Content-Type": "application/json" });
        response.end(
          JSON.stringify({ error: `No route ${request.method} ${request.url}`, code: "NOT_FOUND" }),
        );
        return;
      }
      if (answer.body === undefined) {
        response.writeHead(answer.status).end();
        return;
      }
      response.writeHead(answer.status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === "string" ? new URL(input, base) : input, init);
  return {
    requests,
    handle: (handler) => {
      handlers.push(handler);
    },
    reset: () => {
      handlers = [];
      requests.length = 0;
    },
    close: async () => {
      globalThis.fetch = realFetch;
      server.close();
      await once(server, "close");
    },
  };
}
