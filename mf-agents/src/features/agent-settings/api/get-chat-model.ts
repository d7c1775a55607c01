// The installation's chat model (GET /api/chat/model), named as the default an empty model field stands for.
import { chatModelQueryOptions } from "@acp/client/chat";
import { useQuery } from "@tanstack/react-query";

export function useChatModel() {
  return useQuery(chatModelQueryOptions());
}
