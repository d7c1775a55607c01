// The Agent Management Center and quick deploy: each switch and "Activate Agent" stores the agent's state through
// PATCH /api/agents/{id} and then shows the spec's toast; a failure says so and changes nothing.

import { mockApi, route, type SentRequest } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { builtInAgentStates } from "../../../test/fixtures";
import { AgentCenterCard } from "./agent-center-card";
import { QuickDeployCard } from "./quick-deploy-card";

beforeEach(() => clearToasts());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API: GET answers the stored states, PATCH stores `enabled` and answers the agent. */
function agentsApi(initial = builtInAgentStates()) {
  let agents = initial;
  const patch = (request: SentRequest) => {
    const id = request.url.split("/").pop();
    agents = agents.map((agent) => (agent.id === id ? { ...agent, ...(request.body as object) } : agent));
    return { status: 200, body: agents.find((agent) => agent.id === id) };
  };
  return mockApi(
    route("GET", "/api/agents", () => ({ status: 200, body: agents })),
    (request) =>
      request.method === "PATCH" && request.url.startsWith("/api/agents/") ? patch(request) : undefined,
  );
}

const patches = (api: ReturnType<typeof mockApi>) =>
  api.sent("PATCH").map((request) => ({ url: request.url, body: request.body }));

describe("AgentCenterCard", () => {
  it("lists the five agents with their status, Configure slot for the active one and Activate for the others", async () => {
    agentsApi();
    renderRemotePage(<AgentCenterCard settingsActions={(agent) => <span>settings of {agent.id}</span>} />);
    const list = await screen.findByRole("list", { name: "Executive agents" });
    const gtm = within(list).getByRole("article", { name: "GTM Strategy" });
    expect(within(gtm).getByText("active")).toBeTruthy();
    expect(within(gtm).getByText("settings of gtm")).toBeTruthy();
    expect(within(gtm).queryByRole("button", { name: /Activate Agent/ })).toBeNull();
    const legal = within(list).getByRole("article", { name: "Legal Foundation" });
    expect(within(legal).getByText("ready")).toBeTruthy();
    expect(within(legal).getByRole("button", { name: "Activate Agent Legal Foundation" })).toBeTruthy();
    expect(within(legal).queryByText("settings of legal")).toBeNull();
  });

  it("shows an agent's features and configuration when expanded", async () => {
    agentsApi();
    renderRemotePage(<AgentCenterCard />);
    const legal = await screen.findByRole("article", { name: "Legal Foundation" });
    const details = within(legal).getByRole("button", { name: "Details of Legal Foundation" });
    expect(details.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(details);
    expect(details.getAttribute("aria-expanded")).toBe("true");
    const region = document.getElementById(details.getAttribute("aria-controls") ?? "");
    expect(region?.hidden).toBe(false);
    expect(within(region as HTMLElement).getByText("Contract review")).toBeTruthy();
    expect(within(region as HTMLElement).getByText("Installation default")).toBeTruthy();
  });

  it("deactivates an active agent through the API, then toasts Agent Deactivated", async () => {
    const api = agentsApi();
    renderRemotePage(<AgentCenterCard />);
    fireEvent.click(await screen.findByRole("switch", { name: "Deactivate GTM Strategy" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Agent Deactivated"));
    expect(patches(api)).toEqual([{ url: "/api/agents/gtm", body: { enabled: false } }]);
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Activate GTM Strategy" }).getAttribute("aria-checked")).toBe(
        "false",
      ),
    );
    expect(within(screen.getByRole("article", { name: "GTM Strategy" })).getByText("inactive")).toBeTruthy();
  });

  it("switches a ready agent on through the API, then toasts Agent Requires Training Data", async () => {
    const api = agentsApi();
    renderRemotePage(<AgentCenterCard />);
    fireEvent.click(await screen.findByRole("switch", { name: "Activate Vision Refinement" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Agent Requires Training Data"));
    expect(patches(api)).toEqual([{ url: "/api/agents/vision", body: { enabled: true } }]);
    await waitFor(() =>
      expect(
        screen.getByRole("switch", { name: "Deactivate Vision Refinement" }).getAttribute("aria-checked"),
      ).toBe("true"),
    );
  });

  it("activates a ready agent with Activate Agent and says it is active", async () => {
    const api = agentsApi();
    renderRemotePage(<AgentCenterCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Activate Agent Technical Architecture" }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: "Agent Activated",
        description: "Technical Architecture is active.",
      }),
    );
    expect(patches(api)).toEqual([{ url: "/api/agents/technical", body: { enabled: true } }]);
  });

  it("keeps the stored state and says why when the API refuses", async () => {
    mockApi(
      route("GET", "/api/agents", { status: 200, body: builtInAgentStates() }),
      route("PATCH", "/api/agents/gtm", {
        status: 503,
        body: { error: "The database is busy", code: "UNAVAILABLE" },
      }),
    );
    renderRemotePage(<AgentCenterCard />);
    fireEvent.click(await screen.findByRole("switch", { name: "Deactivate GTM Strategy" }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to deactivate GTM Strategy: The database is busy",
        variant: "destructive",
      }),
    );
    expect(screen.getByRole("switch", { name: "Deactivate GTM Strategy" }).getAttribute("aria-checked")).toBe(
      "true",
    );
  });

  it("says the agents could not be loaded, in words, with a retry", async () => {
    mockApi(
      route("GET", "/api/agents", { status: 500, body: { error: "Something broke", code: "INTERNAL" } }),
    );
    renderRemotePage(<AgentCenterCard />);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The agents could not be loaded: Something broke",
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("QuickDeployCard", () => {
  it("activates every executive agent not yet active, one PATCH each", async () => {
    const api = agentsApi();
    renderRemotePage(<QuickDeployCard />);
    expect((await screen.findByRole("link", { name: /Legal Foundation/ })).getAttribute("href")).toBe(
      "/agent/legal",
    );
    fireEvent.click(screen.getByRole("button", { name: "Deploy All Executive Agents" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Executive Agents Deployed"));
    expect(patches(api)).toEqual(
      ["legal", "vision", "technical", "fundraising"].map((id) => ({
        url: `/api/agents/${id}`,
        body: { enabled: true },
      })),
    );
    expect(
      ((await screen.findByRole("button", { name: "All Executive Agents Active" })) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it("names the agents that could not be deployed", async () => {
    mockApi(route("GET", "/api/agents", { status: 200, body: builtInAgentStates() }), (request) =>
      request.method === "PATCH"
        ? request.url.endsWith("/vision")
          ? { status: 500, body: { error: "Storage is full", code: "INTERNAL" } }
          : { status: 200, body: {} }
        : undefined,
    );
    renderRemotePage(<QuickDeployCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Deploy All Executive Agents" }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to deploy Vision Refinement: Storage is full",
        variant: "destructive",
      }),
    );
  });
});
