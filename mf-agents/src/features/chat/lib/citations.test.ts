// Citation markers: split out of prose, turned into cite nodes in the Markdown tree, left alone in code and links.
import { describe, expect, it } from "vitest";
import { remarkCitations, splitCitations } from "./citations";

type Node = {
  type: string;
  value?: string;
  children?: Node[];
  data?: { hName?: string; hProperties?: Record<string, string> };
  url?: string;
};

describe("splitCitations", () => {
  it("splits markers out of text", () => {
    expect(splitCitations("Billed yearly [1][2], see [10].")).toEqual([
      { text: "Billed yearly " },
      { citation: 1 },
      { citation: 2 },
      { text: ", see " },
      { citation: 10 },
      { text: "." },
    ]);
  });

  it("leaves text without markers, and brackets that are not markers, whole", () => {
    expect(splitCitations("No markers [a] [ 1] [1.5]")).toEqual([{ text: "No markers [a] [ 1] [1.5]" }]);
  });
});

describe("remarkCitations", () => {
  it("turns markers in prose into cite elements and leaves code and links alone", () => {
    const tree: Node = {
      type: "root",
      children: [
        {
          type: "paragraph",
          children: [
            { type: "text", value: "Yearly [1] and " },
            { type: "strong", children: [{ type: "text", value: "monthly [2]" }] },
            { type: "inlineCode", value: "array[1]" },
            { type: "link", url: "https://example.com", children: [{ type: "text", value: "see [3]" }] },
          ],
        },
        { type: "code", value: "x[1]" },
      ],
    };
    remarkCitations()(tree);
    const paragraph = tree.children?.[0]?.children ?? [];
    expect(paragraph.map((node) => node.type)).toEqual([
      "text",
      "citation",
      "text",
      "strong",
      "inlineCode",
      "link",
    ]);
    expect(paragraph[1]).toEqual({
      type: "citation",
      data: { hName: "cite", hProperties: { dataCitation: "1" } },
      children: [{ type: "text", value: "[1]" }],
    });
    expect(paragraph[3]?.children?.map((node) => node.type)).toEqual(["text", "citation"]);
    expect(paragraph[5]?.children).toEqual([{ type: "text", value: "see [3]" }]);
    expect(tree.children?.[1]).toEqual({ type: "code", value: "x[1]" });
  });
});
