// The one fetch wrapper of every front end: spec section 7 request rules, and an HttpError (section 8 message format)
// for any non-OK answer.
import { httpErrorFromResponse } from "./http-error";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a read does with a 401: spec section 8 lets reads treat it as an empty result. */
export type UnauthorizedBehavior = "returnNull" | "throw";

export type RequestOptions = { signal?: AbortSignal };

/** Query-string values; undefined and null are left out, so `{ agent: undefined }` asks for everything. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** `path` with `params` as its query string, in the order given: `withQuery("/api/documents", { agent: "gtm" })`. */
export function withQuery(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function send(method: HttpMethod, url: string, body: unknown, { signal }: RequestOptions): Promise<Response> {
  const init: RequestInit = { method, credentials: "include" };
  if (signal) init.signal = signal;
  if (body instanceof FormData) {
    // The browser sets multipart/form-data with its boundary; setting it ourselves would drop the boundary.
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  return fetch(url, init);
}

/**
 * Sends one API call with the session cookie. JSON bodies go as JSON, FormData as multipart.
 * Any non-OK response throws an HttpError whose message is "<status>: <body text or status text>".
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const response = await send(method, url, body, options);
  if (!response.ok) throw await httpErrorFromResponse(response);
  return response;
}

/** A call whose answer is JSON (or nothing: 204 and empty bodies give undefined). */
export async function requestJson<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const response = await apiRequest(method, url, body, options);
  const text = await response.text();
  return (text === "" ? undefined : JSON.parse(text)) as T;
}

export function getJson<T>(url: string, options?: RequestOptions & { on401?: "throw" }): Promise<T>;
export function getJson<T>(url: string, options: RequestOptions & { on401: "returnNull" }): Promise<T | null>;
/** A read: GET, parse JSON; with `on401: "returnNull"` a 401 answers null instead of throwing. */
export async function getJson<T>(
  url: string,
  { on401 = "throw", signal }: RequestOptions & { on401?: UnauthorizedBehavior } = {},
): Promise<T | null> {
  const response = await send("GET", url, undefined, { signal });
  if (on401 === "returnNull" && response.status === 401) {
    // Read the (small) body: an unread one keeps its connection from being reused, and the browser counts the
    // request as still loading.
    await response.text();
    return null;
  }
  if (!response.ok) throw await httpErrorFromResponse(response);
  return (await response.json()) as T;
}
