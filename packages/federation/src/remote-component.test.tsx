// RemoteComponent shows a skeleton while loading, the remote's component once loaded, and a fallback card whose
// Retry really loads again when the remote failed.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RemoteLoadError } from "./loader";
import { REMOTE_FAILED_TITLE, RemoteComponent } from "./remote-component";

afterEach(cleanup);

function Page({ agentType }: { agentType: string }) {
  return <h1>Wizard {agentType}</h1>;
}

describe("RemoteComponent", () => {
  it("renders the remote's default export with its props inside the remote's style scope", async () => {
    const load = vi.fn(async () => ({ default: Page }));
    render(
      <RemoteComponent
        target={{ remote: "mf-agents", module: "./AgentWizardPage", props: { agentType: "gtm" } }}
        load={load}
      />,
    );
    expect(screen.getAllByRole("status")).toHaveLength(1);
    const heading = await screen.findByRole("heading", { name: "Wizard gtm" });
    expect(heading.closest("[data-remote]")?.getAttribute("data-remote")).toBe("mf-agents");
    expect(load).toHaveBeenCalledWith("mf-agents", "./AgentWizardPage", { timeoutMs: undefined });
  });

  it("shows the reason and a Retry button that loads again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const load = vi
      .fn()
      .mockRejectedValueOnce(new RemoteLoadError("mf-knowledge", "./KnowledgePage", "no answer within 10 s"))
      .mockResolvedValue({ default: () => <h1>Knowledge Base Management</h1> });
    render(<RemoteComponent target={{ remote: "mf-knowledge", module: "./KnowledgePage" }} load={load} />);

    expect(await screen.findAllByText(REMOTE_FAILED_TITLE)).toHaveLength(1);
    expect(screen.getAllByText("no answer within 10 s")).toHaveLength(1);
    expect(screen.getAllByRole("alert")).toHaveLength(1);

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    });
    expect(await screen.findAllByRole("heading", { name: "Knowledge Base Management" })).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("treats a module without a default component as a failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const load = vi.fn(async () => ({ notDefault: true }));
    render(<RemoteComponent target={{ remote: "mf-api", module: "./ApiManagementPage" }} load={load} />);
    expect(await screen.findAllByText("the module has no default export component")).toHaveLength(1);
  });

  it("keeps a failure on one remote from sticking to the next", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = vi.fn().mockRejectedValue(new Error("boom"));
    const working = vi.fn(async () => ({ default: () => <h1>API Management</h1> }));
    const { rerender } = render(
      <RemoteComponent target={{ remote: "mf-knowledge", module: "./KnowledgePage" }} load={failing} />,
    );
    expect(await screen.findAllByText(REMOTE_FAILED_TITLE)).toHaveLength(1);
    rerender(<RemoteComponent target={{ remote: "mf-api", module: "./ApiManagementPage" }} load={working} />);
    expect(await screen.findAllByRole("heading", { name: "API Management" })).toHaveLength(1);
  });
});

describe("RemoteComponent props", () => {
  it("are checked against the props REMOTES declares for the module (type-level)", () => {
    const load = vi.fn(async () => ({ default: Page }));
    const cases = [
      // @ts-expect-error the wizard needs its agentType
      <RemoteComponent key="a" target={{ remote: "mf-agents", module: "./AgentWizardPage" }} load={load} />,
      <RemoteComponent
        key="b"
        // @ts-expect-error "astrology" is not a built-in agent
        target={{ remote: "mf-agents", module: "./AgentWizardPage", props: { agentType: "astrology" } }}
        load={load}
      />,
      // @ts-expect-error mf-api exposes no such module
      <RemoteComponent key="c" target={{ remote: "mf-api", module: "./KnowledgePage" }} load={load} />,
    ];
    expect(cases).toHaveLength(3);
  });
});
