// The wizard's rules (spec section 2 and 4): it starts at step 1 of 4, moves only in order with Back and Continue
// (Deploy Agent moves to step 4 without a call), disables tabs beyond the current step, ticks completed ones,
// moves focus to the new step's title, shows what the agent knows and the shared training jobs component (loaded
// through federation: here the registry is unreachable, so that section says it failed to load while the step works)
// in step 2, and sends sample and operation prompts into the chat.
import { findBuiltInAgent } from "@acp/contracts/agents";
import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { knowledgeDocument } from "../../../test/fixtures";
import { WIZARDS } from "../wizard-steps";
import { AgentWizard, type ChatPrompt } from "./agent-wizard";
import { modelTypeOf } from "./wizard-training";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const technical = findBuiltInAgent("technical");
if (!technical) throw new Error("the technical agent is missing");

const SAMPLES = [
  "Review this API architecture for scalability",
  "Suggest improvements for database design",
  "Analyze security vulnerabilities in this system",
];

function renderWizard() {
  const asked: (ChatPrompt | undefined)[] = [];
  const api = mockApi(
    route("GET", "/api/documents?agent=technical", {
      status: 200,
      body: [
        knowledgeDocument({
          id: "d1",
          originalName: "architecture.pdf",
          chunkCount: 4,
          createdAt: "2026-11-19T09:00:00.000Z",
        }),
        knowledgeDocument({
          id: "d2",
          originalName: "schema.sql.txt",
          chunkCount: 2,
          createdAt: "2026-11-20T09:00:00.000Z",
        }),
        knowledgeDocument({ id: "d3", originalName: "notes.docx", status: "processing" }),
      ],
    }),
  );
  renderRemotePage(
    <AgentWizard
      agent={technical as NonNullable<typeof technical>}
      wizard={WIZARDS.technical}
      sampleQueries={SAMPLES}
      upload={<p>The upload component</p>}
      renderChat={(prompt) => {
        asked.push(prompt);
        return <output aria-label="Chat">{prompt?.text ?? "no prompt"}</output>;
      }}
    />,
  );
  return { asked, api };
}

const tabs = () =>
  screen.getAllByRole("tab").map((tab) => ({
    name: tab.textContent,
    disabled: tab.hasAttribute("disabled"),
    selected: tab.getAttribute("aria-selected") === "true",
  }));
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const progress = () => screen.getByRole("progressbar").getAttribute("aria-valuenow");

