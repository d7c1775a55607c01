// The built-in sign-in page looks like the product: the app's light theme (no dark variant) and its logo, the same
// drawing as the shell's favicon, which the page links.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { renderSignInPage } from "./sign-in-page";

describe("renderSignInPage", () => {
  it("uses the app's light theme only", () => {
    const html = renderSignInPage({ returnTo: "/" });
    expect(html).toContain("color-scheme:light;");
    expect(html).not.toContain("prefers-color-scheme:dark");
  });

  it("shows the product's logo and links the product's favicon", async () => {
    const favicon = await readFile(new URL("../../../shell/public/favicon.svg", import.meta.url), "utf8");
    const drawing = /<\/title>([\s\S]*)<\/svg>/.exec(favicon)?.[1]?.trim() ?? "";
    expect(drawing).not.toBe("");
    const html = renderSignInPage({ returnTo: "/knowledge" });
    expect(html).toContain(drawing);
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html).toContain('name="returnTo" value="/knowledge"');
  });
});
