// Loads one module of an app's source for server rendering at build time (the shell's landing page and loading frame,
// a remote's page heads): a throwaway Vite server with only React's transform, no federation, no Tailwind, nothing
// written to disk.
import react from "@vitejs/plugin-react";
import { createServer } from "vite";

/** Runs `use` with the loaded module `modulePath` (root-relative, "/src/…"), then closes the throwaway server. */
export async function withSsrModules<T>(
  root: string,
  use: (load: (modulePath: string) => Promise<Record<string, unknown>>) => Promise<T>,
): Promise<T> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: "warn",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    plugins: [react()],
  });
  try {
    return await use((modulePath) => server.ssrLoadModule(modulePath));
  } finally {
    await server.close();
  }
}
