// ChartFigure: the drawing is hidden from screen readers, which get the caption and the same figures as a table.
// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BarSeriesChart, ChartFigure } from "./chart";

afterEach(cleanup);

describe("ChartFigure", () => {
  it("hides the drawing and gives its figures as a captioned table", () => {
    const data = [
      { label: "Nov 19", conversations: 1, messages: 4 },
      { label: "Nov 20", conversations: 2, messages: 6 },
    ];
    render(
      <ChartFigure
        height="h-64"
        caption="Conversations and messages per day"
        table={{
          caption: "Conversations and messages per day",
          columns: ["Day", "Conversations", "Messages"],
          rows: data.map((day) => ({
            key: day.label,
            header: day.label,
            cells: [day.conversations, day.messages],
          })),
        }}
      >
        <BarSeriesChart
          data={data}
          labelKey="label"
          series={[
            { key: "conversations", name: "Conversations", color: "red" },
            { key: "messages", name: "Messages", color: "blue" },
          ]}
        />
      </ChartFigure>,
    );
    const figure = screen.getByRole("figure");
    expect(figure.querySelector("figcaption")?.textContent).toBe("Conversations and messages per day");
    expect(figure.querySelector('[aria-hidden="true"]')).not.toBeNull();
    const table = within(figure).getByRole("table", { name: "Conversations and messages per day" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["DayConversationsMessages", "Nov 1914", "Nov 2026"]);
  });
});
