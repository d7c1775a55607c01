// Inverse cloze task pairs from an agent's own passages: a sentence (or a few of its words) as the query, its passage as the answer, split by document.

/** A passage (chunk) of the agent's knowledge. */
export type IctPassage = { id: string; documentId: string; text: string };

/** A training example: `query` is a sentence of the passage `passageId`; `context` is that passage as trained on. */
export type IctPair = {
  query: string;
  passageId: string;
  documentId: string;
  /** The passage with the query's sentence taken out (or whole, with removeSentence false). */
  context: string;
  /** Passages that count as the answer: the passage and its exact copies elsewhere. */
  positiveIds: readonly string[];
};

type IctReport = {
  passages: number;
  documents: number;
  /** Passages whose text repeats an earlier one (kept as answers, never as sources of queries). */
  duplicatePassages: number;
  /** Sentences that could become queries. */
  sentences: number;
  /** Sentences left out for having fewer than minWords words (or leaving too little of their passage). */
  tooShort: number;
  /** Sentences left out because the same sentence was already taken from another passage. */
  duplicateQueries: number;
  /** Queries cut to maxWords words. */
  tooLong: number;
  train: number;
  validation: number;
  trainDocuments: number;
  validationDocuments: number;
};

/** `problems` says, for the user, why the pairs cannot support training (empty: they can). */
type IctDataset = { train: IctPair[]; validation: IctPair[]; report: IctReport; problems: string[] };

type IctOptions = {
  seed: number;
  /** Pairs drawn at most (train and validation together). */
  maxPairs?: number;
  /** Share of the documents whose pairs are held out for validation. */
  validationShare?: number;
  /** Sentences with fewer words make no query. */
  minWords?: number;
  /** Longer sentences are cut to this many words (a long query is mostly noise for ranking). */
  maxWords?: number;
  /** Which sentences become queries: any, or only each passage's first (its title or heading, when it has one). */
  sentences?: "any" | "lead";
  /**
   * What a query is made of: the sentence itself, or a few of its words as someone searching would type them
   * (2-5 of its rarer words, in the sentence's order; real questions to a knowledge base are mostly that short).
   * Measured on NFCorpus (real queries: median 2 words; fused order 0.3248 nDCG@10): trained on sentences (22
   * words on average) the re-ranker reached 0.3331, on keywords 0.3356; half of each 0.3291; keywords picked at
   * random rather than rarest first 0.3360, 1-4 or 2-3 words 0.3363 / 0.3356, 3-6 words 0.3331; keeping the
   * sentence in its passage (a quarter, half or all of the time) 0.3325 / 0.3300 / 0.3248.
   */
  queries?: "sentence" | "keywords";
  /** Take the query's sentence out of its passage (else the passage is kept whole and the task is trivial). */
  removeSentence?: boolean;
  /** Fewer training or validation pairs than this: a problem. */
  minTrainPairs?: number;
  minValidationPairs?: number;
};

/** Fewer documents cannot be split into a training and a validation share. */
export const MIN_DOCUMENTS = 4;
/** Fewer training or validation pairs than these are refused (by default): too few to learn from or to check on. */
export const MIN_TRAIN_PAIRS = 50;
export const MIN_VALIDATION_PAIRS = 20;

/** The refusal of a knowledge base with fewer than MIN_DOCUMENTS documents, in words for people. */
export function tooFewDocuments(documents: number): string {
  const missing = MIN_DOCUMENTS - documents;
  return `The knowledge holds ${documents} document${documents === 1 ? "" : "s"}; training needs at least ${MIN_DOCUMENTS} so some can be held out to check the result on. Upload ${missing} more document${missing === 1 ? "" : "s"} first.`;
}

import { seededRandom, shuffle } from "../../../lib/seeded-random";
import { ENGLISH_STOP_WORDS } from "../../../text-search/english-stop-words";

const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });
const normalise = (text: string) => text.replace(/\s+/g, " ").trim();
const wordCount = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

