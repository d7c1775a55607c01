// "Test chat": a custom agent's own chat card in a dialog, so its owner can try it on its knowledge before making
// it public (issue 29). The conversations it creates belong to that agent only.
import { Button } from "@acp/ui/components/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@acp/ui/components/dialog";
import { MessageSquare } from "lucide-react";
import { useState } from "react";
import { ChatCard } from "./chat-card";

export function TestChatDialog({ agent }: { agent: { id: string; name: string; agentType: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <MessageSquare aria-hidden="true" />
          Test chat<span className="sr-only"> with {agent.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle className="break-words leading-snug">Test {agent.name}</DialogTitle>
          <DialogDescription>
            Ask questions the way your users will. The agent answers from its own documents and those shared
            with all agents.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <ChatCard agentType={agent.agentType} customAgentId={agent.id} agentName={agent.name} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
