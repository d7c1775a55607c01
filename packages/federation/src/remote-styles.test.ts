// injectRemoteStyles adds one <style> per remote and updates it in place.
import { describe, expect, it } from "vitest";
import { injectRemoteStyles } from "./remote-styles";

describe("injectRemoteStyles", () => {
  it("adds one style element per remote and replaces its text", () => {
    injectRemoteStyles("mf-api", ".a{color:red}");
    injectRemoteStyles("mf-api", ".a{color:blue}");
    injectRemoteStyles("mf-training", ".b{}");
    const api = document.head.querySelectorAll('style[data-remote-styles="mf-api"]');
    expect(api).toHaveLength(1);
    expect(api[0]?.textContent).toBe(".a{color:blue}");
    expect(document.head.querySelectorAll("style[data-remote-styles]")).toHaveLength(2);
  });
});
