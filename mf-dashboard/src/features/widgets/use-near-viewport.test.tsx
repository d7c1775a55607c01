// A widget renders once it is within reach of the viewport: at once when it is already, when scrolling brings it
// near, and at once again when its tab opens a second time.
import { act, cleanup, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNearViewport } from "./use-near-viewport";

type Observed = { callback: IntersectionObserverCallback; options: IntersectionObserverInit | undefined };
let observers: Observed[] = [];

class FakeIntersectionObserver {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observers.push({ callback, options });
  }
  observe() {}
  disconnect() {}
}

function Probe({ id, top }: { id: string; top: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, id);
  return (
    <div
      ref={(element) => {
        ref.current = element;
        if (element) element.getBoundingClientRect = () => ({ top, bottom: top + 100 }) as DOMRect;
      }}
    >
      {near ? "rendered" : "placeholder"}
    </div>
  );
}

/** The latest observer reports its element in reach, as scrolling would. */
function intersect(): void {
  act(() => {
    observers
      .at(-1)
      ?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

beforeEach(() => {
  observers = [];
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  vi.stubGlobal("innerHeight", 800);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The widgets seen so far belong to the page (the module), so the order matters: the first test runs on a fresh page.
describe("useNearViewport", () => {
  it("on the page's first render, leaves even a widget in reach to the observer (no layout forced in the commit)", () => {
    render(<Probe id="first" top={100} />);
    expect(screen.getByText("placeholder")).toBeTruthy();
    intersect();
    expect(screen.getByText("rendered")).toBeTruthy();
  });

  it("once a widget has rendered, renders another already within reach before the first paint", () => {
    render(<Probe id="in-reach" top={1100} />);
    expect(screen.getByText("rendered")).toBeTruthy();
  });

  it("keeps a widget far below as a placeholder until scrolling brings it near, half a viewport ahead", () => {
    render(<Probe id="far" top={3000} />);
    expect(screen.getByText("placeholder")).toBeTruthy();
    expect(observers.at(-1)?.options?.rootMargin).toBe("0px 0px 50% 0px");
    intersect();
    expect(screen.getByText("rendered")).toBeTruthy();
  });

  it("renders a widget seen once at once when it mounts again (a tab opened a second time)", () => {
    const first = render(<Probe id="again" top={3000} />);
    intersect();
    first.unmount();
    render(<Probe id="again" top={3000} />);
    expect(screen.getByText("rendered")).toBeTruthy();
  });
});
