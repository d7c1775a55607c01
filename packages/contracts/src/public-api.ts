// The public agent API's shapes (issue 21): POST /api/v1/{apiEndpoint} and the gtm endpoints, as callers and mf-api read them.

import { z } from "zod";
import { answerTraceSchema } from "./chat";
import { CHAT_MESSAGE_MAX_CHARS } from "./constants";
import { publicAgentRequestSchema } from "./inputs";
import { chunkLocationSchema } from "./knowledge";

/** POST /api/v1/{apiEndpoint}: the spec's `{ message }` (blank: "Please enter a test message"), bounded like chat. */
export const publicAgentCallSchema = publicAgentRequestSchema.extend({
  message: publicAgentRequestSchema.shape.message.pipe(
    z.string().max(CHAT_MESSAGE_MAX_CHARS, `A message can be at most ${CHAT_MESSAGE_MAX_CHARS} characters`),
  ),
});

/**
 * A passage the answer cites, as a public caller sees it: `[number]` in the answer is this source. Internal ids and
 * retrieval scores stay private; the excerpt is the passage the answer was written from.
 */
export const publicSourceSchema = z.object({
  number: z.number().int().positive(),
  documentName: z.string(),
  location: chunkLocationSchema.nullable(),
  excerpt: z.string(),
});
export type PublicSource = z.infer<typeof publicSourceSchema>;

/** An agent's grounded answer: `response` (the spec's field) with the sources it cites and why it says it. */
export const publicAgentResponseSchema = z.object({
  response: z.string(),
  sources: z.array(publicSourceSchema),
  /** Why the answer says what it says (the chat's "Why this answer?"); null when the responder left none. */
  trace: answerTraceSchema.nullable(),
});
export type PublicAgentResponse = z.infer<typeof publicAgentResponseSchema>;

/** Longest text POST /api/v1/gtm/analyze takes: with its framing it stays within one chat question. */
const GTM_ANALYZE_MAX_CHARS = 6000;

export const GTM_ANALYZE_BLANK = "Please enter the text to analyse";

/** POST /api/v1/gtm/analyze. */
export const gtmAnalyzeRequestSchema = z.object({
  text: z
    .string({ error: GTM_ANALYZE_BLANK })
    .trim()
    .min(1, GTM_ANALYZE_BLANK)
    .max(GTM_ANALYZE_MAX_CHARS, `The text can be at most ${GTM_ANALYZE_MAX_CHARS} characters`),
});
export type GtmAnalyzeRequest = z.input<typeof gtmAnalyzeRequestSchema>;
