// The exposed DocumentUpload for one agent: it uploads for that agent and lists the agent's 5 latest documents,
// whose delete works; a 401 on the upload goes to the shell's unauthorized handling instead of an upload toast.
import { createQueryClient } from "@acp/client/query-client";
import { mockApi, route } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { MemoryRouter } from "@acp/router";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr, stubXhr } from "../test/fake-xhr";
import { knowledgeDocument } from "../test/fixtures";
import DocumentUpload from "./document-upload";

beforeEach(() => {
  stubXhr();
  clearToasts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const seven = Array.from({ length: 7 }, (_, index) =>
  knowledgeDocument({ id: `d${index + 1}`, originalName: `spec-${index + 1}.pdf`, agentId: "technical" }),
);

describe("DocumentUpload (exposed)", () => {
  it("lists the agent's 5 latest documents and deletes one", async () => {
    let documents = seven;
    const api = mockApi(
      route("GET", "/api/documents?agent=technical", () => ({ status: 200, body: documents })),
      route("DELETE", "/api/documents/d2", () => {
        documents = documents.filter((document) => document.id !== "d2");
        return { status: 204 };
      }),
    );
    renderRemotePage(<DocumentUpload agentId="technical" />);
    const list = await screen.findByRole("list", { name: "Latest documents of this agent" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.querySelector("a")?.textContent),
    ).toEqual(["spec-1.pdf", "spec-2.pdf", "spec-3.pdf", "spec-4.pdf", "spec-5.pdf"]);
    fireEvent.click(within(list).getByRole("button", { name: "Delete spec-2.pdf" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(within(list).queryByText("spec-2.pdf")).toBeNull());
    expect(within(list).getAllByText("spec-6.pdf")).toHaveLength(1);
    expect(currentToast()?.title).toBe("Document Deleted");
    expect(
      api.requests.some((request) => request.method === "DELETE" && request.url === "/api/documents/d2"),
    ).toBe(true);
  });

  it("hands a 401 to the shell's unauthorized handling, without an upload toast", async () => {
    mockApi(route("GET", "/api/documents?agent=technical", { status: 200, body: [] }));
    const onUnauthorized = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient({ onUnauthorized })}>
        <MemoryRouter>
          <DocumentUpload agentId="technical" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText("Files to upload"), {
      target: { files: [new File(["x"], "notes.txt")] },
    });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    await act(async () =>
      FakeXhr.instances[0]?.respond(
        401,
        { error: "Sign in to continue", code: "UNAUTHORIZED" },
        "Unauthorized",
      ),
    );
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(currentToast()).toBeUndefined();
  });
});
