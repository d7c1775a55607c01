// How one attempt at a training job ended, shared by the built-in and the OpenAI runners (no runner imports the other's).
import type { Db } from "../../db/create-database";
import { failJob } from "./job-state";

export type RunOutcome =
  | { kind: "completed"; applied: boolean }
  | { kind: "failed"; reason: string }
  /** The target's documents are still processing and the wait has time left: check again later. */
  | { kind: "waiting"; processing: number }
  /** The job is gone, finished or cancelled: nothing to do. */
  | { kind: "gone" };

/** Fails the job with `reason`; a job that ended meanwhile (cancelled, settled elsewhere) is left alone: gone. */
export async function failRun(db: Db, jobId: string, reason: string): Promise<RunOutcome> {
  return (await failJob(db, jobId, reason)) ? { kind: "failed", reason } : { kind: "gone" };
}
