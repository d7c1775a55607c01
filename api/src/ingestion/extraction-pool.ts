// A small pool of long-lived extraction child processes: jobs queue for a free one; a child that misbehaves is killed.
import { type ChildProcess, fork } from "node:child_process";
import { availableParallelism, setPriority } from "node:os";
import { extractionChildEnv } from "../env";
import { siblingEntry } from "../lib/sibling-entry";
import type { ExtractionParentMessage, ExtractionWorkerMessage } from "./extraction-messages";
import { ExtractionError } from "./types";

/** Niceness of extraction children (0 normal, 19 lowest): below the API process, which answers requests. */
const CHILD_NICENESS = 10;

export type ExtractionPoolOptions = {
  /** Child processes at most, across every heap size (default min(2, available cores)). */
  processes: number;
  /** An idle child exits after this long (default 30 s). */
  idleMs: number;
  /** A child is replaced after this many documents (default 200), so slow leaks in parsers cannot pile up. */
  maxJobsPerProcess: number;
  /** A child whose heap still holds more than this after a document is replaced (default 256 MB). */
  recycleHeapMb: number;
  /** How long a new child may take to load before the job fails (default 60 s). */
  startTimeoutMs: number;
};

const DEFAULT_OPTIONS: ExtractionPoolOptions = {
  processes: Math.max(1, Math.min(2, availableParallelism())),
  idleMs: 30_000,
  maxJobsPerProcess: 200,
  recycleHeapMb: 256,
  startTimeoutMs: 60_000,
};

/** What a job listens to while it holds a child. */
export type LeaseListener = {
  onMessage: (message: ExtractionWorkerMessage) => void;
  /** The child ended; `stderrTail` is what it last wrote (a V8 out-of-memory report lands there). */
  onExit: (how: string, stderrTail: string) => void;
};

/** A child lent to one job: give it back with `release` after a clean end, or `destroy` it after anything else. */
export type ExtractionLease = {
  pid: number | undefined;
  listen: (listener: LeaseListener) => void;
  send: (message: ExtractionParentMessage, onError: (error: Error) => void) => void;
  release: (heapUsedMb: number) => void;
  destroy: () => void;
};

type Slot = {
  child: ChildProcess;
  heapMb: number;
  state: "starting" | "idle" | "busy";
  jobs: number;
  stderrTail: string;
  listener: LeaseListener | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  /** Set while a job waits for this starting child: called when it reports ready, or with the error if it cannot start. */
  onReady: (() => void) | undefined;
  onStartFailed: ((error: ExtractionError) => void) | undefined;
  exited: Promise<void>;
};

type Waiter = {
  heapMb: number;
  resolve: (lease: ExtractionLease) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
};

export type ExtractionPoolStats = {
  /** Children started since the pool was created. */
  started: number;
  /** Jobs waiting for a free child. */
  waiting: number;
  processes: Array<{ pid: number | undefined; heapMb: number; state: Slot["state"]; jobs: number }>;
};

/** Sets whether a child keeps the parent's event loop alive: only while it works for someone. */
function setRef(child: ChildProcess, on: boolean): void {
  const handles = [child, child.channel, child.stderr] as Array<{
    ref?: () => void;
    unref?: () => void;
  } | null>;
  for (const handle of handles) {
    if (on) handle?.ref?.();
    else handle?.unref?.();
  }
}

/** Child processes that read files, reused one document at a time (see the module comment). */
export class ExtractionPool {
  private options: ExtractionPoolOptions;
  private readonly slots = new Set<Slot>();
  private readonly waiting: Waiter[] = [];
  private started = 0;
  private closed = false;

  constructor(changes: Partial<ExtractionPoolOptions> = {}) {
    this.options = { ...DEFAULT_OPTIONS, ...changes };
  }

  /** Replaces the settings (defaults plus `changes`); running children follow them as they free up. */
  configure(changes: Partial<ExtractionPoolOptions>): void {
    this.options = { ...DEFAULT_OPTIONS, ...changes };
    this.pump();
  }

  stats(): ExtractionPoolStats {
    return {
      started: this.started,
      waiting: this.waiting.length,
      processes: [...this.slots].map((slot) => ({
        pid: slot.child.pid,
        heapMb: slot.heapMb,
        state: slot.state,
        jobs: slot.jobs,
      })),
    };
  }

