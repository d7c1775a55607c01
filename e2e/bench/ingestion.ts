// Ingestion benchmarks (DESIGN 9): MB/s per format beside the raw parser (context; the target is against the slowest
// necessary stage, ingestion-floor.ts), and the API's peak RSS growth on a 200 MB file.
// Run alone with `npx tsx bench/ingestion.ts [--memory-mb=200] [--throughput-mb=2] [--many-documents=2000]` after building the API; `npm run bench` runs it too.

import { flag, printTable } from "./cli";
import { measureManyDocuments } from "./ingestion-many";
import { measureIngestionMemory } from "./ingestion-memory";
import { measureIngestionThroughput } from "./ingestion-throughput";

/** DESIGN 9: peak memory of the API while ingesting a 200 MB file grows by less than 256 MB. */
const RSS_GROWTH_TARGET_BYTES = 256 * 1024 * 1024;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rate = (bytes: number, seconds: number) => `${(bytes / 1024 / 1024 / seconds).toFixed(2)} MB/s`;

export async function ingestionThroughputRows(options: { megabytes?: number } = {}): Promise<string[][]> {
  const results = await measureIngestionThroughput(options);
  return [
    [
      "format",
      "file",
      "chunks",
      "API upload->completed",
      "raw parser alone",
      "ratio",
      "our extraction+chunking alone",
      "its ratio to the parser",
      "lexical analysis alone (lexical-stage.ts)",
      "built-in embedder alone",
    ],
    ...results.map((r) => {
      const ratio = r.parserSeconds / r.apiSeconds;
      return [
        r.format,
        `${r.file} (${mb(r.bytes)})`,
        String(r.chunks),
        `${rate(r.bytes, r.apiSeconds)} (${r.apiSeconds.toFixed(2)} s)`,
        `${rate(r.bytes, r.parserSeconds)} (${r.parserSeconds.toFixed(3)} s)`,
        `${(ratio * 100).toFixed(1)}%`,
        `${rate(r.bytes, r.stageSeconds)} (${r.stageSeconds.toFixed(3)} s)`,
        `${((r.parserSeconds / r.stageSeconds) * 100).toFixed(1)}%`,
        rate(r.bytes, r.lexicalSeconds),
        rate(r.bytes, r.embedSeconds),
      ];
    }),
  ];
}

export async function ingestionManyRows(options: { count?: number } = {}): Promise<string[][]> {
  const r = await measureManyDocuments(options);
  return [
    ["documents", "text", "upload -> all completed", "same text as one file", "hybrid top-10 over them"],
    [
      `${r.documents} abstract-sized .txt, ${r.documents / 50} requests`,
      mb(r.bytes),
      `${r.manySeconds.toFixed(1)} s (${(r.documents / r.manySeconds).toFixed(0)} documents/s)`,
      `${r.oneFileSeconds.toFixed(1)} s`,
      `p50 ${r.search.p50Ms} ms, p99 ${r.search.p99Ms} ms (${r.search.queries} questions)`,
    ],
  ];
}

export async function ingestionMemoryRows(options: { megabytes?: number } = {}): Promise<string[][]> {
  const r = await measureIngestionMemory(options);
  const growth = r.peakRssBytes - r.baselineRssBytes;
  return [
    [
      "file",
      "outcome",
      "upload",
      "upload->done",
      "API RSS idle",
      "API RSS peak",
      "growth",
      "growth by phase",
      "target",
    ],
    [
      `CSV ${mb(r.bytes)}`,
      `${r.status}, ${r.chunks} chunks`,
      `${r.uploadSeconds.toFixed(1)} s`,
      `${r.totalSeconds.toFixed(1)} s`,
      mb(r.baselineRssBytes),
      mb(r.peakRssBytes),
      mb(growth),
      Object.entries(r.peakRssByPhase)
        .map(([phase, peak]) => `${phase} ${mb(peak - r.baselineRssBytes)}`)
        .join(", "),
      `< ${mb(RSS_GROWTH_TARGET_BYTES)} ${growth < RSS_GROWTH_TARGET_BYTES ? "met" : "NOT met"}`,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const throughputMb = flag("throughput-mb") ?? 2;
  const memoryMb = flag("memory-mb") ?? 200;
  const manyDocuments = flag("many-documents") ?? 2000;
  if (throughputMb > 0) {
    printTable(
      `Ingestion throughput (upload -> completed on the built API, PGlite, local embedder; generated ${throughputMb} MB txt/csv/json, fixtures for the rest)`,
      await ingestionThroughputRows({ megabytes: throughputMb }),
    );
  }
  if (manyDocuments > 0) {
    printTable(
      "Many small documents (upload 50 per request -> all completed, built API, PGlite, local embedder)",
      await ingestionManyRows({ count: manyDocuments }),
    );
  }
  if (memoryMb > 0) {
    printTable(
      `API peak RSS while a ${memoryMb} MB CSV is uploaded and ingested`,
      await ingestionMemoryRows({ megabytes: memoryMb }),
    );
  }
}
