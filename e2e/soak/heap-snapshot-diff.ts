// Two V8 heap snapshots (.heapsnapshot, as Node's --heapsnapshot-signal writes them) compared by constructor: how many
// objects of each and their self size in each snapshot, and which grew most. The soak run (soak.ts) prints it for
// the snapshots it takes; by hand: `npx tsx soak/heap-snapshot-diff.ts before.heapsnapshot after.heapsnapshot`.
//
// The file can be larger than a JavaScript string may be, so it is read as bytes and only its header and its strings
// are parsed as JSON; the nodes (7 numbers each) are scanned as digits. Retained sizes would need the dominator tree:
// self sizes and counts are enough to tell which kind of object accumulates, and `--retainers=Group file...` lists
// what holds the objects of a group (npx tsx soak/heap-snapshot-diff.ts --retainers=AbortSignal after.heapsnapshot).
import { readFile } from "node:fs/promises";

/** Per group (a constructor name, or a kind of V8 object in parentheses): how many objects, and their bytes. */
export type HeapSummary = {
  nodes: number;
  bytes: number;
  groups: Map<string, { count: number; bytes: number }>;
};

const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Kinds of node whose name says what they are (a constructor, a function, a V8 internal); the others group by kind. */
const NAMED_KINDS = new Set(["object", "native", "closure", "hidden", "array", "synthetic", "object shape"]);

function section(buffer: Buffer, key: string, from: number): number {
  const at = buffer.indexOf(`"${key}":[`, from);
  if (at < 0) throw new Error(`no "${key}" in the heap snapshot`);
  return at + key.length + 4;
}

/** A snapshot's nodes and edges as flat arrays (V8's own layout), and its strings. */
type ParsedSnapshot = {
  kinds: string[];
  edgeKinds: string[];
  nodeCount: number;
  types: Uint8Array;
  names: Uint32Array;
  sizes: Float64Array;
  edgeCounts: Uint32Array;
  /** Per edge: its kind, its name (a string index, or an element index) and its target's node index. */
  edges: Uint32Array;
  strings: string[];
};

/** Calls `each` with every unsigned integer of the array starting at `from`; returns the position of its `]`. */
function scanNumbers(buffer: Buffer, from: number, each: (value: number) => void): number {
  let value = 0;
  let inNumber = false;
  let position = from;
  for (; position < buffer.length; position++) {
    const byte = buffer[position] as number;
    if (byte >= 0x30 && byte <= 0x39) {
      value = value * 10 + (byte - 0x30);
      inNumber = true;
    } else {
      if (inNumber) each(value);
      inNumber = false;
      value = 0;
      if (byte === CLOSE_BRACKET) break;
    }
  }
  return position;
}

async function parseHeapSnapshot(file: string, withEdges: boolean): Promise<ParsedSnapshot> {
  const buffer = await readFile(file);
  const nodesAt = section(buffer, "nodes", 0);
  const header = buffer
    .toString("utf8", 0, nodesAt - '"nodes":['.length)
    .trim()
    .replace(/,$/, "");
  const meta = (
    JSON.parse(`${header}}`) as {
      snapshot: {
        meta: {
          node_fields: string[];
          node_types: [string[], ...unknown[]];
          edge_fields: string[];
          edge_types: [string[], ...unknown[]];
        };
        node_count: number;
        edge_count: number;
      };
    }
  ).snapshot;
  const fields = meta.meta.node_fields;
  const typeField = fields.indexOf("type");
  const nameField = fields.indexOf("name");
  const sizeField = fields.indexOf("self_size");
  const edgeCountField = fields.indexOf("edge_count");
  const count = meta.node_count;
  const parsed: ParsedSnapshot = {
    kinds: meta.meta.node_types[0],
    edgeKinds: meta.meta.edge_types[0],
    nodeCount: 0,
    types: new Uint8Array(count),
    names: new Uint32Array(count),
    sizes: new Float64Array(count),
    edgeCounts: new Uint32Array(count),
    edges: new Uint32Array(withEdges ? meta.edge_count * 3 : 0),
    strings: [],
  };

  // The nodes: unsigned integers separated by commas (and newlines).
  let field = 0;
  let node = 0;
  let position = scanNumbers(buffer, nodesAt, (value) => {
    if (field === typeField) parsed.types[node] = value;
    else if (field === nameField) parsed.names[node] = value;
    else if (field === sizeField) parsed.sizes[node] = value;
    else if (field === edgeCountField) parsed.edgeCounts[node] = value;
    field += 1;
    if (field === fields.length) {
      field = 0;
      node += 1;
    }
  });
  parsed.nodeCount = node;

  if (withEdges) {
    const edgeFields = meta.meta.edge_fields.length;
    const toField = meta.meta.edge_fields.indexOf("to_node");
    let index = 0;
    position = scanNumbers(buffer, section(buffer, "edges", position), (value) => {
      // to_node is an offset into the nodes array: kept as the node's index.
      parsed.edges[index] = index % edgeFields === toField ? value / fields.length : value;
      index += 1;
    });
  }

  // The strings: JSON strings, each parsed alone.
  position = section(buffer, "strings", position);
  while (position < buffer.length && buffer[position] !== CLOSE_BRACKET) {
    if (buffer[position] !== QUOTE) {
      position += 1;
      continue;
    }
    let end = position + 1;
    while (buffer[end] !== QUOTE) end += buffer[end] === BACKSLASH ? 2 : 1;
    parsed.strings.push(JSON.parse(buffer.toString("utf8", position, end + 1)) as string);
    position = end + 1;
  }
  return parsed;
}

