// CardState: the one loading / failure / empty / content switch of every card that reads data.
// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { FolderOpen } from "lucide-react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CardState, cardStatus } from "./card-state";

afterEach(cleanup);

const empty = {
  icon: <FolderOpen aria-hidden="true" />,
  title: "No documents yet",
  description: "Upload one.",
};

describe("cardStatus", () => {
  it("puts loading before failure and failure before emptiness", () => {
    expect(cardStatus({ loading: true, error: true, empty: true })).toBe("loading");
    expect(cardStatus({ loading: false, error: true, empty: true })).toBe("error");
    expect(cardStatus({ loading: false, error: false, empty: true })).toBe("empty");
    expect(cardStatus({ loading: false, error: false })).toBe("ready");
  });
});

describe("CardState", () => {
  it("announces loading, shows placeholders and never runs the content", () => {
    const content = vi.fn(() => <p>rows</p>);
    render(
      <CardState status="loading" loadingLabel="Loading documents…" rows={3}>
        {content}
      </CardState>,
    );
    expect(screen.getByRole("status").textContent).toBe("Loading documents…");
    expect(document.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(3);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(content).not.toHaveBeenCalled();
  });

  it("shows a placeholder shaped like the content when given one", () => {
    render(
      <CardState status="loading" loadingLabel="Loading totals…" placeholder={<p>Loading...</p>}>
        {() => null}
      </CardState>,
    );
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(document.querySelector('[data-slot="skeleton"]')).toBeNull();
  });

  it("says what failed as an alert and offers to try again", () => {
    const retry = vi.fn();
    render(
      <CardState
        status="error"
        loadingLabel=""
        errorMessage="Documents could not be loaded: offline"
        onRetry={retry}
      >
        {() => <p>rows</p>}
      </CardState>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Documents could not be loaded: offline");
    expect(screen.queryByText("rows")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("keeps the content above the failure when asked", () => {
    render(
      <CardState status="error" loadingLabel="" errorMessage="Metrics could not be loaded" keepContentOnError>
        {() => <p>—</p>}
      </CardState>,
    );
    expect(screen.getByText("—")).toBeTruthy();
    expect(screen.getByRole("alert")).toBeTruthy();
  });

  it("shows the empty state, full or compact", () => {
    const { rerender } = render(
      <CardState status="empty" loadingLabel="" empty={empty}>
        {() => <p>rows</p>}
      </CardState>,
    );
    expect(screen.getByRole("heading", { name: "No documents yet" })).toBeTruthy();
    expect(screen.getByText("Upload one.")).toBeTruthy();
    rerender(
      <CardState status="empty" loadingLabel="" empty={{ ...empty, compact: true }}>
        {() => <p>rows</p>}
      </CardState>,
    );
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByText("No documents yet")).toBeTruthy();
    expect(screen.queryByText("rows")).toBeNull();
  });

  it("renders the content once it is there", () => {
    render(
      <CardState status="ready" loadingLabel="Loading…" empty={empty}>
        {() => <p>rows</p>}
      </CardState>,
    );
    expect(screen.getByText("rows")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });
});
