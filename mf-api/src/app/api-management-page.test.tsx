// The API page: spec title and subtitle, the four cards with their empty states, the usage figures from the
// request log, and documentation examples naming the user's first public agent.

import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiKey, customAgent, usage } from "../test/fixtures";
import { ApiManagementPage } from "./api-management-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function api({ keys = [], agents = [] }: { keys?: unknown[]; agents?: unknown[] } = {}) {
  return mockApi(
    route("GET", "/api/api-keys", { status: 200, body: keys }),
    route("GET", "/api/custom-agents", { status: 200, body: agents }),
    route("GET", "/api/usage", {
      status: 200,
      body: usage({ activeKeys: keys.length }),
    }),
  );
}

describe("ApiManagementPage", () => {
  it("shows the title, subtitle, the four cards and their empty states", async () => {
    api();
    renderRemotePage(<ApiManagementPage />);
    expect(screen.getAllByRole("heading", { level: 1, name: "API Management" })).toHaveLength(1);
    expect(screen.getAllByText("Manage API keys and external access to your AI agents")).toHaveLength(1);
    for (const title of ["API Keys", "API Usage", "Public Endpoints", "API Documentation"]) {
      expect(screen.getAllByRole("heading", { level: 2, name: title })).toHaveLength(1);
    }
    expect(await screen.findByText("No API keys yet")).toBeTruthy();
    expect(await screen.findByText("No public agents deployed")).toBeTruthy();
    expect(await screen.findByText("No API calls in the last 24 hours.")).toBeTruthy();
  });

  it("lists keys with their badges, public agents with their path, and names that agent in the examples", async () => {
    api({
      keys: [apiKey({ id: "a", name: "Website", requestsToday: 3 }), apiKey({ id: "b", isActive: false })],
      agents: [
        customAgent({
          id: "pub",
          name: "Support",
          isPublic: true,
          apiEndpoint: "agent-support-1767225600000",
        }),
        customAgent({ id: "priv", name: "Private" }),
      ],
    });
    renderRemotePage(<ApiManagementPage />);
    const website = await screen.findByRole("article", { name: "Website" });
    expect(within(website).getByText("3 requests today · rate limit 1000/hr")).toBeTruthy();
    expect(screen.getAllByText("inactive")).toHaveLength(1);
    expect(await screen.findByText("/api/v1/agent-support-1767225600000")).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Private" })).toBeNull();
    const example = screen.getByRole("figure", { name: "Ask a public agent (no key)" }).textContent ?? "";
    expect(example).toContain(`${window.location.origin}/api/v1/agent-support-1767225600000`);
  });
});