const contentWord = /\p{L}[\p{L}\p{N}'’-]*/gu;

const contentWords = (text: string) =>
  Array.from(text.matchAll(contentWord), (match) => match[0]).filter(
    (word) => word.length > 2 && !ENGLISH_STOP_WORDS.has(word.toLowerCase()),
  );

/** How many passages hold each content word (lower case). */
function contentWordFrequency(passages: readonly IctPassage[]): Map<string, number> {
  const frequency = new Map<string, number>();
  for (const passage of passages) {
    for (const word of new Set(contentWords(passage.text).map((w) => w.toLowerCase()))) {
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  return frequency;
}

/**
 * A keyword query from a sentence: 2-5 (seeded) of its content words that other passages hold too (a word of this
 * passage only would find nothing once the sentence is taken out) and at most a tenth of the passages hold (common
 * words say little), the rarest first, in the sentence's order. Empty when fewer than two qualify.
 */
function keywordsOf(
  sentence: string,
  frequency: ReadonlyMap<string, number>,
  passages: number,
  random: () => number,
): string {
  const seen = new Set<string>();
  const words = contentWords(sentence).filter((word) => {
    const key = word.toLowerCase();
    const df = frequency.get(key) ?? 0;
    if (seen.has(key) || df < 2 || df > Math.max(2, passages / 10)) return false;
    seen.add(key);
    return true;
  });
  if (words.length < 2) return "";
  const count = Math.min(words.length, 2 + Math.floor(random() * 4));
  const chosen = new Set(
    [...words]
      .sort((a, b) => (frequency.get(a.toLowerCase()) ?? 0) - (frequency.get(b.toLowerCase()) ?? 0))
      .slice(0, count),
  );
  return words.filter((word) => chosen.has(word)).join(" ");
}

/**
 * Builds the pairs: every sentence of minWords words or more (each distinct sentence once) is a candidate query;
 * up to maxPairs are drawn with the seed; documents are split (seeded) so no document gives both training and
 * validation pairs (a passage's neighbours would otherwise leak its answer into training).
 */
export function buildIctPairs(passages: readonly IctPassage[], options: IctOptions): IctDataset {
  const {
    seed,
    maxPairs = 4000,
    validationShare = 0.2,
    minWords = 6,
    maxWords = 40,
    removeSentence = true,
    sentences: which = "any",
    queries: style = "sentence",
    minTrainPairs = MIN_TRAIN_PAIRS,
    minValidationPairs = MIN_VALIDATION_PAIRS,
  } = options;
  const random = seededRandom(seed);
  const wordFrequency = style === "keywords" ? contentWordFrequency(passages) : new Map<string, number>();
  const byText = new Map<string, string[]>();
  for (const passage of passages) {
    const key = normalise(passage.text);
    const ids = byText.get(key);
    if (ids) ids.push(passage.id);
    else byText.set(key, [passage.id]);
  }
  let duplicatePassages = 0;
  let sentences = 0;
  let tooShort = 0;
  let duplicateQueries = 0;
  let tooLong = 0;
  const seenQueries = new Set<string>();
  const byPassage: IctPair[][] = [];
  for (const passage of passages) {
    const drawn: IctPair[] = [];
    byPassage.push(drawn);
    const copies = byText.get(normalise(passage.text)) ?? [passage.id];
    if (copies[0] !== passage.id) {
      duplicatePassages += 1;
      continue;
    }
    const parts = Array.from(sentenceSegmenter.segment(passage.text), (s) => s.segment);
    const lead = parts.findIndex((sentence) => wordCount(sentence) > 0);
    parts.forEach((sentence, index) => {
      const words = wordCount(sentence);
      if (words === 0) return;
      if (which === "lead" && index !== lead) return;
      sentences += 1;
      const context = removeSentence
        ? [...parts.slice(0, index), ...parts.slice(index + 1)].join("")
        : passage.text;
      if (words < minWords || wordCount(context) < minWords) {
        tooShort += 1;
        return;
      }
      const key = normalise(sentence).toLowerCase();
      if (seenQueries.has(key)) {
        duplicateQueries += 1;
        return;
      }
      seenQueries.add(key);
      const queryWords = normalise(sentence).split(" ");
      if (queryWords.length > maxWords) tooLong += 1;
      const query =
        style === "keywords"
          ? keywordsOf(sentence, wordFrequency, passages.length, random)
          : queryWords.slice(0, maxWords).join(" ");
      if (!query) {
        tooShort += 1;
        return;
      }
      drawn.push({
        query,
        passageId: passage.id,
        documentId: passage.documentId,
        context,
        positiveIds: copies,
      });
    });
  }
  // Passages take turns (one sentence each per round, in a seeded order): drawing sentences uniformly would favour
  // long passages as answers, and the model would learn that length, not relevance, marks the answer.
  for (const drawn of byPassage) shuffle(drawn, random);
  shuffle(byPassage, random);
  const chosen: IctPair[] = [];
  for (let round = 0; chosen.length < maxPairs; round += 1) {
    let any = false;
    for (const drawn of byPassage) {
      const pair = drawn[round];
      if (!pair) continue;
      any = true;
      chosen.push(pair);
      if (chosen.length >= maxPairs) break;
    }
    if (!any) break;
  }

  const documentIds = shuffle([...new Set(passages.map((passage) => passage.documentId))].sort(), random);
  const held = new Set(documentIds.slice(0, Math.round(documentIds.length * validationShare)));
  const train = chosen.filter((pair) => !held.has(pair.documentId));
  const validation = chosen.filter((pair) => held.has(pair.documentId));
  const report: IctReport = {
    passages: passages.length,
    documents: documentIds.length,
    duplicatePassages,
    sentences,
    tooShort,
    duplicateQueries,
    tooLong,
    train: train.length,
    validation: validation.length,
    trainDocuments: new Set(train.map((pair) => pair.documentId)).size,
    validationDocuments: new Set(validation.map((pair) => pair.documentId)).size,
  };
  const problems: string[] = [];
  if (documentIds.length < MIN_DOCUMENTS) {
    problems.push(tooFewDocuments(documentIds.length));
  } else if (train.length < minTrainPairs || validation.length < minValidationPairs) {
    problems.push(
      `Not enough running text to train on: ${train.length} training and ${validation.length} validation questions ` +
        `were drawn from ${documentIds.length} documents (at least ${minTrainPairs} and ${minValidationPairs} are needed). ` +
        "Upload more documents first.",
    );
  }
  return { train, validation, report, problems };
}
