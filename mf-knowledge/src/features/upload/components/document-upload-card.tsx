// The upload card: drop or pick several files, optionally for one agent (built-in or custom) and category; each
// file's upload and ingestion progress shows below. With `agentId` it uploads for that agent (the per-agent widget).
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Label } from "@acp/ui/components/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@acp/ui/components/select";
import { type ReactNode, useId, useState } from "react";
import { AgentSelectItems } from "../../../components/agent-select-items";
import { useAgentChoices } from "../../../hooks/use-agent-choices";
import { useUploadedDocuments } from "../api/get-uploaded-documents";
import { useUploadQueue } from "../hooks/use-upload-queue";
import { DropZone } from "./drop-zone";
import { isFinished, type LiveUploadItem, UploadItems } from "./upload-items";

const NONE = "none";

export type DocumentUploadCardProps = {
  /** Upload for this agent; the agent choice is then not offered. */
  agentId?: string | undefined;
  title?: string;
  description?: string;
  /** Shown under the uploads, e.g. the agent's latest documents. */
  children?: ReactNode;
};

export function DocumentUploadCard({
  agentId,
  title = "Upload Documents",
  description = "Add business documents your agents answer from.",
  children,
}: DocumentUploadCardProps) {
  const [chosenAgent, setChosenAgent] = useState<string>(NONE);
  const [category, setCategory] = useState<string>(NONE);
  const agents = useAgentChoices();
  const effectiveAgent = agentId ?? (chosenAgent === NONE ? undefined : chosenAgent);
  const categories = agents.find(effectiveAgent)?.categories ?? [];
  const queue = useUploadQueue({
    agentId: effectiveAgent,
    category: category === NONE ? undefined : category,
  });
  const documents = useUploadedDocuments(agentId, queue.items);
  const items: LiveUploadItem[] = queue.items.map((item) => ({
    ...item,
    live: item.document
      ? (documents.data?.find((document) => document.id === item.document?.id) ?? item.document)
      : undefined,
  }));
  const agentLabelId = useId();
  const categoryLabelId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          {agentId ? null : (
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label id={agentLabelId}>Agent (optional)</Label>
              <Select
                value={chosenAgent}
                onValueChange={(value) => {
                  setChosenAgent(value);
                  setCategory(NONE);
                }}
              >
                <SelectTrigger aria-labelledby={agentLabelId} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>All agents</SelectItem>
                  <AgentSelectItems builtIn={agents.builtIn} custom={agents.custom} />
                </SelectContent>
              </Select>
            </div>
          )}
          {categories.length > 0 ? (
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label id={categoryLabelId}>Category (optional)</Label>
              <Select value={category} onValueChange={setCategory}>
                <SelectTrigger aria-labelledby={categoryLabelId} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>No category</SelectItem>
                  {categories.map((name) => (
                    <SelectItem key={name} value={name}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          ) : null}
        </div>
        <DropZone onFiles={(files) => void queue.start(files)} />
        <UploadItems
          items={items}
          onClear={() => queue.remove(new Set(items.filter(isFinished).map((item) => item.key)))}
          onCancel={queue.cancel}
          onRetryHeld={queue.retryHeld}
        />
        {children}
      </CardContent>
    </Card>
  );
}
