// Citation markers in an answer ("[1]", DESIGN 6): a remark plugin that turns each marker in the answer's prose into
// a `cite` element carrying its number, so the renderer can make it a button to the cited passage. Markers inside
// code or inside a link stay text.

/** The part of a Markdown syntax tree (mdast) this plugin reads and writes. */
type MarkdownNode = {
  type: string;
  value?: string;
  children?: MarkdownNode[];
  data?: { hName?: string; hProperties?: Record<string, string> };
};

/** The element a marker becomes and the (hast) property holding its number. */
export const CITATION_ELEMENT = "cite";
export const CITATION_PROPERTY = "dataCitation";

const MARKER = /\[(\d{1,3})\]/g;
/** Where a marker is not a citation: code shows text as written, and a link cannot hold a button. */
const SKIPPED = new Set(["code", "inlineCode", "link", "linkReference", "definition", "html"]);

export type TextPiece = { text: string } | { citation: number };

/** "See [1] and [2]." → text, citation 1, text, citation 2, text. */
export function splitCitations(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ citation: Number(match[1]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

function citationNode(number: number): MarkdownNode {
  return {
    type: "citation",
    // mdast-util-to-hast turns a node with hName into that element, keeping its children.
    data: { hName: CITATION_ELEMENT, hProperties: { [CITATION_PROPERTY]: String(number) } },
    children: [{ type: "text", value: `[${number}]` }],
  };
}

function transform(node: MarkdownNode): void {
  if (!node.children || SKIPPED.has(node.type)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type !== "text" || child.value === undefined) {
      transform(child);
      return [child];
    }
    const pieces = splitCitations(child.value);
    if (pieces.every((piece) => "text" in piece)) return [child];
    return pieces.map((piece) =>
      "text" in piece ? { type: "text", value: piece.text } : citationNode(piece.citation),
    );
  });
}

/** The remark plugin: `remarkPlugins={[remarkGfm, remarkCitations]}`. */
export function remarkCitations() {
  return (tree: MarkdownNode) => transform(tree);
}
