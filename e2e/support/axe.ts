// Runs axe-core inside the page and returns the serious and critical accessibility violations.

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** Every axe violation on the page, whatever its impact. */
export async function a11yViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= await readFile(require.resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated through the DevTools protocol: the product's CSP (script-src 'self') rightly refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => String(node.target.join(" "))),
    }));
  });
  return violations;
}

export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  return (await a11yViolations(page)).filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
}
