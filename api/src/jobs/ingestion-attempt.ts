// One attempt's hold on a document: claiming it, writing its stage, progress and heartbeat, and settling it (completed, retry, failed).
import type { DocumentStage } from "@acp/contracts/knowledge";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/create-database";
import { type DocumentRow, documents, type StageTiming } from "../db/schema";
import { stageProgress } from "./stage-progress";

/** How often a working attempt proves it is alive (documents.heartbeat_at) and checks it is still wanted. */
export const HEARTBEAT_MS = 5_000;
/** Progress inside a stage is written at most this often. */
const PROGRESS_WRITE_MS = 500;

/** The working stages in the order an attempt goes through them. */
const STAGE_ORDER: readonly DocumentStage[] = ["extracting", "chunking", "embedding", "indexing"];

/** The document was deleted, or a newer attempt took it over: this attempt must stop and touch nothing more. */
export class DocumentGoneError extends Error {}

/** Closes the open timing and opens one for `stage`. */
function nextTimings(timings: StageTiming[], stage: DocumentStage | null): StageTiming[] {
  const at = new Date().toISOString();
  const closed = timings.map((t) => (t.finishedAt === null ? { ...t, finishedAt: at } : t));
  return stage ? [...closed, { stage, startedAt: at, finishedAt: null }] : closed;
}

/**
 * pg-boss may hand an expired job to another worker while this one still runs: every write requires the document to
 * still be processing AND on this attempt's number, so a superseded attempt stops at its next write and never
 * touches (or clears) its successor's index.
 */
export class IngestionAttempt {
  /** Aborted when the document is gone or taken over (and by the job's own signal). */
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private timings: StageTiming[];
  private stage: DocumentStage = "extracting";
  private lastProgressWrite = 0;
  /** The latest progress write: stage changes wait for it, so a late write never takes the stage back. */
  private pendingProgress: Promise<unknown> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | undefined;

  private constructor(
    private readonly db: Db,
    readonly document: DocumentRow,
    readonly number: number,
    jobSignal: AbortSignal | undefined,
  ) {
    this.signal = jobSignal ? AbortSignal.any([jobSignal, this.controller.signal]) : this.controller.signal;
    this.timings = nextTimings(document.timings, "extracting");
  }

  /**
   * Claims the next attempt of a processing document; undefined when it is not processing or another attempt
   * claimed it first. Starts the heartbeat; call `release()` when done, whatever happened.
   */
  static async claim(
    db: Db,
    documentId: string,
    jobSignal?: AbortSignal,
  ): Promise<IngestionAttempt | undefined> {
    const [initial] = await db.select().from(documents).where(eq(documents.id, documentId));
    if (initial?.status !== "processing") return undefined;
    const number = initial.attempts + 1;
    const attempt = new IngestionAttempt(db, { ...initial, attempts: number }, number, jobSignal);
    // The claim enters the first stage in the same statement (one write fewer for every document).
    const claimed = await db
      .update(documents)
      .set({
        attempts: number,
        heartbeatAt: new Date(),
        stage: attempt.stage,
        progress: stageProgress(attempt.stage, 0),
        timings: attempt.timings,
        error: null,
      })
      .where(
        and(
          eq(documents.id, documentId),
          eq(documents.status, "processing"),
          eq(documents.attempts, initial.attempts),
        ),
      )
      .returning({ id: documents.id });
    if (claimed.length === 0) return undefined;
    attempt.heartbeat = setInterval(() => {
      void attempt.write({}).catch(() => undefined);
    }, HEARTBEAT_MS);
    attempt.heartbeat.unref();
    return attempt;
  }

  get documentId(): string {
    return this.document.id;
  }

  /** Whether the document is still processing on this attempt. */
  private ours() {
    return and(
      eq(documents.id, this.document.id),
      eq(documents.status, "processing"),
      eq(documents.attempts, this.number),
    );
  }

