// The management page: title and subtitle, quick deploy, the agent center with Configure and Analytics on the
// active agent, and the custom agents with the creation form and the demo presets when there are none.

import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { builtInAgentStates } from "../test/fixtures";
import { AgentManagementPage } from "./agent-management-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AgentManagementPage", () => {
  it("shows the spec's title and subtitle and composes every section", async () => {
    mockApi(
      route("GET", "/api/agents", { status: 200, body: builtInAgentStates() }),
      route("GET", "/api/custom-agents", { status: 200, body: [] }),
    );
    renderRemotePage(<AgentManagementPage />);
    expect(screen.getAllByRole("heading", { level: 1, name: "AI Agent Management" })).toHaveLength(1);
    expect(
      screen.getAllByText("Create, configure, and deploy specialized AI agents for your business needs"),
    ).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 2, name: "Quick Deploy Executive Agents" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Agent Management Center" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Create Custom Agent" })).toBeTruthy();
    const gtm = await screen.findByRole("article", { name: "GTM Strategy" });
    expect(within(gtm).getByRole("button", { name: "Configure GTM Strategy" })).toBeTruthy();
    expect(within(gtm).getByRole("button", { name: "Analytics GTM Strategy" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Deploy 6 Demo Agents" })).toBeTruthy();
  });
});
