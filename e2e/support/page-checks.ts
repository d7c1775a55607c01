// Checks on the page the journeys share: sideways scrolling, boxes on screen, finished animations, where focus is.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

type Box = { x: number; y: number; width: number; height: number };

/** How far the page scrolls sideways: 0 (or less) when everything fits. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("element is not laid out");
  return box;
}

/** `inner` lies within `outer`, give or take half a pixel of rounding. */
export function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

export function overlaps(a: Box, b: Box): boolean {
  return a.y < b.y + b.height && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width;
}

/** axe reads colours as drawn: waits until the element's animations (a dialog's opening fade) have ended. */
export async function settled(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((node) => node.getAnimations({ subtree: true }).length)).toBe(0);
}

export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** The tag of the focused element when an `aria-labelledby` names it (a list's article), else `false`. */
export function focusedLabelledTag(page: Page): Promise<string | false | undefined> {
  return page.evaluate(
    () => document.activeElement?.getAttribute("aria-labelledby") !== null && document.activeElement?.tagName,
  );
}
