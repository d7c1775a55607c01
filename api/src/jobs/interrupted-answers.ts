// Questions whose answer was never stored (the server died mid-answer) get an answer marked `interrupted`, so no
// conversation shows a question left hanging: at API start-up, then every few minutes (server.ts).
//
// Which questions may be marked: never one that a live API process is still answering (several may share one
// PostgreSQL). A turn stores its question first and its answer last (services/chat/chat-service.ts), and nothing
// records which process answers, so the rule is one of time and ownership:
// - On PGlite at start-up, every unanswered question: the data folder is locked to one process (db/data-dir-lock.ts)
//   and this one has not started answering yet, so whoever was answering them is gone (as training-job-sweep.ts
//   reasons for jobs).
// - Otherwise (PostgreSQL, and later passes on PGlite), only questions older than the longest a turn may take:
//   the chat model's whole-answer limit (CHAT_TIMEOUT_MS, which ends a streamed answer too; the built-in responder
//   answers in well under a second) plus TURN_ALLOWANCE_MS for what comes before and after it (retrieval, whose
//   question embedding retries a failing provider for a few minutes at most, and storing). Processes sharing a
//   database share their configuration. Were an answer ever to take longer, it would be stored after the
//   interrupted one: the conversation shows both, nothing is lost.
// Passes are serialised across processes by a transaction-level advisory lock, so a question is marked once.
import type { ChatMessage } from "@acp/contracts/chat";
import { inArray, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows-of";
import { messages } from "../db/schema";
import type { Deps } from "../deps";

/** The answer's `error`, in words for people (the chat shows it under the question). */
export const INTERRUPTED_ERROR = "The server restarted before this question was answered. Ask again.";

/** Time a turn may spend outside the chat model: retrieval (with the embedder's retries) and storing. */
export const TURN_ALLOWANCE_MS = 10 * 60_000;

/** How often a running API looks again (questions of a process that died while this one runs). */
const SWEEP_INTERVAL_MS = 5 * 60_000;

/** Conversations looked at per pass; the rest wait for the next one. */
const CONVERSATIONS_PER_PASS = 500;

/** Any constant both engines take: the key of the advisory lock that serialises passes. */
const SWEEP_LOCK_KEY = 28_008_003;

/** The longest a turn may take with this configuration: no question younger than this is ever marked. */
export function longestTurnMs(config: Deps["config"]): number {
  return (config.chat.provider === "openai" ? config.chat.timeoutMs : 0) + TURN_ALLOWANCE_MS;
}

type MessageRef = { id: string; conversation_id: string; role: ChatMessage["role"]; created_at: unknown };

/**
 * The questions of one conversation that no answer matches. An answer does not say which question it answers, so
 * they are matched walking back from the newest message: each question takes the nearest answer after it not taken
 * by a later question. A crash leaves its question unmatched even when the user asked again and got an answer
 * (Q1 Q2 A2: Q1), and two questions asked at once in one conversation are both matched (Q1 Q2 A1 A2).
 */
export function unansweredQuestions<T extends Pick<MessageRef, "role">>(ordered: readonly T[]): T[] {
  const unanswered: T[] = [];
  let answersAfter = 0;
  for (let index = ordered.length - 1; index >= 0; index -= 1) {
    const message = ordered[index] as T;
    if (message.role === "assistant") answersAfter += 1;
    else if (answersAfter > 0) answersAfter -= 1;
    else unanswered.push(message);
  }
  return unanswered.reverse();
}

/**
 * One pass: stores an empty answer marked interrupted right after each unanswered question at least `minAgeMs`
 * old (by the database's clock, the same for every process). `minAgeMs: 0` only where no other process can be
 * answering (see the header). Returns the ids of the questions marked.
 */
export async function markInterruptedAnswers(
  deps: Deps,
  { minAgeMs }: { minAgeMs: number },
): Promise<string[]> {
  return deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK_KEY})`);
    // Only conversations with more questions than answers can hold an unanswered one.
    const candidates = rowsOf<{ conversation_id: string }>(
      await tx.execute(sql`
        select conversation_id from messages
        group by conversation_id
        having count(*) filter (where role = 'user') > count(*) filter (where role = 'assistant')
          and min(created_at) filter (where role = 'user') <= now() - make_interval(secs => ${minAgeMs / 1000})
        order by min(created_at) filter (where role = 'user')
        limit ${CONVERSATIONS_PER_PASS}`),
    ).map((row) => row.conversation_id);
    if (candidates.length === 0) return [];
    const rows = rowsOf<MessageRef & { old: boolean }>(
      await tx.execute(sql`
        select id, conversation_id, role, created_at,
          created_at <= now() - make_interval(secs => ${minAgeMs / 1000}) as old
        from messages
        where ${inArray(messages.conversationId, candidates)}
        order by conversation_id, created_at, id`),
    );
    const byConversation = new Map<string, typeof rows>();
    for (const row of rows) {
      const ordered = byConversation.get(row.conversation_id) ?? [];
      ordered.push(row);
      byConversation.set(row.conversation_id, ordered);
    }
    const marked = [...byConversation.values()]
      .flatMap((ordered) => unansweredQuestions(ordered))
      .filter((question) => question.old)
      .map((question) => question.id);
    if (marked.length === 0) return [];
    // Right after its question (1 ms later, in the database's own precision): before anything asked after it.
    await tx.execute(sql`
      insert into messages (id, conversation_id, role, content, status, error, created_at)
      select gen_random_uuid()::text, q.conversation_id, 'assistant', '', 'interrupted', ${INTERRUPTED_ERROR},
        q.created_at + interval '1 millisecond'
      from messages q
      where ${inArray(sql`q.id`, marked)}`);
    return marked;
  });
}

/**
 * Marks what a dead process left unanswered now (every unanswered question on PGlite, whose folder this process
 * holds alone; only those older than the longest turn on PostgreSQL), then again every few minutes with the time
 * rule. Resolve `ready` before serving; stop() ends the timer.
 */
export function startInterruptedAnswerSweep(
  deps: Deps,
  { intervalMs = SWEEP_INTERVAL_MS }: { intervalMs?: number } = {},
) {
  const minAgeMs = longestTurnMs(deps.config);
  const pass = (age: number) =>
    markInterruptedAnswers(deps, { minAgeMs: age }).then(
      (marked) => {
        if (marked.length > 0) deps.logger.info({ questions: marked.length }, "answers marked interrupted");
      },
      (error: unknown) => deps.logger.error({ err: error }, "marking interrupted answers failed"),
    );
  let running = pass(deps.database.engine === "pglite" ? 0 : minAgeMs);
  const ready = running;
  const timer = setInterval(() => {
    running = running.then(() => pass(minAgeMs));
  }, intervalMs);
  timer.unref();
  return {
    ready,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
