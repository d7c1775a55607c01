// The built-in grounded responder on real documents: verbatim, cited answers; plain abstention; streaming and stop.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { UploadExtension } from "@acp/contracts/knowledge";
import { beforeAll, describe, expect, it } from "vitest";
import { chunkDocument } from "../../ingestion/chunk-document";
import { extractDocument } from "../../ingestion/extract-document";
import type { AnswerRequest, GroundingPassage, HistoryTurn } from "../../providers/chat-model/responder";
import { realWorldFixturesDir } from "../../test/files";
import { analyzeText } from "../../text-search/lexical-analyzer";
import { bm25Idf } from "../retrieval/engine/bm25";
import { NOT_FOUND_ANSWER, wordsOutsidePassages } from "./answering/compose";
import { validateCitations } from "./citations";
import { composeGroundedAnswer, createGroundedResponder } from "./grounded-responder";

const dir = realWorldFixturesDir();

/**
 * Real text (the Federal Register's proposed AD for the Boeing 737 MAX, a public-domain US Government document, as
 * our PDF extraction reads it from federal-register-2020-17221.pdf), for the tests that must run without the shared
 * fixtures.
 */
const FAA_SUMMARY = `SUMMARY: The FAA proposes to
supersede Airworthiness Directive (AD)
2018–23–51, which applies to all The
Boeing Company Model 737–8 and 737–
9 (737 MAX) airplanes. Since AD 2018–
23–51 was issued, the agency has
determined that final corrective action
is necessary to address the unsafe
condition.
DATES: The FAA must receive comments
on this proposed AD by September 21,
2020.`;
const FAA_COSTS = `Costs of Compliance
The FAA estimates that this proposed
AD affects 73 airplanes of U.S. registry.
The FAA estimates the following costs
to comply with this proposed AD.
Therefore, the FAA estimates the
average total cost per operator to be
$7,650 (90 work-hours × $85 per
workhour).`;

const passage = (number: number, text: string, relevance = 1): GroundingPassage => ({
  number,
  text,
  documentName: "federal-register-2020-17221.pdf",
  location: { kind: "page", page: number },
  relevance,
});

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const unescapeCells = (text: string) => text.replace(/\\\|/g, "|");

/**
 * The answer's parts (answering/compose.ts): an optional "Quoted in <language>:" line, an optional short answer, then
 * quotes each followed by its marker. Nothing else may stand in the answer: no added claims, no uncited text.
 */
function partsOf(answer: string): { short: string | null; quotes: { text: string; marker: number }[] } {
  const quotes: { text: string; marker: number }[] = [];
  let short: string | null = null;
  for (const [index, block] of answer.split("\n\n").entries()) {
    const quoted = /^(.+) \[(\d+)\]$/s.exec(block);
    if (quoted) {
      quotes.push({ text: quoted[1] as string, marker: Number(quoted[2]) });
      continue;
    }
    if (index === 0 && /^Quoted in \p{L}+:$/u.test(block)) continue;
    expect(short, `only one unquoted block, the short answer, before the quotes: ${block}`).toBeNull();
    expect(quotes).toEqual([]);
    short = block;
  }
  return { short, quotes };
}
const quotesOf = (answer: string) => partsOf(answer).quotes;

/** Every quote is a passage's own words, cited with that passage's number; the short answer's words are the passage's. */
function expectGrounded(answer: string, passages: readonly GroundingPassage[]) {
  const { short, quotes } = partsOf(answer);
  expect(quotes.length).toBeGreaterThan(0);
  expect(quotes.length).toBeLessThanOrEqual(2);
  for (const quote of quotes) {
    const source = passages.find((p) => p.number === quote.marker);
    expect(source, `marker [${quote.marker}] names a given passage`).toBeDefined();
    const text = unescapeCells(collapse(source?.text ?? ""));
    // A row's cells are quoted as "field: value; field: value": each field and value stands in the passage.
    const pieces = /^[^:;]+: [^;]+(?:; [^:;]+: [^;]+)+$/.test(quote.text)
      ? quote.text.split("; ").flatMap((piece) => piece.split(": "))
      : [quote.text];
    for (const piece of pieces) expect(text).toContain(collapse(piece));
  }
  if (short !== null) {
    const cited = passages.filter((p) => quotes.some((quote) => quote.marker === p.number));
    expect(wordsOutsidePassages(short, cited)).toEqual([]);
  }
  const validated = validateCitations(answer, passages.length);
  expect(validated.content).toBe(answer);
  expect(validated.cited.length).toBeGreaterThan(0);
}

