// The agent's conversations: pick one, start a new one, rename or delete the one shown.
import type { ChatConversation } from "@acp/contracts/chat";
import { Button } from "@acp/ui/components/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@acp/ui/components/select";
import { Plus } from "lucide-react";
import type { Ref } from "react";
import { DeleteConversationDialog } from "./delete-conversation-dialog";
import { RenameConversationDialog } from "./rename-conversation-dialog";

export function ConversationPicker({
  conversations,
  active,
  onSelect,
  onNew,
  creating,
  onRenamed,
  onDeleted,
  newButtonRef,
  selectRef,
}: {
  conversations: readonly ChatConversation[];
  active: ChatConversation | undefined;
  onSelect: (id: string) => void;
  onNew: () => void;
  creating: boolean;
  onRenamed: (title: string) => void;
  onDeleted: (deleted: ChatConversation) => HTMLElement | null;
  newButtonRef?: Ref<HTMLButtonElement>;
  selectRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Select value={active?.id ?? ""} onValueChange={onSelect} disabled={conversations.length === 0}>
        <SelectTrigger
          ref={selectRef}
          aria-label="Conversation"
          className="min-w-0 flex-1 basis-32 sm:max-w-xs"
        >
          <SelectValue placeholder="No conversations yet" />
        </SelectTrigger>
        <SelectContent>
          {conversations.map((conversation) => (
            <SelectItem key={conversation.id} value={conversation.id} className="[overflow-wrap:anywhere]">
              {conversation.title}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="flex items-center gap-1">
        <Button ref={newButtonRef} variant="outline" size="sm" onClick={onNew} disabled={creating}>
          <Plus aria-hidden="true" />
          {/* On a phone the icon alone keeps the picker on one line; the name stays for assistive technology. */}
          <span className="max-sm:sr-only">New</span>
        </Button>
        <RenameConversationDialog conversation={active} onRenamed={onRenamed} />
        <DeleteConversationDialog conversation={active} onDeleted={onDeleted} />
      </div>
    </div>
  );
}
