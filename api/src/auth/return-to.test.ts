// Open-redirect guard for returnTo.
import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./return-to";

const origin = "https://acp.example.com";

describe("safeReturnTo", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeReturnTo("/knowledge", origin)).toBe("/knowledge");
    expect(safeReturnTo("/agent/gtm?step=2#chat", origin)).toBe("/agent/gtm?step=2#chat");
  });

  it.each([
    undefined,
    42,
    "",
    "knowledge",
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "/\tevil",
    "javascript:alert(1)",
    "/api/logout",
    "/api/login?returnTo=/x",
    "/api/auth/sign-in",
    // Found by the security probe: each normalises to "//evil.example/...", a protocol-relative Location.
    "/.//evil.example/phish",
    decodeURIComponent("%2F.%2F%2Fevil.example%2Fphish"),
    "/x/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/b/../..//evil.example",
  ])("turns %j into /", (value) => {
    expect(safeReturnTo(value, origin)).toBe("/");
  });

  it("still normalises harmless dot segments to a same-origin path", () => {
    expect(safeReturnTo("/x/../knowledge", origin)).toBe("/knowledge");
    expect(safeReturnTo("/./agents", origin)).toBe("/agents");
  });
});
