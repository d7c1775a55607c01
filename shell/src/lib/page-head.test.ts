// The page head composed by the server is read from the first HTML once and offered only on the page it was composed for.
import { afterEach, describe, expect, it } from "vitest";
import { capturePageHead, pageHeadFor } from "./page-head";

function documentWith(slot: string): ParentNode {
  const root = document.createElement("div");
  root.innerHTML = `<div class="frame">${slot}<div data-slot="page-skeleton-title"></div></div>`;
  return root;
}

afterEach(() => capturePageHead(documentWith("")));

describe("the composed page head", () => {
  it("is offered on its own page, with or without a trailing slash, and nowhere else", () => {
    capturePageHead(
      documentWith(
        '<div data-page-head="" data-path="/knowledge"><header><h1>Knowledge Base</h1></header></div>',
      ),
    );
    expect(pageHeadFor("/knowledge")).toBe("<header><h1>Knowledge Base</h1></header>");
    expect(pageHeadFor("/knowledge/")).toBe("<header><h1>Knowledge Base</h1></header>");
    expect(pageHeadFor("/")).toBe("");
    expect(pageHeadFor("/training")).toBe("");
  });

  it("is an empty slot when the server composed none (the build's own index.html)", () => {
    capturePageHead(documentWith('<div data-page-head="" class="empty:hidden"></div>'));
    expect(pageHeadFor("/")).toBe("");
  });

  it("ignores a slot tagged with a path but left empty", () => {
    capturePageHead(documentWith('<div data-page-head="" data-path="/"></div>'));
    expect(pageHeadFor("/")).toBe("");
  });
});
