// Whether an element is, or has once been, within reach of the viewport: a dashboard widget renders only then, as
// dashboards with many panels do, so the first screen does not pay for the rendering, the requests and the main-thread
// work of widgets a phone shows only after scrolling. The module's code still loads with its tab (use-preload-tabs).
import { type RefObject, useEffect, useLayoutEffect, useState } from "react";

/** How far below the viewport a widget starts rendering, as a share of the viewport's height. */
export const NEAR_VIEWPORT_SHARE = 0.5;

/** Widgets already rendered once in this page: rendered at once when their tab opens again (no skeleton flash). */
const seen = new Set<string>();

function isWithinReach(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  const height = window.innerHeight || document.documentElement.clientHeight;
  return bottom >= 0 && top <= height * (1 + NEAR_VIEWPORT_SHARE);
}

/**
 * True once `ref`'s element is within NEAR_VIEWPORT_SHARE of a viewport below the visible area (by an
 * IntersectionObserver, and before the first paint once the page has rendered a widget), and from then on. `id` remembers it for
 * the page's lifetime. Without IntersectionObserver everything is near.
 */
export function useNearViewport(ref: RefObject<Element | null>, id: string): boolean {
  const [near, setNear] = useState(() => seen.has(id) || typeof IntersectionObserver === "undefined");

  // Before the first paint: a widget already in reach renders in the same frame, never after a skeleton. Only once
  // some widget of the page has rendered (a tab opened later, its code loaded): on the page's first render every
  // widget's code is still on its way, the skeleton shows anyway, and measuring would force the whole page's layout
  // inside React's commit (measured: a third of the longest task of a phone's load).
  useLayoutEffect(() => {
    if (!near && seen.size > 0 && ref.current && isWithinReach(ref.current)) setNear(true);
  }, [near, ref]);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${NEAR_VIEWPORT_SHARE * 100}% 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);

  useEffect(() => {
    if (near) seen.add(id);
  }, [near, id]);

  return near;
}
