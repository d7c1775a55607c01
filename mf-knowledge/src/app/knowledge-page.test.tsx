// The knowledge page: spec title and subtitle, the document area and side cards, real totals from the API, loading
// placeholders, and the server's sentence when a card cannot load.
import { documentKeys } from "@acp/client/knowledge/documents";
import { knowledgeStatsKeys } from "@acp/client/knowledge/knowledge-stats";
import { vectorStatsKeys } from "@acp/client/knowledge/vector-stats";
import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { documentPage, FIRST_PAGE_URL, knowledgeDocument } from "../test/fixtures";
import { KnowledgePage } from "./knowledge-page";

beforeEach(() => vi.stubGlobal("fetch", () => new Promise(() => {})));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FIRST_PAGE_KEY = documentKeys.page({ limit: 50, offset: 0 });

function statValue(label: string): string | null | undefined {
  return screen.getByText(label).parentElement?.querySelector("dd")?.textContent;
}

describe("KnowledgePage", () => {
  it("shows the title, subtitle, the cards and an empty state", () => {
    renderRemotePage(<KnowledgePage />, {
      data: [
        [FIRST_PAGE_KEY, documentPage([])],
        [vectorStatsKeys.all, { totalVectorCount: 0, namespace: "default", dimension: 1536 }],
        [knowledgeStatsKeys.all, { totalDocuments: 0, vectorEmbeddings: 0, storageBytes: 0 }],
      ],
    });
    expect(screen.getAllByRole("heading", { level: 1, name: "Knowledge Base Management" })).toHaveLength(1);
    expect(
      screen.getAllByText(
        "Upload and manage documents to enhance AI agent responses with your business knowledge",
      ),
    ).toHaveLength(1);
    expect(screen.getAllByText("No documents yet")).toHaveLength(1);
    for (const title of [
      "Upload Documents",
      "Documents",
      "Retrieval Lab",
      "Vector Database",
      "Knowledge Base Stats",
      "Agent Data Sources",
    ]) {
      expect(screen.getAllByRole("heading", { level: 2, name: title })).toHaveLength(1);
    }
    expect(statValue("Total Documents")).toBe("0");
    expect(statValue("Storage Used")).toBe("0 Bytes");
  });

  it("lists documents with the spec's badges, stage while processing and the failure reason", () => {
    renderRemotePage(<KnowledgePage />, {
      data: [
        [
          FIRST_PAGE_KEY,
          documentPage([
            knowledgeDocument({ id: "plan", category: "Strategy" }),
            knowledgeDocument({ id: "deck", status: "processing", stage: "embedding", progress: 60 }),
            knowledgeDocument({
              id: "bad",
              status: "failed",
              error: "not a valid DOCX: no main document part",
            }),
            { ...knowledgeDocument({ id: "odd" }), status: "archived" } as never,
          ]),
        ],
        [vectorStatsKeys.all, { totalVectorCount: 42, namespace: "default", dimension: 1536 }],
        [
          knowledgeStatsKeys.all,
          { totalDocuments: 4, vectorEmbeddings: 42, storageBytes: 5 * 1024 * 1024 + 512 * 1024 },
        ],
      ],
    });
    const list = screen.getByRole("list", { name: "Documents" });
    expect(within(list).getAllByText("Processed")).toHaveLength(1);
    expect(within(list).getAllByText("processing")).toHaveLength(1);
    expect(within(list).getAllByText("failed")).toHaveLength(1);
    expect(within(list).getAllByText("unknown")).toHaveLength(1);
    expect(within(list).getAllByText("1 KB · Strategy")).toHaveLength(1);
    expect(
      within(list).getByRole("progressbar", { name: "deck.pdf: Embedding" }).getAttribute("aria-valuenow"),
    ).toBe("60");
    expect(within(list).getAllByText("not a valid DOCX: no main document part")).toHaveLength(1);
    expect(statValue("Total Documents")).toBe("4");
    expect(statValue("Vector Embeddings")).toBe("42");
    expect(statValue("Storage Used")).toBe("5.5 MB");
    expect(statValue("Vectors")).toBe("42");
  });

  it('shows the spec\'s "Loading..." in each total of the stats card while the totals load', () => {
    renderRemotePage(<KnowledgePage />);
    for (const label of ["Total Documents", "Vector Embeddings", "Storage Used"]) {
      expect(statValue(label)).toBe("Loading...");
    }
    expect(screen.getAllByText("Loading knowledge base totals…")).toHaveLength(1);
  });

  it("shows loading placeholders, then the server's sentence when a card cannot load", async () => {
    mockApi(
      route("GET", FIRST_PAGE_URL, { status: 200, body: documentPage([]) }),
      route("GET", "/api/pinecone/stats", {
        status: 503,
        body: { error: "The vector store is not reachable", code: "VECTOR_STORE_UNAVAILABLE" },
      }),
      route("GET", "/api/knowledge/stats", {
        status: 200,
        body: { totalDocuments: 0, vectorEmbeddings: 0, storageBytes: 0 },
      }),
    );
    renderRemotePage(<KnowledgePage />);
    expect(screen.getAllByText("Loading documents…")).toHaveLength(1);
    const alert = await screen.findByText(/Vector store statistics could not be loaded/);
    expect(alert.textContent).toBe(
      "Vector store statistics could not be loaded: The vector store is not reachable",
    );
    expect(await screen.findAllByText("No documents yet")).toHaveLength(1);
  });

  it("polls the documents every 5 s", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    try {
      const api = mockApi(
        route("GET", FIRST_PAGE_URL, { status: 200, body: documentPage([]) }),
        route("GET", "/api/pinecone/stats", {
          status: 200,
          body: { totalVectorCount: 0, namespace: "default", dimension: 1536 },
        }),
        route("GET", "/api/knowledge/stats", {
          status: 200,
          body: { totalDocuments: 0, vectorEmbeddings: 0, storageBytes: 0 },
        }),
      );
      renderRemotePage(<KnowledgePage />);
      const listReads = () => api.requests.filter((request) => request.url === FIRST_PAGE_URL).length;
      await vi.advanceTimersByTimeAsync(100);
      expect(listReads()).toBe(1);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(listReads()).toBe(2);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(listReads()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("polls every second while a document is processed, so each stage shows as it happens", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    try {
      const stages = ["queued", "extracting", "chunking", "embedding", "indexing"] as const;
      let reads = 0;
      const api = mockApi(
        route("GET", FIRST_PAGE_URL, () => {
          const stage = stages[reads++];
          return {
            status: 200,
            body: documentPage([
              stage
                ? knowledgeDocument({ id: "deck", status: "processing", stage, progress: reads * 15 })
                : knowledgeDocument({ id: "deck" }),
            ]),
          };
        }),
      );
      renderRemotePage(<KnowledgePage />);
      const list = () => api.requests.filter((request) => request.url === FIRST_PAGE_URL).length;
      const current = () =>
        document.querySelector('[aria-label="Processing steps of deck.pdf"] [aria-current="step"]')
          ?.textContent;
      await vi.advanceTimersByTimeAsync(100);
      expect(current()).toBe("Queued");
      for (const label of ["Extracting text", "Chunking", "Embedding", "Indexing"]) {
        await vi.advanceTimersByTimeAsync(1_000);
        expect(current()).toBe(label);
      }
      await vi.advanceTimersByTimeAsync(1_000);
      expect(current()).toBeUndefined();
      expect(list()).toBe(6);
      // Nothing is processed any more: back to the spec's 5 s.
      await vi.advanceTimersByTimeAsync(4_000);
      expect(list()).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });
});
