// The sidebar lists the spec's entries, badges and targets, highlights the current route and names the user.
import { describe, expect, it } from "vitest";
import { DASHBOARD_ITEM, displayName, isCurrentPath, NAV_GROUPS } from "./nav-items";

describe("NAV_GROUPS", () => {
  it("lists the five agents with their fixed badges, linking to their wizards", () => {
    const agents = NAV_GROUPS.find((group) => group.label === "AI Agents");
    expect(agents?.items.map(({ label, badge, to }) => [label, badge, to])).toEqual([
      ["GTM Strategy", "Active", "/agent/gtm"],
      ["Legal Foundation", "Ready", "/agent/legal"],
      ["Vision Refinement", "Ready", "/agent/vision"],
      ["Technical Architecture", "Ready", "/agent/technical"],
      ["Fundraising Prep", "Ready", "/agent/fundraising"],
    ]);
  });

  it("lists the three management pages", () => {
    const management = NAV_GROUPS.find((group) => group.label === "Management");
    expect(management?.items.map(({ label, to }) => [label, to])).toEqual([
      ["Knowledge Base", "/knowledge"],
      ["Model Training", "/training"],
      ["API Management", "/api-management"],
    ]);
  });

  it("starts with the Dashboard at /", () => {
    expect(DASHBOARD_ITEM).toMatchObject({ label: "Dashboard", to: "/" });
  });
});

describe("isCurrentPath", () => {
  it("matches the current route only", () => {
    expect(isCurrentPath(DASHBOARD_ITEM, "/")).toBe(true);
    expect(isCurrentPath(DASHBOARD_ITEM, "/knowledge")).toBe(false);
    const knowledge = NAV_GROUPS[1]?.items[0];
    expect(knowledge && isCurrentPath(knowledge, "/knowledge/")).toBe(true);
  });
});

describe("displayName", () => {
  it("defaults the first name to User", () => {
    expect(displayName({ firstName: null, lastName: null })).toBe("User");
    expect(displayName({ firstName: "", lastName: "Hopper" })).toBe("User Hopper");
    expect(displayName({ firstName: "Grace", lastName: "Hopper" })).toBe("Grace Hopper");
    expect(displayName(null)).toBe("User");
  });
});
