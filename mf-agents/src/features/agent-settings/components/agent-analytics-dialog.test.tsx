// The Analytics dialog reads the agent's usage: the totals and median answer time with a per-day table, or an
// empty state before anyone has chatted, or the failure in words.

import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { analytics } from "../../../test/fixtures";
import { AgentAnalyticsDialog } from "./agent-analytics-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  renderRemotePage(<AgentAnalyticsDialog agentKey="gtm" name="GTM Strategy" />);
  fireEvent.click(screen.getByRole("button", { name: "Analytics GTM Strategy" }));
}

describe("AgentAnalyticsDialog", () => {
  it("shows the totals, the median answer time and the days", async () => {
    mockApi(
      route("GET", "/api/agents/gtm/analytics", {
        status: 200,
        body: analytics(
          [
            { date: "2026-11-19", conversations: 1, messages: 4 },
            { date: "2026-11-20", conversations: 2, messages: 6 },
          ],
          1500,
        ),
      }),
    );
    open();
    const dialog = await screen.findByRole("dialog", { name: "GTM Strategy analytics" });
    const text = (await within(dialog).findByText("Median answer time")).closest("dl")?.textContent;
    expect(text).toContain("Conversations3");
    expect(text).toContain("Messages10");
    expect(text).toContain("Median answer time1.5 s");
    const table = await within(dialog).findByRole(
      "table",
      { name: "Conversations and messages per day" },
      // The chart module (and recharts) is loaded on demand: its first import takes a while on a busy machine.
      { timeout: 5000 },
    );
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["DayConversationsMessages", "Nov 1914", "Nov 2026"]);
  });

  it("says there is nothing yet when nobody has chatted with the agent", async () => {
    mockApi(route("GET", "/api/agents/gtm/analytics", { status: 200, body: analytics([], null) }));
    open();
    expect(await screen.findByText("No conversations yet")).toBeTruthy();
  });

  it("says why the analytics could not be read", async () => {
    mockApi(
      route("GET", "/api/agents/gtm/analytics", {
        status: 500,
        body: { error: "Analytics are unavailable" },
      }),
    );
    open();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The analytics could not be loaded: Analytics are unavailable",
    );
  });
});
