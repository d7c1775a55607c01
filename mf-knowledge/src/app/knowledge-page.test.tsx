// The knowledge page: spec title and subtitle, an empty state, and real totals computed from the documents.
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KnowledgePage } from "./knowledge-page";

const doc = (id: string, size: number, status: "processing" | "completed" | "failed") => ({
  id,
  originalName: `${id}.pdf`,
  name: `${id}.pdf`,
  mimeType: "application/pdf",
  size,
  status,
  category: "Strategy",
  createdAt: "2026-11-20T10:00:00Z",
  agentId: "gtm",
});

beforeEach(() => vi.stubGlobal("fetch", () => new Promise(() => {})));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function statValue(label: string): string | null | undefined {
  return screen.getByText(label).parentElement?.querySelector("dd")?.textContent;
}

describe("KnowledgePage", () => {
  it("shows the title, subtitle and an empty state", () => {
    renderRemotePage(<KnowledgePage />, {
      data: {
        "/api/documents": [],
        "/api/pinecone/stats": { totalVectorCount: 0, namespace: "default", dimension: 1536 },
      },
    });
    expect(screen.getByRole("heading", { level: 1, name: "Knowledge Base Management" })).toBeDefined();
    expect(
      screen.getByText(
        "Upload and manage documents to enhance AI agent responses with your business knowledge",
      ),
    ).toBeDefined();
    expect(screen.getByText("No documents yet")).toBeDefined();
    expect(screen.getByRole("heading", { name: "Vector Database" })).toBeDefined();
    expect(statValue("Total Documents")).toBe("0");
  });

  it("lists documents with their status and totals them", () => {
    renderRemotePage(<KnowledgePage />, {
      data: {
        "/api/documents": [
          doc("plan", 1024, "completed"),
          doc("deck", 2048, "processing"),
          doc("bad", 0, "failed"),
        ],
        "/api/pinecone/stats": { totalVectorCount: 42, namespace: "default", dimension: 1536 },
      },
    });
    const list = screen.getByRole("list");
    expect(within(list).getByText("Processed")).toBeDefined();
    expect(within(list).getByText("processing")).toBeDefined();
    expect(within(list).getByText("failed")).toBeDefined();
    expect(statValue("Total Documents")).toBe("3");
    expect(statValue("Vector Embeddings")).toBe("42");
    expect(statValue("Storage Used")).toBe("3 KB");
  });
});
