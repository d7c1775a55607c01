// Keeps post-sign-in redirects on our own site: only same-origin paths survive, anything else becomes "/".
const AUTH_ENDPOINTS = /^\/api\/(login|logout|callback|auth\/)/;

/**
 * The path to send the browser to after sign-in, or "/". The check runs on the URL as the browser will resolve
 * it, after normalisation: "/.//evil.example", "/x/..//evil.example" and "/%2e//evil.example" all normalise to
 * "//evil.example", which a Location header would send off-site (protocol-relative), so they are refused.
 */
export function safeReturnTo(value: unknown, publicOrigin: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/";
  // Backslashes and control characters are how "/\\evil.com" style open redirects slip past naive checks.
  if ([...value].some((char) => char === "\\" || (char.codePointAt(0) ?? 0) < 0x20 || char === "\u007f")) {
    return "/";
  }
  if (!URL.canParse(value, publicOrigin)) return "/";
  const url = new URL(value, publicOrigin);
  if (url.origin !== publicOrigin || AUTH_ENDPOINTS.test(url.pathname)) return "/";
  const target = `${url.pathname}${url.search}${url.hash}`;
  // What goes into Location must itself be a same-origin path once the browser resolves it again.
  if (!target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return "/";
  if (new URL(target, publicOrigin).origin !== publicOrigin) return "/";
  return target;
}
