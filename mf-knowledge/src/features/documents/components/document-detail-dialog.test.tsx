// The document detail opened by `?document=<id>`: extracted parts with pages lacking text flagged and OCR marked,
// chunk count, embedder, time per stage, and the part a retrieval link points at.
import { documentKeys } from "@acp/client/knowledge/documents";
import type { ChunkLocation, DocumentDetail } from "@acp/contracts/knowledge";
import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { encodeChunkLocation } from "../../../lib/chunk-location";
import { knowledgeDocument } from "../../../test/fixtures";
import { DocumentDetailDialog, formatDuration } from "./document-detail-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const detail: DocumentDetail = {
  document: knowledgeDocument({ id: "scan", originalName: "scan.pdf", chunkCount: 2 }),
  parts: [
    {
      label: "Page 1",
      location: { kind: "page", page: 1 },
      text: "Airworthiness Directives",
      truncated: false,
      hasText: true,
      ocr: false,
      lineNumbers: null,
    },
    {
      label: "Page 2",
      location: { kind: "page", page: 2, ocr: true },
      text: "Scanned invoice total",
      truncated: true,
      hasText: true,
      ocr: true,
      lineNumbers: null,
    },
    {
      label: "Page 3",
      location: { kind: "page", page: 3 },
      text: "",
      truncated: false,
      hasText: false,
      ocr: true,
      lineNumbers: null,
    },
  ],
  chunkCount: 2,
  embedder: "local-1536",
  timings: [
    { stage: "extracting", startedAt: "2026-11-20T10:00:00.000Z", finishedAt: "2026-11-20T10:00:02.500Z" },
    { stage: "embedding", startedAt: "2026-11-20T10:00:02.500Z", finishedAt: "2026-11-20T10:00:02.740Z" },
  ],
};

