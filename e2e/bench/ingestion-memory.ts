// The API's peak RSS growth while one large file (200 MB by default) is uploaded and ingested to completed.
import { openAsBlob } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { rssBytes, startIngestionServer } from "./ingestion-server";

type MemoryResult = {
  bytes: number;
  baselineRssBytes: number;
  peakRssBytes: number;
  uploadSeconds: number;
  totalSeconds: number;
  status: string;
  chunks: number;
  /** Peak RSS during the upload and during each ingestion stage: where the growth happens. */
  peakRssByPhase: Record<string, number>;
};

/** Writes a CSV of about `bytes` in 1 MiB pieces (never held whole in memory). */
export async function writeCsv(file: string, bytes: number): Promise<number> {
  const handle = await open(file, "w");
  let written = 0;
  let row = 0;
  try {
    await handle.write("id,region,product,quarter,revenue,notes\n");
    while (written < bytes) {
      const lines: string[] = [];
      let size = 0;
      while (size < 1024 * 1024) {
        const line = `${row},Region ${row % 17},Product ${row % 101},Q${(row % 4) + 1},${(row * 37) % 100000},"note ${row} about widgets"\n`;
        lines.push(line);
        size += line.length;
        row += 1;
      }
      await handle.write(lines.join(""));
      written += size;
    }
  } finally {
    await handle.close();
  }
  return written;
}

export async function measureIngestionMemory({
  megabytes = 200,
}: {
  megabytes?: number;
} = {}): Promise<MemoryResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "acp-bench-rss-"));
  const server = await startIngestionServer();
  let peak = 0;
  let sampling = true;
  try {
    const file = path.join(dir, "large.csv");
    // Stay under the 200 MB limit (MiB) with the header and last row.
    const bytes = await writeCsv(file, megabytes * 1024 * 1024 - 2 * 1024 * 1024);
    // Settle, then take the idle RSS as the baseline.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const baseline = await rssBytes(server.pid);
    peak = baseline;
    const peakRssByPhase: Record<string, number> = {};
    let phase = "upload";
    let id = "";
    const sampler = (async () => {
      while (sampling) {
        const rss = await rssBytes(server.pid).catch(() => 0);
        peak = Math.max(peak, rss);
        peakRssByPhase[phase] = Math.max(peakRssByPhase[phase] ?? 0, rss);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const stages = (async () => {
      while (sampling) {
        if (id) {
          const response = await fetch(`${server.url}/api/documents/${id}`, {
            headers: { cookie: server.cookie },
          });
          if (response.ok)
            phase = ((await response.json()) as { document: { stage: string } }).document.stage;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    const start = performance.now();
    id = await server.upload("large.csv", await openAsBlob(file));
    const uploadSeconds = (performance.now() - start) / 1000;
    const done = await server.waitDone(id, 90 * 60_000);
    const totalSeconds = (performance.now() - start) / 1000;
    sampling = false;
    await sampler;
    await stages;
    return {
      bytes,
      baselineRssBytes: baseline,
      peakRssBytes: peak,
      uploadSeconds,
      totalSeconds,
      status: done.status === "completed" ? "completed" : `${done.status}: ${done.error}`,
      chunks: done.chunkCount,
      peakRssByPhase,
    };
  } finally {
    sampling = false;
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
