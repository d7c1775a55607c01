// The built-in trainer's dataset when a chat model is configured (issue 22): questions a chat model writes for each
// passage, each answered by the passage it was written from, split by document, checked like the sentence dataset.
import type { DatasetReport } from "@acp/contracts/training";
import type { Deps } from "../../deps";
import { createOpenAiClient } from "../../providers/openai/openai-client";
import { generatePassageQuestions } from "./openai/generate-examples";
import { splitByGroup } from "./openai/split-by-document";
import { type TrainerDataset, type TrainerPair, textLengths } from "./trainer/agent-ranker";
import { MIN_DOCUMENTS, MIN_TRAIN_PAIRS, MIN_VALIDATION_PAIRS, tooFewDocuments } from "./trainer/ict-pairs";
import type { TrainingKnowledge } from "./training-target";

/** Questions asked for at most: a few hundred real-looking questions teach the re-ranker more than thousands of sentences. */
const MAX_GENERATED_QUESTIONS = 900;

const normalise = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Generated questions as trainer pairs (the passage whole is the answer; a word-for-word copy of it elsewhere counts
 * too), and the report a job stores. The chat model's errors (key, quota) are thrown as OpenAiRequestError.
 */
export async function generatedTrainerDataset({
  deps,
  knowledge,
  seed,
  signal,
  onProgress,
}: {
  deps: Deps;
  knowledge: TrainingKnowledge;
  seed: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}): Promise<{ dataset: TrainerDataset; report: DatasetReport }> {
  const chat = deps.config.chat;
  if (chat.provider !== "openai")
    throw new Error("generated questions need a chat model (LLM_PROVIDER=openai)");
  const client = createOpenAiClient({ apiKey: chat.apiKey, baseUrl: chat.baseUrl, maxRetries: 2 });
  const questions = await generatePassageQuestions({
    client,
    model: chat.model,
    passages: knowledge.passages,
    seed,
    maxExamples: MAX_GENERATED_QUESTIONS,
    ...(signal ? { signal } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  const copies = new Map<string, string[]>();
  for (const passage of knowledge.passages) {
    const key = normalise(passage.text);
    copies.set(key, [...(copies.get(key) ?? []), passage.id]);
  }
  const seen = new Set<string>();
  let duplicates = 0;
  const pairs: TrainerPair[] = [];
  for (const { passage, question } of questions) {
    const key = normalise(question);
    if (seen.has(key)) {
      duplicates += 1;
      continue;
    }
    seen.add(key);
    pairs.push({
      query: question,
      passageId: passage.id,
      documentId: passage.documentId,
      context: passage.text,
      positiveIds: copies.get(normalise(passage.text)) ?? [passage.id],
    });
  }
  const split = splitByGroup(pairs, (pair) => pair.documentId, seed);
  const documents = new Set(knowledge.passages.map((passage) => passage.documentId)).size;
  const problems: string[] = [];
  if (documents < MIN_DOCUMENTS) {
    problems.push(tooFewDocuments(documents));
  } else if (split.train.length < MIN_TRAIN_PAIRS || split.validation.length < MIN_VALIDATION_PAIRS) {
    problems.push(
      `Not enough questions to train on: ${chat.model} wrote ${split.train.length} training and ${split.validation.length} validation questions from ${documents} documents (at least ${MIN_TRAIN_PAIRS} and ${MIN_VALIDATION_PAIRS} are needed). Upload more documents first.`,
    );
  }
  const report: DatasetReport = {
    source: "generated",
    documents,
    passages: knowledge.passages.length,
    processingDocuments: knowledge.processing,
    pairs: split.train.length + split.validation.length,
    train: split.train.length,
    validation: split.validation.length,
    duplicates,
    tooShort: 0,
    tooLong: 0,
    queryTokens: textLengths(pairs.map((pair) => pair.query)),
    passageTokens: textLengths(knowledge.passages.map((passage) => passage.text)),
    billedTokens: null,
    estimatedCostUsd: null,
    problems,
    warnings: [],
  };
  const dataset: TrainerDataset = {
    train: split.train,
    validation: split.validation,
    report: {
      documents,
      passages: report.passages,
      pairs: report.pairs,
      train: report.train,
      validation: report.validation,
      duplicates,
      tooShort: 0,
      tooLong: 0,
      queryTokens: report.queryTokens,
      passageTokens: report.passageTokens,
      problems,
      warnings: [],
    },
  };
  return { dataset, report };
}
