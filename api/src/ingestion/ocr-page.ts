// Offline OCR with tesseract.js 7 and the English LSTM data from @tesseract.js-data/eng (no network, no cache files).
import { createRequire } from "node:module";
import path from "node:path";
import type { Worker } from "tesseract.js";

const require = createRequire(import.meta.url);

/** The folder holding eng.traineddata.gz (the "best_int" LSTM model: better on scans than the fast one). */
function englishDataPath(): string {
  return path.join(path.dirname(require.resolve("@tesseract.js-data/eng")), "4.0.0_best_int");
}

/** One tesseract worker reused for every page of a document; call `close` when done. */
export type OcrEngine = { recognize(image: Uint8Array): Promise<string>; close(): Promise<void> };

export async function createOcrEngine(): Promise<OcrEngine> {
  const { createWorker, OEM } = await import("tesseract.js");
  const worker: Worker = await createWorker("eng", OEM.LSTM_ONLY, {
    langPath: englishDataPath(),
    gzip: true,
    cacheMethod: "none",
  });
  return {
    recognize: async (image) => {
      const result = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
      return result.data.text ?? "";
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
