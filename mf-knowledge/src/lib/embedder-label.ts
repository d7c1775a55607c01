// The embedder's name for people: its id (`local-1536`, `openai:text-embedding-3-small`) says nothing to a user.
const OPENAI_PREFIX = "openai:";

export function embedderLabel(id: string | null | undefined): string {
  if (!id) return "—";
  if (id.startsWith("local-")) return "Built-in embedder (offline)";
  if (id.startsWith(OPENAI_PREFIX)) return `OpenAI ${id.slice(OPENAI_PREFIX.length)}`;
  return id;
}
