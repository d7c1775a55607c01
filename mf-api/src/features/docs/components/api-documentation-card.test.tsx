// API Documentation: Bearer authentication, public endpoints without it, every documented example (curl, the openai
// SDK, the AI SDK, LangChain, LlamaIndex, Python) against this server's base URL (with a real agent endpoint when
// given), code that scrolls inside its block, copy buttons, the gtm Test buttons' "Test Feature" toast and the link
// to the full reference.

import { EXAMPLE_CLIENTS, listClientExamples } from "@acp/contracts/client-examples";
import { clearToasts, currentToast } from "@acp/federation/testing";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiDocumentationCard } from "./api-documentation-card";

const ORIGIN = "https://panel.example.com";
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  clearToasts();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
});
afterEach(() => cleanup());

const snippet = (title: string) => screen.getByRole("figure", { name: title });

/** Radix tabs select on mouse down; a click follows as a person's would. */
function chooseTab(name: string) {
  const tab = screen.getByRole("tab", { name });
  fireEvent.mouseDown(tab);
  fireEvent.click(tab);
  return tab;
}

describe("ApiDocumentationCard", () => {
  it("explains Bearer keys and keyless public endpoints, with a curl POST carrying message to this server", () => {
    render(<ApiDocumentationCard origin={ORIGIN} />);
    expect(screen.getByText(/Public agent endpoints need no authentication/)).toBeTruthy();
    expect(screen.getByText("Authorization: Bearer <your API key>")).toBeTruthy();
    const keyed = within(snippet("Ask an agent with an API key")).getByText(/^curl/).textContent ?? "";
    expect(keyed).toMatch(/^curl -X POST https:\/\/panel\.example\.com\/api\/v1\/\{apiEndpoint\} \\/);
    expect(keyed).toContain('-H "Authorization: Bearer $ACP_API_KEY"');
    expect(keyed).toContain('"message": ');
    const open = within(snippet("Ask a public agent (no key)")).getByText(/^curl/).textContent ?? "";
    expect(open).not.toContain("Authorization");
    expect(screen.getByText("https://panel.example.com/api/v1")).toBeTruthy();
  });

  it('wraps code inside its words only when a word cannot fit (never "Au thorization" on a narrow screen)', () => {
    render(<ApiDocumentationCard origin={ORIGIN} />);
    // break-all cuts any word at the line's end; overflow-wrap: anywhere cuts only a word longer than the line.
    for (const code of document.querySelectorAll("code")) expect(code.className).not.toContain("break-all");
    expect(screen.getByText("Authorization: Bearer <your API key>").className).toContain(
      "[overflow-wrap:anywhere]",
    );
  });

  it("shows the openai SDK examples in JavaScript and Python against the base URL, naming a real agent", async () => {
    render(<ApiDocumentationCard origin={ORIGIN} endpoint="agent-support-1767225600000" />);
    chooseTab("OpenAI SDK");
    const javascript = (await screen.findByRole("figure", { name: "JavaScript (openai)" })).textContent ?? "";
    expect(javascript).toContain('import OpenAI from "openai";');
    expect(javascript).toContain(`baseURL: "${ORIGIN}/api/v1"`);
    expect(javascript).toContain('model: "agent-support-1767225600000"');
    expect(javascript).toContain("stream: true");
    chooseTab("Python");
    const code = (await screen.findByRole("figure", { name: "Python (openai)" })).textContent ?? "";
    expect(code).toContain("from openai import OpenAI");
    expect(code).toContain(`base_url="${ORIGIN}/api/v1"`);
    expect(code).toContain('model="agent-support-1767225600000"');
  });

  it("offers every documented example, one tab per client, each as the shared module writes it", async () => {
    render(<ApiDocumentationCard origin={ORIGIN} endpoint="agent-support-1767225600000" />);
    const tabs = within(screen.getByRole("tablist", { name: "Example client" })).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(EXAMPLE_CLIENTS.map((client) => client.label));
    const shown = new Set<string>();
    for (const client of EXAMPLE_CLIENTS) {
      expect(chooseTab(client.label).getAttribute("aria-selected")).toBe("true");
      const panel = screen.getByRole("tabpanel", { name: client.label });
      if (client.install) expect(within(panel).getByText(client.install)).toBeTruthy();
      for (const example of listClientExamples().filter((item) => item.client === client.id)) {
        const figure = await within(panel).findByRole("figure", { name: example.label });
        expect(figure.querySelector("code")?.textContent).toBe(
          example.code(ORIGIN, "agent-support-1767225600000"),
        );
        shown.add(example.id);
      }
    }
    expect([...shown].sort()).toEqual(
      listClientExamples()
        .map((example) => example.id)
        .sort(),
    );
  });

  it("names the AI SDK, LangChain and LlamaIndex packages, the key variable and the agent as the model", async () => {
    render(<ApiDocumentationCard origin={ORIGIN} endpoint="agent-support-1767225600000" />);
    const expectations = [
      [
        "AI SDK",
        "JavaScript (AI SDK)",
        'from "@ai-sdk/openai-compatible"',
        'acp("agent-support-1767225600000")',
      ],
      [
        "LangChain",
        "JavaScript (LangChain)",
        'from "@langchain/openai"',
        'model: "agent-support-1767225600000"',
      ],
      [
        "LlamaIndex",
        "JavaScript (LlamaIndex)",
        'from "@llamaindex/openai"',
        'model: "agent-support-1767225600000"',
      ],
    ] as const;
    for (const [tab, title, importLine, model] of expectations) {
      chooseTab(tab);
      const code = (await screen.findByRole("figure", { name: title })).textContent ?? "";
      expect(code).toContain(importLine);
      expect(code).toContain(model);
      expect(code).toContain("process.env.ACP_API_KEY");
      expect(code).toContain(`"${ORIGIN}/api/v1"`);
    }
  });

  it("keeps code lines whole: a block scrolls sideways inside itself and takes keyboard focus", () => {
    render(<ApiDocumentationCard origin={ORIGIN} />);
    const block = snippet("OpenAI-compatible chat").querySelector("pre");
    expect(block?.className).toContain("overflow-x-auto");
    expect(block?.className).toContain("whitespace-pre");
    expect(block?.className).not.toContain("whitespace-pre-wrap");
    expect(block?.getAttribute("tabindex")).toBe("0");
  });

  it("copies a snippet with the 'Copied' toast", async () => {
    render(<ApiDocumentationCard origin={ORIGIN} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy Ask an agent with an API key" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Copied"));
    expect(writeText.mock.calls[0]?.[0]).toMatch(/^curl -X POST https:\/\/panel\.example\.com\/api\/v1\//);
  });

  it("says when copying is refused, instead of claiming it worked", async () => {
    writeText.mockRejectedValue(new DOMException("Denied", "NotAllowedError"));
    render(<ApiDocumentationCard origin={ORIGIN} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy base URL" }));
    await waitFor(() => expect(currentToast()?.variant).toBe("destructive"));
    expect(String(currentToast()?.description)).toMatch(/^Copy failed/);
  });

  it("keeps the spec's 'Test Feature' toast for the gtm endpoints and links the full reference", () => {
    render(<ApiDocumentationCard origin={ORIGIN} />);
    fireEvent.click(screen.getByRole("button", { name: "Test GET /api/v1/gtm/strategy" }));
    expect(currentToast()?.title).toBe("Test Feature");
    const link = screen.getByRole("link", { name: /Full API reference/ });
    expect(link.getAttribute("href")).toBe("/api/docs");
  });
});
