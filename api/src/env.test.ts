// Environment parsing: defaults, overrides and readable failures.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env";
import { repoRoot } from "./paths";

describe("loadConfig", () => {
  it("has working defaults for a fresh machine", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      publicOrigin: "http://localhost:3000",
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, ".data", "pglite"),
      oidc: undefined,
      sessionSecureCookie: false,
      staticRoot: repoRoot,
      vectorStore: "pgvector",
    });
    expect(config.remotes).toEqual({
      "mf-dashboard": "/mf/mf-dashboard/mf-manifest.json",
      "mf-agents": "/mf/mf-agents/mf-manifest.json",
      "mf-knowledge": "/mf/mf-knowledge/mf-manifest.json",
      "mf-training": "/mf/mf-training/mf-manifest.json",
      "mf-api": "/mf/mf-api/mf-manifest.json",
    });
  });

  it("derives the public URL from PORT and secures cookies in production", () => {
    const config = loadConfig({ PORT: "8080", NODE_ENV: "production" });
    expect(config.publicUrl).toBe("http://localhost:8080");
    expect(config.host).toBe("0.0.0.0");
    expect(config.sessionSecureCookie).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECURE_COOKIE: "false" }).sessionSecureCookie).toBe(
      false,
    );
    expect(loadConfig({ PUBLIC_URL: "https://acp.example.com/" }).sessionSecureCookie).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "https://acp.example.com/" }).publicUrl).toBe("https://acp.example.com");
  });

  it("logs at info by default, nothing under NODE_ENV=test, and takes LOG_LEVEL", () => {
    expect(loadConfig({}).logLevel).toBe("info");
    expect(loadConfig({ NODE_ENV: "test" }).logLevel).toBe("silent");
    expect(loadConfig({ LOG_LEVEL: "debug" }).logLevel).toBe("debug");
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL: must be one of fatal, error/);
  });

  it("enables OIDC when issuer and client id are set, insecure http only on loopback", () => {
    const local = loadConfig({ OIDC_ISSUER: "http://127.0.0.1:9000", OIDC_CLIENT_ID: "acp" });
    expect(local.oidc).toEqual({
      issuer: "http://127.0.0.1:9000",
      clientId: "acp",
      clientSecret: undefined,
      allowInsecureRequests: true,
      pictureOrigins: ["http://127.0.0.1:9000"],
    });
    const remote = loadConfig({
      OIDC_ISSUER: "https://login.example.com",
      OIDC_CLIENT_ID: "acp",
      OIDC_CLIENT_SECRET: "s3cret",
    });
    expect(remote.oidc?.allowInsecureRequests).toBe(false);
    expect(remote.oidc?.clientSecret).toBe("s3cret");
    expect(() => loadConfig({ OIDC_ISSUER: "https://login.example.com" })).toThrow(/OIDC_CLIENT_ID/);
    expect(
      loadConfig({
        OIDC_ISSUER: "https://login.example.com",
        OIDC_CLIENT_ID: "acp",
        OIDC_PICTURE_ORIGINS: "https://lh3.googleusercontent.com, https://cdn.example",
      }).oidc?.pictureOrigins,
    ).toEqual(["https://lh3.googleusercontent.com", "https://cdn.example"]);
    expect(() =>
      loadConfig({
        OIDC_ISSUER: "https://l.example",
        OIDC_CLIENT_ID: "a",
        OIDC_PICTURE_ORIGINS: "https://x.example/path",
      }),
    ).toThrow(/OIDC_PICTURE_ORIGINS/);
  });

  it("takes REMOTES_* overrides, treats blank values as unset", () => {
    const config = loadConfig({
      REMOTES_MF_KNOWLEDGE: "https://cdn.example.com/knowledge/mf-manifest.json",
      DATABASE_URL: "",
    });
    expect(config.remotes["mf-knowledge"]).toBe("https://cdn.example.com/knowledge/mf-manifest.json");
    expect(config.remotes["mf-api"]).toBe("/mf/mf-api/mf-manifest.json");
    expect(config.databaseUrl).toBeUndefined();
  });

  it("selects the vector store: pgvector by default, pinecone with its key and index", () => {
    expect(loadConfig({ VECTOR_STORE: "pgvector" }).vectorStore).toBe("pgvector");
    expect(loadConfig({ VECTOR_STORE: " " }).vectorStore).toBe("pgvector");
    expect(loadConfig({}).pinecone).toBeUndefined();
    expect(() => loadConfig({ VECTOR_STORE: "pinecone" })).toThrow(
      /PINECONE_API_KEY, PINECONE_INDEX: both required when VECTOR_STORE=pinecone/,
    );
    expect(() => loadConfig({ VECTOR_STORE: "qdrant" })).toThrow(
      /VECTOR_STORE: must be pgvector or pinecone/,
    );
    const pinecone = loadConfig({ VECTOR_STORE: "pinecone", PINECONE_API_KEY: "pk", PINECONE_INDEX: "acp" });
    expect(pinecone).toMatchObject({ vectorStore: "pinecone", pinecone: { apiKey: "pk", indexName: "acp" } });
  });

  it("selects the embedder: local by default, OpenAI or a compatible server when configured", () => {
    expect(loadConfig({}).embeddings).toEqual({ provider: "local" });
    expect(() => loadConfig({ EMBEDDINGS_PROVIDER: "openai" })).toThrow(/OPENAI_API_KEY: required/);
    expect(loadConfig({ EMBEDDINGS_PROVIDER: "openai", OPENAI_API_KEY: "sk-x" }).embeddings).toEqual({
      provider: "openai",
      apiKey: "sk-x",
      baseUrl: undefined,
      model: "text-embedding-3-small",
    });
    expect(
      loadConfig({
        EMBEDDINGS_PROVIDER: "openai",
        OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
        OPENAI_EMBEDDING_MODEL: "m",
      }).embeddings,
    ).toMatchObject({ baseUrl: "http://127.0.0.1:11434/v1", model: "m" });
  });

  it("selects the chat model: the offline grounded responder by default, OpenAI or a compatible server when configured", () => {
    expect(loadConfig({}).chat).toEqual({ provider: "offline" });
    expect(loadConfig({ LLM_PROVIDER: " " }).chat).toEqual({ provider: "offline" });
    expect(() => loadConfig({ LLM_PROVIDER: "openai" })).toThrow(
      /OPENAI_API_KEY: required when LLM_PROVIDER=openai/,
    );
    expect(() => loadConfig({ LLM_PROVIDER: "anthropic" })).toThrow(
      /LLM_PROVIDER: must be offline or openai/,
    );
    expect(loadConfig({ LLM_PROVIDER: "openai", OPENAI_API_KEY: "sk-x" }).chat).toEqual({
      provider: "openai",
      apiKey: "sk-x",
      baseUrl: undefined,
      model: "gpt-4o-mini",
      contextTokens: 128_000,
      timeoutMs: 90_000,
      idleTimeoutMs: 30_000,
    });
    // A compatible server on the local network may need no key.
    expect(
      loadConfig({
        LLM_PROVIDER: "openai",
        OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
        OPENAI_CHAT_MODEL: "llama3.1:8b",
        OPENAI_CHAT_CONTEXT_TOKENS: "8192",
        CHAT_TIMEOUT_MS: "120000",
        CHAT_IDLE_TIMEOUT_MS: "15000",
      }).chat,
    ).toEqual({
      provider: "openai",
      apiKey: "no-key",
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "llama3.1:8b",
      contextTokens: 8192,
      timeoutMs: 120_000,
      idleTimeoutMs: 15_000,
    });
    // The chat and embeddings providers are chosen independently.
    expect(loadConfig({ LLM_PROVIDER: "openai", OPENAI_API_KEY: "sk-x" }).embeddings).toEqual({
      provider: "local",
    });
  });

  it("refuses chat limits out of range, naming the variable and the range", () => {
    expect(() => loadConfig({ OPENAI_CHAT_CONTEXT_TOKENS: "512" })).toThrow(
      /OPENAI_CHAT_CONTEXT_TOKENS: must be a whole number of tokens from 1024 to 10000000/,
    );
    expect(() => loadConfig({ CHAT_TIMEOUT_MS: "90s" })).toThrow(
      /CHAT_TIMEOUT_MS: must be a whole number of milliseconds from 1000 to 3600000/,
    );
    expect(() => loadConfig({ CHAT_IDLE_TIMEOUT_MS: "0" })).toThrow(
      /CHAT_IDLE_TIMEOUT_MS: must be a whole number/,
    );
  });

  it("reads TRUST_PROXY as a number of proxies: off by default, true = 1", () => {
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "YES" }).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "" }).trustProxyHops).toBe(0);
    expect(() => loadConfig({ TRUST_PROXY: "loopback" })).toThrow(
      /TRUST_PROXY: must be true, false or the number/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "11" })).toThrow(/TRUST_PROXY/);
  });

  it("sizes the in-memory search index with CHUNK_INDEX_MB (1024 by default)", () => {
    expect(loadConfig({}).chunkIndexMb).toBe(1024);
    expect(loadConfig({ CHUNK_INDEX_MB: "2048" }).chunkIndexMb).toBe(2048);
    expect(() => loadConfig({ CHUNK_INDEX_MB: "4" })).toThrow(/CHUNK_INDEX_MB/);
    expect(() => loadConfig({ CHUNK_INDEX_MB: "lots" })).toThrow(/CHUNK_INDEX_MB/);
  });

  // Measured: WORKERS=0 on PGlite started, and every upload then stayed queued forever.
  it("refuses WORKERS=0 without PostgreSQL: nothing else can run jobs on the embedded database", () => {
    expect(loadConfig({}).workers).toBe(2);
    expect(() => loadConfig({ WORKERS: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: "0", DATA_DIR: "memory://" })).toThrow(
      "WORKERS=0 needs PostgreSQL (DATABASE_URL): with the embedded PGlite database no other process can run ingestion jobs, so uploads would wait forever.",
    );
    expect(loadConfig({ WORKERS: "0", DATABASE_URL: "postgres://db.example/acp" }).workers).toBe(0);
    expect(loadConfig({ WORKERS: "1" }).workers).toBe(1);
  });

  it("keeps rate limits in memory unless REDIS_URL names a Redis", () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: " " }).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).redis).toEqual({
      url: "redis://127.0.0.1:6379",
      keyPrefix: "acp:",
    });
    expect(loadConfig({ REDIS_URL: "rediss://user:secret@cache.example:6380/2" }).redis?.url).toBe(
      "rediss://user:secret@cache.example:6380/2",
    );
    expect(() => loadConfig({ REDIS_URL: "127.0.0.1:6379" })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => loadConfig({ REDIS_URL: "http://cache.example" })).toThrow(/REDIS_URL/);
  });

  it("limits public agent calls to 100 per client IP and hour unless PUBLIC_RATE_LIMIT_PER_HOUR says otherwise", () => {
    expect(loadConfig({}).publicRateLimitPerHour).toBe(100);
    expect(loadConfig({ PUBLIC_RATE_LIMIT_PER_HOUR: "2500" }).publicRateLimitPerHour).toBe(2500);
    expect(() => loadConfig({ PUBLIC_RATE_LIMIT_PER_HOUR: "0" })).toThrow(
      "PUBLIC_RATE_LIMIT_PER_HOUR: must be a whole number of requests from 1 to 1000000",
    );
    expect(() => loadConfig({ PUBLIC_RATE_LIMIT_PER_HOUR: "many" })).toThrow(/PUBLIC_RATE_LIMIT_PER_HOUR/);
  });

  it("reports every invalid variable in one ConfigError", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", REMOTES_MF_API: "not a url" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL/);
      expect(message).toMatch(/REMOTES_MF_API/);
    }
  });
});
