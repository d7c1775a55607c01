// POST /api/retrieval/answer (issue 28): the retrieval lab asks an agent a question and sees its answer with the
// "Why this answer?" trace, through the chat's own pipeline, without a conversation and without storing anything.

import { z } from "zod";
import { chatMessageSchema } from "./chat";
import { CHAT_MESSAGE_MAX_CHARS } from "./constants";

export const RETRIEVAL_ANSWER_BLANK = "Please enter a question";

export const retrievalAnswerRequestSchema = z.object({
  question: z
    .string({ error: RETRIEVAL_ANSWER_BLANK })
    .trim()
    .min(1, RETRIEVAL_ANSWER_BLANK)
    .max(CHAT_MESSAGE_MAX_CHARS, `A question can be at most ${CHAT_MESSAGE_MAX_CHARS} characters`),
  /** The agent asked: a built-in agent (gtm, legal…), a data-source target (qa-compliance) or a custom agent's id. */
  agentId: z
    .string({ error: "agentId is required: the agent to ask" })
    .trim()
    .min(1, "agentId is required: the agent to ask")
    .max(200, "agentId is at most 200 characters"),
});
export type RetrievalAnswerRequest = z.input<typeof retrievalAnswerRequestSchema>;

/** The answer as the chat would store it for the same first question (same content, sources and trace). */
export const retrievalAnswerSchema = chatMessageSchema
  .pick({ content: true, sources: true, status: true, model: true, error: true, trace: true })
  .extend({ agentName: z.string() });
export type RetrievalAnswer = z.infer<typeof retrievalAnswerSchema>;
