// The built-in grounded responder's answers on a public benchmark (issue 20): NFCorpus's 3,633 abstracts indexed as
// passages, its 323 test queries asked through retrieval + the responder. Printed: how often it answers, whether
// every quoted sentence is found word for word in the passage its marker cites (target 100 %), and how many of the
// passages it cites are judged relevant by the dataset, beside the relevance of all the passages it was given (the
// baseline: what citing at random among them would score), measured in the same run.
// Run alone with `npx tsx e2e/bench/responder-quality.ts [--documents=N]`.
import { createReadStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { createDatabase } from "@acp/api/src/db/create-database";
import type { GroundingPassage } from "@acp/api/src/providers/chat-model/responder";
import { createGroundedResponder } from "@acp/api/src/services/chat/grounded-responder";
import { searchKnowledge } from "@acp/api/src/services/retrieval/search-knowledge";
import { indexTexts, insertUser, retrievalDeps } from "@acp/api/src/test/retrieval";
import { testConfig } from "@acp/api/src/test/test-app";
import { DATA_DIR, readJsonLines } from "./nfcorpus";

/** Passages given per question: the agents' default retrieval depth (AGENT_TOP_K.default). */
const TOP_K = 6;
/** The share of quoted sentences that must be found in the passage they cite. */
const SUPPORTED_TARGET = 1;

/** query id -> document id -> grade (> 0 is relevant). */
async function readQrels(): Promise<Map<string, Map<string, number>>> {
  const qrels = new Map<string, Map<string, number>>();
  let header = true;
  for await (const line of createInterface({
    input: createReadStream(path.join(DATA_DIR, "qrels-test.tsv"), "utf8"),
  })) {
    if (header) {
      header = false;
      continue;
    }
    const [query, document, grade] = line.split("\t");
    if (!query || !document) continue;
    const judged = qrels.get(query) ?? new Map<string, number>();
    judged.set(document, Number(grade));
    qrels.set(query, judged);
  }
  return qrels;
}

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();
/** Markdown escapes the responder adds ("\[" for "["), taken back before comparing with the passage. */
const unescapeMarkdown = (text: string) => text.replace(/\\([\\`*_{}[\]()#+\-.!|>~<])/g, "$1");

/** Each quoted span of an answer with the marker that follows it: "A. B. [2] C. [1]" -> [A. B., 2], [C., 1]. */
function quotedSpans(answer: string): { text: string; number: number }[] {
  // An escaped bracket ("\[") is text; a bare [n] is a marker.
  const parts = answer.split(/(?<!\\)\[(\d+)\]/);
  const spans: { text: string; number: number }[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const text = normalise(unescapeMarkdown(parts[i] ?? ""));
    if (text) spans.push({ text, number: Number(parts[i + 1]) });
  }
  return spans;
}

type ResponderQuality = {
  documents: number;
  queries: number;
  answered: number;
  spans: number;
  supportedSpans: number;
  cited: number;
  citedRelevant: number;
  given: number;
  givenRelevant: number;
  answersWithRelevantCitation: number;
};

async function measureResponderQuality({ documents }: { documents?: number } = {}) {
  const corpus = (
    await readJsonLines<{ _id: string; title?: string; text?: string }>(path.join(DATA_DIR, "corpus.jsonl"))
  ).slice(0, documents);
  const qrels = await readQrels();
  const queries = (
    await readJsonLines<{ _id: string; text: string }>(path.join(DATA_DIR, "queries.jsonl"))
  ).filter((query) => qrels.has(query._id));
  const database = await createDatabase(testConfig({}, { DATA_DIR: "memory://" }));
  const deps = retrievalDeps(database);
  const responder = createGroundedResponder();
  const figures: ResponderQuality = {
    documents: corpus.length,
    queries: queries.length,
    answered: 0,
    spans: 0,
    supportedSpans: 0,
    cited: 0,
    citedRelevant: 0,
    given: 0,
    givenRelevant: 0,
    answersWithRelevantCitation: 0,
  };
  try {
    const userId = await insertUser(database);
    const corpusIdOf = new Map<string, string>();
    for (const doc of corpus) {
      const documentId = await indexTexts(deps, userId, [`${doc.title ?? ""}\n\n${doc.text ?? ""}`], {
        name: `${doc._id}.txt`,
      });
      corpusIdOf.set(documentId, doc._id);
    }
    for (const query of queries) {
      const judged = qrels.get(query._id) ?? new Map<string, number>();
      const relevant = (documentId: string) => (judged.get(corpusIdOf.get(documentId) ?? "") ?? 0) > 0;
      const { results } = await searchKnowledge({ deps, userId, query: query.text, topK: TOP_K });
      const passages: GroundingPassage[] = results.map((result, index) => ({
        number: index + 1,
        text: result.text,
        documentName: result.documentName,
        location: result.location,
        relevance: result.relevance ?? 0,
      }));
      figures.given += results.length;
      figures.givenRelevant += results.filter((result) => relevant(result.documentId)).length;
      const answer = await responder.answer({
        systemPrompt: "",
        history: [],
        question: query.text,
        passages,
        model: null,
        temperature: 0,
        signal: new AbortController().signal,
        onToken: () => undefined,
      });
      const spans = quotedSpans(answer.content);
      if (spans.length === 0) continue;
      figures.answered += 1;
      const citedNumbers = new Set(spans.map((span) => span.number));
      let anyRelevant = false;
      for (const number of citedNumbers) {
        const result = results[number - 1];
        figures.cited += 1;
        if (result && relevant(result.documentId)) {
          figures.citedRelevant += 1;
          anyRelevant = true;
        }
      }
      if (anyRelevant) figures.answersWithRelevantCitation += 1;
      for (const span of spans) {
        figures.spans += 1;
        const passage = passages[span.number - 1];
        if (passage && normalise(passage.text).includes(span.text)) figures.supportedSpans += 1;
      }
    }
    return figures;
  } finally {
    await database.close();
  }
}

const share = (part: number, whole: number) => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)} %`);

export async function responderQualityRows(options: { documents?: number } = {}): Promise<string[][]> {
  const f = await measureResponderQuality(options);
  const supported = f.spans === 0 ? 1 : f.supportedSpans / f.spans;
  return [
    [
      "questions",
      "answered (else: says it does not know)",
      "quoted spans found in the cited passage",
      "cited passages judged relevant",
      "baseline: passages given judged relevant",
      "answers citing a relevant passage",
      "target",
    ],
    [
      `${f.queries} over ${f.documents} abstracts`,
      `${f.answered} (${share(f.answered, f.queries)})`,
      `${f.supportedSpans} of ${f.spans} (${share(f.supportedSpans, f.spans)})`,
      `${f.citedRelevant} of ${f.cited} (${share(f.citedRelevant, f.cited)})`,
      `${f.givenRelevant} of ${f.given} (${share(f.givenRelevant, f.given)})`,
      `${f.answersWithRelevantCitation} of ${f.answered} (${share(f.answersWithRelevantCitation, f.answered)})`,
      `spans supported ${SUPPORTED_TARGET * 100} % ${supported >= SUPPORTED_TARGET ? "met" : "NOT met"}`,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const documents = process.argv.find((arg) => arg.startsWith("--documents="))?.split("=")[1];
  const rows = await responderQualityRows(documents ? { documents: Number(documents) } : {});
  console.log(`\nGrounded responder on NFCorpus (top-${TOP_K} passages per question, in process on PGlite)`);
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((c, column) => c.padEnd(widths[column] ?? 0)).join("  "));
}
