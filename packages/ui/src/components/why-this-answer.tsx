// "Why this answer?" (issue 28): the disclosure under an answer that shows its trace in words: the outcome, the kind of
// answer looked for, the question's terms found or missing, the units quoted with their passage numbers, the short
// answer, the passages weighed with their scores as bars, and for an abstention the best candidate and the reason.
// Shared by the chat (mf-agents) and the retrieval lab (mf-knowledge). Simple bars, not the chart module: one small
// figure per answer must not load the chart library, and each bar's figure is written beside it.
import type { AnswerTrace } from "@acp/contracts/chat";
import { Check, ChevronRight, X } from "lucide-react";
import * as React from "react";
import { cn } from "../lib/cn";

type Passage = AnswerTrace["passages"][number];
type Chosen = AnswerTrace["chosen"][number];

const scoreFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, minimumFractionDigits: 2 });

const ANSWER_TYPES: Record<string, string> = {
  money: "an amount of money",
  quantity: "a number or quantity",
  time: "a date or time",
  date: "a date",
  person: "a person",
  place: "a place",
  organization: "an organisation",
};

const UNIT_KINDS: Record<Chosen["kind"], string> = {
  sentence: "Sentence",
  row: "Table row",
  field: "Field",
  line: "Line",
};

/** The trace's outcome as a sentence for people. */
export function outcomeInWords(trace: AnswerTrace): string {
  if (trace.outcome === "no-passages") {
    return "Not answered: the agent's knowledge had nothing to search for this question.";
  }
  if (trace.outcome === "abstained") {
    return trace.responder === "model"
      ? "Not answered: the chat model cited none of the passages it was given."
      : "Not answered: no passage held what the question asks for.";
  }
  return trace.responder === "model"
    ? "Answered by the chat model from the passages below; those it cited are marked."
    : "Answered by quoting the passages' own words: the units below hold what the question asks for.";
}

/** The kind of answer looked for, in words ("any statement" when the question asks for no particular kind). */
export function answerTypeInWords(answerType: string | null): string {
  if (answerType === null) return "any statement that answers it";
  return ANSWER_TYPES[answerType] ?? answerType;
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A score of 0..1 as a bar's width. */
const widthOf = (value: number) => `${Math.round(Math.min(1, Math.max(0, value)) * 100)}%`;

function PassageNumber({
  number,
  onOpenPassage,
}: {
  number: number;
  onOpenPassage?: ((number: number) => void) | undefined;
}) {
  if (!onOpenPassage) return <span className="font-medium text-primary">[{number}]</span>;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={`Open passage [${number}]`}
      onClick={() => onOpenPassage(number)}
      className="rounded-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      [{number}]
    </button>
  );
}

/** A titled part of the panel (not a heading: a long conversation would fill the page's outline with them). */
function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="font-medium text-muted-foreground">{title}</p>
      {children}
    </div>
  );
}

/** `quoted`: the passage's best unit is already shown above, so it is not repeated here. */
function PassageBar({ passage, quoted }: { passage: Passage; quoted: boolean }) {
  return (
    <li className="flex min-w-0 flex-col gap-0.5">
      <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-2">
        <span className="min-w-0 [overflow-wrap:anywhere]">
          <span className="font-medium text-primary">[{passage.number}]</span> {passage.documentName}
        </span>{" "}
        <span className="shrink-0 text-muted-foreground tabular-nums">
          score {scoreFormat.format(passage.score)} · relevance {scoreFormat.format(passage.relevance)}
        </span>
      </div>
      <div aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-full bg-border">
        <div
          data-slot="trace-bar"
          className={cn("h-full rounded-full", passage.answers ? "bg-primary" : "bg-muted-foreground/50")}
          style={{ width: widthOf(passage.score) }}
        />
      </div>
      <span className="flex items-center gap-1">
        {passage.answers ? (
          <Check aria-hidden="true" className="size-3 shrink-0 text-primary" />
        ) : (
          <X aria-hidden="true" className="size-3 shrink-0 text-muted-foreground" />
        )}
        <span className={passage.answers ? "" : "text-muted-foreground"}>
          {passage.answers ? "Answers the question" : "Does not answer it"}
        </span>
      </span>
      {passage.bestUnit && !quoted ? (
        <q className="line-clamp-3 text-muted-foreground [overflow-wrap:anywhere]">{passage.bestUnit}</q>
      ) : null}
    </li>
  );
}

export type WhyThisAnswerProps = {
  trace: AnswerTrace;
  /** Opens passage `number` (the chat's cited-passage dialog); without it passage numbers are plain text. */
  onOpenPassage?: (number: number) => void;
  defaultOpen?: boolean;
  className?: string;
};