/** A node's group: its constructor's name, or its kind in parentheses (with the name where that says something). */
function groupOf(parsed: ParsedSnapshot, index: number): string {
  const kind = parsed.kinds[parsed.types[index] as number] ?? "?";
  const name = NAMED_KINDS.has(kind) ? (parsed.strings[parsed.names[index] as number] ?? "?") : "";
  return kind === "object" ? name : `(${kind})${name ? ` ${name.slice(0, 60)}` : ""}`;
}

export async function summarizeHeapSnapshot(file: string): Promise<HeapSummary> {
  const parsed = await parseHeapSnapshot(file, false);
  const groups = new Map<string, { count: number; bytes: number }>();
  let bytes = 0;
  for (let index = 0; index < parsed.nodeCount; index++) {
    const key = groupOf(parsed, index);
    const size = parsed.sizes[index] as number;
    bytes += size;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.bytes += size;
    } else groups.set(key, { count: 1, bytes: size });
  }
  return { nodes: parsed.nodeCount, bytes, groups };
}

/**
 * What holds the objects of one group: for each edge that points at one, the holder's group and the edge's name
 * (a property, a closure's variable, an element), counted. Follow it a few times to find the long-lived holder.
 */
export async function retainersOf(file: string, group: string, top = 20): Promise<string[]> {
  const parsed = await parseHeapSnapshot(file, true);
  const targets = new Uint8Array(parsed.nodeCount);
  for (let index = 0; index < parsed.nodeCount; index++)
    if (groupOf(parsed, index) === group) targets[index] = 1;
  const counts = new Map<string, number>();
  let edge = 0;
  for (let holder = 0; holder < parsed.nodeCount; holder++) {
    const end = edge + (parsed.edgeCounts[holder] as number) * 3;
    for (; edge < end; edge += 3) {
      const to = parsed.edges[edge + 2] as number;
      if (!targets[to]) continue;
      const kind = parsed.edgeKinds[parsed.edges[edge] as number] ?? "?";
      const nameOrIndex = parsed.edges[edge + 1] as number;
      if (kind === "weak") continue;
      const named = kind === "element" || kind === "hidden" ? "[]" : (parsed.strings[nameOrIndex] ?? "[]");
      const name = /^\d+$/.test(named) ? "[]" : named;
      const key = `${groupOf(parsed, holder)} --${kind}:${name.slice(0, 40)}-->`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, count]) => `${String(count).padStart(8)}  ${key} ${group}`);
}

/**
 * The chains that hold the objects of one group, up to `depth` holders each (one holder per object: the first strong
 * edge to it the snapshot lists), counted: `Map --internal:table--> ... --property:signal--> AbortSignal`.
 */
