// Which model answers: the card labels offline mode (the built-in grounded responder) or the model's name.
import { chatModelQueryOptions } from "@acp/client/chat";
import { useQuery } from "@tanstack/react-query";

export function useChatModel() {
  return useQuery(chatModelQueryOptions());
}
