// Each wizard page shows its agent's name, subtitle and badge, "Step 1 of 4: ..." at 25 %, only step 1 enabled, and
// loads the knowledge remote's upload for step 1 through federation (here the registry is unreachable, so the
// section says it failed to load and offers Retry while the rest of the wizard works).

import { mockApi } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AgentWizardPage } from "./agent-wizard-page";

beforeEach(() => {
  mockApi();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("AgentWizardPage", () => {
  it("renders the technical wizard with the spec's step titles and the federated upload slot", async () => {
    renderRemotePage(<AgentWizardPage agentType="technical" />);
    expect(screen.getAllByRole("heading", { level: 1, name: "Technical Architecture" })).toHaveLength(1);
    expect(screen.getAllByText("Design and optimize technical infrastructure")).toHaveLength(1);
    expect(screen.getAllByText("Ready to Deploy")).toHaveLength(1);
    expect(screen.getAllByText("Step 1 of 4: Upload Technical Docs")).toHaveLength(1);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("25");
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Tech Docs", "Training", "Testing", "Operations"]);
    expect(tabs.map((tab) => tab.hasAttribute("disabled"))).toEqual([false, true, true, true]);
    expect(screen.getAllByText("Database schemas")).toHaveLength(1);
    expect(await screen.findByRole("heading", { name: "This section failed to load" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue to Training" })).toBeTruthy();
  });

  it("renders the fundraising wizard", () => {
    renderRemotePage(<AgentWizardPage agentType="fundraising" />);
    expect(screen.getAllByRole("heading", { level: 1, name: "Fundraising Prep" })).toHaveLength(1);
    expect(screen.getAllByText("Prepare comprehensive fundraising materials")).toHaveLength(1);
    expect(screen.getAllByText("Step 1 of 4: Upload Fundraising Data")).toHaveLength(1);
    expect(screen.getAllByRole("tab", { name: "Financial Data" })).toHaveLength(1);
    expect(screen.getAllByRole("tab", { name: "Fundraising" })).toHaveLength(1);
  });

  it("badges the go-to-market agent Active and the others Ready to Deploy", () => {
    renderRemotePage(<AgentWizardPage agentType="gtm" />);
    expect(screen.getAllByText("Active")).toHaveLength(1);
    cleanup();
    renderRemotePage(<AgentWizardPage agentType="legal" />);
    expect(screen.getAllByText("Ready to Deploy")).toHaveLength(1);
  });

  it("explains an unknown agent instead of failing", () => {
    // @ts-expect-error an agent type the route table never sends
    renderRemotePage(<AgentWizardPage agentType="astrology" />);
    expect(screen.getAllByRole("heading", { level: 1, name: "Unknown agent" })).toHaveLength(1);
  });
});
