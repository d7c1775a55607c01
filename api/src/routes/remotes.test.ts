// GET /remotes.json: the shell's federation registry, with env overrides.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import type { Database } from "../db/create-database";
import { createDeps } from "../deps";
import { createTestDatabase, testConfig } from "../test/test-app";

describe("GET /remotes.json", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.close();
  });

  const appWith = async (env: Record<string, string>) =>
    createApp(await createDeps(testConfig({}, env), { database }));

  it("points every remote at the copy this server hosts by default", async () => {
    const app = await appWith({});
    const response = await app.request("/remotes.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.json()).toEqual({
      "mf-dashboard": "/mf/mf-dashboard/mf-manifest.json",
      "mf-agents": "/mf/mf-agents/mf-manifest.json",
      "mf-knowledge": "/mf/mf-knowledge/mf-manifest.json",
      "mf-training": "/mf/mf-training/mf-manifest.json",
      "mf-api": "/mf/mf-api/mf-manifest.json",
    });
  });

  it("uses REMOTES_* overrides and lets the page load scripts from their origin", async () => {
    const app = await appWith({
      REMOTES_MF_KNOWLEDGE: "https://cdn.example.com/knowledge/mf-manifest.json",
      REMOTES_MF_API: "http://localhost:5005/mf-manifest.json",
    });
    const body = (await (await app.request("/remotes.json")).json()) as Record<string, string>;
    expect(body["mf-knowledge"]).toBe("https://cdn.example.com/knowledge/mf-manifest.json");
    expect(body["mf-api"]).toBe("http://localhost:5005/mf-manifest.json");
    expect(body["mf-agents"]).toBe("/mf/mf-agents/mf-manifest.json");

    const csp = (await app.request("/api/health")).headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' https://cdn.example.com http://localhost:5005");
  });
});
