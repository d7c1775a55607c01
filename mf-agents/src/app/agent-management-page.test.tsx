// The management page shows its title and subtitle, links every executive agent to its wizard, and its toggles
// only raise the spec's toasts.

import { renderRemotePage } from "@acp/federation/testing";
import { getToastStore } from "@acp/ui/hooks/use-toast";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AgentManagementPage } from "./agent-management-page";

afterEach(cleanup);

describe("AgentManagementPage", () => {
  it("shows the title, subtitle and quick deploy links", () => {
    renderRemotePage(<AgentManagementPage />);
    expect(screen.getAllByRole("heading", { level: 1, name: "AI Agent Management" })).toHaveLength(1);
    expect(
      screen.getAllByText("Create, configure, and deploy specialized AI agents for your business needs"),
    ).toHaveLength(1);
    expect(screen.getAllByRole("heading", { name: "Quick Deploy Executive Agents" })).toHaveLength(1);
    expect(screen.getByRole("link", { name: /Legal Foundation/ }).getAttribute("href")).toBe("/agent/legal");
  });

  it("toasts Agent Deactivated for the active agent and Agent Requires Training Data for the others", () => {
    renderRemotePage(<AgentManagementPage />);
    fireEvent.click(screen.getByRole("switch", { name: "Deactivate GTM Strategy" }));
    expect(getToastStore().getState().toasts[0]?.title).toBe("Agent Deactivated");
    fireEvent.click(screen.getByRole("switch", { name: "Activate Vision Refinement" }));
    expect(getToastStore().getState().toasts[0]?.title).toBe("Agent Requires Training Data");
    expect(screen.getByRole("switch", { name: "Deactivate GTM Strategy" }).getAttribute("aria-checked")).toBe(
      "true",
    );
  });
});
