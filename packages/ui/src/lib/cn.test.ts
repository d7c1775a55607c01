// Checks that cn() resolves conflicts between the design system's custom tokens and Tailwind utilities.
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("drops falsy values and lets the later conflicting utility win", () => {
    expect(cn("px-2", false, undefined, "px-4")).toBe("px-4");
    expect(cn("bg-primary", "bg-destructive")).toBe("bg-destructive");
  });

  it("keeps text colour and text size apart for custom colour tokens", () => {
    expect(cn("text-sm text-primary-foreground", "text-muted-foreground")).toBe(
      "text-sm text-muted-foreground",
    );
  });
});
