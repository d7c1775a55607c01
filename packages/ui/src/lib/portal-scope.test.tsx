// Portalled content keeps the style scope of the subtree that opened it: dialogs, sheets and selects rendered into
// <body> carry the provider's attributes, and nothing outside a provider.
// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../components/dialog";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../components/sheet";
import { PortalScopeProvider } from "./portal-scope";

afterEach(cleanup);

function OpenDialog() {
  return (
    <Dialog open>
      <DialogContent>
        <DialogTitle>Create API key</DialogTitle>
        <DialogDescription>Name it.</DialogDescription>
      </DialogContent>
    </Dialog>
  );
}

describe("PortalScopeProvider", () => {
  it("puts the scope attributes on a dialog portalled into <body>", () => {
    const { container } = render(
      <PortalScopeProvider attributes={{ "data-remote": "mf-api" }}>
        <OpenDialog />
      </PortalScopeProvider>,
    );
    const dialog = screen.getByRole("dialog");
    expect(container.contains(dialog)).toBe(false);
    expect(dialog.getAttribute("data-remote")).toBe("mf-api");
    expect(document.querySelector('[data-slot="dialog-overlay"]')?.getAttribute("data-remote")).toBe(
      "mf-api",
    );
  });

  it("scopes a sheet the same way", () => {
    render(
      <PortalScopeProvider attributes={{ "data-remote": "mf-knowledge" }}>
        <Sheet open>
          <SheetContent>
            <SheetTitle>Details</SheetTitle>
            <SheetDescription>One document.</SheetDescription>
          </SheetContent>
        </Sheet>
      </PortalScopeProvider>,
    );
    expect(screen.getByRole("dialog").getAttribute("data-remote")).toBe("mf-knowledge");
  });

  it("adds nothing outside a provider", () => {
    render(<OpenDialog />);
    expect(screen.getByRole("dialog").hasAttribute("data-remote")).toBe(false);
  });
});

describe("PortalScopeProvider across copies of @acp/ui", () => {
  it("reaches the dialogs of another bundled copy (a remote's), as the shell's provider must", async () => {
    const shellCopy = await import("./portal-scope");
    vi.resetModules();
    const remoteDialog = await import("../components/dialog");
    const remoteCopy = await import("./portal-scope");
    expect(remoteCopy).not.toBe(shellCopy);
    render(
      <shellCopy.PortalScopeProvider attributes={{ "data-remote": "mf-training" }}>
        <remoteDialog.Dialog open>
          <remoteDialog.DialogContent>
            <remoteDialog.DialogTitle>Start training</remoteDialog.DialogTitle>
            <remoteDialog.DialogDescription>Pick a model.</remoteDialog.DialogDescription>
          </remoteDialog.DialogContent>
        </remoteDialog.Dialog>
      </shellCopy.PortalScopeProvider>,
    );
    expect(screen.getByRole("dialog").getAttribute("data-remote")).toBe("mf-training");
  });
});
