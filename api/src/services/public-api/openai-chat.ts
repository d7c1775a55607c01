// OpenAI's chat completions protocol over our agents: the request we accept, how its messages become a grounded
// question, and the completion, chunk, model-list and error objects we answer with (the official clients parse them).

import { type AnswerTrace, answerTraceSchema, type ChatSource } from "@acp/contracts/chat";
import { CHAT_MESSAGE_MAX_CHARS } from "@acp/contracts/constants";
import { type PublicSource, publicSourceSchema } from "@acp/contracts/public-api";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type {
  AnswerChoice,
  FinishReason,
  Generation,
  HistoryTurn,
  ToolCall,
} from "../../providers/chat-model/responder";
import { citedSources, traceOf } from "./answer-call";

/** Messages one request may carry; the history given to the model is trimmed further (HISTORY_TURNS, then tokens). */
const MAX_MESSAGES = 500;
/** Choices one request may ask for (OpenAI's own bound). */
const MAX_CHOICES = 128;
/** Earlier turns kept, newest first, as the chat reads its own conversations. */
const HISTORY_TURNS = 40;

/** A content part: text is read; other kinds (image_url, input_audio, file) are refused by readMessages, by name. */
const contentPartSchema = z.looseObject({
  type: z.string({ error: "A content part needs its type" }),
  text: z.string().optional(),
});

const messageSchema = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool"], {
    error: "A message's role must be system, developer, user, assistant or tool",
  }),
  // Null (or absent) on an assistant message that only calls tools, as OpenAI's clients send it.
  content: z
    .union([z.string(), z.array(contentPartSchema)], {
      error: "A message's content must be a string or a list of content parts",
    })
    .nullable()
    .optional(),
  name: z.string().max(200).optional(),
  tool_call_id: z.string().max(200).optional(),
});

/** `tool_choice` as OpenAI takes it: a mode, or one function by name. */
const toolChoiceSchema = z.union([
  z.enum(["none", "auto", "required"]),
  z.looseObject({ type: z.string(), function: z.looseObject({ name: z.string() }).optional() }),
]);

