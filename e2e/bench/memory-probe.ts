// Preloaded into the API by the benchmarks (node --import): on SIGUSR2 it collects garbage and writes process.memoryUsage() to a file.
import { renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** process.memoryUsage() of the API, in bytes. */
export type ProcessMemory = {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
};

/** Where the probe in process `pid` writes its answer: the benchmark knows the pid of the API it started. */
export const memoryProbeFile = (pid: number) => path.join(os.tmpdir(), `acp-bench-memory-${pid}.json`);

process.on("SIGUSR2", () => {
  const target = memoryProbeFile(process.pid);
  // A full collection first (the API is started with --expose-gc), so the heap figure is what is kept, not garbage.
  (globalThis as { gc?: () => void }).gc?.();
  // Written then renamed, so the reader never sees half a file.
  writeFileSync(`${target}.tmp`, JSON.stringify(process.memoryUsage()));
  renameSync(`${target}.tmp`, target);
});
