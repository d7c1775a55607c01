// Keeps post-sign-in redirects on our own site: only same-origin paths survive, anything else becomes "/".
const AUTH_ENDPOINTS = /^\/api\/(login|logout|callback|auth\/)/;

export function safeReturnTo(value: unknown, publicOrigin: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/";
  // Backslashes and control characters are how "/\\evil.com" style open redirects slip past naive checks.
  if ([...value].some((char) => char === "\\" || (char.codePointAt(0) ?? 0) < 0x20 || char === "\u007f")) {
    return "/";
  }
  if (!URL.canParse(value, publicOrigin)) return "/";
  const url = new URL(value, publicOrigin);
  if (url.origin !== publicOrigin || AUTH_ENDPOINTS.test(url.pathname)) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
