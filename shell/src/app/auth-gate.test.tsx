// The auth gate of spec section 2: skeleton while loading, landing / 404 / unauthorized flow when signed out, and
// the sidebar layout (collapsed state from its cookie) with the route's remote when signed in.

import { authKeys } from "@acp/client/auth";
import { createQueryClient } from "@acp/client/query-client";
import type { User } from "@acp/contracts/entities";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, configure, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

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

// The gate loads the signed-in app and the landing page lazily; a cold transform of their module graphs can take
// longer than findBy's timeout when many test files run at once. Loading them here makes every test's wait short.
// React holds a Suspense fallback for 300 ms; on a loaded machine the rest can pass findBy's default 1 s.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  await Promise.all([import("./signed-in-app"), import("../features/landing/components/landing-page")]);
}, 60_000);

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
      await screen.findAllByRole("heading", { level: 1, name: "Your executive team of AI agents" }),
    ).toHaveLength(1);
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

  it("shows the 404 page to a visitor on an unknown path, as a page with a main landmark and a way home", () => {
    renderGate("/no/such/page", null);
    const main = screen.getByRole("main");
    expect(main.textContent).toContain("404 Page Not Found");
    expect(main.textContent).toContain("Did you forget to add the page to the router?");
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    expect(document.title).toBe("404 Page Not Found · Agent Control Panel");
  });

  it("renders the route's remote inside the sidebar layout when signed in", async () => {
    renderGate("/agent/technical", grace);
    expect(
      await screen.findAllByRole("heading", { name: "mf-agents ./AgentWizardPage technical" }),
    ).toHaveLength(1);
    expect(screen.getAllByText("Agent Control Panel").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Grace Hopper")).toHaveLength(1);
    const current = document.querySelector('[aria-current="page"]');
    expect(current?.textContent).toContain("Technical Architecture");
    expect(document.querySelector('[data-state="expanded"]')).not.toBeNull();
  });

  it("restores the collapsed sidebar from its cookie", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the sidebar cookie the way the browser would.
    document.cookie = "sidebar_state=false; path=/";
    renderGate("/knowledge", grace);
    expect(await screen.findAllByRole("heading", { name: /mf-knowledge/ })).toHaveLength(1);
    expect(document.querySelector('[data-state="collapsed"]')).not.toBeNull();
  });

  it("shows the 404 page inside the layout for an unknown path when signed in", async () => {
    renderGate("/nope", grace);
    expect(await screen.findAllByText("404 Page Not Found")).toHaveLength(1);
    expect(screen.getAllByText("Grace Hopper")).toHaveLength(1);
  });

  it("titles the page, offers a skip link to the main content and names the collapsed avatar", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the sidebar cookie the way the browser would.
    document.cookie = "sidebar_state=false; path=/";
    renderGate("/agent/technical", grace);
    await screen.findByRole("heading", { name: "mf-agents ./AgentWizardPage technical" });
    expect(document.title).toBe("Technical Architecture · Agent Control Panel");
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip.getAttribute("href")).toBe("#main-content");
    expect(screen.getByRole("main").querySelector("#main-content")).not.toBeNull();
    expect(screen.getAllByRole("img", { name: "Grace Hopper" })).toHaveLength(1);
  });

  it("announces a route change and moves focus to the new page's content", async () => {
    renderGate("/knowledge", grace);
    await screen.findByRole("heading", { name: /mf-knowledge/ });
    const announcer = screen
      .getAllByRole("status")
      .find((node) => node.getAttribute("aria-live") === "polite");
    expect(announcer?.textContent).toBe("");
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Model Training" }));
    });
    expect(await screen.findAllByRole("heading", { name: /mf-training/ })).toHaveLength(1);
    expect(announcer?.textContent).toBe("Navigated to Model Training");
    expect(document.activeElement?.id).toBe("main-content");
    expect(document.title).toBe("Model Training · Agent Control Panel");
  });
});