  /** Writes `values` (and the heartbeat) only while the attempt holds the document; throws DocumentGoneError otherwise. */
  private async write(values: Partial<typeof documents.$inferInsert>): Promise<void> {
    const rows = await this.db
      .update(documents)
      .set({ ...values, heartbeatAt: new Date() })
      .where(this.ours())
      .returning({ id: documents.id });
    if (rows.length === 0) {
      const gone = new DocumentGoneError("document deleted or taken over by a newer attempt");
      this.controller.abort(gone);
      throw gone;
    }
  }

  /** Moves to `stage` (its timing opens, the previous one closes) at the stage's starting progress. */
  async enter(stage: DocumentStage, extra: Partial<typeof documents.$inferInsert> = {}): Promise<void> {
    // Stages only move forward: a late call for an earlier stage never takes the document back.
    if (STAGE_ORDER.indexOf(stage) < STAGE_ORDER.indexOf(this.stage)) return;
    // Switched at once, so progress reported meanwhile belongs to the new stage and a second call opens nothing.
    if (stage !== this.stage) this.timings = nextTimings(this.timings, stage);
    this.stage = stage;
    const values = { stage, progress: stageProgress(stage, 0), timings: this.timings, ...extra };
    await this.pendingProgress;
    await this.write(values);
  }

  /**
   * Moves to `stage` as `enter` does, without waiting for the write: it follows the writes before it, and one that
   * finds the document gone aborts `signal` (the work stops at its next check). For the stages an attempt passes
   * through while chunks flow, so the pipeline never waits on the database for a label.
   */
  advance(stage: DocumentStage): void {
    this.pendingProgress = this.enter(stage).catch(() => undefined);
  }

  /** Progress inside the current stage (0-1 of it), written at most every PROGRESS_WRITE_MS, never awaited. */
  progress(fraction: number): void {
    const at = Date.now();
    if (at - this.lastProgressWrite < PROGRESS_WRITE_MS) return;
    this.lastProgressWrite = at;
    const values = { stage: this.stage, progress: stageProgress(this.stage, fraction) };
    this.pendingProgress = this.pendingProgress.then(() => this.write(values)).catch(() => undefined);
  }

  /** The current stage. */
  get currentStage(): DocumentStage {
    return this.stage;
  }

  /** Whether this is still the document's current attempt (a newer one owns the index otherwise). */
  async stillOurs(): Promise<boolean> {
    return (await this.db.select({ id: documents.id }).from(documents).where(this.ours())).length === 1;
  }

  /**
   * Completes the document: from this statement on its chunks answer searches (migration 0009 bumps the
   * generation in it). Throws DocumentGoneError when the attempt no longer holds it.
   */
  async complete(values: { chunkCount: number; embedder: string }): Promise<void> {
    await this.pendingProgress;
    this.timings = nextTimings(this.timings, null);
    await this.write({
      status: "completed",
      stage: "completed",
      progress: 100,
      completedAt: new Date(),
      error: null,
      timings: this.timings,
      ...values,
    });
  }

  /** Puts the document back in the queue for pg-boss's next attempt. */
  async requeue(): Promise<void> {
    await this.db
      .update(documents)
      .set({
        stage: "queued",
        progress: 0,
        heartbeatAt: new Date(),
        timings: nextTimings(this.timings, null),
      })
      .where(this.ours())
      .catch(() => undefined);
  }

  /** Fails the document with `reason` (nothing happens when a newer attempt holds it). */
  async fail(reason: string): Promise<void> {
    await failDocument(this.db, this.document.id, reason, this.timings, this.number);
  }

  /** Stops the heartbeat. */
  release(): void {
    clearInterval(this.heartbeat);
  }
}

/**
 * Marks a processing document failed with `reason` (no-op when it is gone or already settled, or, given `attempt`,
 * when a newer attempt has taken it over).
 */
export async function failDocument(
  db: Db,
  documentId: string,
  reason: string,
  timings?: StageTiming[],
  attempt?: number,
) {
  await db
    .update(documents)
    .set({
      status: "failed",
      stage: "failed",
      error: reason,
      heartbeatAt: null,
      ...(timings ? { timings: nextTimings(timings, null) } : {}),
    })
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.status, "processing"),
        attempt === undefined ? undefined : eq(documents.attempts, attempt),
      ),
    );
}
