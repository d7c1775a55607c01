// A whole document from the streaming readers (CSV, JSON, XLSX in memory): the readers production streams with, their
// blocks collected instead of chunked, so an in-process extraction reads these formats exactly as ingestion does.
import type { BlockOutput, StreamSource } from "./stream-reading";
import { streamCsv, streamXlsx } from "./stream-tables";
import { streamJson } from "./stream-text";
import type { ExtractedBlock, ExtractedDocument, ExtractionProgress, TableBlock } from "./types";

/** A reader's output that keeps its blocks (a table's rows in it) instead of chunking them. */
function blockCollector(onProgress?: (progress: ExtractionProgress) => void): BlockOutput & {
  blocks: ExtractedBlock[];
} {
  const blocks: ExtractedBlock[] = [];
  let table: TableBlock | undefined;
  return {
    blocks,
    text(block) {
      table = undefined;
      blocks.push(block);
    },
    table(head) {
      table = { ...head, rows: [] };
      blocks.push(table);
    },
    row(row) {
      if (!table) throw new Error("row() before table()");
      table.rows.push(row);
    },
    takePending: () => undefined,
    end: async () => {
      table = undefined;
    },
    warnings: [],
    onProgress,
  };
}

/** Reads a CSV, JSON or XLSX file held in memory into a whole document (blocks and parts). */
export async function collectStreamedDocument(
  bytes: Uint8Array,
  format: "csv" | "json" | "xlsx",
  onProgress?: (progress: ExtractionProgress) => void,
): Promise<ExtractedDocument> {
  const source: StreamSource = { bytes };
  const out = blockCollector(onProgress);
  const reader = format === "csv" ? streamCsv : format === "json" ? streamJson : streamXlsx;
  const summary = await reader(source, out);
  return { ...summary, blocks: out.blocks };
}
