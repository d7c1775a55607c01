// @vitest-environment node
// A page head's utilities: exactly the classes its markup uses, compiled as the remote's own sheet (scoped to it).
import { describe, expect, it } from "vitest";
import { classNamesOf, utilitiesFor } from "./vite-remote";

describe("a page head's utilities", () => {
  it("reads every class name of the markup once", () => {
    expect(
      classNamesOf(
        '<header class="flex  md:flex-row"><h1 class="font-bold flex">T</h1><p class="[&amp;_svg]:size-4"></p></header>',
      ),
    ).toEqual(["flex", "md:flex-row", "font-bold", "[&_svg]:size-4"]);
  });

  it("compiles only those classes, inside the remote's scope, minified", async () => {
    const css = await utilitiesFor("mf-dashboard", '<h1 class="font-bold text-3xl md:flex-row">T</h1>');
    expect(css).toContain("@scope([data-remote=mf-dashboard])");
    expect(css).toMatch(/\.font-bold\{/);
    expect(css).toMatch(/\.text-3xl\{/);
    expect(css).toContain("md\\:flex-row");
    expect(css).not.toMatch(/\.italic\{|\.grid\{/);
    expect(css).not.toMatch(/\n\s+/);
  });
});
