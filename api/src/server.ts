// Process entry point: reads the environment, opens and migrates the database, readies the vector store, serves HTTP, shuts down cleanly.
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { createDatabase } from "./db/create-database";
import { ConfigError, loadConfig } from "./env";
import { createVectorStore } from "./providers/vector-store/create-vector-store";

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config);
  const vectorStore = createVectorStore({ config, database });
  // Never fatal: without a usable store the rest of the app works and the vector routes answer 503.
  const vectorStatus = await vectorStore.ensureReady();
  if (vectorStatus.ready) {
    console.log(`[api] vector store: ${vectorStore.kind} ready (${vectorStore.dimension} dimensions)`);
  } else {
    console.warn(`[api] vector store unavailable: ${vectorStatus.reason}`);
  }
  const app = createApp({ config, database, vectorStore });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = config.databaseUrl ? "PostgreSQL" : `PGlite at ${config.dataDir}`;
    console.log(
      `[api] listening on http://${info.address}:${info.port} (public URL ${config.publicUrl}, ${where})`,
    );
    if (config.oidc) console.log(`[api] sign-in via OpenID Connect: ${config.oidc.issuer}`);
  });
  server.on("error", (error) => {
    console.error("[api] HTTP server error:", error);
    process.exitCode = 1;
    void database.close().finally(() => process.exit());
  });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[api] ${signal}: closing the HTTP server, then the database`);
    // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
    const force = setTimeout(() => {
      console.error("[api] shutdown took more than 10 s, exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    if ("closeIdleConnections" in server) server.closeIdleConnections();
    server.close(() => {
      database
        .close()
        .catch((error: unknown) => console.error("[api] closing the database failed:", error))
        .finally(() => {
          clearTimeout(force);
          process.exit();
        });
    });
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
