// Values that satisfy a JSON Schema (the OpenAPI document's, written from the routes' zod contracts), so fuzzed
// requests get past the validators and reach the handlers behind them; and the same values with one part made hostile.
import fc from "fast-check";

/** The JSON Schema keywords our zod contracts produce (zod 4's JSON Schema output, as OpenAPI 3.1 carries it). */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  default?: unknown;
};

export type SchemaContext = {
  /** The document's `components.schemas`, for `$ref`s. */
  components: Record<string, JsonSchema>;
  /** Strings that name something real (ids the fuzzing user owns), mixed into every free string. */
  knownStrings?: readonly string[];
};

/** Strings long enough to reach every length limit we set, short enough to keep runs fast. */
const LONGEST_GENERATED_STRING = 2_000;
/** Arrays beyond this many items say nothing new and slow runs down. */
const MOST_GENERATED_ITEMS = 8;
/** Schemas nest (messages hold content parts); past this depth only the simplest value is generated. */
const DEEPEST = 6;

/** Valid strings to mix in: odd Unicode a validator counts in UTF-16 units as zod does. */
const oddUnicode = fc.constantFrom(
  "\u202Eevil\u202C",
  "e\u0301\u0301\u0301",
  "\uFEFFbom",
  "👩‍👩‍👧‍👦",
  "\u0000nul",
  "\uD800",
  "\uDFFF",
  "\uFFFF\uFFFE",
  "𝕳𝖊𝖑𝖑𝖔",
  "ＡＢＣ",
  "İı",
  "ß",
  "\u200B\u200C\u200D",
  "<script>alert(1)</script>",
  "'; DROP TABLE users; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "${7*7}{{7*7}}",
  "../../etc/passwd",
  "%00%2e%2e",
);

