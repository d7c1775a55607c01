// ConfirmDialog: focus back to its opener, no closing while the action runs, the pending label.
// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";

afterEach(cleanup);

/** A row's button opens the dialog (no trigger), as in the lists of the remotes. */
function Harness({ pending = false, onCloseFocus }: { pending?: boolean; onCloseFocus?: () => boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Support
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Support?"
        description="This cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={pending}
        onConfirm={() => setOpen(false)}
        {...(onCloseFocus ? { onCloseFocus } : {})}
      />
    </>
  );
}

function WithTrigger() {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<button type="button">Delete conversation</button>}
      title="Delete “Plans”?"
      description="Its messages are deleted with it."
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={false}
      onConfirm={() => setOpen(false)}
    />
  );
}

function openFrom(name: string): HTMLElement {
  const opener = screen.getByRole("button", { name });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe("ConfirmDialog", () => {
  it("is a dialog named by its title that starts on Cancel", () => {
    render(<Harness />);
    openFrom("Delete Support");
    const dialog = screen.getByRole("dialog", { name: "Delete Support?" });
    expect(dialog.textContent).toContain("This cannot be undone.");
    expect(document.activeElement?.textContent).toBe("Cancel");
  });

  it("gives focus back to the button that opened it on Cancel", async () => {
    render(<Harness />);
    const opener = openFrom("Delete Support");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("lets the caller place focus when it says so", async () => {
    const onCloseFocus = vi.fn(() => true);
    render(<Harness onCloseFocus={onCloseFocus} />);
    const opener = openFrom("Delete Support");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Delete" })));
    await waitFor(() => expect(onCloseFocus).toHaveBeenCalledTimes(1));
    expect(document.activeElement).not.toBe(opener);
  });

  it("refuses Escape, Cancel and the close button while pending, and says it is pending", async () => {
    const { rerender } = render(<Harness />);
    openFrom("Delete Support");
    rerender(<Harness pending />);
    const dialog = screen.getByRole("dialog");
    expect(screen.getByRole("button", { name: "Deleting…" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    await act(async () => {
      fireEvent.keyDown(dialog, { key: "Escape" });
      fireEvent.click(screen.getByRole("button", { name: "Close" }));
    });
    expect(screen.getByRole("dialog")).toBe(dialog);
    rerender(<Harness />);
    await act(async () => fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("returns focus to its own trigger when it has one", async () => {
    render(<WithTrigger />);
    const trigger = openFrom("Delete conversation");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