const expectAbstained = (answer: string) => {
  expect(answer.startsWith("I couldn't find this in the agent's knowledge.")).toBe(true);
  expect(answer).not.toMatch(/\[\d+\]/);
};

function answer(
  question: string,
  passages: readonly GroundingPassage[],
  history: HistoryTurn[] = [],
): string {
  return composeGroundedAnswer({ question, history, passages }).content;
}

describe("grounded responder: choosing and citing sentences", () => {
  const passages = [passage(1, FAA_SUMMARY), passage(2, FAA_COSTS, 0.7)];

  it("answers with the passages' own sentences, each followed by its passage's marker", () => {
    const text = answer("When must the FAA receive comments?", passages);
    expect(text).toBe(
      "September 21, 2020\n\nDATES: The FAA must receive comments on this proposed AD by September 21, 2020. [1]",
    );
    expectGrounded(text, passages);
  });

  it("picks the sentence that holds the kind of answer asked for", () => {
    const text = answer("What is the average total cost per operator?", passages);
    expect(text).toContain("$7,650");
    expect(text).toMatch(/\[2\]$/);
    expectGrounded(text, passages);
    const count = answer("How many airplanes of U.S. registry are affected?", passages);
    expect(count).toBe(
      "73 airplanes\n\nThe FAA estimates that this proposed AD affects 73 airplanes of U.S. registry. [2]",
    );
  });

  it("abstains when the passages do not answer, although retrieval returned them", () => {
    expectAbstained(answer("What is our parental leave policy?", passages));
    expectAbstained(answer("What was last quarter's revenue?", passages));
    expectAbstained(answer("What dose of ibuprofen is safe?", passages));
    // The passages do talk about cost, but not about this: the rare term ("subscription") is missing.
    expectAbstained(answer("What does the subscription cost?", passages));
  });

  it("says plainly it could not find anything when no passages were found", () => {
    expect(answer("What is the comment deadline?", [])).toBe(NOT_FOUND_ANSWER);
  });

  it("names the documents it searched when they touched the question, without citing them", () => {
    const text = answer("What is the safe dose of the airplanes' ibuprofen?", passages);
    expectAbstained(text);
    expect(text).toContain("“federal-register-2020-17221.pdf”");
  });

  it("does not repeat a sentence that overlapping passages both hold", () => {
    const overlapping = [passage(1, FAA_SUMMARY), passage(2, FAA_SUMMARY.split("\n").slice(5).join("\n"))];
    const text = answer("When must comments on the proposed AD be received by the FAA?", overlapping);
    expect(quotesOf(text).filter((quote) => quote.text.includes("September 21"))).toHaveLength(1);
  });

  it("reads a table row with its header and leads with the cell the question asks for, named by its column", () => {
    const sheet = passage(
      1,
      "Sheet: Sheet2\n| Monitor | | Brand | | inlineStr |\n| > 23 Inch | 19 | HP | 200 |\n| 20-23 Inch | 24 | DELL | 450 |\n| 17-20 Inch | 56 | Lenove | 200 |",
    );
    const text = answer("Which monitor size is the Lenove brand?", [sheet]);
    expect(text).toBe("Monitor: 17-20 Inch\n\nBrand: Lenove; Monitor: 17-20 Inch [1]");
    expectGrounded(text, [sheet]);
  });

  it("quotes as written, without Markdown escapes (API callers read the text as it is)", () => {
    const notes = passage(1, "# Release notes\nThe *beta* flag is set in config_file before launch.");
    const text = answer("What is set in config_file before launch?", [notes]);
    expect(text).toBe("The *beta* flag is set in config_file before launch. [1]");
    expect(validateCitations(text, 1)).toEqual({ content: text, cited: [1] });
    expectGrounded(text, [notes]);
  });

  it("keeps answers short: one or two units", () => {
    const long = passage(
      1,
      Array.from(
        { length: 30 },
        (_, i) =>
          `The FAA estimates that operators will need ${i + 2} work-hours for compliance task ${i + 1}.`,
      ).join(" "),
    );
    const text = answer("How many work-hours does the FAA estimate for compliance?", [long]);
    expect(quotesOf(text).length).toBeLessThanOrEqual(2);
    expect(text.split(/\s+/).length).toBeLessThanOrEqual(60);
    expectGrounded(text, [long]);
  });
});

