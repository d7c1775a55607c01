// The custom agents list: the six demo presets when there are none, public endpoints and training status (polled
// while training), Train only while untrained, and delete after confirmation with focus kept on the list.
import { DEMO_AGENT_PRESETS } from "@acp/contracts/agents";
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { heldAnswer, mockApi, route, type SentRequest } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { customAgent } from "../../../test/fixtures";
import { CustomAgentsCard } from "./custom-agents-card";

beforeEach(() => clearToasts());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A small in-memory API for the custom agents routes. */
function agentsApi(initial: CustomAgentDetail[], { failOnCreate }: { failOnCreate?: number } = {}) {
  let agents = initial;
  let created = 0;
  const create = (request: SentRequest) => {
    created += 1;
    if (created === failOnCreate)
      return { status: 503, body: { error: "The database is busy", code: "UNAVAILABLE" } };
    const agent = customAgent({ id: `c${created}`, ...(request.body as object) });
    agents = [...agents, agent];
    return { status: 201, body: agent };
  };
  return mockApi(
    route("GET", "/api/custom-agents", () => ({ status: 200, body: agents })),
    route("POST", "/api/custom-agents", create),
    (request) => {
      const match = /^\/api\/custom-agents\/([^/]+)(\/train)?$/.exec(request.url);
      if (!match) return undefined;
      const id = match[1];
      if (request.method === "DELETE") {
        agents = agents.filter((agent) => agent.id !== id);
        return { status: 204 };
      }
      if (request.method === "POST" && match[2]) {
        agents = agents.map((agent) => (agent.id === id ? { ...agent, trainingStatus: "training" } : agent));
        return { status: 202, body: { id, trainingStatus: "training" } };
      }
      return undefined;
    },
  );
}