/** POST /api/v1/chat/completions: OpenAI's fields we read; the agent's own settings decide model and temperature. */
export const chatCompletionRequestSchema = z.object({
  model: z
    .string({
      error: "model is required: an agent's endpoint slug or a built-in agent type (GET /api/v1/models)",
    })
    .trim()
    .min(1, "model is required: an agent's endpoint slug or a built-in agent type (GET /api/v1/models)")
    .max(200, "model is at most 200 characters"),
  messages: z
    .array(messageSchema, { error: "messages is required: a list with the user's question last" })
    .min(1, "messages is required: a list with the user's question last")
    .max(MAX_MESSAGES, `messages can hold at most ${MAX_MESSAGES} messages`),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().nullable().optional() }).nullable().optional(),
  n: z
    .number()
    .int()
    .min(1, "n must be at least 1")
    .max(MAX_CHOICES, `n is at most ${MAX_CHOICES}`)
    .nullable()
    .optional(),
  tools: z.array(z.unknown()).max(128, "tools can hold at most 128 tools").nullable().optional(),
  tool_choice: toolChoiceSchema.nullable().optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
  max_tokens: z.number().int().min(1, "max_tokens must be at least 1").nullable().optional(),
  max_completion_tokens: z
    .number()
    .int()
    .min(1, "max_completion_tokens must be at least 1")
    .nullable()
    .optional(),
  stop: z
    .union([z.string(), z.array(z.string()).max(4, "stop can hold at most 4 strings")])
    .nullable()
    .optional(),
  temperature: z.number().min(0).max(2, "temperature is between 0 and 2").nullable().optional(),
  top_p: z.number().min(0).max(1, "top_p is between 0 and 1").nullable().optional(),
  seed: z.number().int().nullable().optional(),
  response_format: z
    .looseObject({
      type: z.enum(["text", "json_object", "json_schema"], {
        error: "response_format.type must be text, json_object or json_schema",
      }),
    })
    .nullable()
    .optional(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

type Message = ChatCompletionRequest["messages"][number];

/** The text of a message's content: its string, or its text parts joined; null content (tool calls only) is "". */
const textOf = (content: Message["content"]) => {
  if (content === null || content === undefined) return "";
  return typeof content === "string" ? content : content.map((part) => part.text ?? "").join("\n");
};

/** A 400 VALIDATION_ERROR naming the parameter (`param` in OpenAI's error). */
export const invalidParam = (message: string, param: string) =>
  new AppError("VALIDATION_ERROR", message, {
    details: [{ path: param.split("."), message, code: "custom" }],
  });

/**
 * A 400 for what the built-in responder cannot do, naming the parameter and saying the agent runs offline (OpenAI's
 * code for a parameter a model does not support: `unsupported_parameter`).
 */
const offlineRefusal = (what: string, instead: string, param: string) => {
  const message = `This agent runs in offline mode (no chat model is configured): it ${what}. ${instead}`;
  return new AppError("UNSUPPORTED_PARAMETER", message, {
    details: [{ path: param.split("."), message, code: "custom" }],
  });
};

/**
 * Refuses, by parameter, what the built-in responder cannot honour (with a chat model everything is passed on):
 * `tool_choice` "required" or a named function (it calls no tools: "auto" and "none" are answered as a model that
 * chose none answers), a JSON schema (it cannot fill one: json_object is answered as `{ answer, sources }`), and more
 * than one choice.
 */
function assertAnswerableOffline(body: ChatCompletionRequest): void {
  const choice = body.tool_choice;
  if (
    (body.tools ?? []).length > 0 &&
    (choice === "required" || (typeof choice === "object" && choice !== null))
  ) {
    throw offlineRefusal(
      "answers from its knowledge and cannot call tools",
      'Send tool_choice "auto" or "none" to get its answer.',
      "tool_choice",
    );
  }
  if (body.response_format?.type === "json_schema") {
    throw offlineRefusal(
      "cannot fill a JSON schema",
      'Send response_format { "type": "json_object" } to get its answer and sources as JSON.',
      "response_format",
    );
  }
  if ((body.n ?? 1) > 1) {
    throw offlineRefusal("writes one answer per question", "Send n = 1 (or leave n out).", "n");
  }
}

/** Chat messages as the history's turns: user and assistant text, a tool's result read as the user's turn. */
function turnsOf(messages: readonly Message[]): HistoryTurn[] {
  return messages
    .flatMap((message): HistoryTurn[] => {
      const content = textOf(message.content).trim();
      if (message.role === "user" || message.role === "assistant") return [{ role: message.role, content }];
      // A tool's result is what the caller's side knows: it reads as the user's turn.
      if (message.role === "tool") {
        const tool = message.name ?? message.tool_call_id ?? "a tool";
        return [{ role: "user", content: content && `Result of ${tool}: ${content}` }];
      }
      return [];
    })
    .filter((turn) => turn.content !== "");
}

/** One OpenAI-style call read for the agent: its question, history, the caller's instructions and choices. */
export type ChatCall = {
  question: string;
  history: HistoryTurn[];
  instructions: string;
  generation: Generation;
  /** Offline json_object: the answer written as the JSON object `{ answer, sources }`. */
  asJson: boolean;
};

/**
 * The grounded question a request asks, and how to answer it. The question is its last user message; the user,
 * assistant and tool messages before it are history; system and developer messages are the caller's instructions
 * (below the agent's own prompt and the grounding rules). The messages after the question (a model's tool calls and
 * their results, an assistant prefill) go to a chat model as sent, in order, with the caller's tools, formats and
 * choices; the built-in responder reads them as history and refuses, by parameter, what it cannot do.
 */
export function readChatCall(body: ChatCompletionRequest, offline: boolean): ChatCall {
  const { messages } = body;
  if (offline) assertAnswerableOffline(body);
  messages.forEach((message, index) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((part, partIndex) => {
      if (part.type === "text" && typeof part.text === "string") return;
      throw invalidParam(
        part.type === "text"
          ? "A text part needs its text"
          : `Content parts of type ${part.type} are not supported: agents read text only`,
        `messages.${index}.content.${partIndex}`,
      );
    });
  });
  const questionIndex = messages.findLastIndex((message) => message.role === "user");
  const last = messages[questionIndex];
  const question = last ? textOf(last.content).trim() : "";
  if (!last || question === "") {
    throw invalidParam(
      "messages must hold the user's question (a user message with text)",
      `messages.${Math.max(0, questionIndex)}`,
    );
  }
  if (question.length > CHAT_MESSAGE_MAX_CHARS) {
    throw invalidParam(
      `The question can be at most ${CHAT_MESSAGE_MAX_CHARS} characters`,
      `messages.${questionIndex}.content`,
    );
  }
  const instructions = messages
    .filter((message) => message.role === "system" || message.role === "developer")
    .map((message) => textOf(message.content).trim())
    .filter(Boolean)
    .join("\n\n");
  const before = messages.slice(0, questionIndex);
  const after = messages
    .slice(questionIndex + 1)
    .filter((message) => message.role === "assistant" || message.role === "tool");
  const stop = body.stop ?? undefined;
  const sampling: Generation = {
    maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
    stop: typeof stop === "string" ? [stop] : stop,
    temperature: body.temperature ?? undefined,
    topP: body.top_p ?? undefined,
    seed: body.seed ?? undefined,
  };
  if (offline) {
    return {
      question,
      history: turnsOf([...before, ...after]).slice(-HISTORY_TURNS),
      instructions,
      generation: sampling,
      asJson: body.response_format?.type === "json_object",
    };
  }
  const format = body.response_format;
  return {
    question,
    history: turnsOf(before).slice(-HISTORY_TURNS),
    instructions,
    generation: {
      ...sampling,
      n: body.n ?? undefined,
      tools: body.tools?.length ? body.tools : undefined,
      toolChoice: body.tool_choice ?? undefined,
      parallelToolCalls: body.parallel_tool_calls ?? undefined,
      responseFormat: format && format.type !== "text" ? format : undefined,
      followUp: after.length > 0 ? after : undefined,
    },
    asJson: false,
  };
}

