// The Configure dialog: it saves the edited settings with PATCH (built-in and custom agents each at their own
// route), checks fields before sending anything, names the installation's default model, and reports failures.

import { AGENT_TEMPERATURE, AGENT_TOP_K, PUBLIC_AGENT_SCOPE_NOTE } from "@acp/contracts/constants";
import { mockApi, route } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SettingsTarget } from "../utils/settings-target";
import { ConfigureAgentDialog } from "./configure-agent-dialog";

beforeEach(() => clearToasts());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const builtIn: SettingsTarget = {
  kind: "built-in",
  id: "legal",
  name: "Legal Foundation",
  settings: {
    systemPrompt: "You are a careful legal analyst.",
    model: null,
    temperature: AGENT_TEMPERATURE.default,
    topK: AGENT_TOP_K.default,
  },
  defaultSystemPrompt: "You are a careful legal analyst.",
};

const modelRoute = route("GET", "/api/chat/model", {
  status: 200,
  body: { provider: "offline", model: "grounded-responder", offline: true },
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function open(target: SettingsTarget) {
  renderRemotePage(<ConfigureAgentDialog target={target} />);
  fireEvent.click(screen.getByRole("button", { name: `Configure ${target.name}` }));
  return screen.findByRole("dialog", { name: `Configure ${target.name}` });
}

describe("ConfigureAgentDialog", () => {
  it("saves a built-in agent's settings and closes", async () => {
    const api = mockApi(modelRoute, route("PATCH", "/api/agents/legal", { status: 200, body: {} }));
    await open(builtIn);
    expect((screen.getByLabelText("System prompt") as HTMLTextAreaElement).value).toBe(
      "You are a careful legal analyst.",
    );
    await screen.findByText(/the built-in responder \(offline mode/);
    expect(document.body.textContent).not.toContain("grounded-responder");
    fill("System prompt", "  Quote every clause you rely on.  ");
    fill("Model", "gpt-4.1-mini");
    fill("Temperature", "0.7");
    fill("Passages per answer", "10");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Configuration Saved"));
    expect(api.sent("PATCH")).toEqual([
      {
        method: "PATCH",
        url: "/api/agents/legal",
        body: {
          systemPrompt: "Quote every clause you rely on.",
          model: "gpt-4.1-mini",
          temperature: 0.7,
          topK: 10,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("sends an empty model as null (the installation's default), and the restored default prompt as null", async () => {
    const api = mockApi(modelRoute, route("PATCH", "/api/agents/legal", { status: 200, body: {} }));
    await open({ ...builtIn, settings: { ...builtIn.settings, systemPrompt: "Edited", model: "llama3" } });
    fill("Model", "   ");
    fireEvent.click(screen.getByRole("button", { name: "Restore default" }));
    expect((screen.getByLabelText("System prompt") as HTMLTextAreaElement).value).toBe(
      "You are a careful legal analyst.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.sent("PATCH")).toHaveLength(1));
    // null: the agent follows its shipped prompt again rather than a copy of it.
    expect(api.sent("PATCH")[0]?.body).toMatchObject({ systemPrompt: null, model: null });
  });

  it("checks the fields before sending anything and focuses the first one that is wrong", async () => {
    const api = mockApi(modelRoute);
    await open(builtIn);
    fill("System prompt", "   ");
    fill("Temperature", "3");
    fill("Passages per answer", "2.5");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("The system prompt cannot be blank.")).toBeTruthy();
    expect(screen.getByText("Temperature must be a number from 0 to 2.")).toBeTruthy();
    expect(screen.getByText("Passages per answer must be a whole number from 1 to 20.")).toBeTruthy();
    const prompt = screen.getByLabelText("System prompt");
    expect(prompt.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(prompt);
    expect(api.sent("PATCH")).toHaveLength(0);
  });

  it("edits a custom agent's name, description and public switch at its own route", async () => {
    const api = mockApi(modelRoute, route("PATCH", "/api/custom-agents/c1", { status: 200, body: {} }));
    await open({
      kind: "custom",
      id: "c1",
      name: "Board Prep",
      settings: { ...builtIn.settings, systemPrompt: "You prepare board meetings." },
      custom: { description: null, isPublic: false },
    });
    fill("Name", " Board Pack ");
    fill("Description", "Prepares the quarterly board pack");
    const publicSwitch = screen.getByRole("switch", { name: "Make publicly accessible via API" });
    // The switch says what anonymous callers will be answered from.
    const help = document.getElementById(publicSwitch.getAttribute("aria-describedby") ?? "");
    expect(help?.textContent).toContain(PUBLIC_AGENT_SCOPE_NOTE);
    fireEvent.click(publicSwitch);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.sent("PATCH")).toHaveLength(1));
    expect(api.sent("PATCH")[0]).toMatchObject({
      url: "/api/custom-agents/c1",
      body: {
        name: "Board Pack",
        description: "Prepares the quarterly board pack",
        isPublic: true,
        systemPrompt: "You prepare board meetings.",
        model: null,
        temperature: AGENT_TEMPERATURE.default,
        topK: AGENT_TOP_K.default,
      },
    });
  });

  it("keeps the dialog open and says why when saving fails", async () => {
    mockApi(
      modelRoute,
      route("PATCH", "/api/agents/legal", {
        status: 400,
        body: { error: "That model is not served here", code: "VALIDATION" },
      }),
    );
    await open(builtIn);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to save configuration: That model is not served here",
        variant: "destructive",
      }),
    );
    expect(screen.getByRole("dialog", { name: "Configure Legal Foundation" })).toBeTruthy();
  });
});
