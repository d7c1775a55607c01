// How an answer reads: the chosen sentences quoted with their passage markers, or the "not found" that names what was searched.
import type { GroundingPassage } from "../../providers/chat-model/responder";
import type { PassageSentence } from "./passage-sentences";
import { type Candidate, collapse } from "./sentence-selection";

export const NOT_FOUND_ANSWER =
  "I couldn't find this in the agent's knowledge. Try rephrasing the question, or add a document that covers it.";

/** Backslash-escapes what Markdown would read as markup, so a quote renders as the words it is. */
function escapeMarkdown(text: string, kind: PassageSentence["kind"]): string {
  if (kind === "row") return text.replace(/[`*_[\]<~]/g, "\\$&");
  const escaped = text.replace(/[\\`*_[\]<~]/g, "\\$&");
  // Only the start of a paragraph can open a heading, list, quote or table.
  return escaped.replace(
    /^(?:[#>+=|-]|(\d+)([.)]))/,
    (match, digits: string | undefined, mark: string | undefined) =>
      digits !== undefined ? `${digits}\\${mark}` : `\\${match}`,
  );
}

/** Groups by passage (the group of the best sentence first), document order inside a group, a marker per quote. */
export function renderQuotes(chosen: readonly Candidate[]): string {
  const groups: Candidate[][] = [];
  for (const candidate of chosen) {
    const group = groups.find((g) => g[0]?.rank === candidate.rank);
    if (group) group.push(candidate);
    else groups.push([candidate]);
  }
  const blocks: string[] = [];
  for (const group of groups) {
    group.sort((a, b) => a.order - b.order);
    const marker = `[${group[0]?.passage.number}]`;
    let prose: string[] = [];
    let rows: Candidate[] = [];
    const flushProse = () => {
      if (prose.length > 0) blocks.push(prose.join(" "));
      prose = [];
    };
    const flushRows = () => {
      const first = rows[0];
      if (!first) return;
      // A table's rows are shown as a table under their header, the marker under the table.
      const header = collapse(first.unit.header ?? "");
      const columns = Math.max(1, header.split(/(?<!\\)\|/).length - 2);
      const lines = [escapeMarkdown(header, "row"), `|${" --- |".repeat(columns)}`];
      for (const row of rows) lines.push(escapeMarkdown(row.quote, "row"));
      blocks.push(`${lines.join("\n")}\n\n${marker}`);
      rows = [];
    };
    for (const candidate of group) {
      if (candidate.unit.kind === "row" && candidate.unit.header) {
        flushProse();
        if (rows[0] && rows[0].unit.header !== candidate.unit.header) flushRows();
        rows.push(candidate);
      } else {
        flushRows();
        prose.push(`${escapeMarkdown(candidate.quote, candidate.unit.kind)} ${marker}`);
      }
    }
    flushProse();
    flushRows();
  }
  return blocks.join("\n\n");
}

/** The plain "not found", naming the documents searched when some of them at least touched the question. */
export function abstention(passages: readonly GroundingPassage[], touched: readonly Candidate[]): string {
  const names = [...new Set(touched.map((candidate) => candidate.passage.documentName))]
    .slice(0, 3)
    .map((name) => escapeMarkdown(collapse(name), "prose"));
  if (names.length === 0 || passages.length === 0) return NOT_FOUND_ANSWER;
  const list =
    names.length === 1
      ? `“${names[0]}”`
      : `${names
          .slice(0, -1)
          .map((name) => `“${name}”`)
          .join(", ")} and “${names.at(-1)}”`;
  return `I couldn't find this in the agent's knowledge. I looked through ${list}, but ${
    names.length === 1 ? "it doesn't" : "they don't"
  } answer this question. Try rephrasing it, or add a document that covers it.`;
}
