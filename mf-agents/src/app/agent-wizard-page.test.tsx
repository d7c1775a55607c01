// Each wizard shows its agent's name, subtitle and badge, "Step 1 of 4: ..." at 25 %, and only step 1 enabled.
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AgentWizardPage } from "./agent-wizard-page";

afterEach(cleanup);

describe("AgentWizardPage", () => {
  it("renders the technical wizard with the spec's step titles", () => {
    renderRemotePage(<AgentWizardPage agentType="technical" />);
    expect(screen.getByRole("heading", { level: 1, name: "Technical Architecture" })).toBeDefined();
    expect(screen.getByText("Design and optimize technical infrastructure")).toBeDefined();
    expect(screen.getByText("Ready to Deploy")).toBeDefined();
    expect(screen.getByText("Step 1 of 4: Upload Technical Docs")).toBeDefined();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("25");
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Tech Docs", "Training", "Testing", "Operations"]);
    expect(tabs.map((tab) => tab.hasAttribute("disabled"))).toEqual([false, true, true, true]);
    expect(screen.getByText("Database schemas")).toBeDefined();
  });

  it("renders the fundraising wizard", () => {
    renderRemotePage(<AgentWizardPage agentType="fundraising" />);
    expect(screen.getByRole("heading", { level: 1, name: "Fundraising Prep" })).toBeDefined();
    expect(screen.getByText("Prepare comprehensive fundraising materials")).toBeDefined();
    expect(screen.getByText("Step 1 of 4: Upload Fundraising Data")).toBeDefined();
    expect(screen.getByRole("tab", { name: "Financial Data" })).toBeDefined();
    expect(screen.getByRole("tab", { name: "Fundraising" })).toBeDefined();
  });

  it("badges the go-to-market agent Active and the others Ready to Deploy", () => {
    renderRemotePage(<AgentWizardPage agentType="gtm" />);
    expect(screen.getByText("Active")).toBeDefined();
    cleanup();
    renderRemotePage(<AgentWizardPage agentType="legal" />);
    expect(screen.getByText("Ready to Deploy")).toBeDefined();
  });

  it("explains an unknown agent instead of failing", () => {
    // @ts-expect-error an agent type the route table never sends
    renderRemotePage(<AgentWizardPage agentType="astrology" />);
    expect(screen.getByRole("heading", { level: 1, name: "Unknown agent" })).toBeDefined();
  });
});
