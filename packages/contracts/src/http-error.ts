// The client's error message for a non-OK response (spec section 8); zod-free so front ends can import it cheaply.

/** Spec section 8: "<status>: <body text or status text>". */
export function httpErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}