  /** Waits for a child whose heap limit is `heapMb`; rejects with "aborted" when `signal` fires while waiting. */
  acquire(heapMb: number, signal?: AbortSignal): Promise<ExtractionLease> {
    return new Promise<ExtractionLease>((resolve, reject) => {
      const waiter: Waiter = {
        heapMb,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(new ExtractionError("aborted", "reading the file was cancelled"));
        },
      };
      signal?.addEventListener("abort", waiter.onAbort, { once: true });
      this.waiting.push(waiter);
      this.pump();
    });
  }

  /** Hands free (or newly started) children to waiting jobs, oldest first. */
  pump(): void {
    while (this.waiting.length > 0 && !this.closed) {
      const head = this.waiting[0] as Waiter;
      const idle = [...this.slots].filter((slot) => slot.state === "idle");
      let slot = idle.find((candidate) => candidate.heapMb === head.heapMb);
      if (!slot) {
        if (this.slots.size >= this.options.processes) {
          // A free child with another heap limit gives its place to one with the limit this job asks for.
          const other = idle[0];
          if (!other) return;
          this.kill(other);
        }
        slot = this.start(head.heapMb);
      }
      this.waiting.shift();
      head.signal?.removeEventListener("abort", head.onAbort);
      this.lend(slot, head);
    }
  }

  private start(heapMb: number): Slot {
    const entry = siblingEntry(import.meta.url, "extraction-worker");
    const child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${heapMb}`],
      // An allow-list, not the API's environment: a file that exploits a parser finds no secrets to read.
      env: extractionChildEnv(),
      serialization: "advanced",
      // stdout is not the API's log (pdf.js warnings, tesseract notices); stderr is kept to recognise a V8 OOM.
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.started++;
    // Background work: the kernel gives the API's own requests the CPU first when both want it (2 cores run the
    // API, its embedding thread and these children; searches measured 2.7x slower during an ingestion without this).
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, CHILD_NICENESS);
      } catch {
        // Not permitted here (some containers): the child runs at the API's priority.
      }
    }
    let exited!: () => void;
    const slot: Slot = {
      child,
      heapMb,
      state: "starting",
      jobs: 0,
      stderrTail: "",
      listener: undefined,
      idleTimer: undefined,
      onReady: undefined,
      onStartFailed: undefined,
      exited: new Promise<void>((resolve) => {
        exited = resolve;
      }),
    };
    this.slots.add(slot);
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (text: string) => {
      slot.stderrTail = (slot.stderrTail + text).slice(-4096);
    });
    child.on("message", (message: ExtractionWorkerMessage) => {
      if (message?.type === "ready") slot.onReady?.();
      else slot.listener?.onMessage(message);
    });
    const ended = (how: string) => {
      if (!this.slots.has(slot)) return;
      this.slots.delete(slot);
      clearTimeout(slot.idleTimer);
      const listener = slot.listener;
      slot.listener = undefined;
      // Let the stderr pipe drain so an out-of-memory report is not missed.
      setImmediate(() => {
        listener?.onExit(how, slot.stderrTail);
        slot.onStartFailed?.(new ExtractionError("internal", `could not start the file reader (${how})`));
        this.pump();
      });
    };
    child.on("error", (error) => {
      ended(`could not start: ${error.message}`);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    child.on("exit", (code, signal) => {
      ended(signal ? `signal ${signal}` : `exit code ${code}`);
      exited();
    });
    // A child that never exits (or never starts) must not hold the "exited" promise forever.
    child.on("close", () => exited());
    return slot;
  }

  private lend(slot: Slot, waiter: Waiter): void {
    clearTimeout(slot.idleTimer);
    setRef(slot.child, true);
    const lease: ExtractionLease = {
      pid: slot.child.pid,
      listen: (listener) => {
        slot.listener = listener;
      },
      send: (message, onError) => {
        // A child that went away between jobs: its exit has not been seen yet.
        if (!slot.child.connected) {
          onError(new Error("the child process has gone"));
          return;
        }
        slot.child.send(message, (error) => {
          if (error) onError(error);
        });
      },
      release: (heapUsedMb) => this.release(slot, heapUsedMb),
      destroy: () => {
        slot.listener = undefined;
        this.kill(slot);
      },
    };
    const hand = () => {
      slot.state = "busy";
      slot.stderrTail = "";
      waiter.resolve(lease);
    };
    if (slot.state !== "starting") {
      hand();
      return;
    }
    const timer = setTimeout(() => {
      this.kill(
        slot,
        new ExtractionError(
          "internal",
          `could not start the file reader: it took longer than ${this.options.startTimeoutMs / 1000} s`,
        ),
      );
    }, this.options.startTimeoutMs);
    slot.onReady = () => {
      slot.onReady = undefined;
      slot.onStartFailed = undefined;
      clearTimeout(timer);
      hand();
    };
    slot.onStartFailed = (error) => {
      slot.onStartFailed = undefined;
      clearTimeout(timer);
      waiter.reject(error);
    };
  }

  private release(slot: Slot, heapUsedMb: number): void {
    slot.listener = undefined;
    slot.jobs++;
    if (!this.slots.has(slot)) return;
    const worn = slot.jobs >= this.options.maxJobsPerProcess || heapUsedMb > this.options.recycleHeapMb;
    if (worn || this.closed || this.slots.size > this.options.processes) {
      this.retire(slot);
    } else {
      slot.state = "idle";
      setRef(slot.child, false);
      slot.idleTimer = setTimeout(() => this.retire(slot), this.options.idleMs);
      slot.idleTimer.unref();
    }
    this.pump();
  }

  /** Ends a child that finished cleanly: closing its IPC channel makes it exit by itself. */
  private retire(slot: Slot): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    clearTimeout(slot.idleTimer);
    setRef(slot.child, false);
    if (slot.child.connected) slot.child.disconnect();
    // A child stuck in native code would not notice: make sure.
    const force = setTimeout(() => slot.child.kill("SIGKILL"), 5_000);
    force.unref();
    void slot.exited.then(() => clearTimeout(force));
  }

  /** Kills a child at once; a job waiting for it to start fails with `startError`. */
  private kill(slot: Slot, startError?: ExtractionError): void {
    this.slots.delete(slot);
    clearTimeout(slot.idleTimer);
    slot.listener = undefined;
    slot.onStartFailed?.(startError ?? new ExtractionError("internal", "could not start the file reader"));
    if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill("SIGKILL");
  }

  /** Fails queued jobs, kills every child (jobs still running fail as cancelled) and waits until they have exited. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) {
      waiter.signal?.removeEventListener("abort", waiter.onAbort);
      waiter.reject(shuttingDown());
    }
    const slots = [...this.slots];
    for (const slot of slots) {
      const listener = slot.listener;
      // An idle child is unreferenced: without this, the event loop could end before its exit is seen.
      setRef(slot.child, true);
      this.kill(slot, shuttingDown());
      listener?.onExit("shutdown", "");
    }
    await Promise.all(slots.map((slot) => slot.exited));
  }
}

function shuttingDown(): ExtractionError {
  return new ExtractionError("aborted", "reading the file was cancelled: the server is shutting down");
}
