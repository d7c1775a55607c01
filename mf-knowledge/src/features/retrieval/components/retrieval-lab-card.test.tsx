// The retrieval lab asks with includeBelowThreshold, shows each passage's place and one relevance figure (ranks and
// combined score behind a disclosure), separates what falls under the threshold, links into the document detail by
// place, and shows the server's sentence; it asks the chosen agent and shows its answer with "Why this answer?".

import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { useLocation } from "@acp/router";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NO_AGENT_CHOSEN, RetrievalLabCard } from "./retrieval-lab-card";

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
    expect(api.sent("POST")[0]?.body).toEqual({
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
    expect(api.sent("POST")).toHaveLength(0);
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

const labAnswer = {
  agentName: "Legal Foundation",
  content: "Notice must be given 30 days before renewal. [1]",
  status: "complete",
  model: "grounded-responder",
  error: null,
  sources: [
    {
      number: 1,
      chunkId: "c9",
      documentId: "contract1",
      documentName: "master-agreement.pdf",
      location: { kind: "page", page: 4 },
      excerpt: "Notice must be given 30 days before renewal.",
      score: 0.03,
      relevance: 0.77,
      cited: true,
    },
    {
      number: 2,
      chunkId: "c10",
      documentId: "faq1",
      documentName: "faq.md",
      location: null,
      excerpt: "Renewals happen every year.",
      score: 0.01,
      relevance: 0.3,
      cited: false,
    },
  ],
  trace: {
    responder: "extractive",
    outcome: "answered",
    answerType: "time",
    questionLanguage: "en",
    terms: [
      { term: "notice", weight: 1.8, found: true },
      { term: "renewal", weight: 1.2, found: true },
    ],
    passages: [
      {
        number: 1,
        documentName: "master-agreement.pdf",
        relevance: 0.77,
        score: 0.9,
        answers: true,
        bestUnit: "Notice must be given 30 days before renewal.",
      },
      { number: 2, documentName: "faq.md", relevance: 0.3, score: 0.2, answers: false, bestUnit: null },
    ],
    chosen: [
      { number: 1, kind: "sentence", text: "Notice must be given 30 days before renewal.", score: 0.9 },
    ],
    shortAnswer: "30 days",
    abstention: null,
  },
};

/** The page's query string, where the document detail's `document` and `at` parameters open it. */
function LocationProbe() {
  return <output aria-label="Location">{useLocation().search}</output>;
}

function chooseAgent(name: string) {
  fireEvent.keyDown(screen.getByRole("combobox", { name: "Agent" }), { key: "Enter" });
  fireEvent.keyDown(screen.getByRole("option", { name }), { key: "Enter" });
}

describe("RetrievalLabCard: asking the agent", () => {
  it("asks the chosen agent and shows its answer, cited sources and an open Why this answer?", async () => {
    const api = mockApi(route("POST", "/api/retrieval/answer", { status: 200, body: labAnswer }));
    renderRemotePage(
      <>
        <RetrievalLabCard />
        <LocationProbe />
      </>,
      { path: "/knowledge" },
    );
    fireEvent.change(screen.getByLabelText("Question"), {
      target: { value: " How much notice before renewal? " },
    });
    chooseAgent("Legal Foundation");
    fireEvent.click(screen.getByRole("button", { name: "Ask the agent" }));

    const answer = await screen.findByRole("region", { name: "Legal Foundation's answer" });
    expect(api.sent("POST")[0]?.body).toEqual({
      question: "How much notice before renewal?",
      agentId: "legal",
    });
    expect(
      within(answer).getByText("Legal Foundation answers “How much notice before renewal?”:"),
    ).toBeTruthy();
    expect(within(answer).getByText(labAnswer.content)).toBeTruthy();
    // Only the cited source is listed, with a link to its place.
    const cited = within(answer).getByRole("list", { name: "Sources the answer cites" });
    expect(within(cited).getAllByRole("listitem")).toHaveLength(1);
    const link = within(cited).getByRole("link", { name: "Open page 4 in master-agreement.pdf" });
    expect(new URL(link.getAttribute("href") ?? "", "http://x").searchParams.get("document")).toBe(
      "contract1",
    );
    // The trace is open in the lab: what it looked for, the quote and the passages weighed.
    const why = within(answer).getByRole("button", { name: "Why this answer?" });
    expect(why.getAttribute("aria-expanded")).toBe("true");
    expect(within(answer).getByText("a date or time")).toBeTruthy();
    expect(
      within(answer).getByText("Notice must be given 30 days before renewal.", { selector: "q" }),
    ).toBeTruthy();
    const weighed = within(answer).getByRole("list", { name: "Passages considered" });
    expect(within(weighed).getAllByRole("listitem")).toHaveLength(2);
    // A passage number of the trace opens that passage's place in the document.
    fireEvent.click(within(answer).getByRole("button", { name: "Open passage [1]" }));
    const opened = new URLSearchParams(screen.getByRole("status", { name: "Location" }).textContent ?? "");
    expect(opened.get("document")).toBe("contract1");
    expect(JSON.parse(opened.get("at") ?? "null")).toEqual({ kind: "page", page: 4 });
    // No search was run: asking is its own action.
    expect(api.sent("POST").map((request) => request.url)).toEqual(["/api/retrieval/answer"]);
  });

  it("needs a question and an agent before asking", () => {
    const api = mockApi();
    renderRemotePage(<RetrievalLabCard />);
    fireEvent.change(screen.getByLabelText("Question"), { target: { value: "Renewal terms?" } });
    fireEvent.click(screen.getByRole("button", { name: "Ask the agent" }));
    expect(screen.getAllByText(NO_AGENT_CHOSEN)).toHaveLength(1);
    expect(screen.getByRole("combobox", { name: "Agent" }).getAttribute("aria-invalid")).toBe("true");
    chooseAgent("Legal Foundation");
    expect(screen.queryByText(NO_AGENT_CHOSEN)).toBeNull();
    fireEvent.change(screen.getByLabelText("Question"), { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: "Ask the agent" }));
    expect(screen.getAllByText("Please enter a question")).toHaveLength(1);
    expect(api.sent("POST")).toHaveLength(0);
  });

  it("shows the server's sentence when the agent cannot answer", async () => {
    mockApi(
      route("POST", "/api/retrieval/answer", {
        status: 503,
        body: { error: "The chat model is not reachable", code: "SERVICE_UNAVAILABLE" },
      }),
    );
    renderRemotePage(<RetrievalLabCard />);
    fireEvent.change(screen.getByLabelText("Question"), { target: { value: "anything" } });
    chooseAgent("GTM Strategy");
    fireEvent.click(screen.getByRole("button", { name: "Ask the agent" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("The agent could not answer: The chat model is not reachable");
  });
});