describe("DocumentDetailDialog", () => {
  it("shows what was extracted part by part, the chunk count, embedder and stage timings", () => {
    renderRemotePage(<DocumentDetailDialog />, {
      path: `/knowledge?document=scan&at=${encodeURIComponent(encodeChunkLocation({ kind: "page", page: 2, ocr: true }))}`,
      data: [[documentKeys.detail("scan"), detail]],
    });
    const dialog = screen.getByRole("dialog", { name: "scan.pdf" });
    expect(within(dialog).getByText("Chunks").nextSibling?.textContent).toBe("2");
    expect(within(dialog).getByText("Embedder").nextSibling?.textContent).toBe("Built-in embedder (offline)");
    expect(within(dialog).queryByText(/local-1536/)).toBeNull();
    expect(within(dialog).getByText("Extracting text").nextSibling?.textContent).toBe("2.5 s");
    expect(within(dialog).getByText("Embedding").nextSibling?.textContent).toBe("240 ms");
    const pages = within(dialog).getAllByRole("listitem");
    expect(pages).toHaveLength(3);
    expect(within(pages[1] as HTMLElement).getAllByText("OCR")).toHaveLength(1);
    expect(pages[1]?.getAttribute("aria-current")).toBe("location");
    expect(within(pages[1] as HTMLElement).getAllByText("Preview shortened.")).toHaveLength(1);
    expect(within(pages[2] as HTMLElement).getAllByText("No text found")).toHaveLength(1);
    expect(within(dialog).getAllByText("Showing Page 2 (OCR).")).toHaveLength(1);
  });

  it("numbers a sheet's rows and scrolls to and marks the rows a link names", () => {
    // Lay out the dialog's body at 100-500 px and every linked row 600 px down (happy-dom lays nothing out).
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
      const at = (top: number, height: number) => ({ top, height }) as DOMRect;
      if (this.matches("[data-slot=dialog-body]")) return at(100, 400);
      if (this.matches("[data-linked-row]")) return at(600, 20);
      return at(0, 0);
    });
    const sheet: DocumentDetail = {
      ...detail,
      document: knowledgeDocument({ id: "book", originalName: "budget.xlsx" }),
      embedder: "openai:text-embedding-3-small",
      parts: [
        {
          label: "Sheet Summary",
          location: { kind: "rows", sheet: "Summary", rowStart: 1, rowEnd: 2 },
          text: "Total\t13",
          truncated: false,
          hasText: true,
          ocr: false,
          lineNumbers: null,
        },
        {
          label: "Sheet Budget",
          location: { kind: "rows", sheet: "Budget", rowStart: 2, rowEnd: 6 },
          text: ["Item\tCost", "Paper\t4", "Ink\t9", "Desk\t120", "Lamp\t30"].join("\n"),
          truncated: false,
          hasText: true,
          ocr: false,
          lineNumbers: null,
        },
      ],
    };
    renderRemotePage(<DocumentDetailDialog />, {
      path: `/knowledge?document=book&at=${encodeURIComponent(
        encodeChunkLocation({ kind: "rows", sheet: "Budget", rowStart: 4, rowEnd: 5 }),
      )}`,
      data: [[documentKeys.detail("book"), sheet]],
    });
    const dialog = screen.getByRole("dialog", { name: "budget.xlsx" });
    expect(within(dialog).getByText("Embedder").nextSibling?.textContent).toBe(
      "OpenAI text-embedding-3-small",
    );
    const budget = within(dialog)
      .getByRole("heading", { level: 4, name: "Sheet Budget" })
      .closest("li") as HTMLElement;
    expect(budget.getAttribute("aria-current")).toBe("location");
    const rows = within(budget).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.querySelector("th")?.textContent)).toEqual([
      "2",
      "3",
      "4 (linked)",
      "5 (linked)",
      "6",
    ]);
    expect(rows.filter((row) => row.hasAttribute("data-linked")).map((row) => row.textContent)).toEqual([
      "4 (linked)Ink\t9",
      "5 (linked)Desk\t120",
    ]);
    // The first linked row, not the top of the sheet, is brought to the middle of the dialog's body; the dialog
    // itself never scrolls (its title and Close stay in sight).
    expect(dialog.querySelector<HTMLElement>("[data-slot=dialog-body]")?.scrollTop).toBe(600 - 100 - 190);
    expect(dialog.scrollTop).toBe(0);
  });

  /** Lays the dialog's body out at 100-500 px and the first linked row 600 px down (happy-dom lays nothing out). */
  const layOut = () =>
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
      const at = (top: number, height: number) => ({ top, height }) as DOMRect;
      if (this.matches("[data-slot=dialog-body]")) return at(100, 400);
      if (this.matches("[data-linked-row]")) return at(600, 20);
      return at(0, 0);
    });

  /** Opens the dialog on one table part, linked to `link`; the part's list item. */
  const openTable = (name: string, part: DocumentDetail["parts"][number], link: ChunkLocation) => {
    renderRemotePage(<DocumentDetailDialog />, {
      path: `/knowledge?document=table&at=${encodeURIComponent(encodeChunkLocation(link))}`,
      data: [
        [
          documentKeys.detail("table"),
          { ...detail, document: knowledgeDocument({ id: "table", originalName: name }), parts: [part] },
        ],
      ],
    });
    const dialog = screen.getByRole("dialog", { name });
    const item = within(dialog).getByRole("listitem");
    const rows = within(item).getAllByRole("row").slice(1);
    return {
      dialog,
      item,
      numbers: rows.map((row) => row.querySelector("th")?.textContent),
      linked: rows.filter((row) => row.hasAttribute("data-linked")).map((row) => row.textContent),
    };
  };

  it("numbers a sheet with blank rows by the rows the API says, and scrolls to and marks rows 40-45", () => {
    layOut();
    const lines = ["Budget 2026", "Item\tCost", "Rent\t900", "Travel"];
    for (let r = 40; r <= 46; r++) lines.push(`Line ${r}\t${r}`);
    const { dialog, item, numbers, linked } = openTable(
      "budget.xlsx",
      {
        label: "Sheet Budget",
        location: { kind: "rows", sheet: "Budget", rowStart: 1, rowEnd: 46 },
        text: lines.join("\n"),
        truncated: false,
        hasText: true,
        ocr: false,
        lineNumbers: [1, 3, 4, 10, 40, 41, 42, 43, 44, 45, 46],
      },
      { kind: "rows", sheet: "Budget", rowStart: 40, rowEnd: 45 },
    );
    expect(item.getAttribute("aria-current")).toBe("location");
    expect(numbers).toEqual([
      "1",
      "3",
      "4",
      "10",
      "40 (linked)",
      "41 (linked)",
      "42 (linked)",
      "43 (linked)",
      "44 (linked)",
      "45 (linked)",
      "46",
    ]);
    expect(linked[0]).toBe("40 (linked)Line 40\t40");
    expect(dialog.querySelector<HTMLElement>("[data-slot=dialog-body]")?.scrollTop).toBe(600 - 100 - 190);
    expect(within(dialog).getAllByText("Showing Sheet Budget, rows 40-45.")).toHaveLength(1);
  });

  it("numbers a CSV's lines by their record numbers and marks the linked ones", () => {
    layOut();
    const { numbers, linked } = openTable(
      "budget.csv",
      {
        label: "Table",
        location: { kind: "rows", rowStart: 1, rowEnd: 7 },
        text: ["Item\tAmount", "Rent\t1 000", "Multi line\t5", "Power\t3"].join("\n"),
        truncated: false,
        hasText: true,
        ocr: false,
        lineNumbers: [1, 3, 4, 7],
      },
      { kind: "rows", rowStart: 4, rowEnd: 7 },
    );
    expect(numbers).toEqual(["1", "3", "4 (linked)", "7 (linked)"]);
    expect(linked).toEqual(["4 (linked)Multi line\t5", "7 (linked)Power\t3"]);
  });

  it("numbers a shortened preview, and says when the linked rows are past it", () => {
    const { dialog, numbers, linked } = openTable(
      "long.csv",
      {
        label: "Table",
        location: { kind: "rows", rowStart: 1, rowEnd: 9000 },
        text: ["id\tname", "1\tAda", "2\tBe"].join("\n"),
        truncated: true,
        hasText: true,
        ocr: false,
        lineNumbers: [1, 2, 4],
      },
      { kind: "rows", rowStart: 8000, rowEnd: 8010 },
    );
    expect(numbers).toEqual(["1", "2", "4"]);
    expect(linked).toEqual([]);
    expect(
      within(dialog).getAllByText("Showing Rows 8000-8010 (those rows are past the shortened preview)."),
    ).toHaveLength(1);
  });

  it("shows the server's sentence when the document cannot be loaded", async () => {
    mockApi(
      route("GET", "/api/documents/gone", {
        status: 404,
        body: { error: "Document not found", code: "NOT_FOUND" },
      }),
    );
    renderRemotePage(<DocumentDetailDialog />, { path: "/knowledge?document=gone" });
    expect(await screen.findAllByText("The document could not be loaded: Document not found")).toHaveLength(
      1,
    );
  });

  it("formats durations", () => {
    expect(formatDuration(12)).toBe("12 ms");
    expect(formatDuration(61_500)).toBe("1 min 2 s");
  });
});
