// The data sources card: the agents with their recommended categories, the spec's validation message for text,
// the text payload, an honest refusal for API endpoints, and the server's sentence when adding fails.

import { customAgentKeys } from "@acp/client/custom-agents";
import { mockApi, route } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chooseOption, optionNames } from "../../../test/choose-option";
import { customAgent, knowledgeDocument } from "../../../test/fixtures";
import { DataSourcesCard } from "./data-sources-card";

beforeEach(() => {
  clearToasts();
  // The agent picker reads the user's custom agents: answered (404) here unless a test says otherwise.
  mockApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("DataSourcesCard", () => {
  it("shows the agent's recommended categories", () => {
    renderRemotePage(<DataSourcesCard defaultAgentId="qa-compliance" />);
    const tags = screen.getByRole("list", { name: "Recommended categories for QA and Compliance" });
    expect(
      within(tags)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Quality Standards", "Audit Reports", "Regulatory Requirements", "Test Plans"]);
  });

  it("needs both name and content for text, with the spec's message, and sends nothing", () => {
    const api = mockApi();
    renderRemotePage(<DataSourcesCard />);
    fill("Name", "Pricing");
    fireEvent.click(screen.getByRole("button", { name: "Add Data Source" }));
    expect(currentToast()).toEqual({
      title: "Error",
      description: "Please provide both name and content for the data source",
      variant: "destructive",
    });
    // Only the agent picker's read of the user's custom agents.
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /api/custom-agents",
    ]);
  });

  it("adds text knowledge for the chosen agent", async () => {
    const api = mockApi(
      route("POST", "/api/data-sources", {
        status: 201,
        body: {
          document: knowledgeDocument({
            id: "t1",
            originalName: "Pricing",
            status: "processing",
            source: "text",
          }),
        },
      }),
      route("GET", "/api/documents", { status: 200, body: [] }),
    );
    renderRemotePage(<DataSourcesCard defaultAgentId="legal" />);
    fill("Name", " Pricing ");
    fill("Content", "Enterprise plan costs 40 EUR per seat.");
    fireEvent.click(screen.getByRole("button", { name: "Add Data Source" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Data Source Added"));
    expect(api.requests.find((request) => request.method === "POST")?.body).toEqual({
      name: "Pricing",
      type: "text",
      content: "Enterprise plan costs 40 EUR per seat.",
      category: "Custom Training Data",
      agentId: "legal",
    });
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  it("offers the user's custom agents after the built-in ones and adds knowledge for the one chosen", async () => {
    const api = mockApi(
      route("POST", "/api/data-sources", {
        status: 201,
        body: { document: knowledgeDocument({ id: "t1", originalName: "Tiers", status: "processing" }) },
      }),
    );
    renderRemotePage(<DataSourcesCard />, {
      data: [[customAgentKeys.list(), [customAgent({ id: "c-1", name: "Pricing Desk" })]]],
    });
    expect(optionNames("Agent")).toEqual([
      "GTM Strategy",
      "Legal Foundation",
      "Vision Refinement",
      "Technical Architecture",
      "Fundraising Prep",
      "QA and Compliance",
      "Pricing Desk",
    ]);
    chooseOption("Agent", "Pricing Desk");
    // A custom agent of type custom has no recommended categories to show.
    expect(screen.queryByRole("list", { name: /^Recommended categories/ })).toBeNull();
    fill("Name", "Tiers");
    fill("Content", "Quasar tier: 99 euros.");
    fireEvent.click(screen.getByRole("button", { name: "Add Data Source" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Data Source Added"));
    expect(currentToast()?.description).toBe("Tiers is being processed for Pricing Desk.");
    expect(api.sent("POST")[0]?.body).toMatchObject({ agentId: "c-1", name: "Tiers" });
  });

  it("says an API endpoint cannot be ingested and offers no way to pretend it was", () => {
    renderRemotePage(<DataSourcesCard />);
    fireEvent.click(screen.getByLabelText("API endpoint"));
    expect(screen.getByRole("note").textContent).toMatch(/cannot be ingested yet/);
    expect((screen.getByRole("button", { name: "Add Data Source" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("shows the server's sentence when a web page is refused", async () => {
    mockApi(
      route("POST", "/api/data-sources", {
        status: 400,
        body: {
          error: "That address points into a private network and cannot be fetched",
          code: "URL_NOT_ALLOWED",
        },
      }),
    );
    renderRemotePage(<DataSourcesCard />);
    fireEvent.click(screen.getByLabelText("Web URL"));
    fill("Name", "Intranet");
    fill("URL", "http://10.0.0.1/wiki");
    fireEvent.click(screen.getByRole("button", { name: "Add Data Source" }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description:
          "Failed to add data source: That address points into a private network and cannot be fetched",
        variant: "destructive",
      }),
    );
  });
});
