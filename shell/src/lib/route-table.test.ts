// The route table matches spec section 2 exactly, and signed-out visitors get landing, 404 or the unauthorized flow.
import { describe, expect, it } from "vitest";
import { findRemoteRoute, REMOTE_ROUTES, signedOutView } from "./route-table";

/** The remote module (and props) a path renders. */
function target(path: string) {
  return findRemoteRoute(path)?.use((t): unknown => t);
}

describe("REMOTE_ROUTES", () => {
  it("has exactly the spec's routes", () => {
    expect(REMOTE_ROUTES.map((route) => route.path)).toEqual([
      "/",
      "/agents",
      "/agent-management",
      "/knowledge",
      "/training",
      "/api-management",
      "/agent/gtm",
      "/agent/legal",
      "/agent/vision",
      "/agent/technical",
      "/agent/fundraising",
    ]);
  });

  it("renders /agents and /agent-management with the same page", () => {
    const agents = target("/agents");
    expect(agents).toEqual({ remote: "mf-agents", module: "./AgentManagementPage" });
    expect(target("/agent-management")).toEqual(agents);
  });

  it("renders every wizard with one exposed component and its agentType", () => {
    expect(target("/agent/technical")).toEqual({
      remote: "mf-agents",
      module: "./AgentWizardPage",
      props: { agentType: "technical" },
    });
    expect(findRemoteRoute("/agent/technical")?.label).toBe("Technical Architecture");
  });

  it("maps each management page to its remote", () => {
    expect(findRemoteRoute("/")?.remote).toBe("mf-dashboard");
    expect(findRemoteRoute("/knowledge")?.remote).toBe("mf-knowledge");
    expect(findRemoteRoute("/training")?.remote).toBe("mf-training");
    expect(findRemoteRoute("/api-management")?.remote).toBe("mf-api");
  });

  it("ignores a trailing slash and knows nothing else", () => {
    expect(findRemoteRoute("/knowledge/")?.remote).toBe("mf-knowledge");
    expect(findRemoteRoute("/agent/qa-compliance")).toBeUndefined();
    expect(findRemoteRoute("/api/login")).toBeUndefined();
  });
});

describe("signedOutView", () => {
  it("shows the landing page on /", () => {
    expect(signedOutView("/")).toBe("landing");
  });

  it("runs the unauthorized flow on every management page", () => {
    for (const path of ["/agents", "/agent-management", "/knowledge", "/training", "/api-management"]) {
      expect(signedOutView(path)).toBe("unauthorized");
    }
    expect(signedOutView("/agent/fundraising")).toBe("unauthorized");
  });

  it("shows the 404 page anywhere else", () => {
    expect(signedOutView("/no/such/page")).toBe("not-found");
    expect(signedOutView("/agent/unknown")).toBe("not-found");
  });
});
