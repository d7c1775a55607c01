// Vitest setup for @acp/ui: unit tests live next to the code they test.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
    // Tests share globalThis (the toast store lives there), so each file gets its own isolated worker.
    isolate: true,
  },
});
