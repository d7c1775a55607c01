// Where a child process or worker thread's entry file is: compiled beside the bundle, or the TypeScript source under tsx.
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/**
 * The entry `name` next to the calling module (`callerUrl`, its import.meta.url): in the build, `name.js` beside the
 * bundle (api/build.mjs emits each entry next to dist/server.js); under vitest/tsx, the TypeScript source `name.ts`,
 * with the Node options that load it through tsx.
 */
export function siblingEntry(callerUrl: string, name: string): { file: string; execArgv: string[] } {
  if (callerUrl.endsWith(".ts")) {
    return {
      file: fileURLToPath(new URL(`./${name}.ts`, callerUrl)),
      execArgv: ["--import", pathToFileURL(require.resolve("tsx")).href],
    };
  }
  return { file: fileURLToPath(new URL(`./${name}.js`, callerUrl)), execArgv: [] };
}
