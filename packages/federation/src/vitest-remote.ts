// The Vitest config every remote's component tests run with (happy-dom, tests next to the code): each remote's
// vitest.config.ts re-exports it.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: { environment: "happy-dom", include: ["src/**/*.test.{ts,tsx}"] },
});
