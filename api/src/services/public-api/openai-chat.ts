// OpenAI's chat completions protocol over our agents: the request we accept, how its messages become a grounded
// question, and the completion, chunk, model-list and error objects we answer with (the official clients parse them).

import { type AnswerTrace, answerTraceSchema, type ChatSource } from "@acp/contracts/chat";
import { CHAT_MESSAGE_MAX_CHARS } from "@acp/contracts/constants";
import { type PublicSource, publicSourceSchema } from "@acp/contracts/public-api";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type { FinishReason, Generation, HistoryTurn } from "../../providers/chat-model/responder";
import { citedSources, traceOf } from "./answer-call";

/** Messages one request may carry; the history given to the model is trimmed further (HISTORY_TURNS, then tokens). */
const MAX_MESSAGES = 500;
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
  n: z.literal(1, { error: "Only one choice (n = 1) is supported" }).nullable().optional(),
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

/** The caller's sampling fields as the responder takes them (max_completion_tokens wins over max_tokens). */
export function generationOf(body: ChatCompletionRequest): Generation {
  const stop = body.stop ?? undefined;
  return {
    maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
    stop: typeof stop === "string" ? [stop] : stop,
    temperature: body.temperature ?? undefined,
    topP: body.top_p ?? undefined,
    seed: body.seed ?? undefined,
  };
}

/**
 * Refuses, by parameter, the tool requests this agent cannot honour. Offline (the built-in responder) no tool can be
 * called: `tool_choice` "required" or a named function is refused; "auto" and "none" are answered as a model that
 * chose no tool answers. With a chat model, the caller's tools are not passed on yet: refused rather than ignored.
 */
export function assertToolsAnswerable(
  body: Pick<ChatCompletionRequest, "tools" | "tool_choice">,
  offline: boolean,
): void {
  if ((body.tools ?? []).length === 0) return;
  if (!offline) {
    throw invalidParam(
      "Tools are not passed to this agent's chat model yet: send the request without tools to get the agent's grounded answer",
      "tools",
    );
  }
  const choice = body.tool_choice;
  if (choice === "required" || (typeof choice === "object" && choice !== null)) {
    throw invalidParam(
      'This agent runs in offline mode (no chat model is configured): it answers from its knowledge and cannot call tools. Send tool_choice "auto" or "none" to get its answer.',
      "tool_choice",
    );
  }
}

/**
 * Whether the answer is to come as a JSON object (`response_format: { type: "json_object" }`), refusing by parameter
 * the formats this agent cannot honour instead of ignoring them: offline, a JSON schema cannot be filled; with a chat
 * model, response formats are not passed on yet.
 */
export function answersAsJsonObject(
  body: Pick<ChatCompletionRequest, "response_format">,
  offline: boolean,
): boolean {
  const type = body.response_format?.type ?? "text";
  if (type === "text") return false;
  if (!offline) {
    throw invalidParam(
      `response_format ${type} is not passed to this agent's chat model yet: send the request without it to get the agent's grounded answer`,
      "response_format",
    );
  }
  if (type === "json_schema") {
    throw invalidParam(
      'This agent runs in offline mode (no chat model is configured): it cannot fill a JSON schema. Send response_format { "type": "json_object" } to get its answer and sources as JSON.',
      "response_format",
    );
  }
  return true;
}

/** The answer as the JSON object `json_object` asks for: `{ "answer", "sources" }` (the cited passages). */
export function jsonObjectContent(answer: { content: string; sources: readonly ChatSource[] }): string {
  return JSON.stringify({ answer: answer.content, sources: citedSources(answer.sources) });
}

/**
 * The grounded question a request asks: its last message (the user's), the user and assistant turns before it as
 * history, and the caller's system and developer messages as the caller's instructions (which rank below the agent's
 * own prompt and the grounding rules).
 */
export function readMessages(messages: readonly Message[]): {
  question: string;
  history: HistoryTurn[];
  instructions: string;
} {
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
  // The question is the last user message: messages after it (an assistant prefill to continue, tool results) are
  // context, as a model that continues would read them; the answer is the agent's grounded answer to that question.
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
  const history = messages
    .filter((_, index) => index !== questionIndex)
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
    .filter((turn) => turn.content !== "")
    .slice(-HISTORY_TURNS);
  return { question, history, instructions };
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
        content: z.string(),
        refusal: z.null(),
      }),
      finish_reason: z.enum(["stop", "length"]),
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

export function completionBody(
  meta: CompletionMeta,
  answer: {
    content: string;
    sources: readonly ChatSource[];
    promptTokens: number | null;
    completionTokens: number | null;
    trace?: AnswerTrace | null;
    finishReason?: FinishReason;
  },
): ChatCompletion {
  return {
    ...meta,
    object: "chat.completion",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: answer.content, refusal: null },
        finish_reason: answer.finishReason ?? "stop",
        logprobs: null,
      },
    ],
    usage: usageOf(answer),
    sources: citedSources(answer.sources),
    trace: traceOf(answer),
  };
}

type ChunkChoice = {
  index: 0;
  delta: { role?: "assistant"; content?: string };
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

/** One `chat.completion.chunk`: a piece of the answer (the first also names the role). */
export function contentChunk(meta: CompletionMeta, content: string, first: boolean): ChatCompletionChunk {
  return {
    ...meta,
    object: "chat.completion.chunk",
    choices: [
      {
        index: 0,
        delta: first ? { role: "assistant", content } : { content },
        finish_reason: null,
        logprobs: null,
      },
    ],
  };
}

/**
 * The stream's end: the finishing chunk always carries `usage`, `sources` and `trace`; when the caller asked for
 * `stream_options.include_usage`, OpenAI's own last chunk (no choices, `usage`) follows, with `sources` and `trace` too.
 */
export function finalChunks(
  meta: CompletionMeta,
  answer: {
    content: string;
    sources: readonly ChatSource[];
    promptTokens: number | null;
    completionTokens: number | null;
    trace?: AnswerTrace | null;
    finishReason?: FinishReason;
  },
  includeUsage: boolean,
): ChatCompletionChunk[] {
  const usage = usageOf(answer);
  const sources = citedSources(answer.sources);
  const trace = traceOf(answer);
  // As OpenAI streams: usage only when asked, once, in a last chunk without choices (the finishing chunk then says
  // `usage: null`, as every chunk before does). Our sources and trace ride on the finishing chunk.
  const finish: ChatCompletionChunk = {
    ...meta,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta: {}, finish_reason: answer.finishReason ?? "stop", logprobs: null }],
    ...(includeUsage ? { usage: null } : {}),
    sources,
    trace,
  };
  if (!includeUsage) return [finish];
  return [finish, { ...meta, object: "chat.completion.chunk", choices: [], usage }];
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
