// After a sign-in has set its session cookie (password, sign-up or OIDC routes): the user's search index starts loading.
import type { Context } from "hono";
import type { AppEnv } from "../lib/app-env";
import { prefetchChunkIndex } from "../services/retrieval/chunk-index-warmup";

/**
 * Starts loading the signed-in user's search index in the background: their first question should not wait for it
 * (seconds for a large knowledge base). The routes call it, not auth's startSession: auth sits below the services.
 */
export function warmUpAfterSignIn(c: Context<AppEnv>, userId: string): void {
  const { chunkIndexes, database } = c.var.deps;
  void prefetchChunkIndex(chunkIndexes, database.db, userId).catch((error: unknown) =>
    c.var.logger.warn({ err: error }, "loading the search index after sign-in failed"),
  );
}