/** The answer as the JSON object `json_object` asks for: `{ "answer", "sources" }` (the cited passages). */
export function jsonObjectContent(answer: { content: string; sources: readonly ChatSource[] }): string {
  return JSON.stringify({ answer: answer.content, sources: citedSources(answer.sources) });
}

const openAiUsageSchema = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
});
type OpenAiUsage = z.infer<typeof openAiUsageSchema>;

function usageOf(answer: { promptTokens: number | null; completionTokens: number | null }): OpenAiUsage {
  const prompt = answer.promptTokens ?? 0;
  const completion = answer.completionTokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** Our extension: the answer's cited sources, on the completion and on the stream's final chunks. */
const sourcesField = z.array(publicSourceSchema);

const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const finishReasonSchema = z.enum(["stop", "length", "tool_calls"]);

export const chatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal("chat.completion"),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({
        role: z.literal("assistant"),
        /** Null when the model only called tools. */
        content: z.string().nullable(),
        refusal: z.null(),
        tool_calls: z.array(toolCallSchema).optional(),
      }),
      finish_reason: finishReasonSchema,
      logprobs: z.null(),
    }),
  ),
  usage: openAiUsageSchema,
  sources: sourcesField,
  /** Our extension: why the answer says what it says (the chat's "Why this answer?"), null when none was left. */
  trace: answerTraceSchema.nullable(),
});
type ChatCompletion = z.infer<typeof chatCompletionSchema>;

export type CompletionMeta = { id: string; created: number; model: string };

/** A completion id and creation time in OpenAI's form, for a reply to `model`. */
export function completionMeta(model: string, now: Date): CompletionMeta {
  return {
    id: `chatcmpl-${crypto.randomUUID().replaceAll("-", "")}`,
    created: Math.floor(now.getTime() / 1000),
    model,
  };
}

/** What a finished answer gives the completion objects. */
type FinishedAnswer = {
  content: string;
  sources: readonly ChatSource[];
  promptTokens: number | null;
  completionTokens: number | null;
  trace?: AnswerTrace | null;
  finishReason?: FinishReason;
  toolCalls?: ToolCall[];
  otherChoices?: AnswerChoice[];
};

/** Every choice of an answer, the answer itself first (`content` is the text shown: the JSON object's, as json_object). */
function choicesOf(answer: FinishedAnswer): AnswerChoice[] {
  return [
    {
      content: answer.content,
      toolCalls: answer.toolCalls ?? [],
      finishReason: answer.finishReason ?? "stop",
    },
    ...(answer.otherChoices ?? []),
  ];
}

export function completionBody(meta: CompletionMeta, answer: FinishedAnswer): ChatCompletion {
  return {
    ...meta,
    object: "chat.completion",
    choices: choicesOf(answer).map((choice, index) => ({
      index,
      message: {
        role: "assistant",
        // As OpenAI answers a call of tools only: no text is null, not "".
        content: choice.content === "" && choice.toolCalls.length > 0 ? null : choice.content,
        refusal: null,
        ...(choice.toolCalls.length > 0 ? { tool_calls: choice.toolCalls } : {}),
      },
      finish_reason: choice.finishReason,
      logprobs: null,
    })),
    usage: usageOf(answer),
    sources: citedSources(answer.sources),
    trace: traceOf(answer),
  };
}

type ChunkChoice = {
  index: number;
  delta: {
    role?: "assistant";
    content?: string;
    tool_calls?: (ToolCall & { index: number })[];
  };
  finish_reason: FinishReason | null;
  logprobs: null;
};

type ChatCompletionChunk = CompletionMeta & {
  object: "chat.completion.chunk";
  choices: ChunkChoice[];
  usage?: OpenAiUsage | null;
  sources?: PublicSource[];
  trace?: AnswerTrace | null;
};

const chunk = (meta: CompletionMeta, choice: ChunkChoice): ChatCompletionChunk => ({
  ...meta,
  object: "chat.completion.chunk",
  choices: [choice],
});

