// Deleting a document asks first; Cancel sends nothing, Delete sends DELETE and the spec's toasts follow.

import { heldAnswer, mockApi, route } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { documentPage, FIRST_PAGE_URL, knowledgeDocument } from "../../../test/fixtures";
import { DocumentDetailDialog } from "./document-detail-dialog";
import { DocumentList } from "./document-list";
import { DocumentListCard } from "./document-list-card";

const documents = [knowledgeDocument({ id: "d1", originalName: "Quarterly plan with a very long name.pdf" })];

beforeEach(() => clearToasts());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("DocumentList", () => {
  it("asks before deleting, and Cancel sends nothing", async () => {
    const api = mockApi();
    renderRemotePage(<DocumentList documents={documents} />);
    const name = screen.getByRole("link", { name: "Quarterly plan with a very long name.pdf" });
    expect(name.getAttribute("title")).toBe("Quarterly plan with a very long name.pdf");
    expect(name.getAttribute("href")).toBe("/?document=d1");
    const deleteButton = screen.getByRole("button", {
      name: "Delete Quarterly plan with a very long name.pdf",
    });
    deleteButton.focus();
    fireEvent.click(deleteButton);
    const dialog = await screen.findByRole("dialog", {
      name: "Delete Quarterly plan with a very long name.pdf?",
    });
    expect(dialog.textContent).toContain("its vectors are removed");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(deleteButton));
    expect(api.requests.filter((request) => request.method === "DELETE")).toHaveLength(0);
  });

  it("deletes on confirmation and says so", async () => {
    const api = mockApi(
      route("DELETE", "/api/documents/d1", { status: 204 }),
      route("GET", "/api/documents", { status: 200, body: [] }),
    );
    renderRemotePage(<DocumentList documents={documents} />);
    fireEvent.click(screen.getByRole("button", { name: /^Delete Quarterly/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Document Deleted"));
    expect(api.requests.filter((request) => request.method === "DELETE").map((r) => r.url)).toEqual([
      "/api/documents/d1",
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("stays open while the delete runs: Escape, Cancel and the close button wait for it", async () => {
    const held = heldAnswer();
    mockApi(
      route("DELETE", "/api/documents/d1", { status: 204, until: held.until }),
      route("GET", "/api/documents", { status: 200, body: [] }),
    );
    renderRemotePage(<DocumentList documents={documents} />);
    fireEvent.click(screen.getByRole("button", { name: /^Delete Quarterly/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("button", { name: "Deleting…" })).toHaveProperty("disabled", true);
    fireEvent.keyDown(dialog, { key: "Escape" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.getByRole("dialog")).toBe(dialog);
    held.release();
    await waitFor(() => expect(currentToast()?.title).toBe("Document Deleted"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the spec's failure toast with the server's sentence", async () => {
    mockApi(
      route("DELETE", "/api/documents/d1", {
        status: 404,
        body: { error: "Document not found", code: "NOT_FOUND" },
      }),
    );
    renderRemotePage(<DocumentList documents={documents} />);
    fireEvent.click(screen.getByRole("button", { name: /^Delete Quarterly/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Delete Failed",
        description: "Failed to delete document: Document not found",
        variant: "destructive",
      }),
    );
  });

  it("gives focus back to the document's link when its detail closes", async () => {
    mockApi(
      route("GET", "/api/documents/d1", {
        status: 404,
        body: { error: "Document not found", code: "NOT_FOUND" },
      }),
    );
    renderRemotePage(
      <>
        <DocumentList documents={documents} />
        <DocumentDetailDialog />
      </>,
    );
    const link = screen.getByRole("link", { name: "Quarterly plan with a very long name.pdf" });
    link.focus();
    fireEvent.click(link);
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(link));
  });

  it("moves focus after a delete to the next row, else the previous one, else the emptied list", async () => {
    let server = ["a", "b", "c"].map((id) => knowledgeDocument({ id, originalName: `${id}.pdf` }));
    mockApi(
      (request) => {
        if (request.method !== "DELETE") return undefined;
        server = server.filter((d) => `/api/documents/${d.id}` !== request.url);
        return { status: 204 };
      },
      route("GET", FIRST_PAGE_URL, () => ({ status: 200, body: documentPage(server) })),
    );
    renderRemotePage(<DocumentListCard />);
    const remove = async (name: string) => {
      const button = await screen.findByRole("button", { name: `Delete ${name}` });
      button.focus();
      fireEvent.click(button);
      fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(screen.queryByRole("link", { name })).toBeNull());
    };

    await remove("b.pdf");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("link", { name: "c.pdf" })));
    await remove("c.pdf");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("link", { name: "a.pdf" })));
    await remove("a.pdf");
    await waitFor(() => expect(document.activeElement?.textContent).toContain("No documents yet"));
    expect(document.activeElement).not.toBe(document.body);
  });

  it("lets a tap or the keyboard reveal a failure reason cut to three lines, and never cuts a name to one", () => {
    const reason =
      "The PDF is encrypted: it needs a password to be opened, so no text could be read from it. Remove the password and upload it again.";
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(120);
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(48);
    renderRemotePage(
      <DocumentList
        documents={[
          knowledgeDocument({ id: "x", originalName: "locked.pdf", status: "failed", error: reason }),
        ]}
      />,
    );
    const shown = screen.getByRole("button", { name: reason });
    expect(shown.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(shown);
    expect(shown.getAttribute("aria-expanded")).toBe("true");
    const name = screen.getByRole("link", { name: "locked.pdf" });
    expect(name.className).not.toContain("truncate");
    expect(name.className).not.toContain("line-clamp");
  });
});
