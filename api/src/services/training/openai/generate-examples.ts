// Fine-tuning examples from an agent's knowledge: a chat model writes questions a user would ask about each passage
// and answers grounded in it; each pair becomes a chat example under the agent's system prompt.
import type OpenAI from "openai";
import type { ChatExample, FineTunePassage } from "../../../providers/fine-tuning/types";
import { describeOpenAiError } from "../../../providers/openai/openai-errors";
import { seededShuffle, splitByGroup } from "./split-by-document";

/** Pairs asked for per passage: enough variety without paraphrasing one fact five times. */
const QUESTIONS_PER_PASSAGE = 3;
/** Chat requests in flight at once (well inside OpenAI's per-minute limits for small jobs). */
const GENERATION_CONCURRENCY = 4;
/** Passages shorter than this (in characters) hold too little to ask about (a heading, a page number). */
const MIN_PASSAGE_CHARS = 40;
/** Questions shorter than this are fragments, not questions. */
const MIN_QUESTION_CHARS = 8;

const INSTRUCTIONS = [
  "You write training data for an assistant that answers from a company's documents.",
  `Given one passage, write up to ${QUESTIONS_PER_PASSAGE} different questions a user might really ask that the passage answers,`,
  "each with an answer that uses only facts stated in the passage, in one to three complete sentences.",
  "Do not mention 'the passage' or 'the text'. Skip anything the passage does not state.",
  'Reply with JSON only: {"pairs": [{"question": "...", "answer": "..."}]}. Reply {"pairs": []} when nothing fits.',
].join(" ");

