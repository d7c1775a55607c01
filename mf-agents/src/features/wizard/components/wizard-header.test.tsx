// The wizard header's badge is the agent's stored status, as on the management page and in the sidebar: the spec's
// fixed label only until the user's agents are read.
import { builtInAgentKeys } from "@acp/client/agents";
import { findBuiltInAgent } from "@acp/contracts/agents";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { builtInAgentStates } from "../../../test/fixtures";
import { WIZARDS } from "../wizard-steps";
import { WizardHeader } from "./wizard-header";

beforeEach(() => vi.stubGlobal("fetch", () => new Promise(() => {})));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const legal = findBuiltInAgent("legal");
const step = WIZARDS.legal.steps[0];

describe("WizardHeader", () => {
  it("shows Ready to Deploy until the stored status is read", () => {
    if (!legal || !step) throw new Error("the legal wizard is missing");
    renderRemotePage(<WizardHeader agent={legal} step={1} current={step} />);
    expect(screen.getByText("Ready to Deploy")).toBeTruthy();
  });

  it("shows Active once the user has deployed the agent", () => {
    if (!legal || !step) throw new Error("the legal wizard is missing");
    renderRemotePage(<WizardHeader agent={legal} step={1} current={step} />, {
      data: [[builtInAgentKeys.list(), builtInAgentStates({ legal: { enabled: true } })]],
    });
    expect(screen.getByText("Active")).toBeTruthy();
    expect(screen.queryByText("Ready to Deploy")).toBeNull();
  });
});
