// The management page: title and subtitle, quick deploy, the agent center with Configure and Analytics on the
// active agent, and the custom agents with the creation form and the demo presets when there are none.

import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { builtInAgentStates, customAgent } from "../test/fixtures";
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

  it("gives each custom agent a test chat of its own, named after it", async () => {
    const api = mockApi(
      route("GET", "/api/agents", { status: 200, body: builtInAgentStates() }),
      route("GET", "/api/custom-agents", {
        status: 200,
        body: [customAgent({ id: "a1", name: "Pricing Copilot", agentType: "gtm" })],
      }),
      route("GET", "/api/conversations", { status: 200, body: [] }),
      route("GET", "/api/chat/model", { status: 200, body: { model: "offline", offline: true } }),
    );
    renderRemotePage(<AgentManagementPage />);
    const agent = await screen.findByRole("article", { name: "Pricing Copilot" });
    fireEvent.click(within(agent).getByRole("button", { name: "Test chat with Pricing Copilot" }));
    const dialog = await screen.findByRole("dialog", { name: "Test Pricing Copilot" });
    // Its own chat, not the GTM Strategy agent's, reading only this agent's conversations.
    expect(await within(dialog).findByText("Pricing Copilot Chat")).toBeTruthy();
    expect(within(dialog).queryByText("GTM Strategy Chat")).toBeNull();
    await vi.waitFor(() =>
      expect(api.sent("GET").some((request) => request.url.includes("customAgentId=a1"))).toBe(true),
    );
  });
});
