// Which conversation the card shows (spec section 4): the one the user picked while it exists; otherwise the one
// with id "1" when present, else the first of the list (the API lists the most recently updated first).
import type { ChatConversation } from "@acp/contracts/chat";

/** The id spec section 4 selects on first load when the list holds it. */
export const PREFERRED_CONVERSATION_ID = "1";

export function selectConversation<T extends Pick<ChatConversation, "id">>(
  conversations: readonly T[],
  chosenId: string | null,
): T | undefined {
  const chosen = chosenId === null ? undefined : conversations.find((item) => item.id === chosenId);
  return chosen ?? conversations.find((item) => item.id === PREFERRED_CONVERSATION_ID) ?? conversations[0];
}
