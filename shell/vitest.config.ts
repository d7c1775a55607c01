// Unit and component tests of the shell run in happy-dom.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: { environment: "happy-dom", include: ["src/**/*.test.{ts,tsx}", "*.test.ts"] },
});
