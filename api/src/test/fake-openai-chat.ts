// Test support: the fake OpenAI server's chat completions: scripted replies, streamed or whole, and the ways they fail.
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorBody, promptTokensOf, readJson, send } from "./fake-openai-wire";

/** How a chat completion fails instead of answering. */
export type ChatFailure =
  /** An error status with OpenAI's error body (Retry-After / retry-after-ms headers when given). */
  | {
      kind: "status";
      status: number;
      retryAfterSeconds?: number;
      retryAfterMs?: number;
      code?: string;
      message?: string;
    }
  /** OpenAI's 400 for a prompt beyond the model's context window (code context_length_exceeded). */
  | { kind: "context-length" }
  /** Streams this many pieces, then goes silent with the connection open (a stalled stream). */
  | { kind: "stall"; afterPieces: number }
  /** Streams this many pieces, then cuts the connection (a server that died mid-answer). */
  | { kind: "drop"; afterPieces: number }
  /** Streams this many pieces, then ends the response cleanly without finishing the answer (no finish reason). */
  | { kind: "truncate"; afterPieces: number };

/** What the next chat completion(s) answer. */
export type ChatScript = {
  /** The reply, or a function of the request (e.g. citing the passage numbers it was given). */
  reply?: string | ((request: RecordedChatRequest) => string);
  /** Milliseconds before the first piece (time to first token). */
  firstPieceDelayMs?: number;
  /** Milliseconds between pieces. */
  pieceDelayMs?: number;
  failure?: ChatFailure;
  /** Leave usage out even when stream_options.include_usage asks for it (servers that do not report it). */
  omitUsage?: boolean;
  /** A prompt estimated above this many tokens gets the context-length 400, as a real model would answer. */
  contextLimitTokens?: number;
  /**
   * Calls of the request's tools instead of a reply (finish_reason "tool_calls"), or a function of the request that
   * says which (none: the reply). Streamed as OpenAI streams them: id and name first, the arguments in pieces.
   */
  toolCalls?:
    | { name: string; arguments: string }[]
    | ((request: RecordedChatRequest) => { name: string; arguments: string }[]);
};

export type RecordedChatRequest = {
  startedAt: number;
  status: number;
  model: string;
  messages: { role: string; content: string }[];
  temperature: number | undefined;
  /** The sampling fields sent beside temperature, as sent (max_tokens, stop, top_p, seed). */
  sampling: { max_tokens?: number; stop?: string[]; top_p?: number; seed?: number };
  /** The messages as sent (tool calls, tool call ids and content parts included). */
  rawMessages: unknown[];
  /** The caller's fields passed on, as sent: tools, tool_choice, parallel_tool_calls, response_format, n. */
  passed: {
    tools?: unknown[];
    tool_choice?: unknown;
    parallel_tool_calls?: boolean;
    response_format?: unknown;
    n?: number;
  };
  stream: boolean;
  includeUsage: boolean;
  /** The pieces streamed (or the one message sent), in order. */
  pieces: string[];
  /** The usage reported, when it was. */
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | undefined;
  /** True when the client went away before the answer ended (a stop, a timeout). */
  clientAborted: boolean;
};

export const DEFAULT_CHAT_REPLY = "This is the fake model's answer.";

/** The reply cut as a model streams it: each word with the whitespace before it. */
function replyPieces(reply: string): string[] {
  return reply.match(/\s*\S+\s*$|\s*\S+/g) ?? [];
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function contentOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
  }
  return "";
}

/** The chat completion request's fields the fake reads. */
type ChatRequestBody = {
  model?: string;
  messages?: { role?: string; content?: unknown }[];
  temperature?: number;
  max_tokens?: number;
  stop?: string[];
  top_p?: number;
  seed?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: unknown[];
  tool_choice?: unknown;
  parallel_tool_calls?: boolean;
  response_format?: unknown;
  n?: number;
};

