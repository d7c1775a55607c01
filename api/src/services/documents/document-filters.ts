// What the document list can be narrowed to (name search, status, agent, type, ids) as one SQL condition.
import {
  DOCUMENT_TYPE_FILTERS,
  type DocumentTypeFilter,
  type KnowledgeDocument,
  NO_AGENT_FILTER,
} from "@acp/contracts/knowledge";
import { and, eq, ilike, inArray, isNull, type SQL } from "drizzle-orm";
import { documents } from "../../db/schema";
import { MIME_TYPES } from "./knowledge-document";

export type DocumentFilters = {
  /** Part of the name, any case; `%` and `_` are plain characters. */
  q?: string | undefined;
  status?: KnowledgeDocument["status"] | undefined;
  /** A built-in or custom agent id, or NO_AGENT_FILTER for the documents uploaded for all agents. */
  agent?: string | undefined;
  type?: DocumentTypeFilter | undefined;
  ids?: readonly string[] | undefined;
};

/** The MIME types recorded for each type filter (the recorded type is sniffed, never the client's claim). */
const TYPE_MIME_TYPES = Object.fromEntries(
  DOCUMENT_TYPE_FILTERS.map((filter) => [filter.id, filter.extensions.map((ext) => MIME_TYPES[ext])]),
) as Record<DocumentTypeFilter, string[]>;

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters (and its escape, `\`) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function hasFilters(filters: DocumentFilters): boolean {
  return Boolean(filters.q || filters.status || filters.agent !== undefined || filters.type || filters.ids);
}

/** The user's documents that pass every given filter. */
export function documentsMatching(userId: string, filters: DocumentFilters): SQL | undefined {
  const { q, status, agent, type, ids } = filters;
  return and(
    eq(documents.userId, userId),
    q ? ilike(documents.originalName, containsPattern(q)) : undefined,
    status ? eq(documents.status, status) : undefined,
    agent === undefined
      ? undefined
      : agent === NO_AGENT_FILTER
        ? isNull(documents.agentId)
        : eq(documents.agentId, agent),
    type ? inArray(documents.mimeType, TYPE_MIME_TYPES[type]) : undefined,
    ids ? inArray(documents.id, [...ids]) : undefined,
  );
}
