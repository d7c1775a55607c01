// One OpenAI-style call to an agent, whatever API shape asked it (chat completions, responses): the agent is resolved
// and checked, its passages retrieved, the answer written whole or streamed, failures before the first word answered
// as HTTP errors and after it as an error event, the call logged with its tokens when it ends. Each API shape says how
// its answer is written (AnswerWriter); the rest is this one path.
import type { Context } from "hono";
import { errorBody } from "../lib/app-error";
import { eventStreamResponse } from "../lib/event-stream";
import { asksForStructuredAnswer } from "../providers/chat-model/responder";
import type { GroundedAnswer } from "../services/chat/grounded-answer";
import { assertMayCall, resolveModel } from "../services/public-api/agent-target";
import {
  answerCall,
  callFailureError,
  readsSharedLibrary,
  retrieveForCall,
} from "../services/public-api/answer-call";
import { startAnswer } from "../services/public-api/first-piece";
import { type ChatCall, jsonObjectContent } from "../services/public-api/openai-chat";
import { createCitationStream } from "../services/public-api/streamed-citations";
import { callerKey, type V1Env } from "./v1-middleware";

/**
 * How long a streamed request waits for the model's first piece before it answers 200: a failure within it is an
 * HTTP error with its status (429 with Retry-After, 5xx), after it an error event in the open stream.
 */
const FIRST_PIECE_WAIT_MS = 10_000;

/** Words for a failure that is not the model's (a bug, the database), sent in the stream's error event. */
const UNEXPECTED = "Something went wrong while answering. Please try again.";

/** What a route read from its request, in one shape (readChatCall's, with the agent and whether to stream). */
export type AgentCall = ChatCall & { model: string; stream: boolean };

/** How one API shape writes an answer: its JSON body, or its stream's events in order. */
export type AnswerWriter = {
  /** The body of a whole (not streamed) answer; `content` is the text to show (the JSON object's, with asJson). */
  whole: (answer: GroundedAnswer, content: string) => unknown;
  /** Events before any text. */
  opening: () => unknown[];
  /** Events for a piece of the answer's text, as written. */
  piece: (text: string) => unknown[];
  /** Events once the answer is whole; `content` is all the text the pieces added up to. */
  closing: (answer: GroundedAnswer, content: string) => unknown[];
  /** The event of a failure after the stream opened. */
  failure: (status: number, body: { error: string; code: string; details?: unknown }) => unknown;
  /** A last line after the closing events (chat completions' "[DONE]"), if any. */
  terminator?: string;
  /**
   * Runs once an answer is whole and did not fail, before it is sent (the whole body, or the stream's closing events):
   * what must be true when the client reads the end (a stored response it may read back at once).
   */
  settle?: (answer: GroundedAnswer, content: string) => Promise<void>;
};

export async function answerAgentCall(
  c: Context<V1Env>,
  call: AgentCall,
  writer: AnswerWriter,
): Promise<Response> {
  const { deps, v1Call: log } = c.var;
  const apiKey = callerKey(c);
  const target = await resolveModel({ db: deps.database.db, model: call.model, apiKey });
  log.agentOwnerId = target.ownerId;
  log.agentEndpoint = target.endpoint;
  assertMayCall(target, apiKey);
  const { history, question } = call;
  // Retrieval fails (vector store down) as an HTTP error on both paths, before any stream opens.
  const includeShared = readsSharedLibrary(target, apiKey);
  const passages = await retrieveForCall(deps, { target, history, question, includeShared });
  const stream = deps.streams.open({ signal: c.req.raw.signal });
  const turn = {
    target,
    history,
    question,
    includeShared,
    passages,
    signal: stream.signal,
    callerInstructions: call.instructions,
    generation: call.generation,
  };
  const shown = (answer: GroundedAnswer) => (call.asJson ? jsonObjectContent(answer) : answer.content);
  const count = (answer: GroundedAnswer) => {
    log.promptTokens = answer.promptTokens;
    log.completionTokens = answer.completionTokens;
  };

  if (!call.stream) {
    try {
      const answer = await answerCall(deps, turn);
      count(answer);
      const failure = callFailureError(answer);
      if (failure) throw failure;
      await writer.settle?.(answer, shown(answer));
      return c.json(writer.whole(answer, shown(answer)) as object, 200);
    } finally {
      stream.done();
    }
  }

  const started = startAnswer(
    (onPiece) => answerCall(deps, { ...turn, onToken: onPiece }),
    FIRST_PIECE_WAIT_MS,
  );
  await started.ready;
  if (started.settled && started.pieces === 0) {
    // Over before a word was written: a failure is still an HTTP status (and Retry-After) for the client.
    try {
      const answer = await started.answer;
      const failure = callFailureError(answer);
      if (failure) {
        count(answer);
        throw failure;
      }
    } catch (error) {
      stream.done();
      throw error;
    }
  }
  let streamEnded: (status: number) => void = () => undefined;
  log.streamEnd = new Promise<number>((resolve) => {
    streamEnded = resolve;
  });
  const events = eventStreamResponse({
    signal: stream.signal,
    produce: async (sink) => {
      let status = 200;
      const send = (event: unknown) => sink.data(JSON.stringify(event));
      try {
        for (const event of writer.opening()) send(event);
        let written = "";
        const write = (text: string) => {
          if (text === "") return;
          written += text;
          for (const event of writer.piece(text)) send(event);
        };
        // The words as the model writes them, markers checked on the way: they add up to the answer returned whole.
        // The offline JSON object is one piece once whole (a JSON text cut mid-way is no object); a chat model's
        // structured answer streams verbatim ("[3]" in JSON is data, not a marker).
        const verbatim = asksForStructuredAnswer(call.generation);
        const citations = createCitationStream(passages.length);
        if (verbatim) started.attach(write);
        else if (!call.asJson) started.attach((text) => write(citations.push(text)));
        const answer = await started.answer;
        count(answer);
        const failure = callFailureError(answer);
        if (failure) {
          status = failure.status;
          send(writer.failure(failure.status, errorBody(failure)));
          return;
        }
        if (!verbatim) write(call.asJson ? shown(answer) : citations.end());
        await writer.settle?.(answer, written);
        for (const event of writer.closing(answer, written)) send(event);
        if (writer.terminator) sink.data(writer.terminator);
      } catch (error) {
        deps.logger.error({ err: error }, "agent call stream failed");
        status = 500;
        send(writer.failure(500, { error: UNEXPECTED, code: "INTERNAL_ERROR" }));
      } finally {
        stream.done();
        streamEnded(status);
      }
    },
  });
  // Through c.body so the headers set before (RateLimit-*, X-Request-Id) reach the stream's response too.
  return c.body(events.body as ReadableStream<Uint8Array>, 200, Object.fromEntries(events.headers));
}
