// Vite plugin for the shell and every remote: writes a brotli (.br) and a gzip (.gz) copy beside each text file of
// the build, so the API serves compressed bytes without compressing on every request (DESIGN 2b).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What compresses well; images, fonts and archives are already compressed. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map|wasm)$/i;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/** Writes `<file>.br` and `<file>.gz` when the file is compressible and large enough. */
export async function compressFile(file: string): Promise<void> {
  if (!COMPRESSIBLE.test(file)) return;
  const bytes = await readFile(file);
  if (bytes.byteLength < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

export function precompress(): Plugin {
  return {
    name: "acp-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "dist";
      await Promise.all(Object.keys(bundle).map((fileName) => compressFile(path.join(outDir, fileName))));
    },
  };
}
