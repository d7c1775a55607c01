// Test helper for every remote: answers its calls at the network edge (a stubbed `fetch`), records what was sent,
// and can fail a call the way a dropped connection does, so tests assert on real requests and real responses.
import { vi } from "vitest";

export type SentRequest = { method: string; url: string; body: unknown };
/**
 * An HTTP answer, or `network` for a fetch that rejects (the message is the rejection's). `until` holds the answer
 * back until it settles, so a test can look at a screen while its call is in flight.
 */
export type Answer = ({ status: number; body?: unknown } | { network: string }) & {
  until?: Promise<unknown>;
};
export type Route = (request: SentRequest) => Answer | undefined;

function parseBody(body: unknown): unknown {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Stubs `fetch`: the first route that answers wins; anything else is a 404 in the API's error shape. */
export function mockApi(...routes: Route[]) {
  const requests: SentRequest[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const request = { method: init.method ?? "GET", url, body: parseBody(init.body) };
    requests.push(request);
    const answer = routes.map((route) => route(request)).find((found) => found !== undefined) ?? {
      status: 404,
      body: { error: `No route ${request.method} ${url}`, code: "NOT_FOUND" },
    };
    if (answer.until) await answer.until;
    if ("network" in answer) throw new TypeError(answer.network);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: answer.body === undefined ? {} : { "Content-Type": "application/json" },
    });
  });
  return { requests, sent: (method: string) => requests.filter((request) => request.method === method) };
}

/** A promise to put in an answer's `until`, and the function that lets the answer go. */
export function heldAnswer(): { until: Promise<void>; release: () => void } {
  let release = () => {};
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { until, release };
}

export function route(
  method: string,
  url: string,
  answer: Answer | ((request: SentRequest) => Answer),
): Route {
  return (request) =>
    request.method === method && request.url === url
      ? typeof answer === "function"
        ? answer(request)
        : answer
      : undefined;
}
