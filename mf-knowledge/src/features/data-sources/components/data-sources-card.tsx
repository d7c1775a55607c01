// "Agent Data Sources": text knowledge or a web page for one agent (the five agents plus QA and Compliance, then the
// user's custom agents), ingested like an uploaded document. An API endpoint cannot be ingested yet and says so (never a false success).

import { DATA_SOURCE_CATEGORY } from "@acp/contracts/knowledge-constants";
import { ERROR_TOASTS, SUCCESS_TOASTS, VALIDATION } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { Badge } from "@acp/ui/components/badge";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Input } from "@acp/ui/components/input";
import { Label } from "@acp/ui/components/label";
import { Select, SelectContent, SelectTrigger, SelectValue } from "@acp/ui/components/select";
import { Textarea } from "@acp/ui/components/textarea";
import { toast } from "@acp/ui/hooks/use-toast";
import { cn } from "@acp/ui/lib/cn";
import { type FormEvent, useId, useState } from "react";
import { AgentSelectItems } from "../../../components/agent-select-items";
import { useAgentChoices } from "../../../hooks/use-agent-choices";
import { useAddDataSource } from "../api/add-data-source";

const TYPES = [
  { value: "text", label: "Text" },
  { value: "url", label: "Web URL" },
  { value: "api", label: "API endpoint" },
] as const;
type SourceType = (typeof TYPES)[number]["value"];

export const URL_VALIDATION = "Please provide both name and URL for the data source";
export const URL_FORMAT_VALIDATION = "Please enter a web address starting with http:// or https://";
export const API_NOT_SUPPORTED =
  "API endpoints cannot be ingested yet: nothing would be fetched from them, so they are not added. Paste the content as Text, or add a Web URL.";

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function validationError(description: string): void {
  toast({ title: ERROR_TOASTS.title, description, variant: "destructive" });
}

export function DataSourcesCard({ defaultAgentId = "gtm" }: { defaultAgentId?: string }) {
  const [agentId, setAgentId] = useState<string>(defaultAgentId);
  const [type, setType] = useState<SourceType>("text");
  const [name, setName] = useState("");
  const [content, setContent] = useState("");
  const [url, setUrl] = useState("");
  const add = useAddDataSource();
  const agents = useAgentChoices();
  const agent = agents.find(agentId);
  const ids = { agent: useId(), name: useId(), content: useId(), url: useId(), api: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (type === "api") return;
    const body = type === "text" ? content : url.trim();
    if (type === "text" && (name.trim() === "" || content.trim() === "")) {
      validationError(VALIDATION.dataSource);
      return;
    }
    if (type === "url") {
      if (name.trim() === "" || body === "") {
        validationError(URL_VALIDATION);
        return;
      }
      if (!isWebAddress(body)) {
        validationError(URL_FORMAT_VALIDATION);
        return;
      }
    }
    add.mutate(
      { name: name.trim(), type, content: body, category: DATA_SOURCE_CATEGORY, agentId },
      {
        onSuccess: ({ document }) => {
          toast({
            title: SUCCESS_TOASTS.dataSourceAdded,
            description: `${document?.originalName ?? name.trim()} is being processed for ${agent?.label ?? agentId}.`,
          });
          setName("");
          setContent("");
          setUrl("");
        },
        onError: (error) => {
          toastError(error, { sentence: ERROR_TOASTS.addDataSource, fallback: ERROR_TOASTS.addDataSource });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Agent Data Sources</h2>
        </CardTitle>
        <CardDescription>Add text knowledge or a web page to one agent's knowledge.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label id={ids.agent}>Agent</Label>
            <Select value={agentId} onValueChange={setAgentId}>
              <SelectTrigger aria-labelledby={ids.agent} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <AgentSelectItems builtIn={agents.builtIn} custom={agents.custom} />
              </SelectContent>
            </Select>
            {agent && agent.categories.length > 0 ? (
              <div className="flex flex-col gap-1.5 pt-1">
                <span className="text-muted-foreground text-xs">Recommended categories</span>
                <ul
                  aria-label={`Recommended categories for ${agent.label}`}
                  className="flex flex-wrap gap-1.5"
                >
                  {agent.categories.map((category) => (
                    <li key={category}>
                      <Badge variant="outline">{category}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
          <fieldset className="flex min-w-0 flex-col gap-1.5">
            <legend className="mb-1.5 font-medium text-sm">Type</legend>
            <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
              {TYPES.map((choice) => (
                <label
                  key={choice.value}
                  className={cn(
                    "flex cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-center font-medium text-xs sm:text-sm",
                    "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    type === choice.value ? "bg-background shadow-sm" : "text-muted-foreground",
                  )}
                >
                  <input
                    type="radio"
                    name="data-source-type"
                    value={choice.value}
                    checked={type === choice.value}
                    onChange={() => setType(choice.value)}
                    className="sr-only"
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.name}>Name</Label>
            <Input
              id={ids.name}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={200}
            />
          </div>
          {type === "text" ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.content}>Content</Label>
              <Textarea
                id={ids.content}
                value={content}
                onChange={(event) => setContent(event.target.value)}
                rows={6}
                placeholder="Paste knowledge your agent should answer from"
              />
            </div>
          ) : null}
          {type === "url" ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.url}>URL</Label>
              <Input
                id={ids.url}
                type="url"
                inputMode="url"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                placeholder="https://example.com/handbook"
              />
              <p className="text-muted-foreground text-xs">
                The page is fetched once by the server and its readable text is added.
              </p>
            </div>
          ) : null}
          {type === "api" ? (
            <p role="note" className="rounded-md border border-dashed p-3 text-muted-foreground text-sm">
              {API_NOT_SUPPORTED}
            </p>
          ) : null}
          <Button type="submit" disabled={type === "api" || add.isPending} className="self-start">
            {add.isPending ? "Adding…" : "Add Data Source"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
