// OpenAI fine-tuning for an agent: examples from its knowledge, the dataset check, and the job itself.
export { checkFineTuneDataset, type FineTuneDatasetCheck, MIN_TRAINING_EXAMPLES } from "./check-dataset";
export { trainingPricePerMillionTokens } from "./fine-tune-pricing";
export {
  generateFineTuneExamples,
  generatePassageQuestions,
  type PassageQuestion,
} from "./generate-examples";
export { describeOpenAiError, OpenAiRequestError } from "./openai-request-error";
export { FineTuneFailedError, runFineTune, toJsonl } from "./run-fine-tune";
export { splitByGroup } from "./split-by-document";
export type { ChatExample, FineTuneEpochMetrics, FineTunePassage, FineTuneProgress } from "./types";
