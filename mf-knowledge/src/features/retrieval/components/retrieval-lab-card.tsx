// "Retrieval Lab": ask a question (optionally as one agent) and see the chunks an agent would be given, each with one
// relevance figure (how it was ranked behind a disclosure, in plain words) and where the threshold cuts, each linking
// to its place in the document; or ask the chosen agent itself and see its answer with "Why this answer?".
import { errorMessage } from "@acp/client/http-error";
import type { RetrievalResult } from "@acp/contracts/knowledge";
import { Link, useSearchParams } from "@acp/router";
import { Badge } from "@acp/ui/components/badge";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Input } from "@acp/ui/components/input";
import { Label } from "@acp/ui/components/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@acp/ui/components/select";
import { cn } from "@acp/ui/lib/cn";
import { type FormEvent, useId, useState } from "react";
import { AgentSelectItems } from "../../../components/agent-select-items";
import { useAgentChoices } from "../../../hooks/use-agent-choices";
import { formatChunkLocation, formatLinkPlace } from "../../../lib/chunk-location";
import { documentDetailSearch } from "../../../lib/document-link";
import { embedderLabel } from "../../../lib/embedder-label";
import { useAskAgent } from "../api/ask-agent";
import { useSearchKnowledge } from "../api/search-knowledge";
import { LabAnswer } from "./lab-answer";

const ALL = "all";
export const LAB_TOP_K = 10;
export const EMPTY_QUESTION = "Please enter a question";
export const NO_AGENT_CHOSEN = "Choose an agent to ask it";

const scoreFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4, minimumFractionDigits: 4 });
const relevanceFormat = new Intl.NumberFormat("en-US", {
  maximumFractionDigits: 2,
  minimumFractionDigits: 2,
});

export function RetrievalLabCard() {
  const [question, setQuestion] = useState("");
  const [agentId, setAgentId] = useState<string>(ALL);
  const [validation, setValidation] = useState<string | null>(null);
  const [agentValidation, setAgentValidation] = useState<string | null>(null);
  const search = useSearchKnowledge();
  const ask = useAskAgent();
  const agents = useAgentChoices();
  const ids = { question: useId(), agent: useId(), error: useId(), agentError: useId() };

  /** The question to send, or null after saying why there is none. */
  const validQuestion = (): string | null => {
    const query = question.trim();
    setValidation(query === "" ? EMPTY_QUESTION : null);
    return query === "" ? null : query;
  };

  const askAgent = () => {
    const query = validQuestion();
    setAgentValidation(agentId === ALL ? NO_AGENT_CHOSEN : null);
    if (query === null || agentId === ALL) return;
    ask.mutate({ question: query, agentId });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAgentValidation(null);
    const query = validQuestion();
    if (query === null) return;
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
              <Select
                value={agentId}
                onValueChange={(value) => {
                  setAgentId(value);
                  setAgentValidation(null);
                }}
              >
                <SelectTrigger
                  aria-labelledby={ids.agent}
                  aria-invalid={agentValidation ? true : undefined}
                  aria-describedby={agentValidation ? ids.agentError : undefined}
                  className="w-full"
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All my knowledge</SelectItem>
                  <AgentSelectItems builtIn={agents.builtIn} custom={agents.custom} />
                </SelectContent>
              </Select>
              {agentValidation ? (
                <p id={ids.agentError} className="text-destructive text-xs">
                  {agentValidation}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={search.isPending}>
                {search.isPending ? "Searching…" : "Search"}
              </Button>
              <Button type="button" variant="outline" onClick={askAgent} disabled={ask.isPending}>
                {ask.isPending ? "Asking…" : "Ask the agent"}
              </Button>
            </div>
          </div>
        </form>
        <div aria-live="polite" className="flex flex-col gap-3 empty:hidden">
          {ask.isError ? (
            <p role="alert" className="break-words text-destructive text-sm">
              The agent could not answer: {errorMessage(ask.error)}
            </p>
          ) : null}
          {ask.isSuccess ? <LabAnswer answer={ask.data} question={ask.variables.question} /> : null}
        </div>
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
              denseLeg={search.data.denseLeg}
            />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

type DenseLeg = "searched" | "skipped";

export function RetrievalResults({
  results,
  threshold,
  embedder,
  denseLeg = "searched",
}: {
  results: readonly RetrievalResult[];
  threshold: number;
  embedder: string;
  denseLeg?: DenseLeg;
}) {
  const used = results.filter((result) => result.aboveThreshold);
  const below = results.filter((result) => !result.aboveThreshold);
  return (
    <>
      <p className="text-muted-foreground text-xs">
        {used.length === 0
          ? "No passage is relevant enough: an agent would answer without your knowledge."
          : `${used.length} ${used.length === 1 ? "passage" : "passages"} would be used.`}{" "}
        A passage is used from a relevance of {relevanceFormat.format(threshold)}. Searched with:{" "}
        {embedderLabel(embedder)}.
      </p>
      {used.length > 0 ? (
        <ol aria-label="Passages that would be used" className="flex flex-col gap-3">
          {used.map((result, index) => (
            <ResultItem key={result.chunkId} result={result} position={index + 1} denseLeg={denseLeg} />
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
            // Set apart by a dashed border and muted background, not by opacity: faded text fails contrast.
            className="flex flex-col gap-3"
            start={used.length + 1}
          >
            {below.map((result, index) => (
              <ResultItem
                key={result.chunkId}
                result={result}
                position={used.length + index + 1}
                denseLeg={denseLeg}
              />
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

function rank(value: number | null, notRun = false): string {
  if (value !== null) return `#${value}`;
  return notRun ? "not needed (the words decided)" : "not found";
}

function ResultItem({
  result,
  position,
  denseLeg,
}: {
  result: RetrievalResult;
  position: number;
  denseLeg: DenseLeg;
}) {
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
        <span className="min-w-0 font-medium text-sm [overflow-wrap:anywhere]">
          <span className="text-muted-foreground">{position}. </span>
          {result.documentName}
        </span>
        <span className="text-muted-foreground text-xs">{where}</span>
      </div>
      <p className="line-clamp-4 whitespace-pre-line break-words text-sm">{result.text}</p>
      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        {result.relevance === undefined ? null : (
          <Badge variant={result.aboveThreshold ? "secondary" : "outline"}>
            Relevance {relevanceFormat.format(result.relevance)}
          </Badge>
        )}
        <Link
          to={{ search: documentDetailSearch(searchParams, result.documentId, result.location) }}
          preventScrollReset
          className="ml-auto break-words rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Open {formatLinkPlace(result.location)}
          <span className="sr-only"> in {result.documentName}</span>
        </Link>
      </div>
      <details className="text-xs">
        <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          How it was ranked
        </summary>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Rank by matching words</dt>
          <dd>{rank(result.lexicalRank)}</dd>
          <dt className="text-muted-foreground">Rank by meaning</dt>
          <dd>{rank(result.denseRank, denseLeg === "skipped")}</dd>
          <dt className="text-muted-foreground">Combined ranking score</dt>
          <dd>
            {scoreFormat.format(result.score)}{" "}
            <span className="text-muted-foreground">(only puts the passages in order)</span>
          </dd>
        </dl>
      </details>
    </li>
  );
}
