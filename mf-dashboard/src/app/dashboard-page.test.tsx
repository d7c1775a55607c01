// The dashboard shows the user, the four metrics from the API (missing values as 0, GTM Accuracy only as measured),
// pulsing cards while loading, and quick actions that switch tabs.
import { authKeys } from "@acp/client/auth";
import { dashboardMetricsKeys } from "@acp/client/dashboard-metrics";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DashboardPage } from "./dashboard-page";

const user = { id: "u1", email: null, firstName: "Grace", lastName: "Hopper", profileImageUrl: null };

beforeEach(() => vi.stubGlobal("fetch", () => new Promise(() => {})));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function metricValue(title: string): string | null | undefined {
  const heading = screen.getByRole("heading", { name: title });
  return heading.closest("[data-slot=card]")?.querySelector("[data-slot=card-content] p")?.textContent;
}

describe("DashboardPage", () => {
  it("shows the title, subtitle and the signed-in user with Executive Access", () => {
    renderRemotePage(<DashboardPage />, {
      data: [
        [authKeys.user(), user],
        [dashboardMetricsKeys.all, {}],
      ],
    });
    expect(screen.getAllByRole("heading", { level: 1, name: "Executive AI Command Center" })).toHaveLength(1);
    expect(screen.getAllByText("Complete suite with no restrictions")).toHaveLength(1);
    expect(screen.getAllByText("Grace Hopper")).toHaveLength(1);
    expect(screen.getAllByText("Executive Access")).toHaveLength(1);
  });

  it("shows the metrics: agents that are on out of 7, API values with missing as 0, accuracy as a dash", () => {
    renderRemotePage(<DashboardPage />, {
      data: [
        [authKeys.user(), user],
        [dashboardMetricsKeys.all, { totalAPICallsToday: 1234, activeAgents: 5 }],
      ],
    });
    // The stored count, not the static list's one active agent.
    expect(metricValue("Active Agents")).toBe("5/7");
    expect(metricValue("API Calls Today")).toBe("1,234");
    expect(metricValue("GTM Accuracy")).toBe("—");
    expect(metricValue("Documents")).toBe("0");
  });

  it("shows GTM Accuracy as the measured share with one decimal, and a dash when it is null", () => {
    renderRemotePage(<DashboardPage />, {
      data: [
        [authKeys.user(), user],
        [dashboardMetricsKeys.all, { totalAPICallsToday: 3, totalDocuments: 12, gtmAccuracy: 0.7142 }],
      ],
    });
    expect(metricValue("GTM Accuracy")).toBe("71.4%");
    cleanup();
    renderRemotePage(<DashboardPage />, {
      data: [
        [authKeys.user(), user],
        [dashboardMetricsKeys.all, { gtmAccuracy: null }],
      ],
    });
    expect(metricValue("GTM Accuracy")).toBe("—");
  });

  it("shows the four metric cards with pulsing values while the metrics load", () => {
    renderRemotePage(<DashboardPage />, { data: [[authKeys.user(), user]] });
    const skeletons = screen.getAllByTestId("metric-skeleton");
    expect(skeletons).toHaveLength(4);
    expect(skeletons[0]?.className).toContain("animate-pulse");
    // Placeholders sit inside the same cards as the values, so nothing moves when the numbers arrive.
    expect(skeletons.map((s) => s.closest("[data-slot=card]")?.querySelector("h3")?.textContent)).toEqual([
      "Active Agents",
      "API Calls Today",
      "GTM Accuracy",
      "Documents",
    ]);
  });

  it("switches tab from a quick action", async () => {
    renderRemotePage(<DashboardPage />, {
      data: [
        [authKeys.user(), user],
        [dashboardMetricsKeys.all, {}],
      ],
    });
    fireEvent.click(screen.getByRole("button", { name: /Add Knowledge/ }));
    expect(screen.getByRole("tab", { name: "Knowledge" }).getAttribute("aria-selected")).toBe("true");
    // The tab shows the knowledge remote's widgets (loading here: nothing answers this test's fetch).
    expect(await screen.findAllByRole("region", { name: "Document upload" })).toHaveLength(1);
    expect(screen.getAllByRole("region", { name: "Agent data sources" })).toHaveLength(1);
  });

  it("opens the tab the URL names and shows the overview's widgets by default", async () => {
    renderRemotePage(<DashboardPage />, {
      path: "/?tab=training",
      data: [
        [authKeys.user(), user],
        [dashboardMetricsKeys.all, {}],
      ],
    });
    expect(screen.getByRole("tab", { name: "Training" }).getAttribute("aria-selected")).toBe("true");
    expect(await screen.findAllByRole("region", { name: "Training pipeline" })).toHaveLength(1);
    cleanup();
    renderRemotePage(<DashboardPage />, {
      path: "/?tab=unknown",
      data: [
        [authKeys.user(), user],
        [dashboardMetricsKeys.all, {}],
      ],
    });
    expect(screen.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected")).toBe("true");
    for (const name of ["Agent management center", "Vector database", "Go-to-market chat"]) {
      expect(screen.getAllByRole("region", { name })).toHaveLength(1);
    }
  });
});
