// The API keys card: the spec's blank-name message, the full key shown once (copied with "Copied", gone for good
// once the dialog closes), activate/deactivate, delete after confirmation with focus kept in the list, the usage
// line with each key's real count and limit, and editing a key's expiry, agents and hourly limit.

import { mockApi, route, type SentRequest } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiKey, customAgent } from "../../../test/fixtures";
import type { ApiKeyDetail } from "../api/get-api-keys";
import { endOfDay } from "../utils/key-settings-form";
import { ApiKeysCard } from "./api-keys-card";

const FULL_KEY = "acp_live_5f1c0e9a7b3d4c2e8f6a1b0c9d8e7f6a";

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  clearToasts();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A small in-memory API for the keys routes. */
function keysApi(initial: ApiKeyDetail[], { failCreate }: { failCreate?: boolean } = {}) {
  let keys = initial;
  return mockApi(
    route("GET", "/api/api-keys", () => ({ status: 200, body: keys })),
    route("GET", "/api/custom-agents", {
      status: 200,
      body: [customAgent({ id: "c1", name: "Support Bot", isPublic: true })],
    }),
    route("GET", "/api/usage", { status: 200, body: null }),
    route("POST", "/api/api-keys", (request: SentRequest) => {
      if (failCreate) return { status: 503, body: { error: "The database is busy", code: "UNAVAILABLE" } };
      const { name } = request.body as { name: string };
      const created = apiKey({ id: "new", name, keyPreview: "acp_live_5f1c…" });
      keys = [created, ...keys];
      return { status: 201, body: { ...created, key: FULL_KEY } };
    }),
    (request) => {
      const match = /^\/api\/api-keys\/([^/]+)$/.exec(request.url);
      if (!match) return undefined;
      const id = decodeURIComponent(match[1] ?? "");
      if (request.method === "DELETE") {
        keys = keys.filter((key) => key.id !== id);
        return { status: 204 };
      }
      if (request.method === "PATCH") {
        keys = keys.map((key) => (key.id === id ? { ...key, ...(request.body as object) } : key));
        return { status: 200, body: keys.find((key) => key.id === id) };
      }
      return undefined;
    },
  );
}

const nameField = () => screen.getByLabelText("Key name");

