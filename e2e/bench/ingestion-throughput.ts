// Ingestion MB/s per format, upload to completed through the API, beside the raw parser alone on the same file.
import { openAsBlob } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startIngestionServer } from "./ingestion-server";
import { openLexicalStage } from "./lexical-stage";

const FIXTURES = "/work/shared/fixtures/real-world";

type FormatResult = {
  format: string;
  file: string;
  bytes: number;
  chunks: number;
  apiSeconds: number;
  parserSeconds: number;
  /** Our extraction and chunking alone on the file (in process, no child, no database, no embedding). */
  stageSeconds: number;
  /** Lexical analysis alone over the file's chunks (lexical-stage.ts): every chunk goes through it at indexing. */
  lexicalSeconds: number;
  /** The built-in embedder alone over the file's chunks (one thread): the other cost every chunk pays. */
  embedSeconds: number;
};

/** Generated text files (the formats where the pipeline, not the parser, should dominate). */
async function generate(dir: string, megabytes: number) {
  const words =
    "revenue market customer contract pipeline quarter growth product launch region forecast margin".split(
      " ",
    );
  const paragraph = (i: number) =>
    Array.from({ length: 60 }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(" ") +
    `. Paragraph ${i}.`;
  const target = megabytes * 1024 * 1024;
  const txt: string[] = [];
  for (let i = 0, size = 0; size < target; i++) {
    const p = paragraph(i);
    txt.push(p);
    size += p.length + 2;
  }
  const csv = ["id,region,product,quarter,revenue,notes"];
  for (let i = 0, size = 0; size < target; i++) {
    const row = `${i},Region ${i % 17},Product ${i % 101},Q${(i % 4) + 1},${(i * 37) % 100000},"note ${i} about ${words[i % words.length]}"`;
    csv.push(row);
    size += row.length + 1;
  }
  const json = JSON.stringify(
    Array.from({ length: Math.floor(target / 160) }, (_, i) => ({
      id: i,
      customer: { name: `Customer ${i}`, region: `Region ${i % 17}` },
      orders: [{ sku: `SKU-${i % 997}`, amount: (i * 37) % 1000 }],
    })),
    null,
    1,
  );
  const files = {
    txt: path.join(dir, "bench.txt"),
    csv: path.join(dir, "bench.csv"),
    json: path.join(dir, "bench.json"),
  };
  await writeFile(files.txt, txt.join("\n\n"));
  await writeFile(files.csv, csv.join("\n"));
  await writeFile(files.json, json);
  return files;
}

/** The raw parser of each format alone on the file, as the extractors use it (no chunking, no database). */
async function rawParse(format: string, file: string): Promise<void> {
  const bytes = await readFile(file);
  switch (format) {
    case "txt":
      new TextDecoder("utf-8").decode(bytes);
      return;
    case "csv": {
      const Papa = (await import("papaparse")).default;
      Papa.parse(new TextDecoder("utf-8").decode(bytes), { skipEmptyLines: true });
      return;
    }
    case "json":
      JSON.parse(new TextDecoder("utf-8").decode(bytes));
      return;
    case "pdf": {
      // pdf.js's own text extraction, page by page: what the API reads PDFs with.
      const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
      const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
      for (let page = 1; page <= pdf.numPages; page += 1) await (await pdf.getPage(page)).getTextContent();
      await pdf.cleanup();
      return;
    }
    case "docx": {
      const mammoth = (await import("mammoth")).default;
      await mammoth.convertToHtml({ buffer: bytes });
      return;
    }
    case "doc": {
      const WordExtractor = (await import("word-extractor")).default;
      await new WordExtractor().extract(bytes);
      return;
    }
    case "xlsx": {
      const ExcelJS = (await import("exceljs")).default;
      await new ExcelJS.Workbook().xlsx.load(bytes as unknown as ArrayBuffer);
      return;
    }
    case "xls": {
      const XLSX = await import("@e965/xlsx");
      const book = XLSX.read(bytes, { type: "buffer" });
      for (const name of book.SheetNames) XLSX.utils.sheet_to_csv(book.Sheets[name] as never);
      return;
    }
  }
}

/**
 * Our extraction + chunking stage on the file, chunks dropped as they come: measured as the raw parser is (a warm-up
 * run, then the best of 3), so both columns compare warm code.
 */
async function timeStage(format: string, file: string): Promise<number> {
  // The API's own module, run from source: the stage the job runs in its extraction child.
  const { extractAndChunk } = await import("@acp/api/src/ingestion/extract-stream");
  const { DEFAULT_EXTRACTION_LIMITS } = await import("@acp/api/src/ingestion/types");
  const run = () =>
    extractAndChunk(
      {
        filePath: file,
        fileName: path.basename(file),
        format: format as Parameters<typeof extractAndChunk>[0]["format"],
        limits: DEFAULT_EXTRACTION_LIMITS,
        chunking: {},
      },
      { onChunk: () => undefined },
    );
  return bestOf3(run);
}

/** The texts of the chunks our stage makes of the file. */
async function stageChunkTexts(format: string, file: string): Promise<string[]> {
  const { extractAndChunk } = await import("@acp/api/src/ingestion/extract-stream");
  const { DEFAULT_EXTRACTION_LIMITS } = await import("@acp/api/src/ingestion/types");
  const texts: string[] = [];
  await extractAndChunk(
    {
      filePath: file,
      fileName: path.basename(file),
      format: format as Parameters<typeof extractAndChunk>[0]["format"],
      limits: DEFAULT_EXTRACTION_LIMITS,
      chunking: {},
    },
    {
      onChunk: (chunk) => {
        texts.push(chunk.text);
      },
    },
  );
  return texts;
}

/** Best of 3 after a warm-up, in seconds. */
async function bestOf3(run: () => Promise<unknown>): Promise<number> {
  await run();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    await run();
    best = Math.min(best, performance.now() - start);
  }
  return best / 1000;
}

