// Test support: a real HTTP server speaking Pinecone's control plane (describe index) and data plane (upsert, query, delete, fetch, stats).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Metadata = Record<string, string | number | boolean | string[]>;
type StoredVector = { id: string; values: number[]; metadata?: Metadata };

type PineconeCall = {
  method: string;
  path: string;
  bytes: number;
  vectors?: number;
  namespace?: string;
};

export type FakePineconeServer = {
  /** Where the control plane and the index host both answer, e.g. http://127.0.0.1:PORT. */
  url: string;
  apiKey: string;
  indexName: string;
  calls: PineconeCall[];
  /** namespace -> id -> vector, for assertions. */
  namespaces: Map<string, Map<string, StoredVector>>;
  close(): Promise<void>;
};

/** Pinecone's request limits: 2 MB per request, 1,000 vectors per upsert, 1,000 ids per delete. */
const MAX_REQUEST_BYTES = 2 * 1024 * 1024;
const MAX_UPSERT_VECTORS = 1000;
const MAX_DELETE_IDS = 1000;

class BadRequest extends Error {}

/** Pinecone's metadata filter language: field: value | {$eq,$ne,$in,$nin,$exists}, $and, $or. */
function matchesFilter(metadata: Metadata | undefined, filter: unknown): boolean {
  if (filter === undefined || filter === null) return true;
  if (typeof filter !== "object") throw new BadRequest("filter must be an object");
  for (const [key, condition] of Object.entries(filter as Record<string, unknown>)) {
    if (key === "$and") {
      if (!Array.isArray(condition) || !condition.every((c) => matchesFilter(metadata, c))) return false;
      continue;
    }
    if (key === "$or") {
      if (!Array.isArray(condition) || !condition.some((c) => matchesFilter(metadata, c))) return false;
      continue;
    }
    if (key.startsWith("$")) throw new BadRequest(`unsupported operator ${key}`);
    const value = metadata?.[key];
    const operators =
      condition !== null && typeof condition === "object" && !Array.isArray(condition)
        ? (condition as Record<string, unknown>)
        : { $eq: condition };
    for (const [operator, operand] of Object.entries(operators)) {
      const has = (v: unknown) => (Array.isArray(value) ? value.includes(v as string) : value === v);
      switch (operator) {
        case "$eq":
          if (!has(operand)) return false;
          break;
        case "$ne":
          if (has(operand)) return false;
          break;
        case "$in":
          if (!Array.isArray(operand)) throw new BadRequest("$in needs an array");
          if (operand.length > 10_000) throw new BadRequest("$in accepts at most 10000 values");
          if (!operand.some(has)) return false;
          break;
        case "$nin":
          if (!Array.isArray(operand)) throw new BadRequest("$nin needs an array");
          if (operand.some(has)) return false;
          break;
        case "$exists":
          if ((value !== undefined) !== operand) return false;
          break;
        default:
          throw new BadRequest(`unsupported operator ${operator}`);
      }
    }
  }
  return true;
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    na += (a[i] ?? 0) ** 2;
    nb += (b[i] ?? 0) ** 2;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startFakePineconeServer({
  indexName = "acp-test",
  dimension = 1536,
  metric = "cosine",
  apiKey = `pk-test-${crypto.randomUUID()}`,
} = {}): Promise<FakePineconeServer> {
  const namespaces = new Map<string, Map<string, StoredVector>>();
  const calls: PineconeCall[] = [];
  let url = "";
  const space = (name: string | undefined) => {
    const key = name ?? "";
    let found = namespaces.get(key);
    if (!found) {
      found = new Map();
      namespaces.set(key, found);
    }
    return found;
  };

  const server = createServer(async (request, response) => {
    const requestUrl = new URL(request.url ?? "/", "http://localhost");
    const path = requestUrl.pathname;
    try {
      const raw = await readBody(request);
      const call: PineconeCall = { method: request.method ?? "GET", path, bytes: raw.length };
      calls.push(call);
      if (request.headers["api-key"] !== apiKey) {
        return send(response, 401, {
          error: { code: "UNAUTHENTICATED", message: "Invalid API Key" },
          status: 401,
        });
      }
      if (raw.length > MAX_REQUEST_BYTES) throw new BadRequest(`request size ${raw.length} exceeds 2MB`);
      const body = raw.length > 0 ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {};

      if (request.method === "GET" && path === `/indexes/${indexName}`) {
        return send(response, 200, {
          name: indexName,
          host: url,
          status: { ready: true, state: "Ready" },
          deployment: { deployment_type: "managed", cloud: "aws", region: "us-east-1" },
          schema: { fields: { _values: { type: "dense_vector", dimension, metric } } },
          deletion_protection: "disabled",
        });
      }
      if (request.method === "GET" && path.startsWith("/indexes/")) {
        return send(response, 404, {
          error: { code: "NOT_FOUND", message: "Resource not found" },
          status: 404,
        });
      }
      if (request.method === "POST" && path === "/vectors/upsert") {
        const vectors = (body.vectors ?? []) as StoredVector[];
        call.vectors = vectors.length;
        call.namespace = body.namespace as string;
        if (vectors.length === 0 || vectors.length > MAX_UPSERT_VECTORS) {
          throw new BadRequest(`upsert takes 1 to ${MAX_UPSERT_VECTORS} vectors, got ${vectors.length}`);
        }
        for (const vector of vectors) {
          if (vector.values.length !== dimension) {
            throw new BadRequest(
              `Vector dimension ${vector.values.length} does not match the dimension of the index ${dimension}`,
            );
          }
          if (vector.metadata && JSON.stringify(vector.metadata).length > 40_960) {
            throw new BadRequest("Metadata size exceeds the limit of 40960 bytes per vector");
          }
        }
        const target = space(body.namespace as string | undefined);
        for (const vector of vectors)
          target.set(vector.id, { id: vector.id, values: vector.values, metadata: vector.metadata });
        return send(response, 200, { upsertedCount: vectors.length });
      }
      if (request.method === "POST" && path === "/query") {
        call.namespace = body.namespace as string;
        const topK = Number(body.topK);
        if (!Number.isInteger(topK) || topK < 1 || topK > 10_000)
          throw new BadRequest("topK must be 1-10000");
        const vector = body.vector as number[];
        if (!Array.isArray(vector) || vector.length !== dimension)
          throw new BadRequest("query vector dimension mismatch");
        const target = namespaces.get((body.namespace as string) ?? "") ?? new Map<string, StoredVector>();
        const matches = [...target.values()]
          .filter((stored) => matchesFilter(stored.metadata, body.filter))
          .map((stored) => ({ stored, score: cosine(vector, stored.values) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, topK)
          .map(({ stored, score }) => ({
            id: stored.id,
            score,
            values: body.includeValues ? stored.values : [],
            ...(body.includeMetadata && stored.metadata ? { metadata: stored.metadata } : {}),
          }));
        return send(response, 200, {
          results: [],
          matches,
          namespace: body.namespace ?? "",
          usage: { readUnits: 1 },
        });
      }
      if (request.method === "POST" && path === "/vectors/delete") {
        call.namespace = body.namespace as string;
        const target = namespaces.get((body.namespace as string) ?? "");
        if (body.deleteAll) {
          namespaces.delete((body.namespace as string) ?? "");
        } else if (Array.isArray(body.ids)) {
          if (body.ids.length > MAX_DELETE_IDS)
            throw new BadRequest(`delete takes at most ${MAX_DELETE_IDS} ids`);
          for (const id of body.ids as string[]) target?.delete(id);
        } else if (body.filter) {
          for (const [id, stored] of target ?? [])
            if (matchesFilter(stored.metadata, body.filter)) target?.delete(id);
        } else {
          throw new BadRequest("delete needs ids, a filter or deleteAll");
        }
        if (target && target.size === 0) namespaces.delete((body.namespace as string) ?? "");
        return send(response, 200, {});
      }
      if (request.method === "GET" && path === "/vectors/fetch") {
        const ns = requestUrl.searchParams.get("namespace") ?? "";
        const ids = requestUrl.searchParams.getAll("ids");
        const target = namespaces.get(ns);
        const vectors = Object.fromEntries(
          ids.flatMap((id) => {
            const stored = target?.get(id);
            return stored ? [[id, { id, values: stored.values, metadata: stored.metadata }]] : [];
          }),
        );
        return send(response, 200, { vectors, namespace: ns, usage: { readUnits: 1 } });
      }
      if (request.method === "POST" && path === "/describe_index_stats") {
        const summary = Object.fromEntries(
          [...namespaces]
            .filter(([, vectors]) => vectors.size > 0)
            .map(([name, vectors]) => [name, { vectorCount: vectors.size }]),
        );
        const total = [...namespaces.values()].reduce((sum, vectors) => sum + vectors.size, 0);
        return send(response, 200, {
          namespaces: summary,
          dimension,
          indexFullness: 0,
          totalVectorCount: total,
          metric,
          vectorType: "dense",
        });
      }
      send(response, 404, {
        error: { code: "NOT_FOUND", message: `no route ${request.method} ${path}` },
        status: 404,
      });
    } catch (error) {
      if (error instanceof BadRequest || error instanceof SyntaxError) {
        return send(response, 400, {
          error: { code: "INVALID_ARGUMENT", message: error.message },
          status: 400,
        });
      }
      send(response, 500, { error: { code: "INTERNAL", message: String(error) }, status: 500 });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiKey,
    indexName,
    calls,
    namespaces,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
