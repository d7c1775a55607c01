// The API Usage card: the spec's three figures from GET /api/usage, the requests and errors per hour as a chart
// with a table for screen readers, a sentence when there were no calls, and the failure in words with a retry.

import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hourly, usage } from "../../../test/fixtures";
import { formatHour } from "../utils/format-usage";
import { ApiUsageCard } from "./api-usage-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function figure(label: string): string | null | undefined {
  return screen.getByText(label).parentElement?.querySelector("dd")?.textContent;
}

describe("ApiUsageCard", () => {
  it("shows Total Requests, Active Keys and Success Rate from the request log, and the hours as a table", async () => {
    const hours = hourly(
      [
        [0, 0],
        [3, 1],
      ],
      "2026-11-20T10:00:00.000Z",
    );
    hours[22] = { ...(hours[22] as (typeof hours)[number]), requests: 1200, errors: 30 };
    hours[23] = { ...(hours[23] as (typeof hours)[number]), requests: 34, errors: 0 };
    const api = mockApi(
      route("GET", "/api/usage", {
        status: 200,
        body: usage({ requestsToday: 1237, activeKeys: 2, successRate: 97.5, hourly: hours }),
      }),
    );
    renderRemotePage(<ApiUsageCard />);
    await screen.findByRole(
      "table",
      { name: "Requests and errors per hour, last 24 hours" },
      // The chart module (and recharts) is loaded on demand: its first import takes a while on a busy machine.
      { timeout: 5000 },
    );
    expect([figure("Total Requests"), figure("Active Keys"), figure("Success Rate")]).toEqual([
      "1,237",
      "2",
      "97.5%",
    ]);
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(25);
    expect(rows[0]?.textContent).toBe("HourRequestsErrors");
    expect(rows[2]?.textContent).toBe(`${formatHour(hours[1]?.hour ?? "")}31`);
    expect(rows[23]?.textContent).toBe(`${formatHour(hours[22]?.hour ?? "")}120030`);
    expect(
      screen.getByText(
        `Last 24 hours: 1,237 requests, 31 errors; busiest hour ${formatHour(hours[22]?.hour ?? "")} with 1,200.`,
      ),
    ).toBeTruthy();
    expect(api.requests.map((request) => request.url)).toEqual(["/api/usage"]);
  });

  it("never shows 100% for a window with errors (the API's one decimal rounds 1 in 5,000 up)", async () => {
    mockApi(
      route("GET", "/api/usage", {
        status: 200,
        body: usage({
          requestsToday: 5000,
          activeKeys: 1,
          successRate: 100,
          hourly: hourly([[5000, 1]]),
        }),
      }),
    );
    renderRemotePage(<ApiUsageCard />);
    await screen.findByRole("table");
    expect(figure("Success Rate")).toBe("99.9%");
  });

  it("says there were no calls instead of drawing an empty chart", async () => {
    mockApi(route("GET", "/api/usage", { status: 200, body: usage({ activeKeys: 3 }) }));
    renderRemotePage(<ApiUsageCard />);
    expect(await screen.findByText("No API calls in the last 24 hours.")).toBeTruthy();
    expect([figure("Total Requests"), figure("Active Keys"), figure("Success Rate")]).toEqual([
      "0",
      "3",
      "100%",
    ]);
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("announces the loading, then says why the figures could not be read and reads them again on Try again", async () => {
    let fail = true;
    mockApi(
      route("GET", "/api/usage", () =>
        fail
          ? { status: 500, body: { error: "The request log is unavailable", code: "INTERNAL" } }
          : {
              status: 200,
              body: usage({ requestsToday: 4, activeKeys: 1, successRate: 100, hourly: hourly([[4, 0]]) }),
            },
      ),
    );
    renderRemotePage(<ApiUsageCard />);
    expect(screen.getByRole("status").textContent).toBe("Loading API usage…");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "API usage could not be loaded: The request log is unavailable",
    );
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("table");
    expect([figure("Total Requests"), figure("Success Rate")]).toEqual(["4", "100%"]);
  });
});