describe("grounded responder: streaming", () => {
  const passages = [passage(1, FAA_SUMMARY), passage(2, FAA_COSTS)];

  function request(overrides: Partial<AnswerRequest> = {}): AnswerRequest & { pieces: string[] } {
    const pieces: string[] = [];
    return {
      systemPrompt: "You answer questions about airworthiness directives.",
      history: [],
      question: "What does the FAA estimate about operators, airplanes and costs?",
      passages,
      model: null,
      temperature: 0.2,
      signal: new AbortController().signal,
      onToken: (text) => pieces.push(text),
      pieces,
      ...overrides,
    };
  }

  it("streams the answer in pieces that add up to it, with estimated token counts", async () => {
    const responder = createGroundedResponder();
    expect(responder.info).toEqual({ provider: "offline", model: "grounded-responder", offline: true });
    const req = request();
    const result = await responder.answer(req);
    expect(req.pieces.length).toBeGreaterThan(3);
    expect(req.pieces.join("")).toBe(result.content);
    expect(result.content).toBe(composeGroundedAnswer(req).content);
    expect(result).toMatchObject({ model: "grounded-responder", stopped: false });
    expect(result.promptTokens).toBeGreaterThan(100);
    expect(result.completionTokens).toBeGreaterThan(10);
    expectGrounded(result.content, passages);
  });

  it("stops mid-answer and resolves with what it wrote so far", async () => {
    const stop = new AbortController();
    const req = request({ signal: stop.signal });
    req.onToken = (text) => {
      req.pieces.push(text);
      if (req.pieces.length === 2) stop.abort();
    };
    const full = composeGroundedAnswer(req).content;
    const result = await createGroundedResponder().answer(req);
    expect(result.stopped).toBe(true);
    expect(req.pieces).toHaveLength(2);
    expect(result.content).toBe(req.pieces.join(""));
    expect(full.startsWith(result.content)).toBe(true);
    expect(result.content.length).toBeLessThan(full.length);
  });

  it("streams the plain not-found answer too", async () => {
    const req = request({ question: "What is our parental leave policy?" });
    const result = await createGroundedResponder().answer(req);
    expectAbstained(result.content);
    expect(req.pieces.join("")).toBe(result.content);
  });
});

/** Top passages by BM25 over a document's chunks, as retrieval would hand them over (relevance: share of the best). */
function retrieve(chunks: readonly { text: string; location: GroundingPassage["location"] }[], name: string) {
  const analyzed = chunks.map((chunk) => ({ chunk, analysis: analyzeText(chunk.text) }));
  const average = analyzed.reduce((sum, a) => sum + a.analysis.length, 0) / Math.max(1, analyzed.length);
  return (question: string, topK = 6): GroundingPassage[] => {
    const terms = Object.keys(analyzeText(question).termCounts);
    const scored = analyzed.map(({ chunk, analysis }) => {
      let score = 0;
      for (const term of terms) {
        const tf = analysis.termCounts[term] ?? 0;
        if (tf === 0) continue;
        const df = analyzed.filter((a) => (a.analysis.termCounts[term] ?? 0) > 0).length;
        score +=
          (bm25Idf(analyzed.length, df) * tf * 1.9) / (tf + 0.9 * (0.6 + (0.4 * analysis.length) / average));
      }
      return { chunk, score };
    });
    scored.sort((a, b) => b.score - a.score);
    const best = scored[0]?.score || 1;
    return scored.slice(0, topK).map(({ chunk, score }, index) => ({
      number: index + 1,
      text: chunk.text,
      documentName: name,
      location: chunk.location,
      relevance: score / best,
    }));
  };
}

