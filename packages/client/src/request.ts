// The one fetch wrapper of every front end: spec section 7 request rules and the section 8 error format.
import { httpErrorMessage } from "@acp/contracts/http-error";
import type { QueryFunction } from "@tanstack/react-query";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a read does with a 401: spec section 8 lets reads treat it as an empty result. */
export type UnauthorizedBehavior = "returnNull" | "throw";

function send(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: "include" };
  if (body instanceof FormData) {
    // The browser sets multipart/form-data with its boundary; setting it ourselves would drop the boundary.
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  return fetch(url, init);
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => "");
  throw new Error(httpErrorMessage(response.status, text, response.statusText));
}

/**
 * Sends one API call with the session cookie. JSON bodies go as JSON, FormData as multipart.
 * Any non-OK response throws `Error("<status>: <body text or status text>")`.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const response = await send(method, url, body);
  await throwIfNotOk(response);
  return response;
}

export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null>;
/** A TanStack Query read: GETs the query key joined by "/" and parses the JSON answer. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await send("GET", queryKey.join("/"));
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
