// drizzle-kit settings: `npm run db:generate -w @acp/api` writes SQL migrations for src/db/schema.ts into drizzle/.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
  casing: "snake_case",
});
