// The Active Agents figure is the stored count of agents that are on, out of 7, never a figure of the static list.
import { describe, expect, it } from "vitest";
import { activeAgentsLabel } from "./active-agents";

describe("activeAgentsLabel", () => {
  it("shows the agents that are on out of 7", () => {
    expect(activeAgentsLabel(5)).toBe("5/7");
    expect(activeAgentsLabel(0)).toBe("0/7");
  });

  it("shows a missing count as 0 and caps the figure at the strip's 7", () => {
    expect(activeAgentsLabel(undefined)).toBe("0/7");
    expect(activeAgentsLabel(11)).toBe("7/7");
  });
});
