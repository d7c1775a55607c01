// Browser journeys: one built product per file, Chromium driven by playwright-core; files run one at a time.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.spec.ts"],
    exclude: ["node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    retry: 0,
  },
});
