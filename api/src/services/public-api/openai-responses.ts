// POST /api/v1/responses, OpenAI's Responses API for our agents: the request read into the same question, history and
// instructions as chat completions, and the answer written as a `response` object or its typed stream events, our
// citations riding along as `file_citation` annotations (as OpenAI's file search reports them).
import type { AnswerTrace } from "@acp/contracts/chat";
import { z } from "zod";
import type { FinishReason, ToolCall } from "../../providers/chat-model/responder";
import type { GroundedAnswer } from "../chat/grounded-answer";
import { citedSources, traceOf } from "./answer-call";
import {
  type ChatCall,
  type ChatCompletionRequest,
  chatCompletionRequestSchema,
  invalidParam,
  openAiErrorBody,
  readChatCall,
} from "./openai-chat";

const contentPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

/** An input item: a message (role and content), a function call and its output, or an item we skip (reasoning). */
const inputItemSchema = z.looseObject({
  type: z.string().optional(),
  role: z.enum(["user", "assistant", "system", "developer"]).optional(),
  content: z
    .union([z.string(), z.array(contentPartSchema)])
    .nullable()
    .optional(),
  id: z.string().max(200).optional(),
  call_id: z.string().optional(),
  name: z.string().optional(),
  arguments: z.string().optional(),
  output: z.unknown().optional(),
});

/** A Responses tool: a function is `{ type, name, description, parameters, strict }` (flat, unlike chat's). */
const responsesToolSchema = z.looseObject({ type: z.string(), name: z.string().optional() });

/** `text.format` as the Responses API takes it: a json_schema's name and schema sit beside its type. */
const textFormatSchema = z.looseObject({
  type: z.enum(["text", "json_object", "json_schema"], {
    error: "text.format.type must be text, json_object or json_schema",
  }),
  name: z.string().optional(),
  schema: z.unknown().optional(),
  strict: z.boolean().nullable().optional(),
  description: z.string().optional(),
});

const chatFields = chatCompletionRequestSchema.shape;

export const responsesRequestSchema = z.object({
  model: chatFields.model,
  input: z.union([z.string(), z.array(inputItemSchema).max(200, "input can hold at most 200 items")], {
    error:
      "input is required: the question as a string, or a list of input items with the user's question last",
  }),
  instructions: z.string().nullable().optional(),
  stream: z.boolean().nullable().optional(),
  previous_response_id: z.string().nullable().optional(),
  store: z.boolean().nullable().optional(),
  text: z.looseObject({ format: textFormatSchema.nullable().optional() }).nullable().optional(),
  tools: z.array(responsesToolSchema).max(128, "tools can hold at most 128 tools").nullable().optional(),
  tool_choice: z
    .union([
      z.enum(["none", "auto", "required"]),
      z.looseObject({ type: z.string(), name: z.string().optional() }),
    ])
    .nullable()
    .optional(),
  parallel_tool_calls: chatFields.parallel_tool_calls,
  max_output_tokens: z.number().int().min(1, "max_output_tokens must be at least 1").nullable().optional(),
  temperature: chatFields.temperature,
  top_p: chatFields.top_p,
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  user: z.string().optional(),
});
export type ResponsesRequest = z.infer<typeof responsesRequestSchema>;

type ChatMessage = ChatCompletionRequest["messages"][number];

/** Input parts as chat content parts: input_text and output_text are text; others keep their type (refused by name). */
function chatParts(content: z.infer<typeof inputItemSchema>["content"]): ChatMessage["content"] {
  if (content === null || content === undefined || typeof content === "string") return content;
  return content.map((part) =>
    part.type === "input_text" || part.type === "output_text" ? { type: "text", text: part.text } : part,
  );
}

/**
 * A request's input as chat messages (a string input is the user's): a function call is the assistant's tool call
 * and its output the tool's message, as chat completions carry them.
 */
export function inputMessagesOf(body: ResponsesRequest): ChatMessage[] {
  if (typeof body.input === "string") return [{ role: "user", content: body.input }];
  const messages: ChatMessage[] = [];
  for (const item of body.input) {
    if (item.type === "function_call") {
      const call = {
        id: item.call_id,
        type: "function",
        function: { name: item.name, arguments: item.arguments ?? "" },
      };
      messages.push({ role: "assistant", content: null, tool_calls: [call] });
    } else if (item.type === "function_call_output") {
      const output = typeof item.output === "string" ? item.output : JSON.stringify(item.output ?? "");
      messages.push({ role: "tool", content: output, tool_call_id: item.call_id });
    } else if ((item.type === undefined || item.type === "message") && item.role) {
      messages.push({ role: item.role, content: chatParts(item.content) });
    }
  }
  return messages;
}

