// Behaviour of the sidebar in a DOM: landmarks and labels, Ctrl/Cmd+B, cookie persistence, mobile sheet.
// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { HomeIcon } from "lucide-react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseSidebarCookie } from "../lib/sidebar-state";
import {
  SIDEBAR_COOKIE_NAME,
  Sidebar,
  SidebarContent,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  type SidebarProviderProps,
  SidebarTrigger,
} from "./sidebar";

type HappyWindow = Window & { happyDOM: { setViewport(viewport: { width: number }): void } };

function setViewportWidth(width: number) {
  act(() => (window as unknown as HappyWindow).happyDOM.setViewport({ width }));
}

function renderSidebar(props: Omit<SidebarProviderProps, "children"> = {}) {
  return render(
    <SidebarProvider {...props}>
      <Sidebar>
        <SidebarContent>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton isActive tooltip="Dashboard">
                <HomeIcon aria-hidden="true" />
                <span>Dashboard</span>
              </SidebarMenuButton>
              <SidebarMenuBadge>3</SidebarMenuBadge>
            </SidebarMenuItem>
            <SidebarMenuItem>
              <SidebarMenuButton tooltip="Agents">
                <span>Agents</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarContent>
      </Sidebar>
      <SidebarTrigger />
    </SidebarProvider>,
  );
}

const sidebarState = () => document.querySelector('[data-slot="sidebar"]')?.getAttribute("data-state");
const trigger = () => screen.getByRole("button", { name: "Toggle Sidebar" });

beforeEach(() => {
  setViewportWidth(1280);
  // biome-ignore lint/suspicious/noDocumentCookie: the test must clear the very cookie the component writes.
  document.cookie = `${SIDEBAR_COOKIE_NAME}=; max-age=0; path=/`;
});

afterEach(() => {
  cleanup();
});

describe("Sidebar (desktop)", () => {
  it("exposes a labelled nav landmark, a labelled trigger and the current page", () => {
    renderSidebar();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("button", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("button", { name: "Agents" }).hasAttribute("aria-current")).toBe(false);
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    expect(sidebarState()).toBe("expanded");
  });

  it("toggles with the trigger and remembers the state in the sidebar_state cookie", () => {
    renderSidebar();
    fireEvent.click(trigger());
    expect(sidebarState()).toBe("collapsed");
    expect(document.querySelector('[data-slot="sidebar"]')?.getAttribute("data-collapsible")).toBe("icon");
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    expect(parseSidebarCookie(document.cookie)).toBe(false);

    fireEvent.click(trigger());
    expect(sidebarState()).toBe("expanded");
    expect(parseSidebarCookie(document.cookie)).toBe(true);
  });

  it("toggles with Ctrl+B and Cmd+B but not with a plain b or an already handled event", () => {
    renderSidebar();
    fireEvent.keyDown(window, { key: "b", ctrlKey: true });
    expect(sidebarState()).toBe("collapsed");
    fireEvent.keyDown(window, { key: "b", metaKey: true });
    expect(sidebarState()).toBe("expanded");
    fireEvent.keyDown(window, { key: "b" });
    expect(sidebarState()).toBe("expanded");

    const handled = new KeyboardEvent("keydown", { key: "b", ctrlKey: true, cancelable: true });
    handled.preventDefault();
    act(() => {
      window.dispatchEvent(handled);
    });
    expect(sidebarState()).toBe("expanded");
  });

  it("starts from defaultOpen, so the host can pass the saved cookie value", () => {
    renderSidebar({ defaultOpen: false });
    expect(sidebarState()).toBe("collapsed");
  });

  it("can be controlled", () => {
    const onOpenChange = vi.fn();
    renderSidebar({ open: true, onOpenChange });
    fireEvent.click(trigger());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // Controlled: stays as the parent says until the parent re-renders with the new value.
    expect(sidebarState()).toBe("expanded");
  });

  it("shows item tooltips only while collapsed to icons", () => {
    renderSidebar();
    fireEvent.focus(screen.getByRole("button", { name: "Agents" }));
    expect(screen.queryByRole("tooltip")).toBeNull();

    fireEvent.click(trigger());
    fireEvent.blur(screen.getByRole("button", { name: "Agents" }));
    fireEvent.focus(screen.getByRole("button", { name: "Agents" }));
    expect(screen.getByRole("tooltip").textContent).toBe("Agents");
  });
});

describe("Sidebar menu items with a badge", () => {
  function renderLongItem() {
    render(
      <SidebarProvider>
        <Sidebar>
          <SidebarContent>
            <SidebarMenu>
              <SidebarMenuItem>
                <SidebarMenuButton tooltip="Technical Architecture">
                  <HomeIcon aria-hidden="true" />
                  <span>Technical Architecture</span>
                </SidebarMenuButton>
                <SidebarMenuBadge>Ready</SidebarMenuBadge>
              </SidebarMenuItem>
            </SidebarMenu>
          </SidebarContent>
        </Sidebar>
      </SidebarProvider>,
    );
    const button = screen.getByRole("button", { name: "Technical Architecture" });
    const label = button.querySelector("span:last-child") as HTMLElement;
    return { button, label };
  }

  function setLabelWidths(label: HTMLElement, { scroll, client }: { scroll: number; client: number }) {
    Object.defineProperty(label, "scrollWidth", { configurable: true, value: scroll });
    Object.defineProperty(label, "clientWidth", { configurable: true, value: client });
  }

  it("shows the full name in a tooltip when the expanded label is cut short", () => {
    const { button, label } = renderLongItem();
    setLabelWidths(label, { scroll: 180, client: 140 });
    fireEvent.focus(button);
    expect(screen.getByRole("tooltip").textContent).toBe("Technical Architecture");
  });

  it("shows no tooltip when the expanded label fits", () => {
    const { button, label } = renderLongItem();
    setLabelWidths(label, { scroll: 140, client: 140 });
    fireEvent.focus(button);
    expect(screen.queryByRole("tooltip")).toBeNull();
  });
});

describe("Sidebar (mobile, below 768 px)", () => {
  it("renders as a sheet that the trigger opens, leaving the desktop cookie alone", () => {
    setViewportWidth(500);
    renderSidebar();
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(trigger().getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(trigger());
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(parseSidebarCookie(document.cookie)).toBeUndefined();
  });
});
