// Agents' configuration and grounded chat (issue 20, DESIGN 6): the shapes the API returns and accepts beyond the
// spec's minimal entities (spec 3 keeps id, role, content, createdAt; we add sources, status and usage).
import { z } from "zod";
import { BUILT_IN_AGENT_IDS } from "./agents";
import {
  AGENT_TEMPERATURE,
  AGENT_TOP_K,
  CHAT_MESSAGE_MAX_CHARS,
  CONVERSATION_TITLE_MAX_CHARS,
  SYSTEM_PROMPT_MAX_CHARS,
} from "./constants";
import { agentTypeSchema, customAgentSchema } from "./entities";
import { chunkLocationSchema } from "./knowledge";

const id = z.string().min(1);
const timestamp = z.iso.datetime({ offset: true });

/** An agent's chat settings, stored per user for built-in agents and per agent for custom ones. */
const agentSettingsSchema = z.object({
  systemPrompt: z.string(),
  /** The chat model's name for a configured provider; null = the installation's default. */
  model: z.string().nullable(),
  temperature: z.number().min(AGENT_TEMPERATURE.min).max(AGENT_TEMPERATURE.max),
  topK: z.number().int().min(AGENT_TOP_K.min).max(AGENT_TOP_K.max),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

/**
 * Temperatures are kept to three decimals: finer steps change no model's sampling, and a value like 1e-300 is more
 * precision than the stored single-precision number holds (the database refuses it as an underflow).
 */
const TEMPERATURE_DECIMALS = 1_000;

/** PATCH body for an agent's settings: any subset; a null systemPrompt on a built-in agent restores its default. */
const updateAgentSettingsSchema = z
  .object({
    systemPrompt: z.string().trim().min(1, "The system prompt cannot be blank").max(SYSTEM_PROMPT_MAX_CHARS),
    model: z.string().trim().min(1).max(200).nullable(),
    temperature: z
      .number()
      .min(AGENT_TEMPERATURE.min)
      .max(AGENT_TEMPERATURE.max)
      .transform((value) => Math.round(value * TEMPERATURE_DECIMALS) / TEMPERATURE_DECIMALS),
    topK: z.number().int().min(AGENT_TOP_K.min).max(AGENT_TOP_K.max),
  })
  .partial();
export type UpdateAgentSettings = z.infer<typeof updateAgentSettingsSchema>;

const builtInAgentIdSchema = z.enum(BUILT_IN_AGENT_IDS);

/** GET /api/agents: a built-in agent with the signed-in user's state and settings. */
export const builtInAgentStateSchema = z.object({
  id: builtInAgentIdSchema,
  name: z.string(),
  description: z.string(),
  status: z.enum(["active", "ready", "paused", "inactive"]),
  edition: z.literal("executive"),
  features: z.array(z.string()),
  /** Whether the user switched the agent on (gtm starts on, the others off). */
  enabled: z.boolean(),
  settings: agentSettingsSchema,
  defaultSystemPrompt: z.string(),
});
export type BuiltInAgentState = z.infer<typeof builtInAgentStateSchema>;

/** A null systemPrompt restores the agent's default prompt. */
export const updateBuiltInAgentSchema = updateAgentSettingsSchema
  .extend({
    enabled: z.boolean(),
    systemPrompt: updateAgentSettingsSchema.shape.systemPrompt.unwrap().nullable(),
  })
  .partial();
export type UpdateBuiltInAgent = z.infer<typeof updateBuiltInAgentSchema>;

/** A custom agent with its settings (GET /api/custom-agents returns these). */
export const customAgentDetailSchema = customAgentSchema.extend({
  settings: agentSettingsSchema,
  /** Why the last training failed, when it did. */
  trainingError: z.string().nullable(),
});
export type CustomAgentDetail = z.infer<typeof customAgentDetailSchema>;

/** PATCH /api/custom-agents/{id}. */
export const updateCustomAgentSchema = updateAgentSettingsSchema
  .extend({
    name: z.string().trim().min(1, "The name cannot be blank").max(200),
    description: z.string().max(2000).nullable(),
    isPublic: z.boolean(),
  })
  .partial();
export type UpdateCustomAgent = z.infer<typeof updateCustomAgentSchema>;

/** Which model answered: the built-in grounded responder (offline mode) or a configured OpenAI-compatible server. */
export const chatModelInfoSchema = z.object({
  provider: z.enum(["offline", "openai"]),
  /** The default model name ("grounded-responder" offline). */
  model: z.string(),
  offline: z.boolean(),
});
export type ChatModelInfo = z.infer<typeof chatModelInfoSchema>;

/** One passage an answer was given, numbered as its marker ([1] is number 1). */
const chatSourceSchema = z.object({
  number: z.number().int().positive(),
  chunkId: z.string(),
  documentId: z.string(),
  documentName: z.string(),
  location: chunkLocationSchema.nullable(),
  excerpt: z.string(),
  /** Fused retrieval score and relevance (1 = the strongest possible lexical match). */
  score: z.number(),
  relevance: z.number(),
  /** Whether the answer's text carries this source's marker. */
  cited: z.boolean(),
});
export type ChatSource = z.infer<typeof chatSourceSchema>;

/**
 * Why an answer says what it says (issue 28): the passages weighed with their scores, the units chosen, the kind of
 * answer looked for, and for an abstention the best candidate and why it was not enough. Kept with each stored
 * answer, returned by the chat and the public API, shown under the answer as "Why this answer?".
 */
export const answerTraceSchema = z.object({
  /** How the answer was written: quoted by the built-in responder, or written by a chat model from the passages. */
  responder: z.enum(["extractive", "model"]),
  /** answered; abstained (nothing answered); no-passages (the agent's knowledge had nothing to search). */
  outcome: z.enum(["answered", "abstained", "no-passages"]),
  /** The kind of answer the question asks for (money, quantity, time, person, place), null when any statement does. */
  answerType: z.string().nullable(),
  /** The question's language as detected (ISO 639-1, e.g. "en", "fr"), null when too short to tell. */
  questionLanguage: z.string().nullable(),
  /** The question's terms an answer must hold, with their weight (rarer weighs more) and whether the chosen units hold them. */
  terms: z.array(z.object({ term: z.string(), weight: z.number(), found: z.boolean() })),
  /** Every passage given, numbered as its marker, with its retrieval relevance and its best unit's judgement. */
  passages: z.array(
    z.object({
      number: z.number().int().positive(),
      documentName: z.string(),
      relevance: z.number(),
      /** The best unit's score for this question (0..1), and whether the passage was judged to answer. */
      score: z.number(),
      answers: z.boolean(),
      bestUnit: z.string().nullable(),
    }),
  ),
  /** The units quoted, in the answer's order: a sentence, a table row read with its header, a field, a line of OCR text. */
  chosen: z.array(
    z.object({
      number: z.number().int().positive(),
      kind: z.enum(["sentence", "row", "field", "line"]),
      text: z.string(),
      score: z.number(),
    }),
  ),
  /** The short answer the answer leads with (a cell with its field, an amount, a date, a name), null when none. */
  shortAnswer: z.string().nullable(),
  /** For an abstention: the best candidate (null when no unit touched the question) and why it was not enough. */
  abstention: z
    .object({
      best: z.object({ number: z.number().int().positive(), text: z.string(), score: z.number() }).nullable(),
      reason: z.string(),
    })
    .nullable(),
});
export type AnswerTrace = z.infer<typeof answerTraceSchema>;

/** A stored answer's state; "interrupted": the server stopped mid-answer and the answer was stored at restart. */
export const messageStatusSchema = z.enum(["complete", "stopped", "failed", "interrupted"]);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** A stored message as GET /api/conversations/{id}/messages and POST /api/chat return it. */
export const chatMessageSchema = z.object({
  id,
  conversationId: id,
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  createdAt: timestamp,
  /** An assistant message's passages (empty for user messages and answers from nothing). */
  sources: z.array(chatSourceSchema),
  /**
   * complete; stopped (the user pressed Stop or went away: the partial answer); failed (the model call failed);
   * interrupted (the server died mid-answer; stored when it restarted).
   */
  status: messageStatusSchema,
  /** The model that answered ("grounded-responder" offline); null for user messages. */
  model: z.string().nullable(),
  promptTokens: z.number().int().nonnegative().nullable(),
  completionTokens: z.number().int().nonnegative().nullable(),
  /** Why the answer failed or stopped, in words for people. */
  error: z.string().nullable(),
  /** An answer's trace ("Why this answer?"); null for user messages and answers stored before traces existed. */
  trace: answerTraceSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z.object({
  id,
  agentType: z.string(),
  title: z.string(),
  /** The custom agent the conversation talks to; null for a built-in agent (agentType names it). */
  customAgentId: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const createChatConversationSchema = z.object({
  agentType: z.union([agentTypeSchema, z.literal("qa-compliance")]),
  title: z.string().trim().min(1, "Please enter a title").max(CONVERSATION_TITLE_MAX_CHARS),
  customAgentId: z.string().min(1).max(200).optional(),
});
export type CreateChatConversation = z.input<typeof createChatConversationSchema>;

export const renameConversationSchema = z.object({
  title: z.string().trim().min(1, "Please enter a title").max(CONVERSATION_TITLE_MAX_CHARS),
});

export const sendChatMessageSchema = z.object({
  conversationId: z
    .string({ error: "conversationId is required" })
    .min(1, "conversationId is required")
    .max(200, "conversationId is at most 200 characters"),
  message: z
    .string({ error: "Please enter a message" })
    .trim()
    .min(1, "Please enter a message")
    .max(CHAT_MESSAGE_MAX_CHARS, `A message can be at most ${CHAT_MESSAGE_MAX_CHARS} characters`),
});
export type SendChatMessage = z.input<typeof sendChatMessageSchema>;

/** POST /api/chat as JSON: both stored messages. */
export const chatResponseSchema = z.object({
  userMessage: chatMessageSchema,
  message: chatMessageSchema,
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/**
 * POST /api/chat as server-sent events (Accept: text/event-stream): `start` (the stored user message), `token`
 * events ({ text }), then exactly one `done` ({ message }: the stored answer with its sources) or `error`
 * ({ error, message? }: a stored failed or partial answer when there is one). Comment lines are heartbeats.
 */
export const CHAT_STREAM_EVENTS = ["start", "token", "done", "error"] as const;

/** GET /api/agents/{agentKey}/analytics: a built-in agent id or a custom agent id. */
export const agentAnalyticsSchema = z.object({
  days: z.array(
    z.object({
      /** YYYY-MM-DD (UTC). */
      date: z.string(),
      conversations: z.number().int().nonnegative(),
      messages: z.number().int().nonnegative(),
    }),
  ),
  /** Median time from question to stored answer over the period, null without answers. */
  medianAnswerMs: z.number().nonnegative().nullable(),
  totalConversations: z.number().int().nonnegative(),
  totalMessages: z.number().int().nonnegative(),
});
export type AgentAnalytics = z.infer<typeof agentAnalyticsSchema>;
