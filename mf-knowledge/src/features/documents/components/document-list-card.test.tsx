// The document list at real sizes: one page at a time from the server with where it sits ("Showing 1–50 of
// 10,000"), Previous and Next, a name search that asks once typing pauses, status, type and agent filters (custom
// agents included), and a no-match state that clears them.
import { mockApi, type SentRequest } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chooseOption, optionNames } from "../../../test/choose-option";
import { customAgent, documentPage, knowledgeDocument } from "../../../test/fixtures";
import { DocumentListCard, SEARCH_DEBOUNCE_MS } from "./document-list-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const TOTAL = 10_000;

/** A server of 10,000 documents named doc-00001.pdf (newest) onwards that pages and counts like the API. */
function libraryApi({ total = TOTAL }: { total?: number } = {}) {
  return mockApi((request: SentRequest) => {
    if (request.method === "GET" && request.url === "/api/custom-agents") {
      return { status: 200, body: [customAgent({ id: "c-1", name: "Pricing Desk" })] };
    }
    if (request.method !== "GET" || !request.url.startsWith("/api/documents?")) return undefined;
    const params = new URL(request.url, "http://test").searchParams;
    const limit = Number(params.get("limit"));
    const offset = Number(params.get("offset"));
    const matching = params.get("q") === "nothing like this" ? 0 : total;
    const documents = Array.from({ length: Math.max(0, Math.min(limit, matching - offset)) }, (_, i) => {
      const n = String(offset + i + 1).padStart(5, "0");
      return knowledgeDocument({ id: `d${n}`, originalName: `doc-${n}.pdf` });
    });
    return { status: 200, body: documentPage(documents, { total: matching, limit, offset }) };
  });
}

const reads = (api: ReturnType<typeof mockApi>) =>
  api.requests.filter((r) => r.url.startsWith("/api/documents?")).map((r) => r.url);

const names = () =>
  within(screen.getByRole("list", { name: "Documents" }))
    .getAllByRole("link")
    .map((link) => link.textContent);

/**
 * Each test types, waits for the search's pause and re-renders pages of the 10,000: seconds of happy-dom work on a
 * loaded 2-core CI machine, beyond vitest's 5 s default. Behaviour is checked here; speed lives in the benchmarks.
 */
const TEST_TIMEOUT_MS = 30_000;

describe("DocumentListCard at 10,000 documents", { timeout: TEST_TIMEOUT_MS }, () => {
  it("shows one page with where it sits, and moves to the next and previous page", async () => {
    const api = libraryApi();
    renderRemotePage(<DocumentListCard />);
    expect(await screen.findByText("Showing 1–50 of 10,000")).toBeTruthy();
    expect(screen.getByText("Page 1 of 200")).toBeTruthy();
    expect(names()).toHaveLength(50);
    expect(names()[0]).toBe("doc-00001.pdf");
    const previous = screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 51–100 of 10,000")).toBeTruthy();
    expect(names()[0]).toBe("doc-00051.pdf");
    expect(screen.getByText("Page 2 of 200")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("Showing 1–50 of 10,000")).toBeTruthy();
    expect(reads(api)).toEqual(["/api/documents?limit=50&offset=0", "/api/documents?limit=50&offset=50"]);
  });

  it("searches by name once typing pauses, then filters by status, type and agent from the page's first row", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const api = libraryApi();
    renderRemotePage(<DocumentListCard />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    const search = screen.getByRole("searchbox", { name: "Search by name" });
    for (const text of ["p", "pl", "pla", "plan"]) {
      fireEvent.change(search, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 3));
    }
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    // One read for the whole word, from the first page.
    expect(reads(api).filter((url) => url.includes("q="))).toEqual([
      "/api/documents?q=plan&limit=50&offset=0",
    ]);
    vi.useRealTimers();

    chooseOption("Status", "Failed");
    chooseOption("Type", "Word");
    chooseOption("Agent", "Pricing Desk");
    await waitFor(() =>
      expect(reads(api).at(-1)).toBe(
        "/api/documents?q=plan&status=failed&agent=c-1&type=word&limit=50&offset=0",
      ),
    );
    chooseOption("Agent", "All agents");
    await waitFor(() => expect(reads(api).at(-1)).toContain("agent=none"));
  });

  it("offers every built-in agent, All agents and then the user's custom agents in the agent filter", async () => {
    const api = libraryApi();
    renderRemotePage(<DocumentListCard />);
    await screen.findByText("Showing 1–50 of 10,000");
    await waitFor(() => expect(api.requests.map((r) => r.url)).toContain("/api/custom-agents"));
    expect(optionNames("Agent")).toEqual([
      "Any agent",
      "All agents",
      "GTM Strategy",
      "Legal Foundation",
      "Vision Refinement",
      "Technical Architecture",
      "Fundraising Prep",
      "QA and Compliance",
      "Pricing Desk",
    ]);
    expect(optionNames("Status")).toEqual(["Any status", "Processing", "Processed", "Failed"]);
    expect(optionNames("Type")).toEqual(["Any type", "PDF", "Word", "Text", "CSV", "Excel", "JSON"]);
  });

  it("says when nothing matches and clears the search and filters from there", async () => {
    const api = libraryApi();
    renderRemotePage(<DocumentListCard />);
    await screen.findByText("Showing 1–50 of 10,000");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search by name" }), {
      target: { value: "nothing like this" },
    });
    expect(await screen.findByText("No documents match")).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
    expect(screen.queryByText("No documents yet")).toBeNull();
    const clear = screen.getAllByRole("button", { name: "Clear filters" });
    fireEvent.click(clear[clear.length - 1] as HTMLElement);
    expect(await screen.findByText("Showing 1–50 of 10,000")).toBeTruthy();
    expect((screen.getByRole("searchbox", { name: "Search by name" }) as HTMLInputElement).value).toBe("");
    expect(reads(api)).toContain("/api/documents?q=nothing+like+this&limit=50&offset=0");
  });

  it("says the library is empty, without a pager, when there is no document at all", async () => {
    libraryApi({ total: 0 });
    renderRemotePage(<DocumentListCard />);
    expect(await screen.findByText("No documents yet")).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Pages of documents" })).toBeNull();
  });
});
