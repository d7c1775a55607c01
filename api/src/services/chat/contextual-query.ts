// Follow-up questions searched with their conversation's subject: "and what about its price?" -> "... Pro plan".

import type { HistoryTurn } from "../../providers/chat-model/responder";
import { type ContentTerm, contentTerms } from "./question-terms";

/*
 * The heuristic, deterministic and offline (no model call):
 * 1. A question is a follow-up when it leans on what came before: it holds a pronoun or demonstrative standing for
 *    something said earlier (it, its, they, them, their, this, that, these, those, he, she, ...), opens with a
 *    continuation ("and ...", "but ...", "also ...", "what about ...", "how about ...", "same for ..."), or is short
 *    (six words at most) with at most one content term ("Pricing?", "Why?"). A question with its own subject and
 *    none of these signs ("What is the refund policy?") is searched as it is.
 * 2. A follow-up borrows the content terms of the latest user question; when that one was itself a follow-up, also
 *    those of the question before it (the subject usually sits in the first question of a thread). Terms the
 *    question already has are not repeated, and at most 8 are borrowed.
 * 3. From the latest answer it borrows fewer, and only those it repeats (twice or more): an answer's vocabulary is
 *    broad, and only its recurring words reliably name its subject. An answer without citation markers (one that
 *    said it could not find the answer) names no subject and lends nothing.
 * Borrowed terms are appended after the question, so the question's own words lead the query.
 */

const ANAPHORA = new Set(
  "it its it's itself they them their theirs this that these those he him his she her hers one ones there such same former latter".split(
    " ",
  ),
);
const CONTINUATION =
  /^\s*(?:and|but|also|or|so|then|plus|what about|how about|what else|same for|and what|and how)\b/i;
const SHORT_QUESTION_WORDS = 6;
const MAX_BORROWED = 8;
const MAX_FROM_ANSWER = 3;

/** Whether a question leans on the conversation before it (rule 1 above). */
export function isFollowUp(question: string): boolean {
  const words = question.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  if (CONTINUATION.test(question)) return true;
  if (words.some((word) => ANAPHORA.has(word.replace(/[’]/g, "'")))) return true;
  return words.length <= SHORT_QUESTION_WORDS && contentTerms(question).length <= 1;
}

type ContextTerms = {
  /** The question's own content terms. */
  question: ContentTerm[];
  /** Terms borrowed from the conversation (empty for a self-contained question), most salient first. */
  borrowed: ContentTerm[];
};

/** The question's terms and those a follow-up borrows from the conversation (rules 2 and 3 above). */
export function contextTerms(history: readonly HistoryTurn[], question: string): ContextTerms {
  const own = contentTerms(question);
  if (!isFollowUp(question)) return { question: own, borrowed: [] };
  const seen = new Set(own.map((term) => term.stem));
  const borrowed: ContentTerm[] = [];
  const borrow = (terms: readonly ContentTerm[], limit: number) => {
    for (const term of terms) {
      if (borrowed.length >= limit) return;
      if (seen.has(term.stem)) continue;
      seen.add(term.stem);
      borrowed.push(term);
    }
  };
  const userTurns = history.filter((turn) => turn.role === "user");
  const latest = userTurns.at(-1);
  if (latest) {
    borrow(contentTerms(latest.content), MAX_BORROWED);
    const before = userTurns.at(-2);
    if (before && isFollowUp(latest.content)) borrow(contentTerms(before.content), MAX_BORROWED);
  }
  const answer = history.at(-1)?.role === "assistant" ? history.at(-1)?.content : undefined;
  if (answer && /\[\d+\]/.test(answer))
    borrow(repeatedTerms(answer), Math.min(MAX_BORROWED, borrowed.length + MAX_FROM_ANSWER));
  return { question: own, borrowed };
}

/** Content terms an answer uses at least twice, most frequent first (ties: first used first). */
function repeatedTerms(answer: string): ContentTerm[] {
  const text = answer.replace(/\[\d+\]/g, " ");
  const counts = new Map<string, { term: ContentTerm; count: number; first: number }>();
  let index = 0;
  for (const word of text.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu) ?? []) {
    for (const term of contentTerms(word)) {
      const entry = counts.get(term.stem);
      if (entry) entry.count += 1;
      else counts.set(term.stem, { term, count: 1, first: index++ });
    }
  }
  return [...counts.values()]
    .filter((entry) => entry.count >= 2)
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .map((entry) => entry.term);
}

/** The text to search with: the question, plus for a follow-up the conversation's salient words after it. */
export function contextualQuery(history: readonly HistoryTurn[], question: string): string {
  const { borrowed } = contextTerms(history, question);
  if (borrowed.length === 0) return question;
  return `${question.trim()} ${borrowed.map((term) => term.word).join(" ")}`;
}