describe("CustomAgentsCard", () => {
  it("offers the six demo agents when there are none and deploys them public with their prompts", async () => {
    const api = agentsApi([]);
    renderRemotePage(<CustomAgentsCard />);
    const presets = await screen.findByRole("list", { name: "Demo agents" });
    expect(within(presets).getAllByRole("listitem")).toHaveLength(6);
    fireEvent.click(screen.getByRole("button", { name: "Deploy 6 Demo Agents" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Demo Agent Created"));
    const bodies = api.sent("POST").map((request) => request.body as Record<string, unknown>);
    expect(
      bodies.map(({ name, description, systemPrompt, agentType, isPublic }) => ({
        name,
        description,
        systemPrompt,
        agentType,
        isPublic,
      })),
    ).toEqual(DEMO_AGENT_PRESETS.map((preset) => ({ ...preset, isPublic: true })));
    expect(bodies.every((body) => /^agent-[a-z0-9-]+-\d{13}$/.test(String(body.apiEndpoint)))).toBe(true);
    const list = await screen.findByRole("list", { name: "Custom Agents" });
    await waitFor(() => expect(within(list).getAllByRole("article")).toHaveLength(6));
    expect(within(list).getAllByText("Public")).toHaveLength(6);
  });

  it("stops at the first demo agent that fails and keeps the ones created", async () => {
    const api = agentsApi([], { failOnCreate: 3 });
    renderRemotePage(<CustomAgentsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Deploy 6 Demo Agents" }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to create demo agent: The database is busy",
        variant: "destructive",
      }),
    );
    expect(api.sent("POST")).toHaveLength(3);
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
  });

  it("shows type, public endpoint and training status, and trains only an untrained agent", async () => {
    const api = agentsApi([
      customAgent({ id: "a", name: "Support", isPublic: true, apiEndpoint: "agent-support-1767225600000" }),
      customAgent({ id: "b", name: "Finance", agentType: "financial", trainingStatus: "trained" }),
      customAgent({
        id: "c",
        name: "Ops",
        trainingStatus: "failed",
        trainingError: "Too few documents to train on",
      }),
    ]);
    renderRemotePage(<CustomAgentsCard agentActions={(agent) => <span>settings of {agent.id}</span>} />);
    const support = await screen.findByRole("article", { name: "Support" });
    expect(within(support).getByText("/api/v1/agent-support-1767225600000")).toBeTruthy();
    expect(within(support).getByRole("status").textContent).toBe("Training statusUntrained");
    expect(within(support).getByText("settings of a")).toBeTruthy();
    const finance = screen.getByRole("article", { name: "Finance" });
    expect(within(finance).getByText("Financial")).toBeTruthy();
    expect(within(finance).queryByText("Public")).toBeNull();
    expect(within(finance).queryByRole("button", { name: /^Train/ })).toBeNull();
    const ops = screen.getByRole("article", { name: "Ops" });
    expect(within(ops).getByText("Too few documents to train on")).toBeTruthy();
    expect(within(ops).queryByRole("button", { name: /^Train/ })).toBeNull();

    fireEvent.click(within(support).getByRole("button", { name: "Train Support" }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "Training Started", description: "Support" }),
    );
    expect(api.sent("POST").map((request) => request.url)).toEqual(["/api/custom-agents/a/train"]);
    await waitFor(() =>
      expect(within(support).getByRole("status").textContent).toBe("Training statusTraining"),
    );
    expect(within(support).queryByRole("button", { name: /^Train/ })).toBeNull();
  });

  it("offers Retry training after a failure, and retrying trains the agent again", async () => {
    const api = agentsApi([
      customAgent({
        id: "c",
        name: "Ops",
        trainingStatus: "failed",
        trainingError: "Upload documents first",
      }),
    ]);
    renderRemotePage(<CustomAgentsCard />);
    const ops = await screen.findByRole("article", { name: "Ops" });
    fireEvent.click(within(ops).getByRole("button", { name: "Retry training Ops" }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "Training Started", description: "Ops" }),
    );
    expect(api.sent("POST").map((request) => request.url)).toEqual(["/api/custom-agents/c/train"]);
    await waitFor(() => expect(within(ops).getByRole("status").textContent).toBe("Training statusTraining"));
    expect(within(ops).queryByRole("button", { name: /Retry training/ })).toBeNull();
  });

  it("reads the list again while an agent trains, until it has finished", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: CustomAgentDetail["trainingStatus"] = "training";
    const api = mockApi(
      route("GET", "/api/custom-agents", () => ({
        status: 200,
        body: [customAgent({ id: "a", name: "Support", trainingStatus: status })],
      })),
    );
    renderRemotePage(<CustomAgentsCard />);
    const support = await screen.findByRole("article", { name: "Support" });
    expect(within(support).getByRole("status").textContent).toContain("Training");
    status = "trained";
    await vi.advanceTimersByTimeAsync(2_100);
    await waitFor(() => expect(within(support).getByRole("status").textContent).toContain("Trained"));
    const reads = api.sent("GET").length;
    await vi.advanceTimersByTimeAsync(6_000);
    expect(api.sent("GET")).toHaveLength(reads);
  });

  it("says why training could not start", async () => {
    mockApi(
      route("GET", "/api/custom-agents", { status: 200, body: [customAgent({ id: "a", name: "Support" })] }),
      route("POST", "/api/custom-agents/a/train", {
        status: 400,
        body: { error: "Support has no documents to train on", code: "VALIDATION" },
      }),
    );
    renderRemotePage(<CustomAgentsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Train Support" }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to start training: Support has no documents to train on",
        variant: "destructive",
      }),
    );
  });

  it("deletes after confirmation and moves focus to the next agent, then to the heading", async () => {
    const api = agentsApi([
      customAgent({ id: "a", name: "Support" }),
      customAgent({ id: "b", name: "Finance" }),
    ]);
    renderRemotePage(<CustomAgentsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Support" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Support?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "Agent Deleted", description: "Support" }),
    );
    expect(api.sent("DELETE").map((request) => request.url)).toEqual(["/api/custom-agents/a"]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("article", { name: "Finance" })),
    );
    expect(screen.queryByRole("article", { name: "Support" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Delete Finance" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Custom Agents" })),
    );
    expect(await screen.findByRole("list", { name: "Demo agents" })).toBeTruthy();
  });

  it("stays open while the delete runs: Escape, Cancel and the close button wait for it", async () => {
    const held = heldAnswer();
    mockApi(
      route("GET", "/api/custom-agents", { status: 200, body: [customAgent({ id: "a", name: "Support" })] }),
      route("DELETE", "/api/custom-agents/a", { status: 204, until: held.until }),
    );
    renderRemotePage(<CustomAgentsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete Support" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Support?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("button", { name: "Deleting…" })).toHaveProperty("disabled", true);
    fireEvent.keyDown(dialog, { key: "Escape" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.getByRole("dialog")).toBe(dialog);
    held.release();
    await waitFor(() => expect(currentToast()?.title).toBe("Agent Deleted"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the agent and says why when deleting fails; Cancel sends nothing", async () => {
    const api = mockApi(
      route("GET", "/api/custom-agents", { status: 200, body: [customAgent({ id: "a", name: "Support" })] }),
      route("DELETE", "/api/custom-agents/a", { status: 500, body: { error: "The database is busy" } }),
    );
    renderRemotePage(<CustomAgentsCard />);
    const button = await screen.findByRole("button", { name: "Delete Support" });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(api.sent("DELETE")).toHaveLength(0);

    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to delete agent: The database is busy",
        variant: "destructive",
      }),
    );
    expect(screen.getByRole("article", { name: "Support" })).toBeTruthy();
  });
});
