// Traffic of the load and soak runs (issue 31, DESIGN 9): streamed chats, signed-in reads and public-agent calls,
// each timed, with its status and, on failure, what the server said; plus the figures both runs print.
import { readFile } from "node:fs/promises";
import { createPublicAgentWithNote, type Owner, signUpOverHttp } from "../support/public-api-fixture";

/** What the chats answer from: a note given to every user's gtm agent and to the public agent. */
export const NOTE = [
  "The Falcon plan costs 49 EUR per seat per month and includes priority support.",
  "The Heron plan costs 19 EUR per seat per month for teams of up to ten people.",
  "Support answers within four hours on working days for Falcon customers.",
].join("\n\n");

export type Kind = "chat stream" | "signed-in read" | "public agent call";
export type Outcome = { kind: Kind; status: number; ms: number; detail?: string };

export const SIGNED_IN_READS = [
  "/api/documents",
  "/api/dashboard/metrics",
  "/api/custom-agents",
  "/api/conversations",
  "/api/api-keys",
  "/api/training-jobs",
];

export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] as number;
}

/** Resident memory of a process, in MiB (Linux). */
export async function rssMib(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kib / 1024);
}

/** Clock ticks per second in /proc/<pid>/stat (USER_HZ: 100 on every Linux that Node supports). */
const USER_HZ = 100;

/** CPU time the process has used so far, all its threads, user and system (/proc/<pid>/stat), in milliseconds. */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime is the
  // 14th field of the line, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}

export async function timed(
  kind: Kind,
  run: () => Promise<{ status: number; detail?: string }>,
): Promise<Outcome> {
  const started = performance.now();
  try {
    const { status, detail } = await run();
    return { kind, status, ms: performance.now() - started, ...(detail ? { detail } : {}) };
  } catch (error) {
    // fetch's "fetch failed" says nothing: the cause (ECONNRESET, a timeout) does.
    const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : "";
    return { kind, status: 0, ms: performance.now() - started, detail: `${String(error)}${cause}` };
  }
}

export async function createConversation(owner: Owner, title: string): Promise<string> {
  const response = await fetch(`${owner.url}/api/conversations`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: owner.url, cookie: owner.cookie },
    body: JSON.stringify({ agentType: "gtm", title }),
  });
  if (!response.ok) throw new Error(`conversation: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** One streamed chat answer: 200 and a stream that ends with `done` (an `error` event or a cut stream is a failure). */
export function streamChat(owner: Owner, conversationId: string): Promise<Outcome> {
  return timed("chat stream", async () => {
    const response = await fetch(`${owner.url}/api/chat`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        origin: owner.url,
        cookie: owner.cookie,
      },
      body: JSON.stringify({ conversationId, message: "How much does the Falcon plan cost per seat?" }),
    });
    const text = await response.text();
    if (response.status !== 200) return { status: response.status, detail: text.slice(0, 300) };
    if (!/^event: done$/m.test(text)) return { status: 599, detail: `no done event: ${text.slice(-300)}` };
    return { status: 200 };
  });
}

/**
 * The steady arrivals: one request every 1000/rate ms whatever the answers take (an open loop, as real traffic), for
 * `seconds`; one in five is a public agent's call, the others signed-in reads.
 */
export async function steadyLoad(
  owners: readonly Owner[],
  publicSlug: string,
  url: string,
  { perSecond, seconds }: { perSecond: number; seconds: number },
): Promise<Outcome[]> {
  const total = perSecond * seconds;
  const interval = 1000 / perSecond;
  const started = performance.now();
  const pending: Promise<Outcome>[] = [];
  for (let index = 0; index < total; index++) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const owner = owners[index % owners.length] as Owner;
    // One in five is a public agent's call (anonymous: the IP's hourly limit answers 429 once it is reached).
    if (index % 5 === 4) {
      pending.push(
        timed("public agent call", async () => {
          const response = await fetch(`${url}/api/v1/${publicSlug}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ message: "Which plan includes priority support?" }),
          });
          const text = await response.text();
          return { status: response.status, detail: text.slice(0, 200) };
        }),
      );
    } else {
      const path = SIGNED_IN_READS[index % SIGNED_IN_READS.length] as string;
      pending.push(
        timed("signed-in read", async () => {
          const response = await fetch(`${url}${path}`, { headers: { cookie: owner.cookie } });
          const text = await response.text();
          return { status: response.status, detail: `${path}: ${text.slice(0, 200)}` };
        }),
      );
    }
  }
  return Promise.all(pending);
}

export function report(
  engine: string,
  outcomes: readonly Outcome[],
  rss: { start: number; end: number },
): void {
  const lines = [`== load on ${engine}: RSS ${rss.start} MiB at the start, ${rss.end} MiB at the end`];
  for (const kind of ["chat stream", "signed-in read", "public agent call"] as const) {
    const of = outcomes.filter((outcome) => outcome.kind === kind);
    const ms = of.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const statuses = Object.entries(
      of.reduce<Record<number, number>>((counts, outcome) => {
        counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
        return counts;
      }, {}),
    )
      .map(([status, count]) => `${status} x${count}`)
      .join(", ");
    lines.push(
      `   ${kind}: ${of.length} requests (${statuses}), p50 ${percentile(ms, 0.5).toFixed(0)} ms, p99 ${percentile(ms, 0.99).toFixed(0)} ms`,
    );
  }
  console.log(lines.join("\n"));
}

/**
 * `users` accounts on the server at `url`, each with the note given to its gtm agent (what the chats answer from), and
 * the first one's public agent answering from the same note (what the public calls ask).
 */
export async function prepareTraffic(
  url: string,
  users: number,
): Promise<{ owners: Owner[]; publicSlug: string }> {
  const owners: Owner[] = [];
  for (let user = 0; user < users; user++) owners.push(await signUpOverHttp(url, `Load${user}`));
  const agent = await createPublicAgentWithNote(owners[0] as Owner, {
    name: "Load pricing",
    systemPrompt: "You answer questions about our plans.",
    note: NOTE,
    noteName: "plans.txt",
  });
  for (const owner of owners) {
    const response = await fetch(`${owner.url}/api/data-sources`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: owner.url, cookie: owner.cookie },
      body: JSON.stringify({ name: "plans", type: "text", content: NOTE, agentId: "gtm" }),
    });
    if (!response.ok) throw new Error(`data source: ${response.status} ${await response.text()}`);
  }
  return { owners, publicSlug: agent.apiEndpoint };
}
