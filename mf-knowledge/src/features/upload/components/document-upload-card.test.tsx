// The upload card: the spec's type check (toast, nothing sent), one multipart request with per-file progress,
// then each file's pipeline stage; the spec's success and failure toasts with the server's sentence.
import { customAgentKeys } from "@acp/client/custom-agents";
import { documentKeys } from "@acp/client/knowledge/documents";
import { mockApi, route } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chooseOption, optionNames } from "../../../test/choose-option";
import { FakeXhr, stubXhr } from "../../../test/fake-xhr";
import { customAgent, knowledgeDocument } from "../../../test/fixtures";
import { DocumentUploadCard } from "./document-upload-card";

function file(name: string, size: number): File {
  return new File([new Uint8Array(size)], name);
}

/** The mutation starts the request on the next tick. */
async function sentXhr(): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
  return FakeXhr.instances[0] as FakeXhr;
}

function pick(files: File[]) {
  const input = screen.getByLabelText("Files to upload") as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

beforeEach(() => {
  stubXhr();
  clearToasts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DocumentUploadCard", () => {
  it("refuses unsupported files with the spec's toast and uploads nothing, not even the valid ones", async () => {
    mockApi(route("GET", "/api/documents", { status: 200, body: [] }));
    renderRemotePage(<DocumentUploadCard />);
    pick([file("plan.PDF", 10), file("notes.md", 5), file("run.exe", 5)]);
    expect(currentToast()).toEqual({
      title: "Invalid File Type",
      description: "Unsupported files: notes.md, run.exe. Supported: PDF, Word, Text, CSV, Excel, JSON",
      variant: "destructive",
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it("offers the user's custom agents after the built-in ones and uploads for the one chosen", async () => {
    mockApi();
    const agents = [
      customAgent({ id: "c-1", name: "Pricing Desk" }),
      customAgent({ id: "c-2", name: "Contracts Bot", agentType: "legal" }),
    ];
    renderRemotePage(<DocumentUploadCard />, { data: [[customAgentKeys.list(), agents]] });
    expect(optionNames("Agent (optional)")).toEqual([
      "All agents",
      "GTM Strategy",
      "Legal Foundation",
      "Vision Refinement",
      "Technical Architecture",
      "Fundraising Prep",
      "QA and Compliance",
      "Pricing Desk",
      "Contracts Bot",
    ]);
    // A custom agent of a built-in type is offered that type's categories.
    chooseOption("Agent (optional)", "Contracts Bot");
    expect(optionNames("Category (optional)")).toEqual([
      "No category",
      "Contracts",
      "Policies",
      "Compliance Documents",
      "Corporate Governance",
    ]);
    chooseOption("Category (optional)", "Policies");
    pick([file("nda.pdf", 10)]);
    const xhr = await sentXhr();
    expect(xhr.body?.get("agentId")).toBe("c-2");
    expect(xhr.body?.get("category")).toBe("Policies");
  });

  it("refuses a file over 200 MB before sending anything, in the server's words", async () => {
    mockApi(route("GET", "/api/documents", { status: 200, body: [] }));
    renderRemotePage(<DocumentUploadCard />);
    const huge = file("dump.csv", 1);
    Object.defineProperty(huge, "size", { value: 200 * 1024 * 1024 + 1 });
    pick([file("ok.csv", 10), huge]);
    expect(currentToast()).toEqual({
      title: "Upload Failed",
      description: "dump.csv is larger than the 200 MB limit",
      variant: "destructive",
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it("sends one multipart request, shows each file's progress, then its stage until it is processed", async () => {
    const processing = knowledgeDocument({
      id: "d1",
      originalName: "plan.pdf",
      status: "processing",
      stage: "queued",
      progress: 0,
    });
    let serverDocuments: unknown[] = [];
    const api = mockApi(
      route("GET", "/api/documents?agent=technical", () => ({ status: 200, body: serverDocuments })),
    );
    const { client } = renderRemotePage(<DocumentUploadCard agentId="technical" />);
    pick([file("plan.pdf", 300), file("parts.xlsx", 100)]);

    const xhr = await sentXhr();
    expect(xhr?.method).toBe("POST");
    expect(xhr?.url).toBe("/api/documents/upload");
    expect(xhr?.withCredentials).toBe(true);
    expect(xhr?.body?.getAll("files").map((f) => (f as File).name)).toEqual(["plan.pdf", "parts.xlsx"]);
    expect(xhr?.body?.get("agentId")).toBe("technical");

    act(() => xhr?.progress(240, 480)); // half of the request: 240 of the 400 file bytes
    const planBar = await screen.findByRole("progressbar", { name: "Uploading plan.pdf" });
    expect(planBar.getAttribute("aria-valuenow")).toBe("67");
    expect(
      screen.getByRole("progressbar", { name: "Uploading parts.xlsx" }).getAttribute("aria-valuenow"),
    ).toBe("0");
    expect(screen.getAllByText(/plan\.pdf: uploading, 50% sent/)).toHaveLength(1);

    expect(screen.getAllByRole("button", { name: "Cancel uploading plan.pdf, parts.xlsx" })).toHaveLength(1);
    act(() => xhr?.progress(480, 480));
    expect(screen.getAllByText("Sent, waiting for the server…")).toHaveLength(2);
    // Every byte is sent: the server may be keeping the files, so cancelling is no longer offered.
    expect(screen.queryByRole("button", { name: /^Cancel uploading/ })).toBeNull();

    const duplicate = { ...knowledgeDocument({ id: "d0", originalName: "parts.xlsx" }), duplicate: true };
    await act(async () => xhr?.respond(201, { documents: [{ ...processing, duplicate: false }, duplicate] }));

    expect(currentToast()?.title).toBe("Files Uploaded Successfully");
    expect(currentToast()?.description).toBe(
      "1 file is being processed. parts.xlsx was already in your knowledge base and not indexed again.",
    );
    expect(await screen.findAllByRole("progressbar", { name: "plan.pdf: Queued" })).toHaveLength(1);
    expect(screen.getAllByText(/same file was uploaded before/)).toHaveLength(1);

    // The pipeline moves on: each list poll brings the stage and progress, then completion.
    serverDocuments = [{ ...processing, stage: "embedding", progress: 70 }];
    await act(() => client.refetchQueries({ queryKey: documentKeys.all }));
    const bar = await screen.findByRole("progressbar", { name: "plan.pdf: Embedding" });
    expect(bar.getAttribute("aria-valuenow")).toBe("70");
    // Each stage as a step: the ones behind done, this one current, the rest to come.
    const steps = screen.getByRole("list", { name: "Processing steps of plan.pdf" });
    expect(
      within(steps)
        .getAllByRole("listitem")
        .map((step) => `${step.textContent}:${step.getAttribute("data-state")}`),
    ).toEqual([
      "Queued (done):done",
      "Extracting text (done):done",
      "Chunking (done):done",
      "Embedding:current",
      "Indexing (to come):upcoming",
    ]);
    expect(within(steps).getByText("Embedding").closest("li")?.getAttribute("aria-current")).toBe("step");
    expect(screen.getAllByText(/plan\.pdf: embedding/)).toHaveLength(1);
    serverDocuments = [{ ...processing, status: "completed", stage: "completed", progress: 100 }];
    await act(() => client.refetchQueries({ queryKey: documentKeys.all }));
    const uploads = screen.getByRole("region", { name: "Uploads" });
    await waitFor(() => expect(within(uploads).getAllByText("Processed")).toHaveLength(2));
    expect(api.requests.filter((r) => r.method !== "GET")).toHaveLength(0);
  });

  it("shows the server's sentence when the upload is refused, never the raw JSON", async () => {
    mockApi(route("GET", "/api/documents", { status: 200, body: [] }));
    renderRemotePage(<DocumentUploadCard />);
    pick([file("fake.pdf", 10)]);
    const body = {
      error: "fake.pdf is not a valid PDF: it does not start with %PDF",
      code: "INVALID_FILES",
      details: { files: [{ name: "fake.pdf", reason: "not a valid PDF: it does not start with %PDF" }] },
    };
    const xhr = await sentXhr();
    await act(async () => xhr.respond(400, body, "Bad Request"));
    expect(currentToast()).toEqual({
      title: "Upload Failed",
      description: "fake.pdf is not a valid PDF: it does not start with %PDF",
      variant: "destructive",
    });
    expect(screen.getAllByText("Refused: not a valid PDF: it does not start with %PDF")).toHaveLength(1);
    expect(screen.queryByText(/INVALID_FILES/)).toBeNull();
  });

  it("says which file of a batch was refused and why, and that nothing was stored, without failing the good files", async () => {
    mockApi(route("GET", "/api/documents", { status: 200, body: [] }));
    renderRemotePage(<DocumentUploadCard />);
    pick([file("good.txt", 10), file("fake.pdf", 10), file("notes.csv", 10)]);
    const xhr = await sentXhr();
    await act(async () =>
      xhr.respond(
        400,
        {
          error: "Nothing was uploaded. Unsupported or invalid files: fake.pdf. not a valid PDF",
          code: "INVALID_FILES",
          details: { files: [{ name: "fake.pdf", reason: "not a valid PDF: it does not start with %PDF" }] },
        },
        "Bad Request",
      ),
    );
    const uploads = screen.getByRole("region", { name: "Uploads" });
    const row = (name: string) => within(uploads).getByText(name).closest("li") as HTMLElement;
    expect(row("fake.pdf").textContent).toContain("Refused: not a valid PDF: it does not start with %PDF");
    for (const good of ["good.txt", "notes.csv"]) {
      expect(row(good).textContent).toContain(
        "Not stored: nothing of this upload was kept because fake.pdf was refused.",
      );
      expect(row(good).textContent).not.toContain("not a valid PDF");
      expect(row(good).querySelector(".text-destructive")).toBeNull();
    }
    expect(currentToast()?.description).toContain("Nothing was uploaded");
    expect(screen.getAllByText(/good\.txt: not uploaded\. Not stored/)).toHaveLength(1);
    // Read aloud as sentences: one stop after each, never "refused.." where a message ends with its own.
    const live = screen.getByText(/good\.txt: not uploaded\. Not stored/);
    expect(live.textContent).not.toMatch(/\.\./);
    expect(live.textContent).toContain("because fake.pdf was refused. fake.pdf: upload failed. Refused:");

    // The good files go again on their own.
    fireEvent.click(
      screen.getByRole("button", { name: "Upload the other 2 files without the refused file" }),
    );
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const again = FakeXhr.instances[1] as FakeXhr;
    expect(again.body?.getAll("files").map((f) => (f as File).name)).toEqual(["good.txt", "notes.csv"]);
    expect(within(uploads).queryByText("fake.pdf")).toBeNull();
  });

  it("cancels a request still sending: every file in it stops, with no failure toast", async () => {
    mockApi(route("GET", "/api/documents", { status: 200, body: [] }));
    renderRemotePage(<DocumentUploadCard />);
    pick([file("a.csv", 100), file("b.csv", 100)]);
    const xhr = await sentXhr();
    act(() => xhr.progress(50, 260));
    const abort = vi.spyOn(xhr, "abort");
    fireEvent.click(screen.getByRole("button", { name: "Cancel uploading a.csv, b.csv" }));
    expect(abort).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getAllByText("Upload cancelled: nothing was kept.")).toHaveLength(2));
    expect(screen.queryByRole("button", { name: /^Cancel uploading/ })).toBeNull();
    expect(currentToast()).toBeUndefined();
  });

  it("falls back to the spec's message when the server says nothing readable", async () => {
    mockApi(route("GET", "/api/documents", { status: 200, body: [] }));
    renderRemotePage(<DocumentUploadCard />);
    pick([file("a.txt", 10)]);
    const xhr = await sentXhr();
    await act(async () => {
      xhr.status = 502;
      xhr.responseText = "<html>bad gateway</html>";
      xhr.onload?.();
    });
    expect(currentToast()).toEqual({
      title: "Upload Failed",
      description: "Failed to upload files",
      variant: "destructive",
    });
  });

  it("reads no documents before an upload, never the whole library, leaving the page's list to poll", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    try {
      const api = mockApi(route("GET", "/api/documents", { status: 200, body: [] }));
      renderRemotePage(<DocumentUploadCard />);
      await vi.advanceTimersByTimeAsync(12_000);
      expect(api.requests.filter((request) => request.url.startsWith("/api/documents"))).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("alone on a page, polls its uploads until they are processed, then stops", async () => {
    const processing = knowledgeDocument({ id: "d9", originalName: "notes.txt", status: "processing" });
    let serverDocuments: unknown[] = [processing];
    const api = mockApi(
      route("GET", "/api/documents?ids=d9", () => ({ status: 200, body: serverDocuments })),
    );
    renderRemotePage(<DocumentUploadCard />);
    pick([file("notes.txt", 10)]);
    const xhr = await sentXhr();
    await act(async () => xhr.respond(201, { documents: [{ ...processing, duplicate: false }] }));
    serverDocuments = [{ ...processing, status: "completed", stage: "completed", progress: 100 }];
    const uploads = screen.getByRole("region", { name: "Uploads" });
    await waitFor(() => expect(within(uploads).getAllByText("Processed")).toHaveLength(1), {
      timeout: 8_000,
    });
    const polls = api.requests.filter((request) => request.method === "GET").length;
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(api.requests.filter((request) => request.method === "GET")).toHaveLength(polls);
  }, 20_000);
});
