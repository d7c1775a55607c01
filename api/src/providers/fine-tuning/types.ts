// The shapes OpenAI fine-tuning works with: the knowledge it learns from, the chat examples it uploads, its progress.

/** One passage of an agent's knowledge, the ground a question and its answer are written from. */
export type FineTunePassage = { id: string; documentId: string; text: string };

/** One line of a fine-tuning JSONL file: a chat as the model should learn to answer it. */
export type ChatExample = { messages: { role: "system" | "user" | "assistant"; content: string }[] };

/** One finished epoch as OpenAI reported it (its checkpoint, or the last step of the epoch). */
export type FineTuneEpochMetrics = {
  epoch: number;
  trainLoss: number | null;
  validationLoss: number | null;
  /** Validation mean token accuracy, 0-1. */
  validationAccuracy: number | null;
};

/** Where a fine-tuning job has got to. */
export type FineTuneProgress = {
  /** OpenAI's status: validating_files, queued, running, succeeded, failed, cancelled. */
  status: string;
  /** The epoch being trained (1-based; 0 before training starts). */
  epoch: number;
  /** 0-100, never going back. */
  progress: number;
  trainLoss: number | null;
  validationLoss: number | null;
  validationAccuracy: number | null;
  epochMetrics: FineTuneEpochMetrics[];
};
