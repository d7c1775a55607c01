// The built-in chat model (offline mode, DESIGN 6): answers by quoting the retrieved passages' most relevant sentences.
import type { ChatModelInfo } from "@acp/contracts/chat";
import { contextTerms } from "./contextual-query";
import { type PassageSentence, splitPassage } from "./passage-sentences";
import { stemSet } from "./question-terms";
import type { AnswerRequest, AnswerResult, GroundingPassage, HistoryTurn, Responder } from "./responder";
import { estimatePromptTokens, estimateTextTokens } from "./token-estimate";

/*
 * Extractive, so it can only say what the documents say: every sentence of an answer is a sentence of a passage, as
 * written there (line breaks become spaces, Markdown's special characters are escaped), followed by its passage's
 * marker. Nothing is paraphrased and no connective text is added.
 *
 * How sentences are chosen. The question's content terms (our analyzer's stems, stop words and request scaffolding
 * removed) are weighted by how rare they are among the passages' sentences (an IDF: a term no passage has weighs
 * most). A sentence scores the weighted share of those terms it holds (a table row also holds its header's), scaled
 * by its passage's relevance, its position (earlier sentences of a passage slightly first), its length, whether it
 * has the kind of answer the question asks for, and for a follow-up how much of the conversation's subject it holds
 * (contextual-query.ts; a follow-up with no terms of its own, "tell me more about that", is judged on the subject).
 * The best ones are taken, near-duplicates (overlapping chunks repeat sentences) dropped, up to MAX_SENTENCES and
 * MAX_CHARS, then grouped by passage and put back in document order.
 *
 * When it abstains. Retrieval returns passages for any question, so an answer has to be earned: at least one passage
 * must, with its best few sentences, (a) hold COVERAGE_THRESHOLD of the question's weighted terms, (b) miss at most one
 * in four of the question's own terms (none of a question with three terms or fewer), and (c) for a question asking
 * how much / when / who / where, hold a number / a date or time / a name / a place. Otherwise it says it could not
 * find the answer, naming the documents it searched when some of them at least touched the question.
 */

export const GROUNDED_RESPONDER_INFO: ChatModelInfo = {
  provider: "offline",
  model: "grounded-responder",
  offline: true,
};

export const MAX_SENTENCES = 5;
export const MAX_CHARS = 900;
export const COVERAGE_THRESHOLD = 0.6;
/** A sentence after the first must score this share of the best one, and hold this share of its terms' weight. */
const FOLLOWER_SCORE_SHARE = 0.6;
const FOLLOWER_COVERAGE_SHARE = 0.75;
/** ... and, from a passage that does not answer on its own, this share of the best score. */
const OUTSIDER_SCORE_SHARE = 0.85;
/** Sentences per passage that are judged together (a passage answers with its best few, not its whole text). */
const JUDGED_PER_PASSAGE = 3;
/** A single unit longer than this is never quoted (a run of text with no sentence ends, e.g. a broken PDF layout). */
const MAX_UNIT_CHARS = 700;
/** How much of a sentence's score the conversation's subject decides, for a follow-up with terms of its own. */
const CONTEXT_SHARE = 0.3;
/** ... and for a follow-up whose own words only ask for a kind of answer ("what about its price?"). */
const TYPE_ONLY_CONTEXT_SHARE = 0.6;

export const NOT_FOUND_ANSWER =
  "I couldn't find this in the agent's knowledge. Try rephrasing the question, or add a document that covers it.";

/** What kind of answer a question asks for: a sentence without one does not answer it. */
type AnswerType = "money" | "quantity" | "time" | "person" | "place";

