// linkRemoteStyles links one stylesheet per remote, re-points it on a new URL and settles when the sheet has loaded.
import { afterEach, describe, expect, it, vi } from "vitest";
import { linkRemoteStyles } from "./remote-styles";

/** happy-dom loads no stylesheets: the test fires the link's load or error event itself. */
function settle(remote: string, event: "load" | "error"): void {
  document.head.querySelector(`link[data-remote-styles="${remote}"]`)?.dispatchEvent(new Event(event));
}

afterEach(() => {
  for (const link of document.head.querySelectorAll("link[data-remote-styles]")) link.remove();
});

describe("linkRemoteStyles", () => {
  it("adds one stylesheet link per remote and points it at the newest URL", async () => {
    const first = linkRemoteStyles("mf-api", "/mf/mf-api/assets/a.css");
    settle("mf-api", "load");
    await first;
    const again = linkRemoteStyles("mf-api", "/mf/mf-api/assets/b.css");
    settle("mf-api", "load");
    await again;
    const training = linkRemoteStyles("mf-training", "/mf/mf-training/assets/c.css");
    settle("mf-training", "load");
    await training;
    const api = document.head.querySelectorAll<HTMLLinkElement>('link[data-remote-styles="mf-api"]');
    expect(api).toHaveLength(1);
    expect(api[0]?.rel).toBe("stylesheet");
    expect(new URL(api[0]?.href ?? "").pathname).toBe("/mf/mf-api/assets/b.css");
    expect(document.head.querySelectorAll("link[data-remote-styles]")).toHaveLength(2);
  });

  it("links each URL once and lets the remote render when its sheet fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const loading = linkRemoteStyles("mf-knowledge", "/mf/mf-knowledge/assets/d.css");
    expect(linkRemoteStyles("mf-knowledge", "/mf/mf-knowledge/assets/d.css")).toBe(loading);
    settle("mf-knowledge", "error");
    await loading;
    expect(error).toHaveBeenCalledWith(expect.stringContaining("did not load"));
    error.mockRestore();
  });
});
