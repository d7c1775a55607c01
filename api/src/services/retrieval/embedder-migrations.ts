// The embedder migrations of this process, owned by Deps: one per user and embedder at a time, stopped by close().

/** How one migration ended (busy: another process holds the user's lease, it failed, or the process is closing). */
export type MigrationOutcome = "switched" | "busy" | "store-unavailable" | "nothing-to-do";

/**
 * Background work that outlives the request that started it: each migration runs once per key (a second start joins
 * it), and the steps that decide whether one is needed are tracked too, so close() can abort them all and wait.
 */
export class EmbedderMigrations {
  private readonly running = new Map<string, Promise<MigrationOutcome>>();
  private readonly tracked = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();

  /** Aborted by close(): migrations stop between slices. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Starts `run` under `key`, or joins the one running; once closing, nothing starts ("busy"). */
  start(key: string, run: (signal: AbortSignal) => Promise<MigrationOutcome>): Promise<MigrationOutcome> {
    const joined = this.running.get(key);
    if (joined) return joined;
    if (this.stopping.signal.aborted) return Promise.resolve("busy");
    const task = run(this.stopping.signal).finally(() => this.running.delete(key));
    this.running.set(key, task);
    return task;
  }

  /** Keeps `task` until it settles, so close() waits for it; returns it unchanged. */
  track<T>(task: Promise<T>): Promise<T> {
    this.tracked.add(task);
    const forget = () => this.tracked.delete(task);
    task.then(forget, forget);
    return task;
  }

  /** Aborts the migrations in flight and waits for them and every tracked step. Idempotent. */
  async close(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running.values(), ...this.tracked]);
  }
}
