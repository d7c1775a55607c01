// The document list's search box and filters: status, agent (built-in, "All agents" for documents given to every
// agent, the user's custom agents) and type; "Clear filters" while any is set.
import { DOCUMENT_TYPE_FILTERS, NO_AGENT_FILTER } from "@acp/contracts/knowledge-constants";
import { Button } from "@acp/ui/components/button";
import { Input } from "@acp/ui/components/input";
import { Label } from "@acp/ui/components/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@acp/ui/components/select";
import { Search } from "lucide-react";
import { useId } from "react";
import { AgentSelectItems } from "../../../components/agent-select-items";
import { useAgentChoices } from "../../../hooks/use-agent-choices";

/** A select's value when it filters nothing (Radix selects cannot hold an empty value). */
export const ANY = "any";

export type DocumentFilterValues = { q: string; status: string; agent: string; type: string };

export const NO_FILTERS: DocumentFilterValues = { q: "", status: ANY, agent: ANY, type: ANY };

export function filtersActive(filters: DocumentFilterValues): boolean {
  return filters.q.trim() !== "" || filters.status !== ANY || filters.agent !== ANY || filters.type !== ANY;
}

const STATUS_CHOICES = [
  { value: "processing", label: "Processing" },
  { value: "completed", label: "Processed" },
  { value: "failed", label: "Failed" },
] as const;

export function DocumentFilters({
  filters,
  onChange,
}: {
  filters: DocumentFilterValues;
  onChange: (next: DocumentFilterValues) => void;
}) {
  const agents = useAgentChoices();
  const ids = { search: useId(), status: useId(), agent: useId(), type: useId() };
  const set = (patch: Partial<DocumentFilterValues>) => onChange({ ...filters, ...patch });
  return (
    <search aria-label="Find documents" className="flex min-w-0 flex-col gap-3">
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={ids.search}>Search by name</Label>
        <div className="relative min-w-0">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={ids.search}
            type="search"
            value={filters.q}
            onChange={(event) => set({ q: event.target.value })}
            maxLength={200}
            placeholder="e.g. contract"
            className="pl-8"
          />
        </div>
      </div>
      <div className="grid min-w-0 grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label id={ids.status}>Status</Label>
          <Select value={filters.status} onValueChange={(status) => set({ status })}>
            <SelectTrigger aria-labelledby={ids.status} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Any status</SelectItem>
              {STATUS_CHOICES.map((choice) => (
                <SelectItem key={choice.value} value={choice.value}>
                  {choice.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label id={ids.type}>Type</Label>
          <Select value={filters.type} onValueChange={(type) => set({ type })}>
            <SelectTrigger aria-labelledby={ids.type} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Any type</SelectItem>
              {DOCUMENT_TYPE_FILTERS.map((choice) => (
                <SelectItem key={choice.id} value={choice.id}>
                  {choice.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="col-span-2 flex min-w-0 flex-col gap-1.5 sm:col-span-1">
          <Label id={ids.agent}>Agent</Label>
          <Select value={filters.agent} onValueChange={(agent) => set({ agent })}>
            <SelectTrigger aria-labelledby={ids.agent} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Any agent</SelectItem>
              <SelectItem value={NO_AGENT_FILTER}>All agents</SelectItem>
              <AgentSelectItems builtIn={agents.builtIn} custom={agents.custom} />
            </SelectContent>
          </Select>
        </div>
      </div>
      {filtersActive(filters) ? (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </search>
  );
}
