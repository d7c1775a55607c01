// apiRequest and getQueryFn against a real local HTTP server: error format, JSON and multipart bodies, 401 handling.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, getQueryFn } from "./request";

type Recorded = { method: string; url: string; contentType: string | undefined; body: string };

let server: Server;
let base: string;
const received: Recorded[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function route(request: IncomingMessage, response: ServerResponse, body: string): void {
  received.push({
    method: request.method ?? "",
    url: request.url ?? "",
    contentType: request.headers["content-type"],
    body,
  });
  switch (request.url) {
    case "/ok":
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ hello: "world" }));
      return;
    case "/echo":
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ body }));
      return;
    case "/bad-with-body":
      response.writeHead(400, { "Content-Type": "application/json" }).end('{"error":"Name is required"}');
      return;
    case "/empty-500":
      response.writeHead(500, "Internal Server Error").end();
      return;
    case "/unauthorized":
      response.writeHead(401, "Unauthorized").end();
      return;
    case "/items/42":
      response.writeHead(200, { "Content-Type": "application/json" }).end('{"id":"42"}');
      return;
    default:
      response.writeHead(404, "Not Found").end("no route");
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    readBody(request).then((body) => route(request, response, body));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await once(server, "close");
});

const queryFnContext = (queryKey: readonly unknown[]) => ({
  queryKey,
  client: new QueryClient(),
  signal: new AbortController().signal,
  meta: undefined,
});

describe("apiRequest", () => {
  it("returns the response of an OK call", async () => {
    const response = await apiRequest("GET", `${base}/ok`);
    expect(await response.json()).toEqual({ hello: "world" });
  });

  it("throws '<status>: <body text>' when the body is not empty", async () => {
    await expect(apiRequest("POST", `${base}/bad-with-body`, { name: "" })).rejects.toThrow(
      new Error('400: {"error":"Name is required"}'),
    );
  });

  it("throws '<status>: <status text>' when the body is empty", async () => {
    await expect(apiRequest("DELETE", `${base}/empty-500`)).rejects.toThrow(
      new Error("500: Internal Server Error"),
    );
  });

  it("sends a JSON body with a JSON content type", async () => {
    const response = await apiRequest("POST", `${base}/echo`, { name: "Key A", epochs: 10 });
    expect(await response.json()).toEqual({ body: '{"name":"Key A","epochs":10}' });
    expect(received.at(-1)).toMatchObject({ method: "POST", contentType: "application/json" });
  });

  it("sends FormData as multipart with the boundary the runtime chose", async () => {
    const form = new FormData();
    form.append("files", new Blob(["hello"], { type: "text/plain" }), "a.txt");
    form.append("files", new Blob(["world"], { type: "text/plain" }), "b.txt");
    form.append("agentId", "gtm");
    await apiRequest("POST", `${base}/echo`, form);
    const last = received.at(-1);
    expect(last?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(last?.body).toContain('filename="a.txt"');
    expect(last?.body).toContain('filename="b.txt"');
    expect(last?.body).toContain('name="agentId"');
  });

  it("sends no body and no content type without a payload", async () => {
    await apiRequest("DELETE", `${base}/echo`);
    expect(received.at(-1)).toMatchObject({ method: "DELETE", contentType: undefined, body: "" });
  });
});

describe("getQueryFn", () => {
  it("GETs the query key joined by '/'", async () => {
    const queryFn = getQueryFn<{ id: string }>({ on401: "throw" });
    await expect(queryFn(queryFnContext([`${base}/items`, "42"]))).resolves.toEqual({ id: "42" });
    expect(received.at(-1)).toMatchObject({ method: "GET", url: "/items/42" });
  });

  it("returns null on 401 with on401 'returnNull'", async () => {
    const queryFn = getQueryFn({ on401: "returnNull" });
    await expect(queryFn(queryFnContext([`${base}/unauthorized`]))).resolves.toBeNull();
  });

  it("throws '401: Unauthorized' on 401 with on401 'throw'", async () => {
    const queryFn = getQueryFn({ on401: "throw" });
    await expect(queryFn(queryFnContext([`${base}/unauthorized`]))).rejects.toThrow(
      new Error("401: Unauthorized"),
    );
  });

  it("throws the error format for other failures even with on401 'returnNull'", async () => {
    const queryFn = getQueryFn({ on401: "returnNull" });
    await expect(queryFn(queryFnContext([`${base}/missing`]))).rejects.toThrow(new Error("404: no route"));
  });
});
