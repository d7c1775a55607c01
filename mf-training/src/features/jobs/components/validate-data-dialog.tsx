// "Validate Data" (DESIGN 8): the dry-run dataset check of the selected model type, run each time the dialog opens.
// It lists what the trainer would use (documents, passages, question/passage pairs and their split, what was left
// out, token lengths, the estimated cost when a paid provider trains), then the problems that would refuse training
// (in red) and the warnings that would not.
import { errorMessage } from "@acp/client/http-error";
import type { ModelType } from "@acp/contracts/entities";
import type { DatasetReport } from "@acp/contracts/training";
import { Button } from "@acp/ui/components/button";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@acp/ui/components/dialog";
import { Skeleton } from "@acp/ui/components/skeleton";
import { StatList } from "@acp/ui/components/stat-list";
import { AlertTriangle, CheckCircle2, ClipboardCheck, XCircle } from "lucide-react";
import { useState } from "react";
import { useValidateTrainingData } from "../api/validate-training-data";
import { formatNumber, formatUsd, modelTypeName } from "../utils/format-training";

export function ValidateDataDialog({ modelType }: { modelType: ModelType }) {
  const [open, setOpen] = useState(false);
  const validate = useValidateTrainingData();
  const name = modelTypeName(modelType);
  const run = () => validate.mutate({ modelType });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) run();
        else validate.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ClipboardCheck aria-hidden="true" />
          Validate Data
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Validate {name} data</DialogTitle>
          <DialogDescription>
            A dry run of the checks a training job makes first: nothing is trained and nothing is spent.
          </DialogDescription>
        </DialogHeader>
        <CardState
          status={cardStatus({ loading: validate.isPending, error: validate.isError })}
          loadingLabel={`Checking the ${name} data…`}
          placeholder={<Skeleton className="h-64" />}
          errorMessage={`The data could not be checked: ${errorMessage(validate.error)}`}
          onRetry={run}
        >
          {() => (validate.data ? <DatasetReportView report={validate.data} /> : null)}
        </CardState>
      </DialogContent>
    </Dialog>
  );
}

export function DatasetReportView({ report }: { report: DatasetReport }) {
  const refused = report.problems.length > 0;
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <p
        role="status"
        className={
          refused
            ? "flex items-start gap-2 font-medium text-destructive text-sm"
            : "flex items-start gap-2 font-medium text-sm text-success"
        }
      >
        {refused ? (
          <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        )}
        {refused ? "Training would be refused with this data." : "This data can be trained on."}
      </p>
      {refused ? (
        <section aria-labelledby="dataset-problems" className="flex flex-col gap-2">
          <h3 id="dataset-problems" className="font-medium text-destructive text-sm">
            Problems
          </h3>
          <ul className="flex flex-col gap-1.5 text-destructive text-sm">
            {report.problems.map((problem) => (
              <li key={problem} className="flex items-start gap-2 break-words">
                <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {problem}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.warnings.length > 0 ? (
        <section aria-labelledby="dataset-warnings" className="flex flex-col gap-2">
          <h3 id="dataset-warnings" className="font-medium text-sm">
            Warnings
          </h3>
          <ul className="flex flex-col gap-1.5 text-muted-foreground text-sm">
            {report.warnings.map((warning) => (
              <li key={warning} className="flex items-start gap-2 break-words">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {warning}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <StatList
        aria-label="What the dataset holds"
        stats={[
          { label: "Documents", value: formatNumber(report.documents) },
          { label: "Documents still processing", value: formatNumber(report.processingDocuments) },
          { label: "Passages", value: formatNumber(report.passages) },
          {
            label: report.source === "generated" ? "Generated question pairs" : "Question pairs",
            value: formatNumber(report.pairs),
          },
          {
            label: "Training / validation split",
            value: `${formatNumber(report.train)} / ${formatNumber(report.validation)}`,
          },
          { label: "Duplicates left out", value: formatNumber(report.duplicates) },
          { label: "Too short, left out", value: formatNumber(report.tooShort) },
          { label: "Too long, cut or left out", value: formatNumber(report.tooLong) },
        ]}
      />
      <StatList
        aria-label="Token lengths"
        stats={[
          {
            label: "Question tokens (mean / max)",
            value: `${formatNumber(report.queryTokens.mean)} / ${formatNumber(report.queryTokens.max)}`,
          },
          {
            label: "Passage tokens (mean / max)",
            value: `${formatNumber(report.passageTokens.mean)} / ${formatNumber(report.passageTokens.max)}`,
          },
          ...(report.estimatedCostUsd === null
            ? []
            : [
                {
                  label: "Estimated cost",
                  value: `${formatUsd(report.estimatedCostUsd)}${
                    report.billedTokens === null ? "" : ` (${formatNumber(report.billedTokens)} tokens)`
                  }`,
                },
              ]),
        ]}
      />
    </div>
  );
}