describe("AgentWizard", () => {
  it("starts at step 1 of 4 with the upload and the recommended documents, later tabs disabled", () => {
    renderWizard();
    expect(screen.getByText("Step 1 of 4: Upload Technical Docs")).toBeTruthy();
    expect(progress()).toBe("25");
    expect(tabs()).toEqual([
      { name: "Tech Docs", disabled: false, selected: true },
      { name: "Training", disabled: true, selected: false },
      { name: "Testing", disabled: true, selected: false },
      { name: "Operations", disabled: true, selected: false },
    ]);
    expect(screen.getByRole("heading", { level: 2, name: "Upload Technical Docs" })).toBeTruthy();
    expect(screen.getByText("The upload component")).toBeTruthy();
    expect(screen.getByText("API documentation and specs")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Back/ })).toBeNull();
  });

  it("moves forward in order, ticks completed steps and focuses each new step's title", async () => {
    const { api } = renderWizard();
    click("Continue to Training");
    expect(screen.getByText("Step 2 of 4: Train Technical Agent")).toBeTruthy();
    expect(progress()).toBe("50");
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("heading", { level: 2, name: "Train Technical Agent" }),
      ),
    );
    expect(tabs()).toEqual([
      { name: "Tech Docs, completed", disabled: false, selected: false },
      { name: "Training", disabled: false, selected: true },
      { name: "Testing", disabled: true, selected: false },
      { name: "Operations", disabled: true, selected: false },
    ]);

    click("Continue to Testing");
    expect(screen.getByText("Step 3 of 4: Test & Validate")).toBeTruthy();
    const requests = api.requests.length;
    click("Deploy Agent");
    expect(screen.getByText("Step 4 of 4: Tech Operations")).toBeTruthy();
    expect(progress()).toBe("100");
    expect(api.requests.length).toBe(requests);
    expect(tabs().map((tab) => tab.disabled)).toEqual([false, false, false, false]);
    expect(screen.queryByRole("button", { name: /^Continue|Deploy Agent/ })).toBeNull();
  });

  it("goes back one step at a time, and a tab only leads back to a step already reached", async () => {
    renderWizard();
    click("Continue to Training");
    click("Continue to Testing");
    click("Back to Training");
    expect(screen.getByText("Step 2 of 4: Train Technical Agent")).toBeTruthy();
    expect(tabs()[2]).toEqual({ name: "Testing", disabled: true, selected: false });
    click("Back to Data Upload");
    expect(screen.getByText("Step 1 of 4: Upload Technical Docs")).toBeTruthy();
    expect(tabs().map((tab) => tab.disabled)).toEqual([false, true, true, true]);

    click("Continue to Training");
    // Radix tabs activate on mouse down; a disabled tab ignores it.
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Operations" }));
    expect(screen.getByText("Step 2 of 4: Train Technical Agent")).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole("tab", { name: /^Tech Docs/ }));
    await waitFor(() => expect(screen.getByText("Step 1 of 4: Upload Technical Docs")).toBeTruthy());
  });

  it("shows what the agent knows in step 2: documents ready, processing, passages and the latest one", async () => {
    renderWizard();
    click("Continue to Training");
    const stats = await screen.findByLabelText("Knowledge of Technical Architecture");
    await waitFor(() => expect(stats.textContent).toContain("Documents ready2"));
    expect(stats.textContent).toContain("Still processing1");
    expect(stats.textContent).toContain("Passages indexed6");
    expect(screen.getByText("schema.sql.txt")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Model Training" }).getAttribute("href")).toBe("/training");
  });

  it("loads the shared training jobs component from mf-training in step 2", async () => {
    const { api } = renderWizard();
    expect(api.requests.some((request) => request.url === "/remotes.json")).toBe(false);
    click("Continue to Training");
    expect(await screen.findByRole("heading", { name: "This section failed to load" })).toBeTruthy();
    expect(api.requests.some((request) => request.url === "/remotes.json")).toBe(true);
    expect(console.error).toHaveBeenCalledWith("[remote mf-training]", expect.anything(), expect.anything());
    expect(screen.getByRole("button", { name: "Continue to Testing" })).toBeTruthy();
  });

  it("fixes the training component to the wizard's own agent, technical and fundraising included", () => {
    expect(
      (["gtm", "legal", "vision", "technical", "fundraising"] as const).map((agent) => modelTypeOf(agent)),
    ).toEqual(["gtm", "legal", "vision", "technical", "fundraising"]);
  });

  it("sends a sample query or an operation's prompt into the chat, and a new step's chat starts without one", () => {
    const { asked } = renderWizard();
    click("Continue to Training");
    click("Continue to Testing");
    expect(screen.getByRole("status", { name: "Chat" }).textContent).toBe("no prompt");
    for (const sample of SAMPLES) expect(screen.getByRole("button", { name: sample })).toBeTruthy();
    click("Suggest improvements for database design");
    expect(screen.getByRole("status", { name: "Chat" }).textContent).toBe(
      "Suggest improvements for database design",
    );
    click("Suggest improvements for database design");
    const [first, second] = asked.filter(
      (prompt) => prompt?.text === "Suggest improvements for database design",
    );
    expect(second?.nonce).not.toBe(first?.nonce);

    click("Deploy Agent");
    expect(screen.getByRole("status", { name: "Chat" }).textContent).toBe("no prompt");
    expect(screen.getByRole("heading", { level: 3, name: "Architecture Review" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "System Design" })).toBeTruthy();
    click("Optimize System");
    expect(screen.getByRole("status", { name: "Chat" }).textContent).toBe(
      WIZARDS.technical.operations[1].prompt,
    );
  });
});
