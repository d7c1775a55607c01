// ExpandableText: cut text becomes a control a tap or the keyboard opens; text that fits stays plain.
// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ExpandableText } from "./expandable-text";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const LONG = "quarterly-board-presentation-with-appendices-and-financial-statements-2026.pdf";

function layOut({ scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(clientWidth);
}

describe("ExpandableText", () => {
  it("is plain text, not a control, when it fits", () => {
    layOut({ scrollWidth: 100, clientWidth: 200 });
    render(<ExpandableText>short.pdf</ExpandableText>);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("short.pdf")).toBeTruthy();
  });

  it("lets a tap (or Enter) show the whole of a cut text and cut it again", () => {
    layOut({ scrollWidth: 600, clientWidth: 300 });
    render(<ExpandableText>{LONG}</ExpandableText>);
    const button = screen.getByRole("button", { name: LONG });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.className).toContain("truncate");
    // Keyboard focus alone uncuts it (CSS), so it is reachable by Tab.
    expect(button.className).toContain("focus-visible:whitespace-normal");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.className).not.toContain("truncate");
    expect(button.className).toContain("whitespace-normal");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("clamps to several lines when asked", () => {
    layOut({ scrollWidth: 600, clientWidth: 300 });
    render(<ExpandableText lines={3}>{LONG}</ExpandableText>);
    expect(screen.getByRole("button").className).toContain("line-clamp-3");
  });
});
