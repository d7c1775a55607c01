// apiRequest, requestJson and getJson against a real local HTTP server: the HttpError (spec message format, status,
// code, body), JSON and multipart bodies, query strings and 401 handling.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HttpError } from "./http-error";
import { apiRequest, getJson, requestJson, withQuery } from "./request";

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
      response
        .writeHead(400, { "Content-Type": "application/json" })
        .end('{"error":"Name is required","code":"VALIDATION_ERROR","details":{"field":"name"}}');
      return;
    case "/no-content":
      response.writeHead(204).end();
      return;
    case "/empty-500":
      response.writeHead(500, "Internal Server Error").end();
      return;
    case "/unauthorized-json":
      response
        .writeHead(401, { "Content-Type": "application/json" })
        .end('{"error":"You are logged out","code":"UNAUTHORIZED"}');
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

describe("apiRequest", () => {
  it("returns the response of an OK call", async () => {
    const response = await apiRequest("GET", `${base}/ok`);
    expect(await response.json()).toEqual({ hello: "world" });
  });

  it("throws an HttpError '<status>: <body text>' carrying status, code, details and the server's sentence", async () => {
    const error = await apiRequest("POST", `${base}/bad-with-body`, { name: "" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      message: '400: {"error":"Name is required","code":"VALIDATION_ERROR","details":{"field":"name"}}',
      status: 400,
      code: "VALIDATION_ERROR",
      details: { field: "name" },
      serverMessage: "Name is required",
      body: { error: "Name is required", code: "VALIDATION_ERROR", details: { field: "name" } },
    });
  });

  it("throws '<status>: <status text>' when the body is empty", async () => {
    const error = await apiRequest("DELETE", `${base}/empty-500`).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: "500: Internal Server Error",
      status: 500,
      code: undefined,
      body: undefined,
      serverMessage: undefined,
    });
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

describe("requestJson", () => {
  it("parses a JSON answer and gives undefined for 204", async () => {
    await expect(requestJson("GET", `${base}/ok`)).resolves.toEqual({ hello: "world" });
    await expect(requestJson("DELETE", `${base}/no-content`)).resolves.toBeUndefined();
  });
});

describe("getJson", () => {
  it("GETs and parses JSON", async () => {
    await expect(getJson<{ id: string }>(`${base}/items/42`)).resolves.toEqual({ id: "42" });
    expect(received.at(-1)).toMatchObject({ method: "GET", url: "/items/42" });
  });

  it("returns null on 401 with on401 'returnNull', having read the answer's body", async () => {
    // An unread body keeps its connection busy, and a browser counts the request as loading (the network never
    // settles for a signed-out visitor).
    const responses: Response[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (...args) => {
      const response = await realFetch(...args);
      responses.push(response);
      return response;
    });
    try {
      await expect(getJson(`${base}/unauthorized-json`, { on401: "returnNull" })).resolves.toBeNull();
    } finally {
      spy.mockRestore();
    }
    expect(responses).toHaveLength(1);
    expect(responses[0]?.bodyUsed).toBe(true);
  });

  it("throws a 401 HttpError by default", async () => {
    await expect(getJson(`${base}/unauthorized`)).rejects.toMatchObject({
      message: "401: Unauthorized",
      status: 401,
    });
  });

  it("throws the error format for other failures even with on401 'returnNull'", async () => {
    await expect(getJson(`${base}/missing`, { on401: "returnNull" })).rejects.toMatchObject({
      message: "404: no route",
    });
  });
});

describe("withQuery", () => {
  it("appends defined parameters and leaves the path alone without any", () => {
    expect(withQuery("/api/documents", { agent: "gtm", page: 2 })).toBe("/api/documents?agent=gtm&page=2");
    expect(withQuery("/api/documents", { agent: undefined, other: null })).toBe("/api/documents");
    expect(withQuery("/api/documents", { agent: "a b&c" })).toBe("/api/documents?agent=a+b%26c");
  });
});