const ANSWER_TYPE_PATTERNS: [AnswerType, RegExp][] = [
  // Checked first: a question about a price is answered by an amount of money, not by any number.
  [
    "money",
    /\b(?:prices?|pricing|priced|costs?|costing|fees?|revenues?|income|profits?|salary|salaries|budgets?|spend|spending|turnover|earnings)\b/i,
  ],
  [
    "quantity",
    /\bhow (?:much|many|long|often|far|big|large|old|tall|heavy|fast)\b|\b(?:prices?|pricing|priced|costs?|costing|fees?|revenues?|income|profits?|salary|salaries|budgets?|amount|percentage|percent|dose|dosage|quantity|margins?|spend|spending|turnover|earnings)\b|\bnumber of\b/i,
  ],
  [
    "time",
    /^\s*(?:and\s+)?when\b|\b(?:what|which) (?:date|day|time|year|month|week|quarter)\b|\bdeadlines?\b|\bdue date\b|\bhow soon\b|\bby when\b/i,
  ],
  ["person", /^\s*(?:and\s+)?who\b|\bwhose\b|\bwhom\b|\b(?:which|what) (?:person|people|team|manager)\b/i],
  ["place", /^\s*(?:and\s+)?where\b/i],
];

const NUMBER_WORDS =
  /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|double|twice)\b/i;
const MONTHS =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;
/** Dates, times, durations and recurring periods: "September 21, 2020", "14:30", "within 30 days", "annually". */
const TIME_EXPRESSIONS = [
  /\b(?:19|20)\d{2}\b/,
  /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b/,
  /\b\d{1,2}:\d{2}\b/,
  /\b\d{1,2}\s?(?:a\.?m|p\.?m)\b/i,
  /\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|thirty|sixty|ninety|several|few)[\s-]+(?:(?:business|working|calendar)\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|quarters?|years?)\b/i,
  /\b(?:today|tomorrow|yesterday|annual(?:ly)?|yearly|monthly|weekly|daily|quarterly|q[1-4]|deadline|date|dates|noon|midnight|morning|evening|weekends?|weekdays?)\b/i,
];
const ROLE_WORDS =
  /\b(?:ceo|cfo|cto|coo|founder|co-founder|manager|director|officer|head|lead|owner|president|chair(?:man|woman|person)?|committee|board|team|department|administrator|administration|agency|authority|inc|ltd|llc|gmbh)\b/i;
const PLACE_WORDS =
  /\b(?:office|street|st|road|avenue|city|country|building|floor|room|address|located|headquarters|region|site|portal|website|online|https?:\/\/\S+)\b/i;

/** Whether every one of these terms is a word that asks for a kind of answer ("price", "cost", "deadline"). */
function namesOnlyAnswerType(terms: readonly { word: string }[]): boolean {
  return terms.every((term) => ANSWER_TYPE_PATTERNS.some(([, pattern]) => pattern.test(term.word)));
}

function answerTypeOf(question: string): AnswerType | null {
  for (const [type, pattern] of ANSWER_TYPE_PATTERNS) if (pattern.test(question)) return type;
  return null;
}

