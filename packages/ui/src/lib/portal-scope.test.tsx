// Portalled content keeps the style scope of the subtree that opened it: dialogs, sheets and selects rendered into
// <body> carry the provider's attributes, and nothing outside a provider.
// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../components/dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../components/select";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../components/sheet";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "../components/tooltip";
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
    expect(screen.getByRole("dialog").parentElement?.closest("[data-remote]")).toBeNull();
  });
});

/** The nearest element above `element` (not itself) carrying data-remote: what a `@scope` root must be. */
function scopeRootAbove(element: Element): string | null | undefined {
  return element.parentElement?.closest("[data-remote]")?.getAttribute("data-remote");
}

describe("portalled content sits INSIDE a scoped container", () => {
  // A remote's utilities are `@scope ([data-remote=x]) { ... }`, which never match the scope root itself: a dialog
  // carrying data-remote on its own element lost its max-h/max-w (a 15-page PDF's detail was 4,795 px tall).
  it("puts dialogs, overlays, sheets, selects and tooltips below an element carrying the scope", () => {
    render(
      <PortalScopeProvider attributes={{ "data-remote": "mf-knowledge" }}>
        <OpenDialog />
        <Sheet open>
          <SheetContent>
            <SheetTitle>Details</SheetTitle>
            <SheetDescription>One document.</SheetDescription>
          </SheetContent>
        </Sheet>
        <Select open defaultValue="a">
          <SelectTrigger aria-label="Agent">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="a">GTM Strategy</SelectItem>
          </SelectContent>
        </Select>
        <TooltipProvider>
          <Tooltip open>
            <TooltipTrigger>Name</TooltipTrigger>
            <TooltipContent>Full name</TooltipContent>
          </Tooltip>
        </TooltipProvider>
      </PortalScopeProvider>,
    );
    const surfaces = [
      document.querySelector('[data-slot="dialog-content"]'),
      document.querySelector('[data-slot="dialog-overlay"]'),
      document.querySelector('[data-slot="sheet-content"]'),
      document.querySelector('[data-slot="select-content"]'),
      document.querySelector('[data-slot="tooltip-content"]'),
    ];
    expect(surfaces).toHaveLength(5);
    for (const surface of surfaces) {
      expect(surface).not.toBeNull();
      expect(scopeRootAbove(surface as Element)).toBe("mf-knowledge");
    }
    // One container per scope, however many surfaces are open.
    expect(document.querySelectorAll('body > [data-portal-scope][data-remote="mf-knowledge"]')).toHaveLength(
      1,
    );
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