async function serveChat(
  response: ServerResponse,
  script: ChatScript,
  record: RecordedChatRequest,
): Promise<void> {
  const gone = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) {
      record.clientAborted = true;
      gone.abort();
    }
  });
  const failure = script.failure;
  const promptTokens = promptTokensOf(record.messages);
  const contextFailure =
    failure?.kind === "context-length" ||
    (script.contextLimitTokens !== undefined && promptTokens > script.contextLimitTokens);
  if (contextFailure) {
    record.status = 400;
    return send(response, 400, {
      error: {
        message: `This model's maximum context length is ${script.contextLimitTokens ?? 128000} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`,
        type: "invalid_request_error",
        param: "messages",
        code: "context_length_exceeded",
      },
    });
  }
  if (failure?.kind === "status") {
    const headers: Record<string, string> = {};
    if (failure.retryAfterSeconds !== undefined) headers["retry-after"] = String(failure.retryAfterSeconds);
    if (failure.retryAfterMs !== undefined) headers["retry-after-ms"] = String(failure.retryAfterMs);
    record.status = failure.status;
    const rateLimited = failure.status === 429;
    return send(
      response,
      failure.status,
      {
        error: {
          message:
            failure.message ??
            (failure.status === 401
              ? "Incorrect API key provided"
              : rateLimited
                ? "Rate limit reached for requests"
                : "The server had an error while processing your request."),
          type: failure.status < 500 ? "invalid_request_error" : "server_error",
          code: failure.code ?? (rateLimited ? "rate_limit_exceeded" : null),
        },
      },
      headers,
    );
  }
  const scripted =
    typeof script.reply === "function" ? script.reply(record) : (script.reply ?? DEFAULT_CHAT_REPLY);
  const calls = (typeof script.toolCalls === "function" ? script.toolCalls(record) : script.toolCalls) ?? [];
  const toolCalls = calls.map((call, index) => ({
    id: `call_fake_${index + 1}`,
    type: "function" as const,
    function: call,
  }));
  // A word is a token here: max_tokens cuts the reply after that many words, finishing with "length".
  const maxTokens = record.sampling.max_tokens;
  const allPieces = toolCalls.length > 0 ? [] : replyPieces(scripted);
  const cut = maxTokens !== undefined && allPieces.length > maxTokens;
  const pieces = cut ? allPieces.slice(0, maxTokens) : allPieces;
  const reply = pieces.join("");
  const finishReason = toolCalls.length > 0 ? "tool_calls" : cut ? "length" : "stop";
  // With n > 1, choice i (from 1) is the reply with "(choice i+1)" after it: told apart, each whole.
  const others = Array.from({ length: Math.max(0, (record.passed.n ?? 1) - 1) }, (_, index) =>
    toolCalls.length > 0 ? "" : `${reply} (choice ${index + 2})`,
  );
  const model = record.model;
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: pieces.length,
    total_tokens: promptTokens + pieces.length,
  };
  const created = Math.floor(Date.now() / 1000);
  const id = `chatcmpl-fake-${created}`;
  await wait(script.firstPieceDelayMs ?? 0, gone.signal);
  if (gone.signal.aborted) return;
  const message = (content: string) => ({
    role: "assistant",
    content: toolCalls.length > 0 ? null : content,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  });
  if (!record.stream) {
    record.status = 200;
    record.pieces = [reply];
    if (!script.omitUsage) record.usage = usage;
    return send(response, 200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [
        { index: 0, message: message(reply), finish_reason: finishReason },
        ...others.map((content, index) => ({
          index: index + 1,
          message: message(content),
          finish_reason: finishReason,
        })),
      ],
      ...(script.omitUsage ? {} : { usage }),
    });
  }
  record.status = 200;
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const event = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    response.write(
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices, ...extra })}\n\n`,
    );
  event([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]);
  for (const [index, piece] of pieces.entries()) {
    if (failure && "afterPieces" in failure && index === failure.afterPieces) {
      // A stall keeps the connection open and says nothing more; a drop cuts it; a truncation ends it politely.
      if (failure.kind === "truncate") response.end();
      if (failure.kind === "drop") {
        // Let the pieces already written reach the client first, as they would from a server that then died.
        await wait(20, gone.signal);
        response.destroy();
      }
      return;
    }
    if (index > 0) await wait(script.pieceDelayMs ?? 0, gone.signal);
    if (gone.signal.aborted) return;
    record.pieces.push(piece);
    event([{ index: 0, delta: { content: piece }, finish_reason: null }]);
  }
  for (const [index, call] of toolCalls.entries()) {
    // As OpenAI streams a call: its id, type and name with empty arguments, then the arguments in two pieces.
    const half = Math.ceil(call.function.arguments.length / 2);
    const delta = (fields: Record<string, unknown>) =>
      event([{ index: 0, delta: { tool_calls: [{ index, ...fields }] }, finish_reason: null }]);
    delta({ id: call.id, type: "function", function: { name: call.function.name, arguments: "" } });
    delta({ function: { arguments: call.function.arguments.slice(0, half) } });
    delta({ function: { arguments: call.function.arguments.slice(half) } });
  }
  for (const [index, content] of others.entries()) {
    event([{ index: index + 1, delta: { role: "assistant", content }, finish_reason: null }]);
    event([{ index: index + 1, delta: {}, finish_reason: finishReason }]);
  }
  event([{ index: 0, delta: {}, finish_reason: finishReason }]);
  if (record.includeUsage && !script.omitUsage) {
    record.usage = usage;
    event([], { usage });
  }
  response.end("data: [DONE]\n\n");
}

/** What a chat completion takes from the server around it. */
export type ChatCompletionContext = {
  apiKey: string;
  startedAt: number;
  /** Where the request is recorded. */
  chatRequests: RecordedChatRequest[];
  /** False for a fine-tuned model no job has produced: it answers 404 as OpenAI does. */
  servesModel: (model: string) => boolean;
  /** The script this request follows, taken once its request is known valid. */
  nextScript: () => ChatScript;
};

/** Answers POST /v1/chat/completions: records the request, checks it, then answers by the script. */
export async function serveChatCompletion(
  request: IncomingMessage,
  response: ServerResponse,
  context: ChatCompletionContext,
): Promise<void> {
  const { apiKey, startedAt } = context;
  const chat: RecordedChatRequest = {
    startedAt,
    status: 0,
    model: "",
    messages: [],
    temperature: undefined,
    sampling: {},
    rawMessages: [],
    passed: {},
    stream: false,
    includeUsage: false,
    pieces: [],
    usage: undefined,
    clientAborted: false,
  };
  context.chatRequests.push(chat);
  if (request.headers.authorization !== `Bearer ${apiKey}`) {
    chat.status = 401;
    return send(response, 401, {
      error: {
        message: "Incorrect API key provided",
        type: "invalid_request_error",
        code: "invalid_api_key",
      },
    });
  }
  const body = (await readJson(request)) as ChatRequestBody;
  chat.model = body.model ?? "";
  chat.messages = (body.messages ?? []).map((message) => ({
    role: String(message.role),
    content: contentOf(message.content),
  }));
  chat.rawMessages = body.messages ?? [];
  chat.passed = {
    ...(body.tools !== undefined ? { tools: body.tools } : {}),
    ...(body.tool_choice !== undefined ? { tool_choice: body.tool_choice } : {}),
    ...(body.parallel_tool_calls !== undefined ? { parallel_tool_calls: body.parallel_tool_calls } : {}),
    ...(body.response_format !== undefined ? { response_format: body.response_format } : {}),
    ...(body.n !== undefined ? { n: body.n } : {}),
  };
  chat.temperature = body.temperature;
  chat.sampling = {
    ...(body.max_tokens !== undefined ? { max_tokens: body.max_tokens } : {}),
    ...(body.stop !== undefined ? { stop: body.stop } : {}),
    ...(body.top_p !== undefined ? { top_p: body.top_p } : {}),
    ...(body.seed !== undefined ? { seed: body.seed } : {}),
  };
  chat.stream = body.stream === true;
  chat.includeUsage = body.stream_options?.include_usage === true;
  if (!body.model || chat.messages.length === 0) {
    chat.status = 400;
    return send(response, 400, {
      error: { message: "model and messages are required", type: "invalid_request_error" },
    });
  }
  if (!context.servesModel(chat.model)) {
    chat.status = 404;
    return send(
      response,
      404,
      errorBody(
        `The model \`${chat.model}\` does not exist or you do not have access to it.`,
        "model_not_found",
      ),
    );
  }
  return await serveChat(response, context.nextScript(), chat);
}
