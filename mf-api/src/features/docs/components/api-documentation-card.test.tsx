// API Documentation: Bearer authentication, public endpoints without it, curl and openai SDK examples against this
// server's base URL (with a real agent endpoint when given), copy buttons, the gtm Test buttons' "Test Feature"
// toast and the link to the full reference.

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
    const tab = screen.getByRole("tab", { name: "JavaScript" });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    const javascript = (await screen.findByRole("figure", { name: "JavaScript (openai)" })).textContent ?? "";
    expect(javascript).toContain('import OpenAI from "openai";');
    expect(javascript).toContain(`baseURL: "${ORIGIN}/api/v1"`);
    expect(javascript).toContain('model: "agent-support-1767225600000"');
    const python = screen.getByRole("tab", { name: "Python" });
    fireEvent.mouseDown(python);
    fireEvent.click(python);
    const code = (await screen.findByRole("figure", { name: "Python (openai)" })).textContent ?? "";
    expect(code).toContain("from openai import OpenAI");
    expect(code).toContain(`base_url="${ORIGIN}/api/v1"`);
    expect(code).toContain('model="agent-support-1767225600000"');
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
