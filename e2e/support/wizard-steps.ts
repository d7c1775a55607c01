// Steps through an agent's wizard (/agent/<id>): its chat card, and the walk from the first step to Testing.
import type { Locator, Page } from "playwright-core";

/** The chat card of the wizard of `agent` (its title: "GTM Strategy", "Technical Architecture"). */
export function wizardChat(page: Page, agent: string): Locator {
  return page.getByRole("region", { name: `${agent} Chat` });
}

/** From the wizard's first step: Continue to Training, Continue to Testing, and wait for the agent's chat. */
export async function openTestingStep(page: Page, agent: string): Promise<void> {
  await page.getByRole("button", { name: "Continue to Training" }).click();
  await page.getByRole("button", { name: "Continue to Testing" }).click();
  await wizardChat(page, agent).waitFor();
}
