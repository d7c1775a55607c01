// Runs the real-file question set through the HTTP API as a user would: one upload of every file to the gtm agent,
// wait for ingestion, then each question in a conversation of its own through POST /api/chat (the offline responder
// unless the server is configured otherwise), a few at a time. Used by api/src/routes/answer-set.test.ts (against the
// in-process test app, both engines) and e2e/bench/answer-set.ts (against a served app), so both judge the same way.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { chatResponseSchema } from "@acp/contracts/chat";
import type { DocumentDetail, UploadResponse } from "@acp/contracts/knowledge";
import { failedAnswer, judgeAnswer, type QuestionResult } from "./answer-set-scoring";
import { type AnswerSetQuestion, REAL_WORLD_FILES, REAL_WORLD_QUESTIONS } from "./real-world-questions";
import { canDrawScannedNotice, SCANNED_NOTICE_NAME, scannedNoticePdf } from "./scanned-notice";

/** A request as the signed-in user (cookie and same-origin Origin header added by the caller's transport). */
export type SignedInRequest = (path: string, init?: RequestInit) => Promise<Response>;

/** The agent every file goes to and every question is asked of. */
export const ANSWER_SET_AGENT = "gtm";
/** Questions in flight at once. */
export const ANSWER_SET_CONCURRENCY = 4;

export type UploadedFile = {
  id: string;
  name: string;
  status: string;
  error: string | null;
  chunkCount: number;
};

/**
 * The questions that can be asked here: all of them, less those about the scanned page when this machine cannot draw
 * it (no system font); `skipped` names the ones left out so a report can say so.
 */
export function askableQuestions(): { questions: AnswerSetQuestion[]; skipped: AnswerSetQuestion[] } {
  const drawable = canDrawScannedNotice();
  const aboutScan = (q: AnswerSetQuestion) =>
    !q.unanswerable && q.files.every((f) => f === SCANNED_NOTICE_NAME);
  return {
    questions: REAL_WORLD_QUESTIONS.filter((q) => drawable || !aboutScan(q)),
    skipped: drawable ? [] : REAL_WORLD_QUESTIONS.filter(aboutScan),
  };
}

/** Every real-world file (the corrupt ones are not in the list) plus the scanned page, read or drawn. */
export async function answerSetFiles(fixturesDir: string): Promise<{ name: string; content: Uint8Array }[]> {
  const files: { name: string; content: Uint8Array }[] = await Promise.all(
    REAL_WORLD_FILES.map(async (name) => ({
      name,
      content: new Uint8Array(await readFile(path.join(fixturesDir, name))),
    })),
  );
  if (canDrawScannedNotice())
    files.push({ name: SCANNED_NOTICE_NAME, content: new Uint8Array(await scannedNoticePdf()) });
  return files;
}

async function expectStatus(response: Response, status: number, what: string): Promise<unknown> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Uploads the files in one request to the agent and waits until none is processing. */
export async function uploadAndIngest(
  request: SignedInRequest,
  files: readonly { name: string; content: Uint8Array }[],
  { timeoutMs = 600_000, pollMs = 250 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<UploadedFile[]> {
  const form = new FormData();
  form.append("agentId", ANSWER_SET_AGENT);
  for (const file of files) {
    form.append("files", new Blob([file.content as Uint8Array<ArrayBuffer>]), file.name);
  }
  const { documents } = (await expectStatus(
    await request("/api/documents/upload", { method: "POST", body: form }),
    201,
    "upload",
  )) as UploadResponse;
  const deadline = Date.now() + timeoutMs;
  const done: UploadedFile[] = [];
  for (const document of documents) {
    for (;;) {
      const detail = (await expectStatus(
        await request(`/api/documents/${document.id}`),
        200,
        `GET /api/documents/${document.id}`,
      )) as DocumentDetail;
      if (detail.document.status !== "processing") {
        done.push({
          id: document.id,
          name: detail.document.originalName,
          status: detail.document.status,
          error: detail.document.error,
          chunkCount: detail.chunkCount,
        });
        break;
      }
      if (Date.now() > deadline)
        throw new Error(`${document.originalName} still processing after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  return done;
}

/** Asks one question in a new conversation of the agent; the judged result (a failed request is a wrong answer). */
export async function askOne(request: SignedInRequest, q: AnswerSetQuestion): Promise<QuestionResult> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const conversation = (await expectStatus(
      await request("/api/conversations", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ agentType: ANSWER_SET_AGENT, title: `Answer set: ${q.id}` }),
      }),
      201,
      "POST /api/conversations",
    )) as { id: string };
    const body = await expectStatus(
      await request("/api/chat", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ conversationId: conversation.id, message: q.question }),
      }),
      200,
      "POST /api/chat",
    );
    return judgeAnswer(q, chatResponseSchema.parse(body).message, seconds());
  } catch (error) {
    return failedAnswer(q, error instanceof Error ? error.message : String(error), seconds());
  }
}

/** Asks every question, `concurrency` at a time; results in the questions' order. */
export async function askAll(
  request: SignedInRequest,
  questions: readonly AnswerSetQuestion[],
  concurrency = ANSWER_SET_CONCURRENCY,
): Promise<QuestionResult[]> {
  const results: QuestionResult[] = new Array(questions.length);
  let next = 0;
  const lane = async () => {
    while (next < questions.length) {
      const index = next++;
      const q = questions[index];
      if (q) results[index] = await askOne(request, q);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return results;
}
