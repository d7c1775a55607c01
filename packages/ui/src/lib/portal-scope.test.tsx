// Portalled content keeps the style scope of the subtree that opened it: dialogs, sheets and selects rendered into
// <body> carry the provider's attributes, and nothing outside a provider.
// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
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