describe("ApiKeysCard", () => {
  it("refuses a blank name with the spec's message, beside the field and as a toast, and sends nothing", async () => {
    const api = keysApi([]);
    renderRemotePage(<ApiKeysCard />);
    await screen.findByText("No API keys yet");
    fireEvent.change(nameField(), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Create API Key" }));
    expect(screen.getByText("Please enter a name for the API key")).toBeTruthy();
    expect(currentToast()).toEqual({
      title: "Error",
      description: "Please enter a name for the API key",
      variant: "destructive",
    });
    expect(nameField().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(nameField());
    expect(api.sent("POST")).toEqual([]);
  });

  it("shows the full key once, copies it with 'Copied', and forgets it when the dialog closes", async () => {
    const api = keysApi([]);
    const { client } = renderRemotePage(<ApiKeysCard />);
    await screen.findByText("No API keys yet");
    fireEvent.change(nameField(), { target: { value: "Website chatbot" } });
    fireEvent.click(screen.getByRole("button", { name: "Create API Key" }));

    const dialog = await screen.findByRole("dialog", { name: "API key Website chatbot" });
    expect(api.sent("POST")[0]?.body).toEqual({ name: "Website chatbot" });
    expect(currentToast()?.title).toBe("API Key Created");
    expect(String(currentToast()?.description)).toContain("copy it now");
    expect((within(dialog).getByLabelText("Your new API key") as HTMLInputElement).value).toBe(FULL_KEY);
    expect((nameField() as HTMLInputElement).value).toBe("");

    fireEvent.click(within(dialog).getByRole("button", { name: "Copy API key" }));
    await waitFor(() => expect(currentToast()?.title).toBe("Copied"));
    expect(writeText).toHaveBeenCalledWith(FULL_KEY);

    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Nowhere on the page, nor in the query or mutation caches.
    expect(document.body.innerHTML).not.toContain(FULL_KEY);
    await waitFor(() =>
      expect(
        JSON.stringify(
          client
            .getMutationCache()
            .getAll()
            .map((m) => m.state),
        ),
      ).not.toContain(FULL_KEY),
    );
    expect(
      JSON.stringify(
        client
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain(FULL_KEY);

    // The new key's row has focus and shows only its preview; opening it again (Edit) never shows the key.
    const row = screen.getByRole("article", { name: "Website chatbot" });
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(within(row).getByText("acp_live_5f1c…")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Edit Website chatbot" }));
    await screen.findByRole("dialog", { name: "Edit Website chatbot" });
    expect(document.body.innerHTML).not.toContain(FULL_KEY);
  });

  it("says why a key could not be created", async () => {
    keysApi([], { failCreate: true });
    renderRemotePage(<ApiKeysCard />);
    await screen.findByText("No API keys yet");
    fireEvent.change(nameField(), { target: { value: "CI" } });
    fireEvent.click(screen.getByRole("button", { name: "Create API Key" }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to create API key: The database is busy",
        variant: "destructive",
      }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows each key's badge and its real requests today against its enforced hourly limit", async () => {
    keysApi([
      apiKey({ id: "a", name: "Website", requestsToday: 1247, lastUsed: "2026-11-20T09:00:00.000Z" }),
      apiKey({
        id: "b",
        name: "Old script",
        isActive: false,
        requestsToday: 1,
        rateLimitPerHour: 50,
        allowedAgentIds: ["gtm", "c1"],
      }),
    ]);
    renderRemotePage(<ApiKeysCard />);
    const website = await screen.findByRole("article", { name: "Website" });
    expect(within(website).getByText("active")).toBeTruthy();
    expect(within(website).getByText("1,247 requests today · rate limit 1000/hr")).toBeTruthy();
    expect(within(website).getByText("All agents")).toBeTruthy();
    expect(within(website).getByText(/last used Nov 20, 2026/)).toBeTruthy();
    const old = screen.getByRole("article", { name: "Old script" });
    expect(within(old).getByText("inactive")).toBeTruthy();
    expect(within(old).getByText("1 request today · rate limit 50/hr")).toBeTruthy();
    expect(await within(old).findByText("Only GTM Strategy, Support Bot")).toBeTruthy();
  });

  it("deactivates and activates a key with PATCH isActive", async () => {
    const api = keysApi([apiKey({ id: "a", name: "Website" })]);
    renderRemotePage(<ApiKeysCard />);
    const row = await screen.findByRole("article", { name: "Website" });
    fireEvent.click(within(row).getByRole("button", { name: "Deactivate Website" }));
    await within(row).findByText("inactive");
    expect(currentToast()).toMatchObject({ title: "API Key Deactivated", description: "Website" });
    fireEvent.click(within(row).getByRole("button", { name: "Activate Website" }));
    await within(row).findByText("active");
    expect(currentToast()).toMatchObject({ title: "API Key Activated", description: "Website" });
    expect(api.sent("PATCH").map(({ url, body }) => ({ url, body }))).toEqual([
      { url: "/api/api-keys/a", body: { isActive: false } },
      { url: "/api/api-keys/a", body: { isActive: true } },
    ]);
  });

  it("deletes only after confirmation, says 'API Key Deleted' and keeps focus in the list", async () => {
    const api = keysApi([apiKey({ id: "a", name: "Website" }), apiKey({ id: "b", name: "CI" })]);
    renderRemotePage(<ApiKeysCard />);
    const row = await screen.findByRole("article", { name: "Website" });
    const deleteButton = within(row).getByRole("button", { name: "Delete Website" });
    deleteButton.focus();
    fireEvent.click(deleteButton);
    const confirm = await screen.findByRole("dialog", { name: "Delete Website?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.sent("DELETE")).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(deleteButton));

    fireEvent.click(deleteButton);
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Delete Website?" })).getByRole("button", {
        name: "Delete",
      }),
    );
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "API Key Deleted", description: "Website" }),
    );
    await waitFor(() => expect(screen.queryByRole("article", { name: "Website" })).toBeNull());
    expect(api.sent("DELETE").map((request) => request.url)).toEqual(["/api/api-keys/a"]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("article", { name: "CI" })));
  });

  it("edits a key's expiry, agents and hourly limit, checking the limit first", async () => {
    const api = keysApi([apiKey({ id: "a", name: "Website" })]);
    renderRemotePage(<ApiKeysCard />);
    const row = await screen.findByRole("article", { name: "Website" });
    fireEvent.click(within(row).getByRole("button", { name: "Edit Website" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Website" });
    fireEvent.change(within(dialog).getByLabelText("Requests per hour"), { target: { value: "0" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText(/Enter a whole number of requests from 1/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Requests per hour"));
    expect(api.sent("PATCH")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Requests per hour"), { target: { value: "120" } });
    fireEvent.change(within(dialog).getByLabelText("Expires on"), { target: { value: "2099-12-31" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "GTM Strategy" }));
    fireEvent.click(await within(dialog).findByRole("checkbox", { name: "Support Bot" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "API Key Updated", description: "Website" }),
    );
    expect(api.sent("PATCH")[0]?.body).toEqual({
      expiresAt: endOfDay("2099-12-31").toISOString(),
      rateLimitPerHour: 120,
      allowedAgentIds: ["gtm", "c1"],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await within(row).findByText("0 requests today · rate limit 120/hr")).toBeTruthy();
    expect(within(row).getByText("Only GTM Strategy, Support Bot")).toBeTruthy();
    expect(within(row).getByText("expires Dec 31, 2099")).toBeTruthy();
  });
});
