// The dataset check of a training target, run before anything is trained (and alone by "Validate Data").
import type { DatasetReport } from "@acp/contracts/training";
import type { Deps } from "../../deps";
import { buildTrainerDataset, type TrainerDataset } from "./trainer/agent-ranker";
import { gatherKnowledge, type TrainingKnowledge, type TrainingTarget } from "./training-target";

/** The message of a target with no finished document (issue 22's wording). */
export function noKnowledgeMessage(target: TrainingTarget): string {
  return target.customAgentId
    ? `Upload documents for ${target.agentName} first`
    : `Upload documents for the ${target.agentName} agent first`;
}

/** The built-in trainer's dataset of the knowledge, as the API reports it. */
export function reportOf(
  dataset: TrainerDataset,
  knowledge: Pick<TrainingKnowledge, "processing">,
): DatasetReport {
  const { report } = dataset;
  return {
    source: "sentences",
    documents: report.documents,
    passages: report.passages,
    processingDocuments: knowledge.processing,
    pairs: report.pairs,
    train: report.train,
    validation: report.validation,
    duplicates: report.duplicates,
    tooShort: report.tooShort,
    tooLong: report.tooLong,
    queryTokens: report.queryTokens,
    passageTokens: report.passageTokens,
    billedTokens: null,
    estimatedCostUsd: null,
    problems: [...report.problems],
    warnings: [...report.warnings],
  };
}

/**
 * The dry run: gathers the target's finished knowledge and builds the dataset a job would train on, without training.
 * No knowledge at all is a problem named like the job's own failure; documents still processing are a warning.
 */
export async function checkTrainingData(
  deps: Deps,
  { userId, target, seed = 1 }: { userId: string; target: TrainingTarget; seed?: number },
): Promise<DatasetReport> {
  const knowledge = await gatherKnowledge(deps, userId, target);
  const dataset = buildTrainerDataset(knowledge.passages, { seed });
  const report = reportOf(dataset, knowledge);
  if (knowledge.documents === 0) report.problems.unshift(noKnowledgeMessage(target));
  if (deps.config.chat.provider === "openai") {
    // Asking the chat model costs money: the dry run counts sentences, and says a job will ask for questions.
    report.warnings.push(
      `A job will ask ${deps.config.chat.model} to write questions from these passages instead of using their sentences: how many it writes is known only then`,
    );
  }
  if (knowledge.processing > 0) {
    report.warnings.unshift(
      `${knowledge.processing === 1 ? "1 document is" : `${knowledge.processing} documents are`} still processing: a job waits for ${knowledge.processing === 1 ? "it" : "them"} before it trains`,
    );
  }
  return report;
}
