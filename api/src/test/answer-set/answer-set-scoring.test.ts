// The answer set's judge on worked examples: what counts as holding an expected answer, which parts of an answer are
// claims about a passage, and when a claim is found in it.
import type { ChatMessage } from "@acp/contracts/chat";
import { describe, expect, it } from "vitest";
import {
  claimsOf,
  containsExpected,
  figuresOf,
  judgeAnswer,
  shownText,
  supportedIn,
  unmarkedOf,
} from "./answer-set-scoring";
import type { AnswerSetQuestion } from "./real-world-questions";

describe("containsExpected", () => {
  it("compares after case, punctuation, markers and Markdown escapes", () => {
    expect(containsExpected("The deadline is **September 21, 2020** [1].", "September 21, 2020")).toBe(true);
    expect(containsExpected("Einzelpreis: 1,49 [2]", "1,49")).toBe(true);
    expect(containsExpected("a value of 1\\.5 \\[1\\]", "1.5")).toBe(true);
    expect(containsExpected("Fax: (202) 493–2251.", "202–493–2251")).toBe(true);
    expect(containsExpected("| Huber | 03/07/1907 |", "03/07/1907")).toBe(true);
  });
  it("matches whole words, except in scripts written without spaces", () => {
    expect(containsExpected("It cost 1490 euros.", "1,49")).toBe(false);
    expect(containsExpected("marker [81] only", "81")).toBe(false);
    expect(containsExpected("正式国名是阿富汗伊斯兰共和国。", "阿富汗伊斯兰共和国")).toBe(true);
    expect(containsExpected("в итальянский город Павию, близ Милана", "Павию")).toBe(true);
  });
  it("shows the answer's words without markers", () => {
    expect(shownText("Rollo [1] led \\*them\\* [1, 2].")).toBe("Rollo led *them* .");
  });
});

describe("claimsOf", () => {
  it("takes the block before each marker, not a short answer without one", () => {
    const answer = "**$7,650**\n\n> The FAA estimates the average total cost per operator to be $7,650. [1]";
    expect(claimsOf(answer)).toEqual([
      { text: "The FAA estimates the average total cost per operator to be $7,650.", number: 1 },
    ]);
  });
  it("reads a table above its marker, sentences between markers, and several passages", () => {
    const table = "| Pos | Preis |\n| --- | --- |\n| 33 | 1,49 |\n\n[2]";
    expect(claimsOf(table)).toEqual([{ text: "| Pos | Preis |\n| --- | --- |\n| 33 | 1,49 |", number: 2 }]);
    expect(claimsOf("A is so. [1] B is so. [1, 3]")).toEqual([
      { text: "A is so.", number: 1 },
      { text: "B is so.", number: 1 },
      { text: "B is so.", number: 3 },
    ]);
  });
  it("leaves the unmarked short answer and a language label to unmarkedOf, which drops the label", () => {
    const answer = "**2021-05-03**\n\nQuoted in Polish:\n\n> Termin płatności: 2021-05-03 [1]";
    expect(claimsOf(answer)).toEqual([{ text: "Termin płatności: 2021-05-03", number: 1 }]);
    expect(unmarkedOf(answer)).toEqual(["2021-05-03"]);
  });
  it("keeps escaped brackets, link text and numbers of no passage as text", () => {
    expect(claimsOf("\\[0\\].comments: 42 [1]")).toEqual([{ text: "[0].comments: 42", number: 1 }]);
    expect(claimsOf("items[0].comments: 42 [1]", 6)).toEqual([{ text: "items[0].comments: 42", number: 1 }]);
    expect(claimsOf("see [2](https://example.test) and [9] [2]", 6)).toEqual([
      { text: "see [2](https://example.test) and [9]", number: 2 },
    ]);
  });
});

describe("supportedIn", () => {
  const row =
    "| Pos | Bezeichnung | Einzelpreis, VK | Menge | VKE | Gebraucht |\n| 33 | WAGO 221-413 | 1,49 | 10 | Stück |  |";
  it("finds quotes whole, with whitespace and case aside, and words hyphenated across lines joined", () => {
    expect(
      supportedIn("The valve is in the basement plant room.", "The valve is in the base-\nment plant room."),
    ).toBe(true);
    expect(supportedIn("the  FAA must receive comments", "The FAA must\nreceive comments by")).toBe(true);
  });
  it("accepts a table row re-rendered, a row read with its header, and a label stating no fact", () => {
    expect(supportedIn("33 | WAGO 221-413 | 1,49 | 10 | Stück", row)).toBe(true);
    expect(supportedIn("Einzelpreis, VK: 1,49", row)).toBe(true);
    expect(supportedIn("Quoted in German: 33 | WAGO 221-413 | 1,49", row)).toBe(true);
    expect(supportedIn("Bezeichnung: WAGO 221-413; Einzelpreis, VK: 1,49", row)).toBe(true);
  });
  it("refuses words the passage does not hold, and cells from different rows", () => {
    expect(supportedIn("Unit price: 1,49", row)).toBe(false);
    expect(supportedIn("The valve costs 1,49.", row)).toBe(false);
    expect(supportedIn("Answer 2: 1,49", row)).toBe(false);
    expect(supportedIn("33 | 1,49 | Pos", row)).toBe(false);
  });
});

describe("judgeAnswer", () => {
  const q: AnswerSetQuestion = {
    id: "q",
    question: "What does the WAGO terminal cost?",
    language: "en",
    classes: ["table-row"],
    expected: ["1,49"],
    files: ["parts.xlsx"],
    where: "",
  };
  const source = (number: number, documentName: string, excerpt: string, cited: boolean) => ({
    number,
    chunkId: `c${number}`,
    documentId: `d${number}`,
    documentName,
    location: null,
    excerpt,
    score: 1,
    relevance: 1,
    cited,
  });
  const message = (content: string, sources: ReturnType<typeof source>[]): ChatMessage => ({
    id: "m",
    conversationId: "c",
    role: "assistant",
    content,
    createdAt: new Date(0).toISOString(),
    sources,
    status: "complete",
    model: "grounded-responder",
    promptTokens: null,
    completionTokens: null,
    error: null,
    trace: null,
  });
  it("needs the expected answer and a cited passage of the question's file", () => {
    const right = judgeAnswer(
      q,
      message("1,49 [1]", [source(1, "parts.xlsx", "| WAGO | 1,49 |", true)]),
      0.1,
    );
    expect(right).toMatchObject({ correct: true, abstained: false, cited: ["parts.xlsx"] });
    expect(right.spans).toEqual([{ text: "1,49", number: 1, supported: true }]);
    const wrongFile = judgeAnswer(q, message("1,49 [1]", [source(1, "other.pdf", "1,49", true)]), 0.1);
    expect(wrongFile).toMatchObject({ correct: false, hasExpected: true, rightFile: false });
    const refusal = judgeAnswer(
      { id: "u", question: "?", language: "en", classes: ["unanswerable"], unanswerable: true },
      message("I couldn't find this in the agent's knowledge.", [source(1, "parts.xlsx", "x", false)]),
      0.1,
    );
    expect(refusal).toMatchObject({ correct: true, abstained: true, spans: [] });
    expect(figuresOf([right, wrongFile, refusal])).toEqual({
      answered: { part: 1, whole: 2 },
      declined: { part: 1, whole: 1 },
      spans: { part: 2, whole: 2 },
      unmarked: { part: 0, whole: 0 },
      retrieved: { part: 1, whole: 2 },
    });
  });
});
