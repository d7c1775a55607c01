// The sidebar lists the spec's entries, badges and targets, highlights the current route and names the user.
import { describe, expect, it } from "vitest";
import { DASHBOARD_ITEM, displayName, isCurrentPath, NAV_GROUPS, navBadge } from "./nav-items";

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

describe("navBadge", () => {
  const agents = NAV_GROUPS.find((group) => group.label === "AI Agents")?.items ?? [];
  const badges = (states: Parameters<typeof navBadge>[1]) => agents.map((item) => navBadge(item, states));

  it("shows the spec's fixed labels until the user's agents are read", () => {
    expect(badges(undefined)).toEqual(["Active", "Ready", "Ready", "Ready", "Ready"]);
  });

  it("shows each agent's stored status once read: deployed agents are Active, a switched-off gtm Inactive", () => {
    const states = agents.map((item, index) => ({
      id: item.agentId ?? "",
      enabled: index !== 0,
      status: index === 0 ? ("active" as const) : ("ready" as const),
    }));
    expect(badges(states)).toEqual(["Inactive", "Active", "Active", "Active", "Active"]);
    const management = NAV_GROUPS.find((group) => group.label === "Management")?.items[0];
    expect(management && navBadge(management, states)).toBeUndefined();
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
