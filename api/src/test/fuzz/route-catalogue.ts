// What there is to fuzz, read from the app itself (its router's table) so that a route added tomorrow is fuzzed
// tomorrow, documented or not; the OpenAPI document adds what each documented route accepts.
import type { JsonSchema } from "./json-schema-arbitrary";

/** One row of Hono's `app.routes`: a handler or a middleware, its method ("ALL" for `use` and `all`) and path. */
export type RouterRow = { method: string; path: string };

type OpenApiParameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type FuzzTarget = {
  /** A method, or "ALL" for a route that answers every method (fuzzed with any). */
  method: string;
  /** The path as the OpenAPI document writes it: `{name}` for a parameter, `{*}` for a wildcard's rest. */
  path: string;
  documented: boolean;
  /** The documented body: its media type and schema. */
  body?: { contentType: string; schema: JsonSchema };
  query: { name: string; required: boolean; schema: JsonSchema }[];
};

/** Hono's `/a/:id/*` (a parameter may carry a `{regex}`) as OpenAPI's `/a/{id}/{*}`. */
export function openApiPathOf(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}").replace(/\*/g, "{*}");
}

/** JSON first: the body a fuzzed request most often reaches a handler with. */
function preferredBody(operation: OpenApiOperation): FuzzTarget["body"] {
  const content = operation.requestBody?.content ?? {};
  const type = ["application/json", "multipart/form-data"].find((candidate) => content[candidate]);
  const chosen = type ?? Object.keys(content)[0];
  const entry = chosen === undefined ? undefined : content[chosen];
  return chosen !== undefined && entry ? { contentType: chosen, schema: entry.schema } : undefined;
}

/**
 * Every route in the router's table once, with what its OpenAPI operation documents. Middleware rows (`use`) come as
 * "ALL" rows too: fuzzing their path with any method costs little and covers the catch-alls among them.
 */
export function fuzzTargets(rows: readonly RouterRow[], document: OpenApiDocument): FuzzTarget[] {
  const targets = new Map<string, FuzzTarget>();
  for (const row of rows) {
    const path = openApiPathOf(row.path);
    const key = `${row.method} ${path}`;
    if (targets.has(key)) continue;
    const operation = document.paths[path]?.[row.method.toLowerCase()];
    targets.set(key, {
      method: row.method,
      path,
      documented: operation !== undefined,
      body: operation ? preferredBody(operation) : undefined,
      query: (operation?.parameters ?? [])
        .filter((parameter) => parameter.in === "query")
        .map((parameter) => ({
          name: parameter.name,
          required: parameter.required === true,
          schema: parameter.schema ?? { type: "string" },
        })),
    });
  }
  return [...targets.values()];
}

/** Every documented operation the router does not serve: the document promises a route that is not there. */
export function undocumentedButPromised(rows: readonly RouterRow[], document: OpenApiDocument): string[] {
  const served = new Set(rows.map((row) => `${row.method} ${openApiPathOf(row.path)}`));
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .map((verb) => `${verb.toUpperCase()} ${path}`)
      .filter((key) => !served.has(key)),
  );
}