export async function retainingPaths(file: string, group: string, depth = 8, top = 10): Promise<string[]> {
  const parsed = await parseHeapSnapshot(file, true);
  const holder = new Int32Array(parsed.nodeCount).fill(-1);
  const label = new Array<string>(parsed.nodeCount);
  let edge = 0;
  for (let from = 0; from < parsed.nodeCount; from++) {
    const end = edge + (parsed.edgeCounts[from] as number) * 3;
    for (; edge < end; edge += 3) {
      const to = parsed.edges[edge + 2] as number;
      const kind = parsed.edgeKinds[parsed.edges[edge] as number] ?? "?";
      if (holder[to] !== -1 || kind === "weak" || kind === "shortcut" || to === from) continue;
      if (groupOf(parsed, from).startsWith("(object shape)")) continue;
      const named =
        kind === "element" || kind === "hidden"
          ? "[]"
          : (parsed.strings[parsed.edges[edge + 1] as number] ?? "[]");
      holder[to] = from;
      label[to] = `--${kind}:${(/^\d+$/.test(named) ? "[]" : named).slice(0, 30)}-->`;
    }
  }
  const counts = new Map<string, number>();
  for (let index = 0; index < parsed.nodeCount; index++) {
    if (groupOf(parsed, index) !== group) continue;
    const chain: string[] = [group];
    const seen = new Set<number>([index]);
    let at = index;
    for (let step = 0; step < depth; step++) {
      const up = holder[at] as number;
      if (up < 0 || seen.has(up)) break;
      seen.add(up);
      chain.unshift(groupOf(parsed, up), label[at] as string);
      at = up;
    }
    const key = chain.join(" ");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, count]) => `${String(count).padStart(8)}  ${key}`);
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(2);
const signed = (value: number, text: string) => (value >= 0 ? `+${text}` : text);

/** The comparison's lines: totals, then the groups that grew most by self size and by count. */
export function compareHeapSummaries(before: HeapSummary, after: HeapSummary, top = 15): string[] {
  const keys = new Set([...before.groups.keys(), ...after.groups.keys()]);
  const rows = [...keys].map((key) => {
    const a = before.groups.get(key) ?? { count: 0, bytes: 0 };
    const b = after.groups.get(key) ?? { count: 0, bytes: 0 };
    return { key, a, b, bytes: b.bytes - a.bytes, count: b.count - a.count };
  });
  const line = (row: (typeof rows)[number]) =>
    `${row.key.padEnd(48).slice(0, 48)} ${String(row.a.count).padStart(9)} -> ${String(row.b.count).padStart(9)} (${signed(row.count, String(row.count)).padStart(8)})   ${mib(row.a.bytes).padStart(8)} -> ${mib(row.b.bytes).padStart(8)} MiB (${signed(row.bytes, mib(row.bytes)).padStart(7)})`;
  const header = `${"constructor / kind".padEnd(48)} ${"objects".padStart(34)}   ${"self size".padStart(33)}`;
  return [
    `total: ${before.nodes} -> ${after.nodes} objects (${signed(after.nodes - before.nodes, String(after.nodes - before.nodes))}), ${mib(before.bytes)} -> ${mib(after.bytes)} MiB (${signed(after.bytes - before.bytes, mib(after.bytes - before.bytes))})`,
    `grew most by self size:`,
    header,
    ...rows
      .sort((x, y) => y.bytes - x.bytes)
      .slice(0, top)
      .map(line),
    `shrank most by self size:`,
    ...rows
      .sort((x, y) => x.bytes - y.bytes)
      .slice(0, 5)
      .map(line),
    `grew most by count:`,
    header,
    ...rows
      .sort((x, y) => y.count - x.count)
      .slice(0, top)
      .map(line),
  ];
}

if (process.argv[1]?.endsWith("heap-snapshot-diff.ts")) {
  const retainers = /^--retainers=(.+)$/.exec(process.argv[2] ?? "")?.[1];
  const paths = /^--paths=(.+)$/.exec(process.argv[2] ?? "")?.[1];
  if (retainers || paths) {
    for (const file of process.argv.slice(3)) {
      console.log(`== what holds ${retainers ?? paths} in ${file}`);
      const lines = retainers
        ? await retainersOf(file, retainers)
        : await retainingPaths(file, paths as string);
      for (const text of lines) console.log(text);
    }
    process.exit(0);
  }
  const [before, after] = process.argv.slice(2);
  if (!before || !after)
    throw new Error("usage: heap-snapshot-diff.ts before.heapsnapshot after.heapsnapshot");
  const lines = compareHeapSummaries(await summarizeHeapSnapshot(before), await summarizeHeapSnapshot(after));
  for (const text of lines) console.log(text);
}
