// The streamed citation check: however an answer is cut into pieces, what it passes on adds up to the whole answer checked.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateCitations } from "../chat/citations";
import { createCitationStream } from "./streamed-citations";

function streamed(pieces: readonly string[], passageCount: number): { text: string; released: string[] } {
  const stream = createCitationStream(passageCount);
  const released = pieces.map((piece) => stream.push(piece));
  released.push(stream.end());
  return { text: released.join(""), released };
}

/** Cuts `text` at the given fractions (sorted, deduplicated) into consecutive pieces. */
function cut(text: string, fractions: readonly number[]): string[] {
  const points = [...new Set(fractions.map((f) => Math.floor(f * text.length)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let last = 0;
  for (const point of [...points, text.length]) {
    if (point > last) pieces.push(text.slice(last, point));
    last = Math.max(last, point);
  }
  return pieces;
}

const fragment = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom("The plan", "costs", "49 EUR", "per seat", "a", "month", "Heron", "x"),
  },
  { weight: 3, arbitrary: fc.constantFrom(" ", " ", "  ", "\t", "\n", "\n\n", ".", ",", ":", "(", ")") },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "[1]",
      "[2]",
      "[9]",
      "[1, 3]",
      "[2-4]",
      "[1 and 9]",
      "[Passage 2]",
      "[source 7]",
      "【1】",
      "[2020]",
      "[see appendix]",
      "\\[1\\]",
      "[1](https://example.test)",
      "[",
      "]",
      "【",
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom("`", "``", "```", "`[9]`", "```\n[9] code\n```") },
);

const answer = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(""));

describe("createCitationStream", () => {
  it("passes on a plain answer piece by piece, a marker once it is complete", () => {
    const { text, released } = streamed(["The Falcon plan ", "costs 49 EUR [", "1]", " per seat."], 2);
    expect(text).toBe("The Falcon plan costs 49 EUR [1] per seat.");
    expect(released[0]).toBe("The Falcon plan");
    expect(released[1]).toBe(" costs 49 EUR");
    expect(released[2]).toBe("");
    expect(released[3]).toBe(" [1] per seat.");
  });

  it("drops a marker to a passage that was not given, with the space before it", () => {
    expect(streamed(["Billed yearly ", "[9", "].", " Done [1]."], 1).text).toBe("Billed yearly. Done [1].");
    expect(streamed(["Seats [1", ", 9]", " cost more."], 2).text).toBe("Seats [1] cost more.");
  });

  it("leaves markers in code alone, even when the closing backtick comes later", () => {
    expect(streamed(["Use `[9", "]` as written [9]."], 1).text).toBe("Use `[9]` as written.");
  });

  it("adds up to the whole answer checked, however it is cut", () => {
    fc.assert(
      fc.property(
        answer,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 5 }),
        (text, fractions, passageCount) => {
          const expected = validateCitations(text, passageCount).content;
          expect(streamed(cut(text, fractions), passageCount).text).toBe(expected);
          expect(streamed([...text], passageCount).text).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("holds back little: a long answer without markers streams as it comes", () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i} `);
    const { released } = streamed(words, 3);
    // Each word but its trailing space is passed on when it arrives.
    expect(released.slice(0, 200).every((piece, i) => piece.includes(`word${i}`))).toBe(true);
  });
});
