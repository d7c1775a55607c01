// GTM Accuracy reads as a percentage with one decimal, or a dash when nothing was measured.
import { describe, expect, it } from "vitest";
import { gtmAccuracyLabel } from "./gtm-accuracy";

describe("gtmAccuracyLabel", () => {
  it("shows the share as a percentage with one decimal", () => {
    expect(gtmAccuracyLabel(0.714)).toBe("71.4%");
    expect(gtmAccuracyLabel(0.71449)).toBe("71.4%");
    expect(gtmAccuracyLabel(1)).toBe("100.0%");
    expect(gtmAccuracyLabel(0)).toBe("0.0%");
  });

  it("shows a dash when no gtm job has measured one", () => {
    expect(gtmAccuracyLabel(null)).toBe("—");
    expect(gtmAccuracyLabel(undefined)).toBe("—");
  });
});
