// A TypeScript port of ../shared/benchmarks/squad2/squad_qa.py (SQuAD's answer normalisation, the run-file metrics
// and the three baselines) and of eval_product.py's --limit sampling, so `npm run bench` scores the product exactly as
// the Python scorer does. squad2-metrics.spec.ts checks the port against the Python files when python3 is present.
// Data: SQuAD 2.0 (Rajpurkar, Jia and Liang 2018), CC BY-SA 4.0; provenance in the folder's SOURCE.md.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../support/env";

/** The SQuAD folder (the developers' half): ../shared/benchmarks/squad2 beside the repository. */
export const SQUAD2_DIR = path.resolve(repoRoot, "../shared/benchmarks/squad2");
export const squad2Available = (): boolean => existsSync(path.join(SQUAD2_DIR, "questions.jsonl"));

/** squad_qa.py's constants. */
export const MAX_ANSWER_WORDS = 60;
export const ABSTAIN_THRESHOLD = 0.857143;
const BM25_K1 = 0.9;
const BM25_B = 0.4;

export type SquadQuestion = {
  id: string;
  article: string;
  paragraph: number;
  question: string;
  answers: string[];
  impossible: boolean;
  plausible_answers?: string[];
};

/** A run file's line: the answer shown, whether the system declined, the text of each cited passage. */
export type RunRecord = {
  id: string;
  answer: string;
  abstained: boolean;
  cited: string[];
  [key: string]: unknown;
};
export type Run = Map<string, RunRecord>;

// ------------------------------------------------------------------------------------- Python's text primitives

/** Python's str.isspace() characters: what str.split() and str.strip() treat as whitespace. */
const PY_SPACE =
  "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_SPACE_RUN_RE = new RegExp(`[${PY_SPACE}]+`, "u");
const PY_STRIP_RE = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "gu");
/** Python's \w on str: letters, numbers and the underscore. */
const W = "\\p{L}\\p{N}_";

/** str.split() with no argument. */
export const pySplit = (text: string): string[] => text.split(PY_SPACE_RUN_RE).filter((word) => word !== "");
const pyStrip = (text: string): string => text.replace(PY_STRIP_RE, "");

/** Python's `f"{x:.{digits}f}"`: the correctly rounded decimal, an exact tie rounded to the even digit. */
export function pyFixed(x: number, digits: number): string {
  const rounded = x.toFixed(digits);
  const long = x.toFixed(Math.min(100, digits + 30));
  const [whole = "", fraction = ""] = long.split(".");
  if (!/^50*$/.test(fraction.slice(digits))) return rounded;
  const kept = digits > 0 ? `${whole}.${fraction.slice(0, digits)}` : whole;
  const last = Number(kept.at(-1));
  return last % 2 === 0 ? kept : rounded;
}

/** Python's `f"{x:g}"` for the small numbers the metric line prints. */
export const pyG = (x: number): string => String(Number(x.toPrecision(6)));

const fmean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

// ------------------------------------------------------------------------------------------------------ loaders

/** The articles in squad_qa.py's ARTICLES order (read from the folder's scorer), else the files' name order. */
export function articleOrder(folder = SQUAD2_DIR): string[] {
  const scorer = readFileSync(path.join(folder, "squad_qa.py"), "utf8");
  const listed = /^ARTICLES = \[(.*)\]$/m.exec(scorer)?.[1];
  const names = listed ? [...listed.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2] ?? "") : [];
  if (names.length > 0) return names;
  return readDirTxt(path.join(folder, "documents"));
}

function readDirTxt(dir: string): string[] {
  // Sorted as Python sorts str (by code point), not by locale.
  return readdirSync(dir)
    .filter((name) => name.endsWith(".txt"))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => name.slice(0, -4));
}

/** {title: paragraphs} in article order: the file without its final newline, split on blank lines. */
export function loadDocuments(folder = SQUAD2_DIR): Map<string, string[]> {
  const docs = new Map<string, string[]>();
  for (const title of articleOrder(folder)) {
    let text = readFileSync(path.join(folder, "documents", `${title}.txt`), "utf8");
    if (text.endsWith("\n")) text = text.slice(0, -1);
    docs.set(title, text.split("\n\n"));
  }
  return docs;
}

