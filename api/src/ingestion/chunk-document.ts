// Splits an extracted document into token-sized chunks with locations: text on paragraph/sentence boundaries, tables row-wise.
import type { ChunkLocation } from "@acp/contracts/knowledge";
import { estimateTokens } from "./estimate-tokens";
import { createTableChunker, type TableHead } from "./table-chunker";
import { createTextChunker } from "./text-chunker";
import type { Chunk, ChunkOptions, ExtractedDocument, TableRow, TextBlock } from "./types";

const DEFAULT_TARGET_TOKENS = 800;
const DEFAULT_OVERLAP_TOKENS = 100;

function resolveOptions(options: ChunkOptions): { target: number; overlap: number } {
  const target = Math.max(16, options.targetTokens ?? DEFAULT_TARGET_TOKENS);
  const overlap = Math.max(
    0,
    Math.min(options.overlapTokens ?? DEFAULT_OVERLAP_TOKENS, Math.floor(target / 2)),
  );
  return { target, overlap };
}

/**
 * Incremental chunking for streaming readers: push text blocks, or open a table and push its rows; chunks come out
 * through `onChunk` as soon as they are complete, numbered from 0. Same output as `chunkDocument` on the same blocks.
 */
export function createChunker(options: ChunkOptions, onChunk: (chunk: Chunk) => void) {
  const { target, overlap } = resolveOptions(options);
  let index = 0;
  // Parts are joined with whitespace, which the estimate never counts, so a known sum of the parts is exact.
  const emit = (text: string, location: ChunkLocation, tokens?: number) => {
    const trimmed = text.trim();
    if (trimmed === "") return;
    onChunk({ index: index++, text: trimmed, tokenCount: tokens ?? estimateTokens(trimmed), location });
  };
  const textChunker = createTextChunker(target, overlap, emit);
  const warnings = new Set<string>();
  let openTable: ReturnType<typeof createTableChunker> | null = null;
  const closeTable = () => {
    openTable?.end();
    openTable = null;
  };
  return {
    text(block: TextBlock) {
      closeTable();
      textChunker.push(block);
    },
    /** Starts a table (ending any text run or table before it); push its rows with `row`. */
    table(head: TableHead) {
      closeTable();
      textChunker.end();
      openTable = createTableChunker(head, target, emit, (warning) => warnings.add(warning));
    },
    row(row: TableRow) {
      if (!openTable) throw new Error("row() before table()");
      openTable.push(row);
    },
    end() {
      closeTable();
      textChunker.end();
    },
    get count() {
      return index;
    },
    /** Notes for the user about how the text was cut (a header too wide to repeat), each once. */
    get warnings(): string[] {
      return [...warnings];
    },
  };
}

/**
 * Chunks an extracted document. Text: ~targetTokens per chunk on paragraph, then sentence boundaries (Intl.Segmenter),
 * then word boundaries; a word is cut only when it alone exceeds the target; consecutive chunks share ~overlapTokens.
 * Tables: row-wise with the header row repeated in every chunk and no row overlap (each row is a whole record).
 */
export function chunkDocument(doc: ExtractedDocument, options: ChunkOptions = {}): Chunk[] {
  const chunks: Chunk[] = [];
  const chunker = createChunker(options, (chunk) => chunks.push(chunk));
  for (const block of doc.blocks) {
    if (block.kind === "text") {
      chunker.text(block);
    } else {
      const { rows, ...head } = block;
      chunker.table(head);
      for (const row of rows) chunker.row(row);
    }
  }
  chunker.end();
  return chunks;
}