async function fixtureRetriever(name: string) {
  const bytes = new Uint8Array(await readFile(path.join(dir as string, name)));
  const doc = await extractDocument(bytes, {
    fileName: name,
    format: path.extname(name).slice(1) as UploadExtension,
  });
  return retrieve(chunkDocument(doc), name);
}

describe.skipIf(dir === null)("grounded responder on real documents (shared fixtures)", () => {
  let faa: (question: string) => GroundingPassage[];
  let licenses: (question: string) => GroundingPassage[];
  let incident: (question: string) => GroundingPassage[];
  let monitors: (question: string) => GroundingPassage[];

  beforeAll(async () => {
    [faa, licenses, incident, monitors] = await Promise.all([
      fixtureRetriever("federal-register-2020-17221.pdf"),
      fixtureRetriever("license-table.doc"),
      fixtureRetriever("rail-incident-multiline.csv"),
      fixtureRetriever("two-sheets-book1.xlsx"),
    ]);
  }, 60_000);

  const answerable: [string, () => (q: string) => GroundingPassage[], string][] = [
    ["When must the FAA receive comments?", () => faa, "September 21, 2020"],
    ["How many airplanes of U.S. registry does this AD affect?", () => faa, "73 airplanes"],
    ["What is the estimated average total cost per operator?", () => faa, "$7,650"],
    ["Why is the BSD license popular?", () => licenses, "flexibility it allows its licensees"],
    ["Which station was the person struck by a train at?", () => incident, "Pembrey and Burry Port station"],
    ["Were the person's injuries disclosed?", () => incident, "have not been disclosed"],
    ["Which brand has 450 monitors?", () => monitors, "DELL"],
  ];
  for (const [question, retriever, fact] of answerable) {
    it(`answers "${question}" with cited sentences of the document`, () => {
      const passages = retriever()(question);
      const text = answer(question, passages);
      expect(text).toContain(fact);
      expectGrounded(text, passages);
    });
  }

  it("answers a follow-up that only names the kind of answer from the conversation's subject, not any amount", () => {
    const history: HistoryTurn[] = [{ role: "user", content: "Tell me about the Zephyr X200 wind turbine." }];
    const question = "And what about its price?";
    const passages: GroundingPassage[] = [
      {
        number: 1,
        text: "The Zephyr X200 wind turbine is our flagship for coastal sites. It produces 2.5 megawatts.\n\nThe Zephyr X200 costs 1,850,000 EUR per unit, installation included.",
        documentName: "zephyr.txt",
        location: null,
        relevance: 0.8,
      },
      {
        number: 2,
        text: "The Harbor Pump HP-9 costs 42,000 EUR per unit.",
        documentName: "harbor.txt",
        location: null,
        relevance: 0.5,
      },
    ];
    const text = answer(question, passages, history);
    expect(text).toContain("The Zephyr X200 costs 1,850,000 EUR per unit, installation included.");
    expect(text).not.toContain("42,000");
    expect(text).not.toContain("2.5 megawatts");
    // Without the conversation, "its price" has no subject: nothing says whose price it is.
    expectAbstained(answer(question, passages, []));
  });

  const unanswerable = [
    "What is our parental leave policy?",
    "What was last quarter's revenue?",
    "What dose of ibuprofen is safe?",
    "Who is our head of marketing?",
    "When is the next board meeting?",
  ];
  for (const question of unanswerable) {
    it(`abstains on "${question}" although each document returns passages for it`, () => {
      for (const retriever of [faa, licenses, incident, monitors]) {
        const passages = retriever(question);
        expect(passages.length).toBeGreaterThan(0);
        expectAbstained(answer(question, passages));
      }
    });
  }
});