export function loadQuestions(folder = SQUAD2_DIR): SquadQuestion[] {
  return readFileSync(path.join(folder, "questions.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as SquadQuestion);
}

/** eval_product.py's --limit: half answerable (the odd one too), half not, in turn from each article, by SHA-256. */
export function sampleQuestions(
  questions: readonly SquadQuestion[],
  limit: number,
  seed = "squad2",
): SquadQuestion[] {
  if (!limit || limit >= questions.length) return [...questions];
  const articles = [...new Set(questions.map((q) => q.article))];
  const rank = (q: SquadQuestion) => createHash("sha256").update(`${seed}:${q.id}`).digest("hex");
  const picked = new Set<string>();
  for (const [impossible, want] of [
    [false, limit - Math.floor(limit / 2)],
    [true, Math.floor(limit / 2)],
  ] as const) {
    const pools = articles.map((article) =>
      questions
        .filter((q) => q.article === article && Boolean(q.impossible) === impossible)
        .map((q) => ({ q, key: rank(q) }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map(({ q }) => q),
    );
    let taken = 0;
    let turn = 0;
    while (taken < want && pools.some((pool) => pool.length > 0)) {
      const pool = pools[turn % pools.length];
      const next = pool?.shift();
      if (next) {
        picked.add(next.id);
        taken += 1;
      }
      turn += 1;
    }
  }
  return questions.filter((q) => picked.has(q.id));
}

// --------------------------------------------------------------------------------- SQuAD answer normalisation

const ASCII_PUNCTUATION_RE = /[!-/:-@[-`{-~]/g;
const ARTICLE_RE = new RegExp(`(?<![${W}])(?:a|an|the)(?![${W}])`, "gu");
const PUNCTUATION_OR_SYMBOL_RE = /[!-/:-@[-`{-~\p{P}\p{S}]/gu;

/** Lower-case, delete ASCII punctuation, remove the articles a/an/the as words, collapse whitespace. */
export function normalizeAnswer(text: string): string {
  const kept = text.toLowerCase().replace(ASCII_PUNCTUATION_RE, "");
  return pySplit(kept.replace(ARTICLE_RE, " ")).join(" ");
}

/** As normalizeAnswer, with any punctuation or symbol (ASCII or Unicode) read as a space. */
export function normalizeSpaced(text: string): string {
  const spaced = text.toLowerCase().replace(PUNCTUATION_OR_SYMBOL_RE, " ");
  return pySplit(spaced.replace(ARTICLE_RE, " ")).join(" ");
}

const answerTokens = (text: string) => pySplit(normalizeAnswer(text));

/** SQuAD token F1 (tokens as a bag); two empty answers score 1, one empty answer 0. */
export function f1Score(prediction: string, gold: string): number {
  const pred = answerTokens(prediction);
  const ref = answerTokens(gold);
  if (pred.length === 0 || ref.length === 0) return pred.length === ref.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const token of ref) counts.set(token, (counts.get(token) ?? 0) + 1);
  let same = 0;
  for (const token of pred) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      same += 1;
      counts.set(token, left - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / pred.length;
  const recall = same / ref.length;
  return (2 * precision * recall) / (precision + recall);
}

/** Whether `text` holds the gold answer as whole words, under either normalisation. */
export function containsAnswer(text: string, gold: string): boolean {
  for (const norm of [normalizeAnswer, normalizeSpaced]) {
    const g = norm(gold);
    if (g && ` ${norm(text)} `.includes(` ${g} `)) return true;
  }
  return false;
}

export const scorableGolds = (answers: readonly string[]): string[] =>
  answers.filter((a) => normalizeAnswer(a));

// ------------------------------------------------------------------------------------------ answers as shown

const D = "\\p{Nd}";
const S = `[${PY_SPACE}]`;
const MARKER_RE = new RegExp(
  `(?<!\\\\)\\[${S}*${D}{1,3}(?:${S}*(?:,|;|-|–|and)${S}*${D}{1,3})*${S}*\\]|【${S}*${D}{1,3}${S}*】`,
  "gu",
);
const MD_ESCAPE_RE = /\\([\\`*_{}[\]()#+\-.!<>~|=])/g;

/** The answer's words: citation markers removed, Markdown backslash escapes undone, whitespace collapsed. */
export function cleanAnswer(text: string): string {
  return pySplit(text.replace(MARKER_RE, " ").replace(MD_ESCAPE_RE, "$1")).join(" ");
}

export const wordCount = (text: string): number => pySplit(cleanAnswer(text)).length;

// ------------------------------------------------------------------------------------------------------ metrics

export type Metrics = {
  questions: number;
  answerable: number;
  unanswerable: number;
  missing: number;
  answered: number;
  contains: number;
  words_mean: number;
  words_median: number;
  f1: number;
  cited: number;
  abstained: number;
  accuracy: number;
  correct_answerable: number;
  correct_unanswerable: number;
};

/** squad_qa.py's score_run: over `questions` (all, or with subset only those in the run). */
export function scoreRun(questions: readonly SquadQuestion[], run: Run, subset = false): Metrics {
  const asked = subset ? questions.filter((q) => run.has(q.id)) : questions;
  const ans = asked.filter((q) => !q.impossible);
  const una = asked.filter((q) => q.impossible);
  let answered = 0;
  let contains = 0;
  let citedOk = 0;
  let correct = 0;
  let f1Total = 0;
  const lengths: number[] = [];
  for (const q of ans) {
    const rec = run.get(q.id);
    if (rec === undefined || rec.abstained) continue;
    const golds = scorableGolds(q.answers);
    const shown = cleanAnswer(rec.answer ?? "");
    const words = pySplit(shown).length;
    answered += 1;
    lengths.push(words);
    const hit = golds.some((g) => containsAnswer(shown, g));
    contains += Number(hit);
    correct += Number(hit && words <= MAX_ANSWER_WORDS);
    f1Total += golds.length ? Math.max(...golds.map((g) => f1Score(shown, g))) : 0;
    const citedText = (rec.cited ?? []).join("\n\n");
    citedOk += Number(golds.some((g) => containsAnswer(citedText, g)));
  }
  const abstained = una.filter((q) => run.get(q.id)?.abstained === true).length;
  const share = (k: number, n: number) => (n ? k / n : 0);
  return {
    questions: asked.length,
    answerable: ans.length,
    unanswerable: una.length,
    missing: asked.filter((q) => !run.has(q.id)).length,
    answered: share(answered, ans.length),
    contains: share(contains, ans.length),
    words_mean: lengths.length ? fmean(lengths) : 0,
    words_median: lengths.length ? median(lengths) : 0,
    f1: share(f1Total, ans.length),
    cited: share(citedOk, ans.length),
    abstained: share(abstained, una.length),
    accuracy: share(correct + abstained, asked.length),
    correct_answerable: correct,
    correct_unanswerable: abstained,
  };
}

/** squad_qa.py's metric_line, character for character. */
export function metricLine(name: string, m: Metrics): string {
  return (
    `${name}: ${m.questions} questions | answerable ${m.answerable}: answered ${pyFixed(100 * m.answered, 1)}%, ` +
    `contains ${pyFixed(100 * m.contains, 1)}%, words mean ${pyFixed(m.words_mean, 1)} median ${pyG(m.words_median)}, ` +
    `F1 ${pyFixed(m.f1, 3)}, cited ${pyFixed(100 * m.cited, 1)}% | unanswerable ${m.unanswerable}: ` +
    `abstained ${pyFixed(100 * m.abstained, 1)}% | accuracy ${pyFixed(m.accuracy, 3)}`
  );
}

/** A run file as squad_qa.py writes it: one JSON object a line. */
export const runFileText = (records: Iterable<RunRecord>): string =>
  [...records].map((record) => `${JSON.stringify(record)}\n`).join("");

// ----------------------------------------------------------------------------------------------- text pieces

const STOPWORDS = new Set(
  `a about above after again against all also am among an and any are as at be because been before being below
between both but by can could did do does doing done down during each either else ever few for from further had has
have having he her here hers herself him himself his how however i if in into is it its itself just least less let
like many may me might more most much must my myself neither no nor not of off often on once one only or other ought
our ours ourselves out over own per rather same shall she should since so some such than that the their theirs them
themselves then there these they this those though through thus to too under until up upon us very via was we were
what whatever when whence where whereas whether which while who whoever whom whose why will with within without would
yet you your yours yourself yourselves s t d ll m re ve name named called kind type`.split(/\s+/),
);
const WORD_RE = new RegExp(`[${W}]+`, "gu");

/** Lower-cased word tokens without stop words, in order, repeats kept. */
export const contentWords = (text: string): string[] =>
  (text.toLowerCase().match(WORD_RE) ?? []).filter((word) => !STOPWORDS.has(word));

const ABBREVIATIONS = new Set(
  `mr mrs ms dr st jr sr prof gen col lt capt cmdr sgt adm rev gov sen rep hon pres fr mt ft no nos vol vols fig figs
ch pp p ed eds co corp inc ltd bros dept est approx ca c cf vs v al jan feb mar apr jun jul aug sep sept oct nov dec
e.g i.e u.s u.k u.n a.d b.c a.m p.m ph.d`.split(/\s+/),
);
const BOUNDARY_RE = new RegExp(`[.!?]["'”’)\\]]*${S}+(?=["'“‘(\\[]?[A-Z0-9])`, "gu");
const INITIALS_RE = new RegExp(`^(?:[${W}]\\.)+[${W}]$`, "u");
const LETTER_RE = /^\p{L}$/u;

/** Sentences of a paragraph as written: a boundary is . ! ? then space then a capital or digit, not after an abbreviation. */
export function splitSentences(paragraph: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of paragraph.matchAll(BOUNDARY_RE)) {
    const at = m.index ?? 0;
    if (paragraph[at] === ".") {
      const before = pySplit(paragraph.slice(start, at));
      const last = before.at(-1);
      const word = last
        ? (
            last
              .replace(/^["'“‘([]+/, "")
              .split("-")
              .at(-1) ?? ""
          ).toLowerCase()
        : "";
      if (ABBREVIATIONS.has(word) || LETTER_RE.test(word) || INITIALS_RE.test(word)) continue;
    }
    const piece = pyStrip(paragraph.slice(start, at + m[0].length));
    if (piece) out.push(piece);
    start = at + m[0].length;
  }
  const tail = pyStrip(paragraph.slice(start));
  if (tail) out.push(tail);
  return out;
}

// ---------------------------------------------------------------------------------------------------- BM25

/** Okapi BM25 (k1 0.9, b 0.4) over texts, terms = contentWords. */
export class BM25 {
  private readonly tfs: Map<string, number>[];
  private readonly lengths: number[];
  private readonly avgdl: number;
  private readonly idf = new Map<string, number>();
  private readonly postings = new Map<string, [number, number][]>();

  constructor(texts: readonly string[]) {
    this.tfs = texts.map((text) => {
      const tf = new Map<string, number>();
      for (const term of contentWords(text)) tf.set(term, (tf.get(term) ?? 0) + 1);
      return tf;
    });
    this.lengths = this.tfs.map((tf) => [...tf.values()].reduce((sum, c) => sum + c, 0));
    this.avgdl = this.lengths.length ? fmean(this.lengths) : 0;
    const df = new Map<string, number>();
    for (const tf of this.tfs) for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    const n = this.tfs.length;
    for (const [term, d] of df) this.idf.set(term, Math.log(1 + (n - d + 0.5) / (d + 0.5)));
    this.tfs.forEach((tf, i) => {
      for (const [term, c] of tf) {
        const list = this.postings.get(term) ?? [];
        list.push([i, c]);
        this.postings.set(term, list);
      }
    });
  }

  scores(query: string): Map<number, number> {
    const out = new Map<number, number>();
    for (const term of new Set(contentWords(query))) {
      const idf = this.idf.get(term);
      if (idf === undefined) continue;
      for (const [i, tf] of this.postings.get(term) ?? []) {
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (this.lengths[i] ?? 0)) / this.avgdl);
        out.set(i, (out.get(i) ?? 0) + (idf * tf * (BM25_K1 + 1)) / (tf + norm));
      }
    }
    return out;
  }

  /** The best-scoring text's index (ties: the earlier one), or undefined when no term matches. */
  top(query: string): number | undefined {
    let best: number | undefined;
    let bestScore = -Infinity;
    for (const [i, score] of this.scores(query)) {
      if (score > bestScore || (score === bestScore && best !== undefined && i < best)) {
        best = i;
        bestScore = score;
      }
    }
    return best;
  }
}

// ----------------------------------------------------------------------------------------------- baselines

/** The paragraph's sentence holding the most distinct content words of the question, and the share it holds. */
export function bestOverlapSentence(
  question: string,
  paragraph: string,
): { sentence: string; share: number } {
  const q = new Set(contentWords(question));
  let best = "";
  let bestN = -1;
  for (const s of splitSentences(paragraph)) {
    const words = new Set(contentWords(s));
    const n = [...q].filter((w) => words.has(w)).length;
    if (n > bestN) {
      best = s;
      bestN = n;
    }
  }
  return { sentence: best, share: q.size && bestN > 0 ? bestN / q.size : 0 };
}

/** Python's tuple comparison a > b. */
function meritAbove(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return false;
}

export type Baseline = { name: string; run: Run; metrics: Metrics };

/** The three baselines of squad_qa.py on `questions`, retrieving over every paragraph of `docs`. */
export function baselines(
  docs: Map<string, string[]>,
  questions: readonly SquadQuestion[],
  threshold = ABSTAIN_THRESHOLD,
): Baseline[] {
  const texts = [...docs.values()].flat();
  const bm25 = new BM25(texts);
  const plain: Run = new Map();
  const abstaining: Run = new Map();
  const oracle: Run = new Map();
  for (const q of questions) {
    const i = bm25.top(q.question);
    const para = i === undefined ? "" : (texts[i] ?? "");
    const { sentence, share } = bestOverlapSentence(q.question, para);
    const answered: RunRecord = { id: q.id, answer: sentence, abstained: false, cited: para ? [para] : [] };
    const declined: RunRecord = { id: q.id, answer: "", abstained: true, cited: [] };
    plain.set(q.id, answered);
    abstaining.set(q.id, share < threshold ? declined : answered);
    if (q.impossible) {
      oracle.set(q.id, declined);
      continue;
    }
    const gold = docs.get(q.article)?.[q.paragraph] ?? "";
    const golds = scorableGolds(q.answers);
    const merit = (s: string): [number, number, number] => [
      Number(golds.some((g) => containsAnswer(s, g)) && wordCount(s) <= MAX_ANSWER_WORDS),
      golds.length ? Math.max(...golds.map((g) => f1Score(s, g))) : 0,
      -wordCount(s),
    ];
    let best = "";
    let bestMerit: [number, number, number] | undefined;
    for (const s of splitSentences(gold)) {
      const m = merit(s);
      if (!bestMerit || meritAbove(m, bestMerit)) {
        best = s;
        bestMerit = m;
      }
    }
    oracle.set(q.id, { id: q.id, answer: best, abstained: false, cited: [gold] });
  }
  return [
    { name: "bm25-sentence", run: plain },
    { name: "bm25-sentence-abstain", run: abstaining },
    { name: "oracle-gold-sentence", run: oracle },
  ].map(({ name, run }) => ({ name, run, metrics: scoreRun(questions, run) }));
}
