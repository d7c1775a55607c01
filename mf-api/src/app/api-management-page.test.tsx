// The API page: spec title and subtitle, keys with their badges, usage from real data only, and public endpoints.
import { apiKeyKeys } from "@acp/client/api-keys";
import { customAgentKeys } from "@acp/client/custom-agents";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiManagementPage } from "./api-management-page";

const key = (id: string, isActive: boolean) => ({
  id,
  name: `Key ${id}`,
  keyPreview: `acp_${id}…`,
  isActive,
  createdAt: "2026-11-20T10:00:00Z",
  lastUsed: null,
});

const agent = (id: string, isPublic: boolean) => ({
  id,
  name: `Agent ${id}`,
  description: null,
  systemPrompt: "x",
  agentType: "custom",
  isPublic,
  apiEndpoint: `agent-${id}-1700000000000`,
  trainingStatus: "untrained",
  createdAt: "2026-11-20T10:00:00Z",
});

const seed = (keys: unknown[], agents: unknown[]) =>
  [
    [apiKeyKeys.list(), keys],
    [customAgentKeys.list(), agents],
  ] as const;

beforeEach(() => vi.stubGlobal("fetch", () => new Promise(() => {})));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function usage(label: string): string | null | undefined {
  return screen.getByText(label).parentElement?.querySelector("dd")?.textContent;
}

describe("ApiManagementPage", () => {
  it("shows the spec's usage figures as real numbers, never a dash", () => {
    renderRemotePage(<ApiManagementPage />, { data: seed([], []) });
    expect([usage("Total Requests"), usage("Active Keys"), usage("Success Rate")]).toEqual([
      "0",
      "0",
      "100%",
    ]);
  });

  it("shows a curl example against this server's absolute URL", () => {
    renderRemotePage(<ApiManagementPage />, { data: seed([], []) });
    const example = screen.getByText(/curl -X POST/).textContent ?? "";
    expect(example).toContain(`${window.location.origin}/api/v1/{apiEndpoint}`);
    expect(example).toMatch(/^curl -X POST https?:\/\//);
  });

  it("shows the title, subtitle and the empty states", () => {
    renderRemotePage(<ApiManagementPage />, { data: seed([], []) });
    expect(screen.getAllByRole("heading", { level: 1, name: "API Management" })).toHaveLength(1);
    expect(screen.getAllByText("Manage API keys and external access to your AI agents")).toHaveLength(1);
    expect(screen.getAllByText("No API keys yet")).toHaveLength(1);
    expect(screen.getAllByText("No public agents deployed")).toHaveLength(1);
  });

  it("lists keys with active and inactive badges and counts the active ones", () => {
    renderRemotePage(<ApiManagementPage />, {
      data: seed([key("a", true), key("b", false)], []),
    });
    expect(screen.getAllByText("active")).toHaveLength(1);
    expect(screen.getAllByText("inactive")).toHaveLength(1);
    expect(usage("Active Keys")).toBe("1");
  });

  it("lists public agents with their /api/v1/ path", () => {
    renderRemotePage(<ApiManagementPage />, {
      data: seed([], [agent("pub", true), agent("priv", false)]),
    });
    expect(screen.getAllByText("Agent pub")).toHaveLength(1);
    expect(screen.getAllByText("/api/v1/agent-pub-1700000000000")).toHaveLength(1);
    expect(screen.queryByText("Agent priv")).toBeNull();
  });
});