export function WhyThisAnswer({ trace, onOpenPassage, defaultOpen = false, className }: WhyThisAnswerProps) {
  const [open, setOpen] = React.useState(defaultOpen);
  const panelId = React.useId();
  const passages = [...trace.passages].sort((a, b) => a.number - b.number);
  // Units already shown above (quoted, or the abstention's best candidate) are not repeated under their passage.
  const shownTexts = new Set([
    ...trace.chosen.map((unit) => unit.text),
    ...(trace.abstention?.best ? [trace.abstention.best.text] : []),
  ]);
  return (
    <div data-slot="why-this-answer" className={cn("mt-2 min-w-0 text-xs", className)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex w-fit items-center gap-1 rounded-sm text-muted-foreground underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronRight
          aria-hidden="true"
          className={cn("size-3.5 transition-transform", open && "rotate-90")}
        />
        Why this answer?
      </button>
      {open ? (
        <div id={panelId} className="mt-2 flex min-w-0 flex-col gap-3 rounded-md border bg-background/60 p-2">
          <p className="[overflow-wrap:anywhere]">{outcomeInWords(trace)}</p>
          <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Looked for</dt>
            <dd className="[overflow-wrap:anywhere]">{answerTypeInWords(trace.answerType)}</dd>
            {trace.questionLanguage ? (
              <>
                <dt className="text-muted-foreground">Question in</dt>
                <dd>{languageName(trace.questionLanguage)}</dd>
              </>
            ) : null}
            {trace.shortAnswer ? (
              <>
                <dt className="text-muted-foreground">Short answer</dt>
                <dd className="font-medium [overflow-wrap:anywhere]">{trace.shortAnswer}</dd>
              </>
            ) : null}
          </dl>
          {trace.terms.length > 0 ? (
            <Part title="The question's terms">
              <ul aria-label="The question's terms" className="flex flex-wrap gap-1">
                {trace.terms.map((term) => (
                  <li
                    key={term.term}
                    className={cn(
                      "inline-flex max-w-full items-center gap-1 rounded-md border px-1.5 py-0.5",
                      term.found ? "" : "border-dashed text-muted-foreground",
                    )}
                  >
                    {term.found ? (
                      <Check aria-hidden="true" className="size-3 shrink-0 text-primary" />
                    ) : (
                      <X aria-hidden="true" className="size-3 shrink-0" />
                    )}
                    <span className="min-w-0 [overflow-wrap:anywhere]">{term.term}</span>
                    <span className="sr-only">{term.found ? " (found)" : " (missing)"}</span>
                  </li>
                ))}
              </ul>
            </Part>
          ) : null}
          {trace.chosen.length > 0 ? (
            <Part title="Quoted">
              <ol className="flex flex-col gap-1.5">
                {trace.chosen.map((unit) => (
                  <li
                    // Two units of one passage may be quoted; a unit only once.
                    key={`${unit.number}:${unit.text}`}
                    className="flex min-w-0 flex-col gap-0.5 border-primary/60 border-l-2 pl-2"
                  >
                    <span className="flex flex-wrap items-baseline gap-x-1.5 text-muted-foreground">
                      <PassageNumber number={unit.number} onOpenPassage={onOpenPassage} />
                      <span>
                        {UNIT_KINDS[unit.kind]} · score {scoreFormat.format(unit.score)}
                      </span>
                    </span>
                    <q className="[overflow-wrap:anywhere]">{unit.text}</q>
                  </li>
                ))}
              </ol>
            </Part>
          ) : null}
          {trace.abstention ? (
            <Part title="Why it did not answer">
              <p className="[overflow-wrap:anywhere]">{trace.abstention.reason}</p>
              {trace.abstention.best ? (
                <div className="flex min-w-0 flex-col gap-0.5 border-l-2 border-dashed pl-2">
                  <span className="flex flex-wrap items-baseline gap-x-1.5 text-muted-foreground">
                    <span>Best candidate</span>
                    <PassageNumber number={trace.abstention.best.number} onOpenPassage={onOpenPassage} />
                    <span>score {scoreFormat.format(trace.abstention.best.score)}</span>
                  </span>
                  <q className="[overflow-wrap:anywhere]">{trace.abstention.best.text}</q>
                </div>
              ) : (
                <p className="text-muted-foreground">No passage came close.</p>
              )}
            </Part>
          ) : null}
          {passages.length > 0 ? (
            <Part title="Passages considered">
              <ul aria-label="Passages considered" className="flex flex-col gap-2">
                {passages.map((passage) => (
                  <PassageBar
                    key={passage.number}
                    passage={passage}
                    quoted={passage.bestUnit !== null && shownTexts.has(passage.bestUnit)}
                  />
                ))}
              </ul>
            </Part>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
