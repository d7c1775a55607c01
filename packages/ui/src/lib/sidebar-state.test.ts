// Pins the sidebar's spec constants, cookie round-trip and keyboard shortcut matching.
import { describe, expect, it } from "vitest";
import {
  isSidebarToggleShortcut,
  MOBILE_BREAKPOINT,
  parseSidebarCookie,
  readSidebarCookie,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  serializeSidebarCookie,
  toSidebarState,
} from "./sidebar-state";

const key = (overrides: Partial<Parameters<typeof isSidebarToggleShortcut>[0]>) => ({
  key: "b",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...overrides,
});

describe("spec constants", () => {
  it("match the product spec", () => {
    expect(SIDEBAR_COOKIE_NAME).toBe("sidebar_state");
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604_800);
    expect(SIDEBAR_WIDTH).toBe("16rem");
    expect(SIDEBAR_WIDTH_MOBILE).toBe("18rem");
    expect(SIDEBAR_WIDTH_ICON).toBe("3rem");
    expect(SIDEBAR_KEYBOARD_SHORTCUT).toBe("b");
    expect(MOBILE_BREAKPOINT).toBe(768);
  });
});

describe("sidebar cookie", () => {
  it("serialises name, value, path and a 7-day max-age", () => {
    const cookie = serializeSidebarCookie(false);
    const [pair, ...attributes] = cookie.split(";").map((part) => part.trim());
    expect(pair).toBe("sidebar_state=false");
    expect(attributes).toContain("path=/");
    expect(attributes).toContain("max-age=604800");
    expect(serializeSidebarCookie(true).startsWith("sidebar_state=true;")).toBe(true);
  });

  it("round-trips through a Cookie header among other cookies", () => {
    for (const open of [true, false]) {
      const pair = serializeSidebarCookie(open).split(";")[0];
      expect(parseSidebarCookie(`theme=dark; ${pair}; session=abc`)).toBe(open);
    }
  });

  it("returns undefined for a missing, look-alike or malformed cookie", () => {
    expect(parseSidebarCookie(undefined)).toBeUndefined();
    expect(parseSidebarCookie("")).toBeUndefined();
    expect(parseSidebarCookie("my_sidebar_state=false; sidebar_state_x=false")).toBeUndefined();
    expect(parseSidebarCookie("sidebar_state=maybe")).toBeUndefined();
    expect(parseSidebarCookie("garbage")).toBeUndefined();
  });

  it("falls back when there is no document (SSR, node)", () => {
    expect(readSidebarCookie()).toBe(true);
    expect(readSidebarCookie(false)).toBe(false);
  });
});

describe("keyboard shortcut", () => {
  it("accepts Ctrl+B and Cmd+B, in either case", () => {
    expect(isSidebarToggleShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSidebarToggleShortcut(key({ metaKey: true }))).toBe(true);
    expect(isSidebarToggleShortcut(key({ ctrlKey: true, key: "B" }))).toBe(true);
  });

  it("rejects plain b, other keys, extra modifiers and IME composition", () => {
    expect(isSidebarToggleShortcut(key({}))).toBe(false);
    expect(isSidebarToggleShortcut(key({ ctrlKey: true, key: "n" }))).toBe(false);
    expect(isSidebarToggleShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarToggleShortcut(key({ metaKey: true, altKey: true }))).toBe(false);
    expect(isSidebarToggleShortcut(key({ ctrlKey: true, isComposing: true }))).toBe(false);
  });
});

describe("toSidebarState", () => {
  it("maps open to expanded and closed to collapsed", () => {
    expect(toSidebarState(true)).toBe("expanded");
    expect(toSidebarState(false)).toBe("collapsed");
  });
});
