// GET /api/agents/{agentKey}/analytics: an agent's conversations and messages per UTC day and its median answer time.

import { findBuiltInAgent } from "@acp/contracts/agents";
import type { AgentAnalytics } from "@acp/contracts/chat";
import { AGENT_ANALYTICS_DAYS } from "@acp/contracts/constants";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import { customAgents } from "../../db/schema";
import { AppError } from "../../lib/app-error";

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a moment, in UTC. */
function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The last AGENT_ANALYTICS_DAYS UTC days up to today (from `now`), every day listed even without activity. A built-in
 * agent's conversations are the user's of that agent type that talk to no custom agent; a custom agent's are those
 * that talk to it. Messages are every message of those conversations created that day (questions and answers); the
 * median is over answers with a recorded latency; totals add up the days. One query answers all of it.
 * `agentKey` is a built-in agent id or one of the user's custom agent ids; anything else is NOT_FOUND.
 */
export async function getAgentAnalytics({
  db,
  userId,
  agentKey,
  now,
}: {
  db: Db;
  userId: string;
  agentKey: string;
  now: Date;
}): Promise<AgentAnalytics> {
  const builtIn = findBuiltInAgent(agentKey);
  let scope: ReturnType<typeof sql>;
  if (builtIn) {
    scope = sql`c.agent_type = ${builtIn.id} and c.custom_agent_id is null`;
  } else {
    const [custom] = await db
      .select({ id: customAgents.id })
      .from(customAgents)
      .where(and(eq(customAgents.id, agentKey), eq(customAgents.userId, userId)));
    if (!custom)
      throw new AppError("NOT_FOUND", `No agent "${agentKey}": not a built-in agent nor one of yours`);
    scope = sql`c.custom_agent_id = ${custom.id}`;
  }
  const lastDay = utcDate(now);
  const firstDay = utcDate(
    new Date(Date.parse(`${lastDay}T00:00:00.000Z`) - (AGENT_ANALYTICS_DAYS - 1) * DAY_MS),
  );
  const start = `${firstDay}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${lastDay}T00:00:00.000Z`) + DAY_MS).toISOString();

  const rows = rowsOf<{ date: string; conversations: number; messages: number; median: number | null }>(
    await db.execute(sql`
      with scoped as (
        select c.id, c.created_at from conversations c where c.user_id = ${userId} and ${scope}
      ),
      conversations_per_day as (
        select (created_at at time zone 'UTC')::date as day, count(*)::int as n from scoped
        where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
        group by 1
      ),
      period_messages as (
        select m.created_at, m.role, m.latency_ms from messages m join scoped s on s.id = m.conversation_id
        where m.created_at >= ${start}::timestamptz and m.created_at < ${end}::timestamptz
      ),
      messages_per_day as (
        select (created_at at time zone 'UTC')::date as day, count(*)::int as n from period_messages group by 1
      ),
      latency as (
        select percentile_cont(0.5) within group (order by latency_ms) as median from period_messages
        where role = 'assistant' and latency_ms is not null
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
        coalesce(cpd.n, 0) as conversations,
        coalesce(mpd.n, 0) as messages,
        (select median from latency) as median
      from (select generate_series(${firstDay}::timestamp, ${lastDay}::timestamp, interval '1 day')::date as day) d
      left join conversations_per_day cpd on cpd.day = d.day
      left join messages_per_day mpd on mpd.day = d.day
      order by d.day`),
  );
  const days = rows.map((row) => ({
    date: row.date,
    conversations: Number(row.conversations),
    messages: Number(row.messages),
  }));
  const median = rows[0]?.median;
  return {
    days,
    medianAnswerMs: median === null || median === undefined ? null : Math.round(Number(median)),
    totalConversations: days.reduce((sum, day) => sum + day.conversations, 0),
    totalMessages: days.reduce((sum, day) => sum + day.messages, 0),
  };
}
