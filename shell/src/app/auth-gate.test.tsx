// The auth gate of spec section 2: skeleton while loading, landing / 404 / unauthorized flow when signed out, and
// the sidebar layout (collapsed state from its cookie) with the route's remote when signed in.

import { authKeys } from "@acp/client/auth";
import { createQueryClient } from "@acp/client/query-client";
import type { User } from "@acp/contracts/entities";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const { signInAgain } = vi.hoisted(() => ({ signInAgain: vi.fn() }));
vi.mock("../features/auth/sign-in-again", () => ({ signInAgain }));
vi.mock("@acp/federation/loader", () => ({
  loadRemoteModule: async (remote: string, module: string) => ({
    default: (props: { agentType?: string }) => (
      <h1>
        {remote} {module} {props.agentType ?? ""}
      </h1>
    ),
  }),
  preloadRemote: () => {},
  RemoteLoadError: class RemoteLoadError extends Error {},
}));

const { AuthGate } = await import("./auth-gate");

const grace: User = {
  id: "u1",
  email: "grace@example.com",
  firstName: "Grace",
  lastName: "Hopper",
  profileImageUrl: null,
};

function renderGate(pathname: string, user: User | null | "loading") {
  // The app's own client: its data never goes stale, so seeded data is not fetched again.
  const client = createQueryClient();
  if (user === "loading") {
    // The current-user call never answers.
    vi.stubGlobal("fetch", () => new Promise(() => {}));
  } else {
    client.setQueryData(authKeys.user(), user);
  }
  window.history.replaceState(null, "", pathname);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(<AuthGate pathname={pathname} />, { wrapper });
}

beforeEach(() => {
  signInAgain.mockClear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the sidebar cookie the way the browser would.
  document.cookie = "sidebar_state=; max-age=0; path=/";
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("AuthGate", () => {
  it("shows the skeleton layout while the current user loads", () => {
    renderGate("/", "loading");
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("shows the landing page to a visitor on /", async () => {
    renderGate("/", null);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Your executive team of AI agents" }),
    ).toBeDefined();
    for (const name of ["Sign In", "Get Started", "Access Control Panel"]) {
      expect(screen.getByRole("link", { name }).getAttribute("href")).toBe("/api/login");
    }
    expect(signInAgain).not.toHaveBeenCalled();
  });

  it("runs the unauthorized flow for a visitor on a management page", () => {
    renderGate("/knowledge", null);
    expect(signInAgain).toHaveBeenCalled();
    expect(screen.queryByText("404 Page Not Found")).toBeNull();
  });

  it("shows the 404 page to a visitor on an unknown path", () => {
    renderGate("/no/such/page", null);
    expect(screen.getByText("404 Page Not Found")).toBeDefined();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeDefined();
  });

  it("renders the route's remote inside the sidebar layout when signed in", async () => {
    renderGate("/agent/technical", grace);
    expect(
      await screen.findByRole("heading", { name: "mf-agents ./AgentWizardPage technical" }),
    ).toBeDefined();
    expect(screen.getAllByText("Agent Control Panel").length).toBeGreaterThan(0);
    expect(screen.getByText("Grace Hopper")).toBeDefined();
    const current = document.querySelector('[aria-current="page"]');
    expect(current?.textContent).toContain("Technical Architecture");
    expect(document.querySelector('[data-state="expanded"]')).not.toBeNull();
  });

  it("restores the collapsed sidebar from its cookie", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the sidebar cookie the way the browser would.
    document.cookie = "sidebar_state=false; path=/";
    renderGate("/knowledge", grace);
    expect(await screen.findByRole("heading", { name: /mf-knowledge/ })).toBeDefined();
    expect(document.querySelector('[data-state="collapsed"]')).not.toBeNull();
  });

  it("shows the 404 page inside the layout for an unknown path when signed in", async () => {
    renderGate("/nope", grace);
    expect(await screen.findByText("404 Page Not Found")).toBeDefined();
    expect(screen.getByText("Grace Hopper")).toBeDefined();
  });
});
