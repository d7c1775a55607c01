// The public endpoint slug of a custom agent (spec section 7): "agent-" + lower-cased hyphenated name + ms timestamp.
import { randomBytes } from "node:crypto";

/**
 * Characters of the name kept in the slug: with "agent-", a 13-digit timestamp and a retry suffix the endpoint stays
 * within the 128 characters a client may send (createCustomAgentSchema), whatever the name's length.
 */
const MAX_NAME_SLUG_CHARS = 96;

/** The name lower-cased, each run of characters outside [a-z0-9] one hyphen, trimmed of hyphens ("" for "市场"). */
function nameSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_NAME_SLUG_CHARS)
    .replace(/-+$/, "");
}

/** "agent-<slug>-<ms>", or "agent-<ms>" for a name without latin letters or digits. */
export function apiEndpointFor(name: string, at: Date): string {
  const slug = nameSlug(name);
  return `agent-${slug ? `${slug}-` : ""}${at.getTime()}`;
}

/** Another endpoint for the same name and moment, after a collision: "-" and six random hex digits appended. */
export function withRetrySuffix(endpoint: string): string {
  return `${endpoint}-${randomBytes(3).toString("hex")}`;
}
