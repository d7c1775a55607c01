// "Retrieval Lab": ask a question (optionally as one agent) and see the chunks an agent would be given, with both
// legs' ranks, the fused score and where the relevance threshold cuts, each linking to its place in the document.
import { errorMessage } from "@acp/client/http-error";
import type { RetrievalResult } from "@acp/contracts/knowledge";
import { DATA_SOURCE_AGENTS } from "@acp/contracts/knowledge-constants";
import { Link, useSearchParams } from "@acp/router";
import { Badge } from "@acp/ui/components/badge";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Input } from "@acp/ui/components/input";
import { Label } from "@acp/ui/components/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@acp/ui/components/select";
import { cn } from "@acp/ui/lib/cn";
import { type FormEvent, useId, useState } from "react";
import { formatChunkLocation } from "../../../lib/chunk-location";
import { documentDetailSearch } from "../../../lib/document-link";
import { useSearchKnowledge } from "../api/search-knowledge";

const ALL = "all";
export const LAB_TOP_K = 10;
export const EMPTY_QUESTION = "Please enter a question";

const scoreFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4, minimumFractionDigits: 4 });
const relevanceFormat = new Intl.NumberFormat("en-US", {
  maximumFractionDigits: 2,
  minimumFractionDigits: 2,
});

export function RetrievalLabCard() {
  const [question, setQuestion] = useState("");
  const [agentId, setAgentId] = useState<string>(ALL);
  const [validation, setValidation] = useState<string | null>(null);
  const search = useSearchKnowledge();
  const ids = { question: useId(), agent: useId(), error: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = question.trim();
    if (query === "") {
      setValidation(EMPTY_QUESTION);
      return;
    }
    setValidation(null);
    search.mutate({
      query,
      topK: LAB_TOP_K,
      includeBelowThreshold: true,
      ...(agentId === ALL ? {} : { agentId }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Retrieval Lab</h2>
        </CardTitle>
        <CardDescription>
          Ask a question and see which passages an agent would be given to answer it, and why.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.question}>Question</Label>
            <Input
              id={ids.question}
              value={question}
              onChange={(event) => setQuestion(event.target.value)}
              maxLength={2000}
              aria-invalid={validation ? true : undefined}
              aria-describedby={validation ? ids.error : undefined}
              placeholder="e.g. Which spare parts are on the list?"
            />
            {validation ? (
              <p id={ids.error} className="text-destructive text-xs">
                {validation}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <Label id={ids.agent}>Agent</Label>
              <Select value={agentId} onValueChange={setAgentId}>
                <SelectTrigger aria-labelledby={ids.agent} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All my knowledge</SelectItem>
                  {DATA_SOURCE_AGENTS.map((agent) => (
                    <SelectItem key={agent.id} value={agent.id}>
                      {agent.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <Button type="submit" disabled={search.isPending}>
              {search.isPending ? "Searching…" : "Search"}
            </Button>
          </div>
        </form>
        <div aria-live="polite" className="flex flex-col gap-3">
          {search.isError ? (
            <p role="alert" className="break-words text-destructive text-sm">
              The search failed: {errorMessage(search.error)}
            </p>
          ) : null}
          {search.isSuccess ? (
            <RetrievalResults
              results={search.data.results}
              threshold={search.data.threshold}
              embedder={search.data.embedder}
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

export function RetrievalResults({
  results,
  threshold,
  embedder,
}: {
  results: readonly RetrievalResult[];
  threshold: number;
  embedder: string;
}) {
  const used = results.filter((result) => result.aboveThreshold);
  const below = results.filter((result) => !result.aboveThreshold);
  return (
    <>
      <p className="text-muted-foreground text-xs">
        {used.length === 0
          ? "No passage is relevant enough: an agent would answer without your knowledge."
          : `${used.length} ${used.length === 1 ? "passage" : "passages"} would be used.`}{" "}
        Relevance threshold {relevanceFormat.format(threshold)} · embedder {embedder}
      </p>
      {used.length > 0 ? (
        <ol aria-label="Passages that would be used" className="flex flex-col gap-3">
          {used.map((result, index) => (
            <ResultItem key={result.chunkId} result={result} position={index + 1} />
          ))}
        </ol>
      ) : null}
      {below.length > 0 ? (
        <section aria-labelledby="below-threshold" className="flex flex-col gap-3">
          <hr className="border-destructive/50 border-t border-dashed" />
          <h3 id="below-threshold" className="font-medium text-muted-foreground text-sm">
            Below the relevance threshold ({relevanceFormat.format(threshold)}): not used
          </h3>
          <ol
            aria-label="Passages below the threshold"
            className="flex flex-col gap-3 opacity-70"
            start={used.length + 1}
          >
            {below.map((result, index) => (
              <ResultItem key={result.chunkId} result={result} position={used.length + index + 1} />
            ))}
          </ol>
        </section>
      ) : null}
      {results.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nothing in your knowledge base matches this question.</p>
      ) : null}
    </>
  );
}

function rank(value: number | null): string {
  return value === null ? "—" : `#${value}`;
}

function ResultItem({ result, position }: { result: RetrievalResult; position: number }) {
  const [searchParams] = useSearchParams();
  const where = formatChunkLocation(result.location);
  return (
    <li
      className={cn(
        "flex min-w-0 flex-col gap-2 rounded-lg border p-3",
        result.aboveThreshold ? "" : "border-dashed bg-muted/40",
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="min-w-0 break-words font-medium text-sm">
          <span className="text-muted-foreground">{position}. </span>
          {result.documentName}
        </span>
        <span className="text-muted-foreground text-xs">{where}</span>
      </div>
      <p className="line-clamp-4 whitespace-pre-line break-words text-sm">{result.text}</p>
      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        <Badge variant="outline">Lexical {rank(result.lexicalRank)}</Badge>
        <Badge variant="outline">Dense {rank(result.denseRank)}</Badge>
        {result.relevance === undefined ? null : (
          <Badge variant={result.aboveThreshold ? "secondary" : "outline"}>
            Relevance {relevanceFormat.format(result.relevance)}
          </Badge>
        )}
        <Badge variant="outline">Fused score {scoreFormat.format(result.score)}</Badge>
        <Link
          to={{ search: documentDetailSearch(searchParams, result.documentId, result.location) }}
          preventScrollReset
          className="ml-auto break-words rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Open {where}
          <span className="sr-only"> in {result.documentName}</span>
        </Link>
      </div>
    </li>
  );
}