/** A capitalised word that does not open the sentence, or an acronym: what names look like in English text. */
function hasNameLikeWord(text: string): boolean {
  const words = text.split(/\s+/).slice(1);
  return words.some((word) => /^["'“(]?\p{Lu}[\p{L}\p{M}'’.-]*/u.test(word)) || /\b\p{Lu}{2,}\b/u.test(text);
}

/** An amount of money: a currency sign or code beside a number, or a number of dollars / euros / pounds. */
const MONEY =
  /[$€£¥₹]\s?\d|\d\s?[$€£¥₹]|\b(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|CNY)\s?\d|\d[\d,.\s]*\s?(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|CNY)\b|\d[\d,.]*\s+(?:(?:thousand|million|billion)\s+)?(?:dollars?|euros?|pounds?|cents?|yen)\b/i;

function hasAnswerType(text: string, type: AnswerType): boolean {
  switch (type) {
    case "money":
      return MONEY.test(text);
    case "quantity":
      return /\d/.test(text) || NUMBER_WORDS.test(text) || /[$€£¥₹%]/.test(text);
    case "time":
      return MONTHS.test(text) || TIME_EXPRESSIONS.some((pattern) => pattern.test(text));
    case "person":
      return hasNameLikeWord(text) || ROLE_WORDS.test(text);
    case "place":
      return hasNameLikeWord(text) || PLACE_WORDS.test(text);
  }
}

/** One quotable unit of one passage with what it is matched on. */
type Candidate = {
  passage: GroundingPassage;
  /** Index of the passage in the request (its rank: best first). */
  rank: number;
  unit: PassageSentence;
  /** Its order within the passage. */
  order: number;
  /** The unit as quoted: whitespace collapsed. */
  quote: string;
  stems: Set<string>;
  coverage: number;
  score: number;
};

type WeightedTerm = { stem: string; weight: number };

const QUOTABLE_KINDS = new Set(["prose", "field", "row"]);

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** Backslash-escapes what Markdown would read as markup, so a quote renders as the words it is. */
export function escapeMarkdown(text: string, kind: PassageSentence["kind"]): string {
  if (kind === "row") return text.replace(/[`*_[\]<~]/g, "\\$&");
  const escaped = text.replace(/[\\`*_[\]<~]/g, "\\$&");
  // Only the start of a paragraph can open a heading, list, quote or table.
  return escaped.replace(
    /^(?:[#>+=|-]|(\d+)([.)]))/,
    (match, digits: string | undefined, mark: string | undefined) =>
      digits !== undefined ? `${digits}\\${mark}` : `\\${match}`,
  );
}

/** Near-duplicates: overlapping chunks repeat sentences, and a sentence is not worth saying twice. */
function isNearDuplicate(a: Candidate, b: Candidate): boolean {
  if (a.quote === b.quote) return true;
  if (a.stems.size === 0 || b.stems.size === 0) return false;
  let shared = 0;
  for (const stem of a.stems) if (b.stems.has(stem)) shared += 1;
  const smaller = Math.min(a.stems.size, b.stems.size);
  // The same statement in other words around it ("Comments Due Date The FAA must receive comments ... by ...").
  if (smaller >= 4 && shared / smaller >= 0.85) return true;
  return shared / (a.stems.size + b.stems.size - shared) >= 0.8;
}

type Composed = {
  content: string;
  /** True when the passages were judged not to answer the question. */
  abstained: boolean;
};

/**
 * The whole answer for a question and its passages (see the module comment), before streaming. Exported so the
 * choice of sentences can be tested apart from the streaming.
 */
export function composeGroundedAnswer(input: {
  question: string;
  history: readonly HistoryTurn[];
  passages: readonly GroundingPassage[];
}): Composed {
  const { passages } = input;
  if (passages.length === 0) return { content: NOT_FOUND_ANSWER, abstained: true };
  const terms = contextTerms(input.history, input.question);

  const candidates: Candidate[] = [];
  const allUnits: Set<string>[] = [];
  for (const [rank, passage] of passages.entries()) {
    const units = splitPassage(passage.text);
    const headerStems = new Map<string, Set<string>>();
    for (const [order, unit] of units.entries()) {
      const stems = stemSet(unit.text);
      allUnits.push(stems);
      if (unit.kind === "header") headerStems.set(unit.text, stems);
      if (!QUOTABLE_KINDS.has(unit.kind) || unit.text.length > MAX_UNIT_CHARS) continue;
      // Dot leaders belong to a table of contents or a table flattened into text: not a sentence to quote. A question
      // (an FAQ's, a heading's) repeats what was asked rather than answering it.
      if (/\.{4,}|…{2,}|(?:\. ){3,}/.test(unit.text) || /\?["'”’)]*$/.test(unit.text)) continue;
      // A row is read with its header: "price" in the header and "Pro" in the row answer "the Pro plan's price".
      const matched = unit.header ? new Set([...stems, ...(headerStems.get(unit.header) ?? [])]) : stems;
      candidates.push({
        passage,
        rank,
        unit,
        order,
        quote: collapse(unit.text),
        stems: matched,
        coverage: 0,
        score: 0,
      });
    }
  }

  // IDF over every unit of every passage; a term found nowhere is the rarest of all.
  const unitCount = allUnits.length;
  const idf = (stem: string) => {
    let df = 0;
    for (const stems of allUnits) if (stems.has(stem)) df += 1;
    return Math.log(1 + (unitCount + 1) / (df + 0.5));
  };
  // What an answer must hold: the question's own terms, or for a question with none of its own ("tell me more about
  // that") the subject it borrowed. Borrowed terms beside the question's own only rank sentences (CONTEXT_SHARE).
  const toWeighted = (list: readonly { stem: string }[]) =>
    list.map((term): WeightedTerm => ({ stem: term.stem, weight: idf(term.stem) }));
  const required = toWeighted(terms.question.length > 0 ? terms.question : terms.borrowed);
  const context = terms.question.length > 0 ? toWeighted(terms.borrowed) : [];
  const sum = (list: readonly WeightedTerm[], held: (stem: string) => boolean) =>
    list.reduce((total, term) => total + (held(term.stem) ? term.weight : 0), 0);
  const requiredWeight = sum(required, () => true);
  const contextWeight = sum(context, () => true);
  if (requiredWeight === 0) return abstain(passages, []);

  const answerType = answerTypeOf(input.question);
  // A follow-up whose own words only name the kind of answer ("and what about its price?"): a sentence holding that
  // kind of answer (an amount) holds those words ("costs 1,850,000 EUR" answers "price"), and the conversation's
  // subject weighs more, since it is all the question is about.
  const typeOnlyFollowUp = answerType !== null && context.length > 0 && namesOnlyAnswerType(terms.question);
  if (typeOnlyFollowUp) {
    for (const candidate of candidates) {
      if (!hasAnswerType(candidate.quote, answerType)) continue;
      candidate.stems = new Set([...candidate.stems, ...required.map((term) => term.stem)]);
    }
  }
  const contextShare = typeOnlyFollowUp ? TYPE_ONLY_CONTEXT_SHARE : CONTEXT_SHARE;
  const unitsPerPassage = new Map<number, number>();
  for (const candidate of candidates)
    unitsPerPassage.set(candidate.rank, (unitsPerPassage.get(candidate.rank) ?? 0) + 1);
  for (const candidate of candidates) {
    const holds = (stem: string) => candidate.stems.has(stem);
    candidate.coverage = sum(required, holds) / requiredWeight;
    const onSubject =
      contextWeight > 0 ? 1 - contextShare + (contextShare * sum(context, holds)) / contextWeight : 1;
    const relevance = Math.min(1, Math.max(0, candidate.passage.relevance));
    const count = unitsPerPassage.get(candidate.rank) ?? 1;
    const position = count > 1 ? candidate.order / (count - 1) : 0;
    const words = candidate.quote.split(" ").length;
    const length = words < 4 && candidate.unit.kind === "prose" ? 0.6 : words > 60 ? 0.8 : 1;
    const fits = answerType && hasAnswerType(candidate.quote, answerType) ? 1.15 : 1;
    candidate.score =
      candidate.coverage *
      onSubject *
      (0.75 + 0.25 * relevance) *
      (1 - 0.1 * Math.min(1, position)) *
      length *
      fits;
  }
  const relevant = candidates.filter((candidate) => candidate.coverage > 0);
  if (relevant.length === 0) return abstain(passages, []);

  // The judgement, passage by passage (see the module comment).
  const allowedMissing = Math.floor(required.length / 4);
  const answering = new Set<number>();
  for (const rank of new Set(relevant.map((candidate) => candidate.rank))) {
    const best = relevant
      .filter((candidate) => candidate.rank === rank)
      .sort((a, b) => b.score - a.score)
      .slice(0, JUDGED_PER_PASSAGE);
    const held = new Set<string>();
    for (const candidate of best) for (const stem of candidate.stems) held.add(stem);
    const coverage = sum(required, (stem) => held.has(stem)) / requiredWeight;
    const missing = required.filter((term) => !held.has(term.stem)).length;
    const typed = !answerType || best.some((candidate) => hasAnswerType(candidate.quote, answerType));
    // Such a follow-up is answered by a passage on the conversation's subject, not by any amount anywhere.
    const onSubject = !typeOnlyFollowUp || sum(context, (stem) => held.has(stem)) > 0;
    if (coverage >= COVERAGE_THRESHOLD && missing <= allowedMissing && typed && onSubject)
      answering.add(rank);
  }
  if (answering.size === 0) return abstain(passages, relevant);

  // The answering passages' sentences first; other passages may add a sentence that scores as well. A question after
  // a fact (how much, when, who, where) is answered only by sentences that hold one, the first one included.
  const ordered = (
    answerType ? relevant.filter((c) => hasAnswerType(c.quote, answerType)) : relevant
  ).toSorted(
    (a, b) =>
      Number(answering.has(b.rank)) - Number(answering.has(a.rank)) || b.score - a.score || a.rank - b.rank,
  );
  const chosen: Candidate[] = [];
  let chars = 0;
  const first = ordered[0] as Candidate;
  for (const candidate of ordered) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (chosen.length > 0) {
      const share = answering.has(candidate.rank) ? FOLLOWER_SCORE_SHARE : OUTSIDER_SCORE_SHARE;
      if (candidate.score < first.score * share) continue;
      if (candidate.coverage < first.coverage * FOLLOWER_COVERAGE_SHARE) continue;
      // A question after a fact (how much, when, who, where) is answered by sentences that hold one.
      if (answerType && !hasAnswerType(candidate.quote, answerType)) continue;
      if (chars + candidate.quote.length > MAX_CHARS) continue;
    }
    if (chosen.some((other) => isNearDuplicate(other, candidate))) continue;
    chosen.push(candidate);
    chars += candidate.quote.length;
  }
  return { content: render(chosen), abstained: false };
}

/** Groups by passage (the group of the best sentence first), document order inside a group, a marker per quote. */
function render(chosen: readonly Candidate[]): string {
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
function abstain(passages: readonly GroundingPassage[], touched: readonly Candidate[]): Composed {
  const names = [...new Set(touched.map((candidate) => candidate.passage.documentName))]
    .slice(0, 3)
    .map((name) => escapeMarkdown(collapse(name), "prose"));
  if (names.length === 0 || passages.length === 0) return { content: NOT_FOUND_ANSWER, abstained: true };
  const list =
    names.length === 1
      ? `“${names[0]}”`
      : `${names
          .slice(0, -1)
          .map((name) => `“${name}”`)
          .join(", ")} and “${names.at(-1)}”`;
  const content = `I couldn't find this in the agent's knowledge. I looked through ${list}, but ${
    names.length === 1 ? "it doesn't" : "they don't"
  } answer this question. Try rephrasing it, or add a document that covers it.`;
  return { content, abstained: true };
}

export type GroundedResponderOptions = {
  /** Words per streamed piece. */
  wordsPerPiece?: number;
  /** Pause between pieces, in ms (0: none; the event loop still gets a turn between pieces, so a stop lands). */
  pieceDelayMs?: number;
};

/** Pieces of `text` of about `words` words each, whitespace kept, so that joining them gives the text back. */
function pieces(text: string, words: number): string[] {
  const parts = text.match(/\s*\S+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += words) out.push(parts.slice(i, i + words).join(""));
  const trailing = text.match(/\s+$/)?.[0];
  if (trailing && out.length > 0) out[out.length - 1] += trailing;
  return out;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}

/** The built-in responder: no network, no key. Token counts are estimates (token-estimate.ts). */
export function createGroundedResponder(options: GroundedResponderOptions = {}): Responder {
  const wordsPerPiece = Math.max(1, options.wordsPerPiece ?? 3);
  const pieceDelayMs = options.pieceDelayMs ?? 0;
  return {
    info: GROUNDED_RESPONDER_INFO,
    async answer(request: AnswerRequest): Promise<AnswerResult> {
      const { content } = composeGroundedAnswer(request);
      // What it read, counted as a chat model would be given it (system prompt, passages, history, question).
      const promptTokens = estimatePromptTokens([
        { content: request.systemPrompt },
        { content: request.passages.map((passage) => passage.text).join("\n\n") },
        ...request.history,
        { content: request.question },
      ]);
      let written = "";
      const result = (stopped: boolean): AnswerResult => ({
        content: written,
        model: GROUNDED_RESPONDER_INFO.model,
        promptTokens,
        completionTokens: estimateTextTokens(written),
        stopped,
      });
      for (const piece of pieces(content, wordsPerPiece)) {
        if (request.signal.aborted) return result(true);
        written += piece;
        request.onToken(piece);
        await pause(pieceDelayMs);
      }
      return result(request.signal.aborted && written.length < content.length);
    },
  };
}
