// Public Endpoints: each public agent with its /api/v1/ path (or "No public agents deployed"), and the Test box's
// states: the blank message, the reply with its sources, "Error: {error or Unknown error}" and "Network error".

import { createQueryClient } from "@acp/client/query-client";
import { PUBLIC_AGENT_SCOPE_NOTE } from "@acp/contracts/constants";
import { type Answer, mockApi, route } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { customAgent } from "../../../test/fixtures";
import { PublicEndpointsCard } from "./public-endpoints-card";

const SUPPORT = customAgent({
  id: "s",
  name: "Support Bot",
  isPublic: true,
  apiEndpoint: "agent-support-bot-1767225600000",
});
const PRIVATE = customAgent({ id: "p", name: "Board Pack", isPublic: false });

const SOURCE = {
  number: 1,
  documentName: "pricing.pdf",
  location: null,
  excerpt: "The Team plan costs $49 per seat per month.",
};

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  clearToasts();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function api(answer: Answer = { status: 200, body: { response: "Hello", sources: [] } }) {
  return mockApi(
    route("GET", "/api/custom-agents", { status: 200, body: [SUPPORT, PRIVATE] }),
    route("POST", "/api/v1/agent-support-bot-1767225600000", answer),
  );
}

async function openTest() {
  const item = await screen.findByRole("article", { name: "Support Bot" });
  const toggle = within(item).getByRole("button", { name: "Test Support Bot" });
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  fireEvent.click(toggle);
  expect(toggle.getAttribute("aria-expanded")).toBe("true");
  const field = within(item).getByLabelText("Test message");
  expect(document.activeElement).toBe(field);
  return { item, field, send: () => fireEvent.click(within(item).getByRole("button", { name: "Send" })) };
}

describe("PublicEndpointsCard", () => {
  it("says no public agents are deployed when none is public", async () => {
    mockApi(route("GET", "/api/custom-agents", { status: 200, body: [PRIVATE] }));
    renderRemotePage(<PublicEndpointsCard />);
    expect(await screen.findByText("No public agents deployed")).toBeTruthy();
  });

  it("lists only public agents with their /api/v1/ path and copies the full URL", async () => {
    api();
    renderRemotePage(<PublicEndpointsCard origin="https://panel.example.com" />);
    const item = await screen.findByRole("article", { name: "Support Bot" });
    expect(within(item).getByText("/api/v1/agent-support-bot-1767225600000")).toBeTruthy();
    // Anonymous callers are answered only from what was given to this agent.
    expect(within(item).getByText(PUBLIC_AGENT_SCOPE_NOTE)).toBeTruthy();
    expect(screen.queryByText("Board Pack")).toBeNull();
    fireEvent.click(within(item).getByRole("button", { name: "Copy URL of Support Bot" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Copied"));
    expect(writeText).toHaveBeenCalledWith(
      "https://panel.example.com/api/v1/agent-support-bot-1767225600000",
    );
  });

  it("refuses a blank test message and sends nothing", async () => {
    const sent = api();
    renderRemotePage(<PublicEndpointsCard />);
    const { item, field, send } = await openTest();
    fireEvent.change(field, { target: { value: "  " } });
    send();
    expect(within(item).getByRole("alert").textContent).toBe("Please enter a test message");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(sent.sent("POST")).toEqual([]);
  });

  it("sends the message to the public endpoint and shows the reply with its sources", async () => {
    const sent = api({
      status: 200,
      body: { response: "The Team plan costs $49 per seat [1].", sources: [SOURCE] },
    });
    renderRemotePage(<PublicEndpointsCard />);
    const { item, field, send } = await openTest();
    fireEvent.change(field, { target: { value: "What does the Team plan cost?" } });
    send();
    const reply = await within(item).findByRole("region", { name: "Reply from Support Bot" });
    expect(within(reply).getByText("The Team plan costs $49 per seat [1].")).toBeTruthy();
    expect(within(reply).getByText("[1] pricing.pdf")).toBeTruthy();
    expect(within(reply).getByText("The Team plan costs $49 per seat per month.")).toBeTruthy();
    expect(sent.sent("POST").map(({ url, body }) => ({ url, body }))).toEqual([
      { url: "/api/v1/agent-support-bot-1767225600000", body: { message: "What does the Team plan cost?" } },
    ]);
  });

  it.each([
    [
      "the API's error",
      { status: 429, body: { error: "Rate limit exceeded, try again in 12 minutes" } },
      "Error: Rate limit exceeded, try again in 12 minutes",
    ],
    ["Unknown error without one", { status: 502 }, "Error: Unknown error"],
    ["a network failure", { network: "Failed to fetch" }, "Network error: Failed to fetch"],
  ] as const)("shows %s per spec", async (_case, answer, expected) => {
    api(answer);
    renderRemotePage(<PublicEndpointsCard />);
    const { item, field, send } = await openTest();
    fireEvent.change(field, { target: { value: "Hello?" } });
    send();
    await waitFor(() => expect(within(item).getByRole("alert").textContent).toBe(expected));
    expect(within(item).queryByRole("region")).toBeNull();
  });

  it("shows a refusal (401) as a test result and never signs the user out for it", async () => {
    api({ status: 401, body: { error: "This agent needs an API key", code: "UNAUTHORIZED" } });
    const onUnauthorized = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient({ onUnauthorized })}>
        <PublicEndpointsCard />
      </QueryClientProvider>,
    );
    const { item, field, send } = await openTest();
    fireEvent.change(field, { target: { value: "Hello?" } });
    send();
    await waitFor(() =>
      expect(within(item).getByRole("alert").textContent).toBe("Error: This agent needs an API key"),
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