function resolve(schema: JsonSchema, context: SchemaContext): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops += 1) {
    const name = current.$ref.replace(/^#\/components\/schemas\//, "");
    const target = context.components[name];
    if (!target) throw new Error(`unresolvable $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ["object"];
  if (schema.items) return ["array"];
  return [];
}

function stringArbitrary(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 200, LONGEST_GENERATED_STRING));
  if (schema.format === "date-time")
    return fc
      .date({
        min: new Date("2000-01-01T00:00:00Z"),
        max: new Date("2099-12-31T23:59:59Z"),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "uuid") return fc.uuid();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  // A required text is usually refined to hold more than blanks (JSON Schema cannot say so): valid ones do.
  const fits = (value: string) =>
    value.length >= minLength && value.length <= maxLength && (minLength === 0 || /\S/.test(value));
  const free = fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40) }) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: "grapheme", minLength, maxLength: Math.min(maxLength, minLength + 20) }),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: "binary", minLength, maxLength: Math.min(maxLength, minLength + 20) }),
    },
    // The limit itself, where off-by-one errors live.
    { weight: 1, arbitrary: fc.constant("x".repeat(maxLength)) },
  );
  const known = [...(context.knownStrings ?? [])];
  return fc
    .oneof(
      { weight: 6, arbitrary: free },
      { weight: 2, arbitrary: oddUnicode },
      { weight: known.length > 0 ? 3 : 0, arbitrary: fc.constantFrom(...(known.length > 0 ? known : [""])) },
    )
    .filter(fits);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowExclusive = typeof schema.exclusiveMinimum === "number";
  const highExclusive = typeof schema.exclusiveMaximum === "number";
  const low =
    typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : (schema.minimum ?? -1_000_000);
  const high =
    typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum : (schema.maximum ?? 1_000_000);
  if (integer) {
    const min = Math.ceil(lowExclusive ? low + 1 : low);
    const max = Math.floor(highExclusive ? high - 1 : high);
    return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max }));
  }
  return fc
    .double({
      min: low,
      max: high,
      noNaN: true,
      noDefaultInfinity: true,
      minExcluded: lowExclusive,
      maxExcluded: highExclusive,
    })
    .map((value) => (Object.is(value, -0) ? 0 : value));
}

function objectArbitrary(schema: JsonSchema, context: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties))
    model[key] = validValue(property, context, depth + 1);
  const required = (schema.required ?? []).filter((key) => key in properties);
  return fc.record(model, { requiredKeys: required });
}

/** Values the schema accepts. */
export function validValue(schema: JsonSchema, context: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, context);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives) {
    // Past the depth limit, the first alternative only: the cheapest way to end a recursive shape.
    const chosen = depth > DEEPEST ? alternatives.slice(0, 1) : alternatives;
    return fc.oneof(...chosen.map((alternative) => validValue(alternative, context, depth + 1)));
  }
  if (resolved.allOf?.length) return validValue(mergeAll(resolved.allOf, context), context, depth + 1);
  const types = typesOf(resolved);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case "string":
          return stringArbitrary(resolved, context);
        case "integer":
          return numberArbitrary(resolved, true);
        case "number":
          return numberArbitrary(resolved, false);
        case "boolean":
          return fc.boolean();
        case "null":
          return fc.constant(null);
        case "array": {
          const minLength = resolved.minItems ?? 0;
          const maxLength = Math.max(
            minLength,
            Math.min(resolved.maxItems ?? MOST_GENERATED_ITEMS, MOST_GENERATED_ITEMS),
          );
          if (depth > DEEPEST && minLength === 0) return fc.constant([]);
          return fc.array(validValue(resolved.items ?? {}, context, depth + 1), { minLength, maxLength });
        }
        case "object":
          return objectArbitrary(resolved, context, depth);
        default:
          throw new Error(`JSON Schema type ${type} has no generator`);
      }
    }),
  );
}

function mergeAll(schemas: JsonSchema[], context: SchemaContext): JsonSchema {
  const merged: JsonSchema = { type: "object", properties: {}, required: [] };
  for (const part of schemas.map((schema) => resolve(schema, context))) {
    Object.assign(merged.properties as object, part.properties ?? {});
    merged.required?.push(...(part.required ?? []));
  }
  return merged;
}

/** What a hostile caller puts where a value belongs: the wrong type, the wrong size, the wrong characters. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    2 ** 53 + 1,
    0.1,
    "",
    " ",
    [],
    {},
    [[]],
    [null],
  ),
  oddUnicode,
  fc.integer({ min: 10_000, max: 300_000 }).map((size) => "a".repeat(size)),
  fc.integer({ min: 1_000, max: 20_000 }).map((count) => Array.from({ length: count }, (_, index) => index)),
  fc.integer({ min: 20, max: 400 }).map((depth) => {
    let value: unknown = "deep";
    for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
    return value;
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** One place in a value: a key path, or the root. */
function placesOf(value: unknown, path: (string | number)[] = [], into: (string | number)[][] = []) {
  into.push(path);
  if (path.length >= 4) return into;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) placesOf(item, [...path, index], into);
  } else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) placesOf(item, [...path, key], into);
  return into;
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaced(item, rest, by) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaced(record[head], rest, by) };
}

function without(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return value;
  if (path.length === 1) {
    if (Array.isArray(value)) return value.filter((_, index) => index !== path[0]);
    const { [path[0] as string]: _dropped, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? without(item, rest) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: without(record[head], rest) };
}

/**
 * A valid value with one part spoiled: a field replaced by a hostile value, a field dropped, or a field added that
 * the contract does not know (a prototype-pollution key among them).
 */
export function spoiled(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return valid.chain((value) => {
    const places = placesOf(value);
    const place = fc.constantFrom(...places);
    return fc.oneof(
      { weight: 5, arbitrary: fc.tuple(place, hostileValue).map(([path, by]) => replaced(value, path, by)) },
      { weight: 2, arbitrary: place.map((path) => without(value, path)) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom("__proto__", "constructor", "extra", "toString"), hostileValue)
          .map(([key, by]) =>
            value && typeof value === "object" && !Array.isArray(value) ? { ...value, [key]: by } : by,
          ),
      },
    );
  });
}
