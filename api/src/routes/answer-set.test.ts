// Our real-file question set (issue 28, api/src/test/answer-set/real-world-questions.ts) through the API on both
// engines: every shared real-world file (the corrupt ones aside) and a scanned page drawn here are uploaded once to
// the gtm agent; each question is asked in a conversation of its own through POST /api/chat with the offline
// responder, four at a time. Floors: the share answered with an expected answer AND the right file cited, the share
// of questions no file answers that are declined, and the share of quoted spans found in the passage they cite.
// Each failing figure prints every question with what was expected and what came back, for tuning.
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentChunks } from "../db/schema";
import {
  type AnswerSetFigures,
  containsExpected,
  describeResult,
  figuresOf,
  percent,
  type QuestionResult,
  ratio,
} from "../test/answer-set/answer-set-scoring";
import { ANSWER_CLASSES } from "../test/answer-set/real-world-questions";
import {
  answerSetFiles,
  askAll,
  askableQuestions,
  type UploadedFile,
  uploadAndIngest,
} from "../test/answer-set/run-answer-set";
import { realWorldFixturesDir } from "../test/files";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

/** Issue 28's targets ("Done when"): answered correctly with the right file cited, declined, spans supported. */
const ANSWERED_TARGET = 0.85;
const DECLINED_TARGET = 1;
const SPANS_TARGET = 1;

/**
 * Whether the built-in responder is expected to reach ANSWERED_TARGET on this set yet. While false, the answered-share
 * assertion is run as an expected failure (`it.fails`): the suite stays green, and the day the responder reaches the
 * target that test fails, saying to set this to true. The other two floors are always enforced.
 */
const ANSWERED_TARGET_REACHED = true;

const dir = realWorldFixturesDir();
const { questions, skipped } = askableQuestions();

/** Every question's line, failures first: what the floors print when they are not met. */
function report(results: readonly QuestionResult[], figures: AnswerSetFigures): string {
  const ordered = [...results].sort((a, b) => Number(a.correct) - Number(b.correct));
  const classes = ANSWER_CLASSES.map((c) => {
    const mine = results.filter((r) => r.classes.includes(c));
    return `${c} ${mine.filter((r) => r.correct).length}/${mine.length}`;
  }).join(", ");
  return [
    `answered ${percent(figures.answered)}, declined ${percent(figures.declined)}, spans supported ${percent(figures.spans)} (text outside the spans, e.g. short answers, in a cited passage: ${percent(figures.unmarked)}); the answer among the passages given: ${percent(figures.retrieved)}`,
    `by class: ${classes}`,
    ...ordered.map(describeResult),
  ].join("\n");
}

describe.skipIf(dir === null).each(engines)("real-file answer set on %s", (engine) => {
  let t: TestApp;
  let uploaded: UploadedFile[] = [];
  let results: QuestionResult[] = [];
  let figures: AnswerSetFigures;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { cookie } = await signUp(t);
    const request = (path: string, init: RequestInit = {}) => t.request(path, { ...init, cookie });
    uploaded = await uploadAndIngest(request, await answerSetFiles(dir as string));
    results = await askAll(request, questions);
    figures = figuresOf(results);
    // Every question's line when a figure misses its target, for tuning; else the figures alone (every question's
    // line at any time: `npx tsx e2e/bench/answer-set.ts --questions`).
    const missed =
      ratio(figures.answered) < ANSWERED_TARGET ||
      ratio(figures.declined) < DECLINED_TARGET ||
      ratio(figures.spans) < SPANS_TARGET;
    const lines = report(results, figures).split("\n");
    console.info(`answer set on ${engine}: ${missed ? lines.join("\n") : lines.slice(0, 2).join("; ")}`);
  }, 900_000);
  afterAll(async () => {
    await t?.close();
  });

  it("ingests every file", () => {
    const failed = uploaded.filter((file) => file.status !== "completed" || file.chunkCount === 0);
    expect(failed, JSON.stringify(failed)).toEqual([]);
    if (skipped.length > 0)
      console.warn(`no system font to draw the scanned page: ${skipped.length} OCR questions not asked`);
  });

  it("expects only answers the product extracts from the question's files", async () => {
    // The set's own check: an expected answer that is not in its file's chunks could never be given.
    const idOf = new Map(uploaded.map((file) => [file.name, file.id]));
    const missing: string[] = [];
    for (const q of questions) {
      if (q.unanswerable) continue;
      const ids = q.files.map((name) => idOf.get(name)).filter((id): id is string => id !== undefined);
      const chunks = await t.database.db
        .select({ text: documentChunks.text })
        .from(documentChunks)
        .where(inArray(documentChunks.documentId, ids));
      const text = chunks.map((chunk) => chunk.text).join("\n");
      if (!q.expected.some((e) => containsExpected(text, e)))
        missing.push(`${q.id}: ${q.expected.join(" | ")}`);
    }
    expect(missing).toEqual([]);
  });

  it(`declines every question no file answers (target ${DECLINED_TARGET * 100} %)`, () => {
    expect(ratio(figures.declined), report(results, figures)).toBeGreaterThanOrEqual(DECLINED_TARGET);
  });

  it(`quotes only what the cited passage says (target ${SPANS_TARGET * 100} % of spans)`, () => {
    expect(ratio(figures.spans), report(results, figures)).toBeGreaterThanOrEqual(SPANS_TARGET);
  });

  (ANSWERED_TARGET_REACHED ? it : it.fails)(
    `answers at least ${ANSWERED_TARGET * 100} % with an expected answer from the right file${
      ANSWERED_TARGET_REACHED
        ? ""
        : " (expected to fail until ANSWERED_TARGET_REACHED is set: see its comment)"
    }`,
    () => {
      expect(ratio(figures.answered), report(results, figures)).toBeGreaterThanOrEqual(ANSWERED_TARGET);
    },
  );
});