/** Responses tools as chat completions' (a function's fields nested under `function`); other kinds kept as sent. */
function chatTools(tools: ResponsesRequest["tools"]): ChatCompletionRequest["tools"] {
  return tools?.map((tool) => {
    if (tool.type !== "function") return tool;
    const { type, ...fn } = tool;
    return { type, function: fn };
  });
}

function chatToolChoice(choice: ResponsesRequest["tool_choice"]): ChatCompletionRequest["tool_choice"] {
  if (typeof choice !== "object" || choice === null) return choice;
  return choice.type === "function" && choice.name
    ? { type: "function", function: { name: choice.name } }
    : choice;
}

/** `text.format` as chat completions' `response_format` (a json_schema's name and schema under `json_schema`). */
function chatResponseFormat(format: z.infer<typeof textFormatSchema> | null | undefined) {
  if (!format) return undefined;
  if (format.type !== "json_schema") return { type: format.type };
  const { type, ...schema } = format;
  return { type, json_schema: schema };
}

/**
 * What the agent is asked, from a Responses request read as the chat completions request it means (one reading
 * for both APIs: readChatCall); `earlier` are the turns of the response it follows (previous_response_id).
 */
export function readResponsesRequest(
  body: ResponsesRequest,
  offline: boolean,
  earlier: readonly unknown[] = [],
): ChatCall {
  const instructions: ChatMessage[] = body.instructions?.trim()
    ? [{ role: "system", content: body.instructions }]
    : [];
  return readChatCall(
    {
      model: body.model,
      messages: [...instructions, ...(earlier as ChatMessage[]), ...inputMessagesOf(body)],
      max_tokens: body.max_output_tokens ?? undefined,
      temperature: body.temperature ?? undefined,
      top_p: body.top_p ?? undefined,
      tools: chatTools(body.tools),
      tool_choice: chatToolChoice(body.tool_choice),
      parallel_tool_calls: body.parallel_tool_calls ?? undefined,
      response_format: chatResponseFormat(body.text?.format),
    },
    offline,
  );
}

/** A response's identity: its id, time, agent, message item's id, and whether it is kept (store). */
export type ResponseMeta = {
  id: string;
  createdAt: number;
  model: string;
  messageId: string;
  stored: boolean;
};

export function responseMeta(model: string, now: Date, stored: boolean): ResponseMeta {
  const random = () => crypto.randomUUID().replaceAll("-", "");
  return {
    id: `resp_${random()}`,
    createdAt: Math.floor(now.getTime() / 1000),
    model,
    messageId: `msg_${random()}`,
    stored,
  };
}

/** A tool call as the Responses API's `function_call` output item (its id derived from the call's, so it is stable). */
function functionCallItem(call: ToolCall) {
  return {
    type: "function_call" as const,
    id: `fc_${call.id}`,
    call_id: call.id,
    name: call.function.name,
    arguments: call.function.arguments,
    status: "completed" as const,
  };
}

type InputItem = z.infer<typeof inputItemSchema>;

/**
 * The request with each `item_reference` input item replaced by the item it names (an earlier response's message or
 * function call, found by `find` among the caller's stored responses), so the conversation reads as it was; a
 * reference to nothing the caller kept is refused by its place, never dropped.
 */
export async function withItemReferences(
  body: ResponsesRequest,
  find: ((itemId: string) => Promise<Record<string, unknown> | undefined>) | undefined,
): Promise<ResponsesRequest> {
  if (typeof body.input === "string" || !body.input.some((item) => item.type === "item_reference"))
    return body;
  const input: InputItem[] = [];
  for (const [index, item] of body.input.entries()) {
    if (item.type !== "item_reference") {
      input.push(item);
      continue;
    }
    const found = item.id && find ? await find(item.id) : undefined;
    if (!found) {
      throw invalidParam(
        `No stored item with id '${item.id ?? ""}' for this caller: an item_reference names an output item of a response this API key made and kept`,
        `input.${index}.id`,
      );
    }
    input.push(found as InputItem);
  }
  return { ...body, input };
}

