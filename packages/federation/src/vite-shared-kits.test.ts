// @vitest-environment node
// The kits the shell provides: which imports point at them, and that each holds what it says.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHARED_KITS } from "./shared";
import { importFromKits, kitSpecifiers } from "./vite-shared-kits";

const require = createRequire(import.meta.url);
const kitFile = (kit: string) => require.resolve(kit);
const kitOf = new Map<string, string>();
for (const kit of SHARED_KITS) {
  for (const specifier of kitSpecifiers(kit, readFileSync(kitFile(kit), "utf8"))) kitOf.set(specifier, kit);
}

describe("imports of a kit's modules", () => {
  it("point at the kit, keeping the named bindings", () => {
    const code = [
      'import { Button, buttonVariants } from "@acp/ui/components/button";',
      "import type { BadgeProps } from '@acp/ui/components/badge';",
      'import { toast } from "@acp/ui/hooks/use-toast";',
      'export { cn } from "@acp/ui/lib/cn";',
      'import { RemoteComponent } from "@acp/federation/remote-component";',
      'import { prefetchRemote } from "@acp/federation/loader";',
    ].join("\n");
    expect(importFromKits(code, kitOf)).toBe(
      [
        'import { Button, buttonVariants } from "@acp/ui/kit";',
        "import type { BadgeProps } from '@acp/ui/kit';",
        'import { toast } from "@acp/ui/kit";',
        'export { cn } from "@acp/ui/kit";',
        'import { RemoteComponent } from "@acp/federation/kit";',
        'import { prefetchRemote } from "@acp/federation/kit";',
      ].join("\n"),
    );
  });

  it("stay where they are for the chart, styles, other modules and text", () => {
    const code = [
      'import { BarChart } from "@acp/ui/components/chart";',
      'import "@acp/ui/styles/theme.css";',
      'import { request } from "@acp/client/request";',
      'import { REMOTES } from "@acp/federation/remotes";',
      'const label = "see @acp/ui/components/button";',
    ].join("\n");
    expect(importFromKits(code, kitOf)).toBe(code);
  });

  it("stay where they are inside the kit's own package, and go to the other kits", () => {
    const code = [
      'import { Button } from "@acp/ui/components/button";',
      'import { loadRemoteModule } from "@acp/federation/loader";',
    ].join("\n");
    expect(importFromKits(code, kitOf, "@acp/federation/kit")).toBe(
      [
        'import { Button } from "@acp/ui/kit";',
        'import { loadRemoteModule } from "@acp/federation/loader";',
      ].join("\n"),
    );
  });
});

describe("the design system kit", () => {
  const source = path.dirname(kitFile("@acp/ui/kit"));
  const scripts = (folder: string) =>
    readdirSync(path.join(source, folder))
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|stories)\.tsx?$/.test(file))
      .map((file) => `@acp/ui/${folder}/${file.replace(/\.tsx?$/, "")}`);

  it("holds every component, hook and helper of @acp/ui but the chart", () => {
    const expected = [...scripts("components"), ...scripts("hooks"), ...scripts("lib")].filter(
      (module) => module !== "@acp/ui/components/chart",
    );
    expect([...kitSpecifiers("@acp/ui/kit", readFileSync(kitFile("@acp/ui/kit"), "utf8"))].sort()).toEqual(
      expected.sort(),
    );
  });
});
