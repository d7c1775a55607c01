// The retrieval lab asks with includeBelowThreshold, shows each passage's place and one relevance figure (ranks and
// combined score behind a disclosure), separates what falls under the threshold, links into the document detail by
// place, and shows the server's sentence.

import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RetrievalLabCard } from "./retrieval-lab-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = {
  threshold: 0.25,
  embedder: "local-1536",
  denseLeg: "searched",
  results: [
    {
      documentId: "xlsx1",
      documentName: "five-sheets-german.xlsx",
      chunkId: "c1",
      text: "Bestandsliste Ersatzteile | Menge",
      location: { kind: "rows", sheet: "Ersatzteilliste", rowStart: 4, rowEnd: 9 },
      score: 0.0325,
      lexicalRank: 1,
      denseRank: 2,
      aboveThreshold: true,
      relevance: 0.8123,
    },
    {
      documentId: "pdf1",
      documentName: "federal-register.pdf",
      chunkId: "c2",
      text: "Airworthiness Directives",
      location: { kind: "page", page: 3 },
      score: 0.0101,
      lexicalRank: null,
      denseRank: 7,
      aboveThreshold: false,
      relevance: 0.1,
    },
  ],
};

describe("RetrievalLabCard", () => {
  it("shows the passages, their locations, both ranks, the score and where the threshold cuts", async () => {
    const api = mockApi(route("POST", "/api/retrieval/search", { status: 200, body: answer }));
    renderRemotePage(<RetrievalLabCard />, { path: "/knowledge" });
    fireEvent.change(screen.getByLabelText("Question"), { target: { value: "  Ersatzteile Menge " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));

    const used = await screen.findByRole("list", { name: "Passages that would be used" });
    expect(api.requests[0]?.body).toEqual({
      query: "Ersatzteile Menge",
      topK: 10,
      includeBelowThreshold: true,
    });
    expect(within(used).getAllByText("Sheet Ersatzteilliste, rows 4-9")).toHaveLength(1);
    // One figure in sight; how it was ranked behind a disclosure, in plain words.
    expect(within(used).getAllByText("Relevance 0.81")).toHaveLength(1);
    expect(within(used).queryByText(/Fused|Lexical|Dense/)).toBeNull();
    const ranking = within(used).getByText("How it was ranked").closest("details") as HTMLDetailsElement;
    expect(ranking.open).toBe(false);
    const detailOf = (label: string) => within(ranking).getByText(label).nextElementSibling?.textContent;
    expect(detailOf("Rank by matching words")).toBe("#1");
    expect(detailOf("Rank by meaning")).toBe("#2");
    expect(detailOf("Combined ranking score")).toBe("0.0325 (only puts the passages in order)");
    expect(screen.getAllByText(/Searched with: Built-in embedder \(offline\)\./)).toHaveLength(1);
    expect(screen.queryByText(/local-1536/)).toBeNull();
    // Link texts read as places.
    const link = within(used).getByRole("link", {
      name: "Open sheet Ersatzteilliste, rows 4-9 in five-sheets-german.xlsx",
    });
    const target = new URL(link.getAttribute("href") ?? "", "http://x");
    expect(target.pathname).toBe("/knowledge");
    expect(target.searchParams.get("document")).toBe("xlsx1");
    expect(JSON.parse(target.searchParams.get("at") ?? "null")).toEqual(answer.results[0]?.location);

    expect(
      screen.getAllByRole("heading", { name: "Below the relevance threshold (0.25): not used" }),
    ).toHaveLength(1);
    const below = screen.getByRole("list", { name: "Passages below the threshold" });
    expect(within(below).getAllByText("Page 3")).toHaveLength(1);
    expect(within(below).getByText("Rank by matching words").nextElementSibling?.textContent).toBe(
      "not found",
    );
    expect(within(below).getAllByRole("link", { name: "Open page 3 in federal-register.pdf" })).toHaveLength(
      1,
    );
    expect(within(below).getAllByText("Relevance 0.10")).toHaveLength(1);
    expect(within(used).queryByText("Page 3")).toBeNull();
  });

  it("asks for a question instead of sending a blank one", () => {
    const api = mockApi();
    renderRemotePage(<RetrievalLabCard />);
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getAllByText("Please enter a question")).toHaveLength(1);
    expect(api.requests).toHaveLength(0);
  });

  it("shows the server's sentence when the search fails", async () => {
    mockApi(
      route("POST", "/api/retrieval/search", {
        status: 503,
        body: { error: "The vector store is not reachable", code: "VECTOR_STORE_UNAVAILABLE" },
      }),
    );
    renderRemotePage(<RetrievalLabCard />);
    fireEvent.change(screen.getByLabelText("Question"), { target: { value: "anything" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("The search failed: The vector store is not reachable");
  });
});
