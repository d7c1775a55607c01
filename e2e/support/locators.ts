// Locators the journeys share: a card by its title, the toast on screen, and the figures of a card's stat list.
import type { Locator, Page } from "playwright-core";

/** The card whose heading reads exactly `title`: page cards title with an h2, the dashboard's metric cards with an h3. */
export function card(page: Page, title: string, level: 2 | 3 = 2): Locator {
  return page
    .locator("[data-slot=card]")
    .filter({ has: page.getByRole("heading", { level, name: title, exact: true }) });
}

/** The toast on screen (the product shows one at a time). */
export function toast(page: Page, title: string): Locator {
  return page.getByText(title, { exact: true }).first();
}

/** The figure beside `label` in a stat list (`<dt>label</dt><dd>figure</dd>`) inside `scope`. */
export function statValue(scope: Locator, label: string): Locator {
  return scope.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
}

/** The element's text, trimmed ("" for none). */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").trim();
}

/** The number a figure shows, read without its thousands separators and percent sign. */
export async function numberIn(locator: Locator): Promise<number> {
  return Number((await textOf(locator)).replaceAll(",", "").replace("%", ""));
}
