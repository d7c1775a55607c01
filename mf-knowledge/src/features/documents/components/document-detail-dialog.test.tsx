// The document detail opened by `?document=<id>`: extracted parts with pages lacking text flagged and OCR marked,
// chunk count, embedder, time per stage, and the part a retrieval link points at.
import { documentKeys } from "@acp/client/knowledge/documents";
import type { DocumentDetail } from "@acp/contracts/knowledge";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { encodeChunkLocation } from "../../../lib/chunk-location";
import { knowledgeDocument } from "../../../test/fixtures";
import { mockApi, route } from "../../../test/mock-api";
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
    },
    {
      label: "Page 2",
      location: { kind: "page", page: 2, ocr: true },
      text: "Scanned invoice total",
      truncated: true,
      hasText: true,
      ocr: true,
    },
    {
      label: "Page 3",
      location: { kind: "page", page: 3 },
      text: "",
      truncated: false,
      hasText: false,
      ocr: true,
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
    expect(within(dialog).getAllByText("local-1536")).toHaveLength(1);
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
