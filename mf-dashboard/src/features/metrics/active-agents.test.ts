// The Active Agents figure counts active built-in agents out of the displayed maximum, never a hard-coded number.
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import { describe, expect, it } from "vitest";
import { activeAgentsLabel } from "./active-agents";

describe("activeAgentsLabel", () => {
  it("counts the active built-in agents out of 7", () => {
    expect(activeAgentsLabel()).toBe("1/7");
    const allActive = BUILT_IN_AGENTS.map((agent) => ({ ...agent, status: "active" as const }));
    expect(activeAgentsLabel(allActive)).toBe("5/7");
  });
});
