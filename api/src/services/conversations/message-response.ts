// The one mapping from a messages row to the Message the API returns.
import type { Message } from "@acp/contracts/entities";
import type { messages } from "../../db/schema";

export function toMessageResponse(
  row: Pick<typeof messages.$inferSelect, "id" | "role" | "content" | "createdAt">,
): Message {
  return { id: row.id, role: row.role, content: row.content, createdAt: row.createdAt.toISOString() };
}