/** One `chat.completion.chunk`: a piece of the answer (the first also names the role). */
export function contentChunk(
  meta: CompletionMeta,
  content: string,
  first: boolean,
  index = 0,
): ChatCompletionChunk {
  return chunk(meta, {
    index,
    delta: first ? { role: "assistant", content } : { content },
    finish_reason: null,
    logprobs: null,
  });
}

/**
 * The stream's end. The answer's tool calls (each whole in one delta, as a client assembles them) and the other
 * choices (each whole, by its index); then a finishing chunk per choice, the first carrying our `sources` and
 * `trace`; then, only with `stream_options.include_usage`, OpenAI's usage chunk (no choices, the only one with usage).
 */
export function finalChunks(
  meta: CompletionMeta,
  answer: FinishedAnswer,
  includeUsage: boolean,
): ChatCompletionChunk[] {
  const choices = choicesOf(answer);
  const written: ChatCompletionChunk[] = [];
  choices.forEach((choice, index) => {
    if (index > 0) written.push(contentChunk(meta, choice.content, true, index));
    if (choice.toolCalls.length > 0) {
      written.push(
        chunk(meta, {
          index,
          delta: { tool_calls: choice.toolCalls.map((call, callIndex) => ({ index: callIndex, ...call })) },
          finish_reason: null,
          logprobs: null,
        }),
      );
    }
  });
  // As OpenAI streams: usage only when asked, once, in a last chunk without choices (the finishing chunks then say
  // `usage: null`, as every chunk before does).
  choices.forEach((choice, index) => {
    written.push({
      ...chunk(meta, { index, delta: {}, finish_reason: choice.finishReason, logprobs: null }),
      ...(includeUsage ? { usage: null } : {}),
      ...(index === 0 ? { sources: citedSources(answer.sources), trace: traceOf(answer) } : {}),
    });
  });
  if (includeUsage)
    written.push({ ...meta, object: "chat.completion.chunk", choices: [], usage: usageOf(answer) });
  return written;
}

/** One agent as OpenAI's model object (GET /api/v1/models/{model}, and each entry of the list). */
export const modelSchema = z.object({
  id: z.string(),
  object: z.literal("model"),
  created: z.number().int(),
  owned_by: z.string(),
  /** Our extension: the agent's display name. */
  name: z.string(),
});

export const modelListSchema = z.object({
  object: z.literal("list"),
  data: z.array(modelSchema),
});
export type ModelList = z.infer<typeof modelListSchema>;

/** OpenAI's error `type` for a status, so clients that branch on it (beside the status) read the right kind. */
function errorType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_error";
  if (status >= 500) return "server_error";
  return "invalid_request_error";
}

type OpenAiError = {
  error: { message: string; type: string; code: string; param: string | null };
};

/**
 * The codes OpenAI's clients and the tools built on them branch on, for ours that mean the same; other codes stay
 * ours (the table in @acp/contracts/error-codes). On these routes a NOT_FOUND is always the model (the agent).
 */
const OPENAI_CODES: Record<string, string> = {
  UNAUTHORIZED: "invalid_api_key",
  NOT_FOUND: "model_not_found",
  RESPONSE_NOT_FOUND: "response_not_found",
  UNSUPPORTED_PARAMETER: "unsupported_parameter",
  RATE_LIMITED: "rate_limit_exceeded",
  CONTEXT_LENGTH_EXCEEDED: "context_length_exceeded",
};

/**
 * Our error body `{ error, code, details? }` in OpenAI's shape: `code` in OpenAI's words where it has them, `param`
 * names the first invalid field of a validation error.
 */
export function openAiErrorBody(
  status: number,
  body: { error: string; code: string; details?: unknown },
): OpenAiError {
  const firstIssue = Array.isArray(body.details)
    ? (body.details[0] as { path?: unknown } | undefined)
    : undefined;
  const param =
    Array.isArray(firstIssue?.path) && firstIssue.path.length > 0 ? firstIssue.path.join(".") : null;
  const code = OPENAI_CODES[body.code] ?? body.code;
  return { error: { message: body.error, type: errorType(status), code, param } };
}

/** OpenAI's answer to a path it does not serve: 404 invalid_request_error, code "unknown_url". */
export function unknownUrlError(method: string, path: string): OpenAiError {
  return {
    error: {
      message: `Invalid URL (${method} ${path}): this server offers POST /api/v1/chat/completions, POST /api/v1/responses, GET /api/v1/models and GET /api/v1/models/{model}, and POST /api/v1/{agent endpoint}.`,
      type: "invalid_request_error",
      code: "unknown_url",
      param: null,
    },
  };
}

export const openAiErrorSchema = z.object({
  error: z.object({ message: z.string(), type: z.string(), code: z.string(), param: z.string().nullable() }),
});
