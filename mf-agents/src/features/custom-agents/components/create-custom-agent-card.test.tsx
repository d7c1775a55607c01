// Creating a custom agent: name and system prompt are required (the spec's message, nothing sent), the body carries
// the defaults and a generated endpoint, and failures read "Failed to create agent: {message}".

import { PUBLIC_AGENT_SCOPE_NOTE } from "@acp/contracts/constants";
import { mockApi, route } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { customAgent } from "../../../test/fixtures";
import { CreateCustomAgentCard } from "./create-custom-agent-card";

beforeEach(() => clearToasts());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const create = () => fireEvent.click(screen.getByRole("button", { name: "Create Agent" }));

describe("CreateCustomAgentCard", () => {
  it("refuses a missing name or system prompt with the spec's message and sends nothing", () => {
    const api = mockApi();
    renderRemotePage(<CreateCustomAgentCard />);
    create();
    expect(currentToast()).toEqual({
      title: "Validation Error",
      description: "Name and system prompt are required.",
      variant: "destructive",
    });
    expect(screen.getByText("Validation Error: Name and system prompt are required.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");

    clearToasts();
    fill("Name", "Board Prep");
    fill("System prompt", "   ");
    create();
    expect(currentToast()?.title).toBe("Validation Error");
    expect(document.activeElement).toBe(screen.getByLabelText("System prompt"));
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it("creates a private custom agent by default, with a generated endpoint, and clears the form", async () => {
    const api = mockApi(
      route("POST", "/api/custom-agents", (request) => ({
        status: 201,
        body: customAgent({ id: "c1", ...(request.body as object) }),
      })),
      route("GET", "/api/custom-agents", { status: 200, body: [] }),
    );
    renderRemotePage(<CreateCustomAgentCard />);
    fill("Name", "  Board Prep ");
    fill("System prompt", "You prepare board meetings from the minutes.");
    create();
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "Agent Created", description: "Board Prep is ready." }),
    );
    const body = api.sent("POST")[0]?.body as { apiEndpoint: string };
    expect(body).toMatchObject({
      name: "Board Prep",
      description: "",
      systemPrompt: "You prepare board meetings from the minutes.",
      agentType: "custom",
      isPublic: false,
    });
    expect(body.apiEndpoint).toMatch(/^agent-board-prep-\d{13}$/);
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  it("makes the agent public when asked and names its endpoint", async () => {
    const api = mockApi(
      route("POST", "/api/custom-agents", (request) => ({
        status: 201,
        body: customAgent({ id: "c2", ...(request.body as object) }),
      })),
      route("GET", "/api/custom-agents", { status: 200, body: [] }),
    );
    renderRemotePage(<CreateCustomAgentCard />);
    fill("Name", "Support");
    fill(/^Description/, "Answers product questions");
    fill("System prompt", "Answer from the manuals.");
    const publicSwitch = screen.getByRole("switch", { name: "Make publicly accessible via API" });
    // The switch says what anonymous callers will be answered from.
    const help = document.getElementById(publicSwitch.getAttribute("aria-describedby") ?? "");
    expect(help?.textContent).toContain(PUBLIC_AGENT_SCOPE_NOTE);
    fireEvent.click(publicSwitch);
    create();
    await waitFor(() => expect(currentToast()?.title).toBe("Agent Created"));
    const body = api.sent("POST")[0]?.body as { isPublic: boolean; apiEndpoint: string; description: string };
    expect(body.isPublic).toBe(true);
    expect(body.description).toBe("Answers product questions");
    expect(currentToast()?.description).toBe(`Support answers at /api/v1/${body.apiEndpoint}.`);
  });

  it("shows the server's sentence when creating fails", async () => {
    mockApi(
      route("POST", "/api/custom-agents", {
        status: 409,
        body: { error: "An agent already uses that endpoint", code: "CONFLICT" },
      }),
    );
    renderRemotePage(<CreateCustomAgentCard />);
    fill("Name", "Support");
    fill("System prompt", "Answer from the manuals.");
    create();
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to create agent: An agent already uses that endpoint",
        variant: "destructive",
      }),
    );
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Support");
  });
});