type Pair = { question: string; answer: string };

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/** The pairs in a model's reply: a JSON object with `pairs` (or a bare array), fenced or not; [] when unreadable. */
export function parsePairs(reply: string): Pair[] {
  const start = reply.search(/[[{]/);
  if (start < 0) return [];
  const end = Math.max(reply.lastIndexOf("}"), reply.lastIndexOf("]"));
  let value: unknown;
  try {
    value = JSON.parse(reply.slice(start, end + 1));
  } catch {
    return [];
  }
  const list = Array.isArray(value) ? value : (value as { pairs?: unknown } | null)?.pairs;
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const pairs: Pair[] = [];
  for (const item of list as { question?: unknown; answer?: unknown }[]) {
    const question = typeof item?.question === "string" ? item.question.trim() : "";
    const answer = typeof item?.answer === "string" ? item.answer.trim() : "";
    if (question.length < MIN_QUESTION_CHARS || answer === "" || seen.has(normalise(question))) continue;
    seen.add(normalise(question));
    pairs.push({ question, answer });
  }
  return pairs.slice(0, QUESTIONS_PER_PASSAGE);
}

/**
 * The passages worth asking about, in the order they are asked: documents in a seeded order, taking one passage from
 * each in turn (so a cap on examples still covers many documents); empty, tiny and repeated passages left out.
 */
export function orderPassages(passages: readonly FineTunePassage[], seed: number): FineTunePassage[] {
  const seen = new Set<string>();
  const byDocument = new Map<string, FineTunePassage[]>();
  for (const passage of passages) {
    const key = normalise(passage.text);
    if (key.length < MIN_PASSAGE_CHARS || seen.has(key)) continue;
    seen.add(key);
    byDocument.set(passage.documentId, [...(byDocument.get(passage.documentId) ?? []), passage]);
  }
  const queues = seededShuffle([...byDocument.keys()].sort(), seed).map((id) => byDocument.get(id) ?? []);
  const ordered: FineTunePassage[] = [];
  for (let round = 0; ordered.length < seen.size; round += 1) {
    for (const queue of queues) {
      const passage = queue[round];
      if (passage) ordered.push(passage);
    }
  }
  return ordered;
}

/** A question a passage answers, with its grounded answer (a chat model's, generatePassageQuestions). */
type PassageQuestion = { passage: FineTunePassage; question: string; answer: string };

type GenerationInput = {
  client: OpenAI;
  model: string;
  passages: readonly FineTunePassage[];
  seed: number;
  /** Questions collected at most (generation stops asking once it has them). */
  maxExamples?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  concurrency?: number;
};

/**
 * Asks the chat model (JSON output) for question/answer pairs grounded in each passage, a few requests at a time, in
 * orderPassages' order; returns them with their passage, the same way for the same seed and replies. A reply that is
 * not usable JSON costs that passage its questions; an OpenAI error (key, quota) stops the whole generation with an
 * OpenAiRequestError. An abort stops the requests in flight and throws the signal's reason.
 */
export async function generatePassageQuestions(input: GenerationInput): Promise<PassageQuestion[]> {
  const { client, model, signal } = input;
  signal?.throwIfAborted();
  const ordered = orderPassages(input.passages, input.seed);
  const maxExamples = input.maxExamples ?? Number.POSITIVE_INFINITY;
  const results: (Pair[] | undefined)[] = new Array(ordered.length);
  // Stops the other requests when one fails, and follows the caller's abort.
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  let next = 0;
  let done = 0;
  let collected = 0;
  let failure: { error: unknown } | undefined;

  const ask = async (passage: FineTunePassage): Promise<Pair[]> => {
    const completion = await client.chat.completions.create(
      {
        model,
        messages: [
          { role: "system", content: INSTRUCTIONS },
          { role: "user", content: `Passage:\n"""\n${passage.text.trim()}\n"""` },
        ],
        response_format: { type: "json_object" },
        temperature: 0.3,
        seed: input.seed,
      },
      { signal: stop.signal },
    );
    return parsePairs(completion.choices[0]?.message.content ?? "");
  };

  const worker = async () => {
    while (next < ordered.length && collected < maxExamples && !stop.signal.aborted) {
      const index = next;
      next += 1;
      try {
        const pairs = await ask(ordered[index] as FineTunePassage);
        results[index] = pairs;
        collected += pairs.length;
        done += 1;
        input.onProgress?.(done, ordered.length);
      } catch (error) {
        if (!failure && !signal?.aborted) failure = { error };
        stop.abort(error);
      }
    }
  };

  try {
    const workers = Math.max(1, Math.min(input.concurrency ?? GENERATION_CONCURRENCY, ordered.length));
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
  signal?.throwIfAborted();
  if (failure) throw describeOpenAiError(`Generating training questions with ${model}`, failure.error);
  if (done < ordered.length) input.onProgress?.(ordered.length, ordered.length);
  const questions: PassageQuestion[] = [];
  for (const [index, pairs] of results.entries()) {
    const passage = ordered[index] as FineTunePassage;
    for (const pair of pairs ?? []) questions.push({ passage, ...pair });
  }
  return questions.slice(0, Number.isFinite(maxExamples) ? Math.max(0, maxExamples) : questions.length);
}

/**
 * Chat examples under the agent's system prompt from generatePassageQuestions, split into train and validation by
 * document (by passage when all come from one document), the same way for the same seed and replies.
 */
export async function generateFineTuneExamples(
  input: GenerationInput & { systemPrompt: string },
): Promise<{ train: ChatExample[]; validation: ChatExample[] }> {
  const questions = await generatePassageQuestions(input);
  const system: ChatExample["messages"] =
    input.systemPrompt.trim() === "" ? [] : [{ role: "system", content: input.systemPrompt }];
  const documents = new Set(questions.map((item) => item.passage.documentId));
  const items = questions.map((item) => ({
    group: documents.size > 1 ? item.passage.documentId : item.passage.id,
    example: {
      messages: [
        ...system,
        { role: "user" as const, content: item.question },
        { role: "assistant" as const, content: item.answer },
      ],
    },
  }));
  const split = splitByGroup(items, (item) => item.group, input.seed);
  return {
    train: split.train.map((item) => item.example),
    validation: split.validation.map((item) => item.example),
  };
}