/** The built-in embedder's hot loop over the chunks, into one reused buffer. */
async function timeEmbedding(texts: readonly string[]): Promise<number> {
  const { embedLocallyInto, LOCAL_EMBEDDER_DIMENSION } = await import(
    "@acp/api/src/providers/embedder/local-embedder"
  );
  const target = new Float64Array(LOCAL_EMBEDDER_DIMENSION);
  return bestOf3(async () => {
    for (const text of texts) embedLocallyInto(text, target, 0);
  });
}

async function timeRaw(format: string, file: string): Promise<number> {
  // After a warm-up, so module loading is not counted.
  return bestOf3(() => rawParse(format, file));
}

export async function measureIngestionThroughput({
  megabytes = 2,
}: {
  megabytes?: number;
} = {}): Promise<FormatResult[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "acp-bench-files-"));
  const server = await startIngestionServer();
  const lexical = await openLexicalStage();
  try {
    const generated = await generate(dir, megabytes);
    const inputs: [string, string][] = [
      ["txt", generated.txt],
      ["csv", generated.csv],
      ["json", generated.json],
      ["pdf", path.join(FIXTURES, "federal-register-2020-17221.pdf")],
      ["docx", path.join(FIXTURES, "headings-table-chart.docx")],
      ["doc", path.join(FIXTURES, "license-table.doc")],
      ["xlsx", path.join(FIXTURES, "five-sheets-german.xlsx")],
      ["xls", path.join(FIXTURES, "formulas-cyrillic.xls")],
    ];
    const results: FormatResult[] = [];
    for (const [format, file] of inputs) {
      const bytes = (await stat(file)).size;
      const start = performance.now();
      const id = await server.upload(path.basename(file), await openAsBlob(file));
      const done = await server.waitDone(id);
      const apiSeconds = (performance.now() - start) / 1000;
      if (done.status !== "completed") throw new Error(`${file}: ${done.status} ${done.error}`);
      const texts = await stageChunkTexts(format, file);
      results.push({
        format,
        file: path.basename(file),
        bytes,
        chunks: done.chunkCount,
        apiSeconds,
        parserSeconds: await timeRaw(format, file),
        stageSeconds: await timeStage(format, file),
        lexicalSeconds: await bestOf3(() => lexical.analyze(texts)),
        embedSeconds: await timeEmbedding(texts),
      });
    }
    return results;
  } finally {
    await lexical.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
