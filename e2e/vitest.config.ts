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
    // A page that reloads or refetches on a loaded CI machine (the API suites run beside this one) can take more
    // than vitest's 1 s default to show a figure; a poll waits for behaviour, never measures speed.
    expect: { poll: { timeout: 15_000 } },
  },
});
