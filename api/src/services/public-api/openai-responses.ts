// POST /api/v1/responses, OpenAI's Responses API for our agents: the request read into the same question, history and
// instructions as chat completions, and the answer written as a `response` object or its typed stream events, our
// citations riding along as `file_citation` annotations (as OpenAI's file search reports them).
import type { AnswerTrace } from "@acp/contracts/chat";
import { z } from "zod";
import type { FinishReason, Generation, HistoryTurn } from "../../providers/chat-model/responder";
import type { GroundedAnswer } from "../chat/grounded-answer";
import { citedSources, traceOf } from "./answer-call";
import {
  type ChatCompletionRequest,
  chatCompletionRequestSchema,
  invalidParam,
  openAiErrorBody,
  readMessages,
} from "./openai-chat";

const contentPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

/** An input item: a message (role and content), a tool call's output, or an item we skip (a tool call, reasoning). */
const inputItemSchema = z.looseObject({
  type: z.string().optional(),
  role: z.enum(["user", "assistant", "system", "developer"]).optional(),
  content: z
    .union([z.string(), z.array(contentPartSchema)])
    .nullable()
    .optional(),
  call_id: z.string().optional(),
  output: z.unknown().optional(),
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
  text: z.looseObject({ format: chatFields.response_format }).nullable().optional(),
  tools: chatFields.tools,
  tool_choice: chatFields.tool_choice,
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

/** A request's input as chat messages: instructions first, then the items (a string input is the user's). */
function chatMessagesOf(body: ResponsesRequest): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (body.instructions?.trim()) messages.push({ role: "system", content: body.instructions });
  if (typeof body.input === "string") return [...messages, { role: "user", content: body.input }];
  for (const item of body.input) {
    if (item.type === "function_call_output") {
      const output = typeof item.output === "string" ? item.output : JSON.stringify(item.output ?? "");
      messages.push({ role: "tool", content: output, tool_call_id: item.call_id });
    } else if ((item.type === undefined || item.type === "message") && item.role) {
      messages.push({ role: item.role, content: chatParts(item.content) });
    }
  }
  return messages;
}

/** What the agent is asked, from a Responses request; refuses by parameter what cannot be honoured. */
export function readResponsesRequest(body: ResponsesRequest): {
  question: string;
  history: HistoryTurn[];
  instructions: string;
  generation: Generation;
} {
  if (body.previous_response_id) {
    throw invalidParam(
      "This server does not keep responses, so previous_response_id cannot be followed: send the earlier turns as input items",
      "previous_response_id",
    );
  }
  return {
    ...readMessages(chatMessagesOf(body)),
    generation: {
      maxTokens: body.max_output_tokens ?? undefined,
      temperature: body.temperature ?? undefined,
      topP: body.top_p ?? undefined,
    },
  };
}

export type ResponseMeta = { id: string; createdAt: number; model: string; messageId: string };

export function responseMeta(model: string, now: Date): ResponseMeta {
  const random = () => crypto.randomUUID().replaceAll("-", "");
  return {
    id: `resp_${random()}`,
    createdAt: Math.floor(now.getTime() / 1000),
    model,
    messageId: `msg_${random()}`,
  };
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
};

/** The `response` object: in progress (no output yet), or finished with its message, usage and our extensions. */
export function responseBody(
  meta: ResponseMeta,
  request: ResponsesRequest,
  finished?: { answer: Finished; content: string; asJson: boolean },
) {
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
          {
            type: "message" as const,
            id: meta.messageId,
            status: incomplete ? "incomplete" : "completed",
            role: "assistant" as const,
            content: [outputText(finished.answer, finished.content, finished.asJson)],
          },
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
    tools: [],
    tool_choice: request.tool_choice ?? "auto",
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: null,
    store: false,
    text: { format: { type: request.text?.format?.type ?? "text" } },
    metadata: request.metadata ?? {},
    // Our extensions, as on chat completions: the cited passages and why the answer says what it says.
    sources: answer ? citedSources(answer.sources) : [],
    trace: answer ? traceOf({ content: finished?.content ?? "", trace: answer.trace ?? null }) : null,
  };
}

/** The stream's typed events, numbered in order, for one response with one message of one output_text part. */
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
      const done = responseBody(meta, request, { answer, content, asJson });
      const item = done.output[0];
      return [
        event("response.output_text.done", { ...at, text: content, logprobs: [] }),
        event("response.content_part.done", { ...at, part: item?.content[0] }),
        event("response.output_item.done", { output_index: 0, item }),
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