/** The chat messages a response adds to its conversation (what previous_response_id continues from). */
export function turnsAdded(
  input: readonly unknown[],
  answer: { toolCalls?: ToolCall[] },
  content: string,
): unknown[] {
  const toolCalls = answer.toolCalls ?? [];
  return [
    ...input,
    { role: "assistant", content, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
  ];
}

/** The cited passages as OpenAI's file citations: the document, its name, and where in the text the marker stands. */
function annotationsOf(answer: Pick<GroundedAnswer, "sources">, content: string) {
  return answer.sources
    .filter((source) => source.cited)
    .map((source) => ({
      type: "file_citation" as const,
      file_id: source.documentId,
      filename: source.documentName,
      index: Math.max(0, content.indexOf(`[${source.number}]`)),
      // Our extension: where in the document the passage is (page, rows, section, lines).
      location: source.location,
    }));
}

function outputText(answer: Pick<GroundedAnswer, "sources">, content: string, asJson: boolean) {
  return {
    type: "output_text" as const,
    text: content,
    annotations: asJson ? [] : annotationsOf(answer, content),
  };
}

type Finished = Pick<GroundedAnswer, "sources" | "promptTokens" | "completionTokens"> & {
  finishReason?: FinishReason;
  trace?: AnswerTrace | null;
  toolCalls?: ToolCall[];
};

/** The `response` object: in progress (no output yet), or finished with its message, usage and our extensions. */
export function responseBody(
  meta: ResponseMeta,
  request: ResponsesRequest,
  finished?: { answer: Finished; content: string; asJson: boolean; streamed?: boolean },
) {
  // A reply that only calls tools has no message, as OpenAI answers it; a stream announced its message at the start,
  // so it keeps it (empty).
  const calls = finished?.answer.toolCalls ?? [];
  const withMessage =
    finished !== undefined && (finished.content !== "" || calls.length === 0 || finished.streamed);
  const answer = finished?.answer;
  const incomplete = answer?.finishReason === "length";
  const status = !finished ? "in_progress" : incomplete ? "incomplete" : "completed";
  const input = answer?.promptTokens ?? 0;
  const output = answer?.completionTokens ?? 0;
  return {
    id: meta.id,
    object: "response" as const,
    created_at: meta.createdAt,
    status,
    model: meta.model,
    output: finished
      ? [
          ...(withMessage
            ? [
                {
                  type: "message" as const,
                  id: meta.messageId,
                  status: incomplete ? "incomplete" : "completed",
                  role: "assistant" as const,
                  content: [outputText(finished.answer, finished.content, finished.asJson)],
                },
              ]
            : []),
          ...calls.map(functionCallItem),
        ]
      : [],
    usage: finished
      ? {
          input_tokens: input,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: output,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: input + output,
        }
      : null,
    incomplete_details: incomplete ? { reason: "max_output_tokens" } : null,
    error: null,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    temperature: request.temperature ?? null,
    top_p: request.top_p ?? null,
    tools: request.tools ?? [],
    tool_choice: request.tool_choice ?? "auto",
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: request.previous_response_id ?? null,
    store: meta.stored,
    text: { format: { type: request.text?.format?.type ?? "text" } },
    metadata: request.metadata ?? {},
    // Our extensions, as on chat completions: the cited passages and why the answer says what it says.
    sources: answer ? citedSources(answer.sources) : [],
    trace: answer ? traceOf({ content: finished?.content ?? "", trace: answer.trace ?? null }) : null,
  };
}

/**
 * The stream's typed events, numbered in order: one message of one output_text part, streamed as written, then each
 * function call the model made as its own output item (its arguments in one delta).
 */
export function responseEvents(meta: ResponseMeta, request: ResponsesRequest, asJson: boolean) {
  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>) => ({
    type,
    sequence_number: sequence++,
    ...fields,
  });
  const at = { item_id: meta.messageId, output_index: 0, content_index: 0 };
  return {
    opening: () => {
      const pending = responseBody(meta, request);
      return [
        event("response.created", { response: pending }),
        event("response.in_progress", { response: pending }),
        event("response.output_item.added", {
          output_index: 0,
          item: {
            type: "message",
            id: meta.messageId,
            status: "in_progress",
            role: "assistant",
            content: [],
          },
        }),
        event("response.content_part.added", {
          ...at,
          part: { type: "output_text", text: "", annotations: [] },
        }),
      ];
    },
    piece: (text: string) => [event("response.output_text.delta", { ...at, delta: text, logprobs: [] })],
    closing: (answer: Finished, content: string) => {
      const done = responseBody(meta, request, { answer, content, asJson, streamed: true });
      const [item, ...calls] = done.output;
      const callEvents = calls.flatMap((call, index) => {
        const output_index = index + 1;
        if (call.type !== "function_call") return [];
        const at = { item_id: call.id, output_index };
        return [
          event("response.output_item.added", {
            output_index,
            item: { ...call, arguments: "", status: "in_progress" },
          }),
          event("response.function_call_arguments.delta", { ...at, delta: call.arguments }),
          event("response.function_call_arguments.done", { ...at, arguments: call.arguments }),
          event("response.output_item.done", { output_index, item: call }),
        ];
      });
      return [
        event("response.output_text.done", { ...at, text: content, logprobs: [] }),
        event("response.content_part.done", {
          ...at,
          part: item?.type === "message" ? item.content[0] : undefined,
        }),
        event("response.output_item.done", { output_index: 0, item }),
        ...callEvents,
        event(done.status === "incomplete" ? "response.incomplete" : "response.completed", {
          response: done,
        }),
      ];
    },
    failure: (status: number, body: { error: string; code: string; details?: unknown }) => {
      const { error } = openAiErrorBody(status, body);
      return event("error", { code: error.code, message: error.message, param: error.param });
    },
  };
}
