// Test support: the fake OpenAI server's files: uploads through POST /v1/files, checked as OpenAI checks fine-tuning JSONL.
import type { IncomingMessage, ServerResponse } from "node:http";
import busboy from "busboy";
import {
  errorBody,
  promptTokensOf,
  type ScriptedStatusFailure,
  seconds,
  send,
  sendStatusFailure,
} from "./fake-openai-wire";

/** A file uploaded through POST /v1/files. */
export type RecordedFile = {
  id: string;
  filename: string;
  purpose: string;
  bytes: number;
  /** The file's text as uploaded (JSONL for purpose fine-tune). */
  content: string;
  deleted: boolean;
};

const FILE_PURPOSES = new Set(["fine-tune", "assistants", "batch", "vision", "user_data", "evals"]);
const CHAT_ROLES = new Set(["system", "user", "assistant", "tool"]);

/** Why one JSONL line is not a chat fine-tuning example, or null when it is one. */
function chatExampleProblem(line: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return "is not valid JSON";
  }
  const messages = (value as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'has no "messages" list';
  for (const message of messages as { role?: unknown; content?: unknown }[]) {
    if (typeof message?.role !== "string" || !CHAT_ROLES.has(message.role)) {
      return `has a message with an unrecognised role (${JSON.stringify(message?.role)})`;
    }
    if (typeof message.content !== "string") return "has a message whose content is not text";
  }
  if (!messages.some((message) => message.role === "assistant")) return "has no assistant message";
  return null;
}

export function fileLines(content: string): string[] {
  return content.split(/\r?\n/).filter((line) => line.trim() !== "");
}

/** About 4 characters a token over every message of every example (what the fake bills as trained tokens). */
export function fileTokens(content: string): number {
  return fileLines(content).reduce((sum, line) => {
    const messages = (JSON.parse(line) as { messages: { content: string }[] }).messages;
    return sum + promptTokensOf(messages);
  }, 0);
}

async function readMultipart(
  request: IncomingMessage,
): Promise<{ fields: Record<string, string>; file: { filename: string; content: Buffer } | undefined }> {
  const fields: Record<string, string> = {};
  let file: { filename: string; content: Buffer } | undefined;
  await new Promise<void>((resolve, reject) => {
    const parser = busboy({ headers: request.headers });
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      const parts: Buffer[] = [];
      stream.on("data", (part: Buffer) => parts.push(part));
      stream.on("end", () => {
        if (name === "file") file = { filename: info.filename ?? "file", content: Buffer.concat(parts) };
      });
    });
    parser.on("close", resolve);
    parser.on("error", reject);
    request.pipe(parser);
  });
  return { fields, file };
}

/** The files uploaded so far, and the upload route that adds to them. */
export function createFakeFileStore(
  /** The next id with this prefix (one sequence across files and fine-tuning jobs). */
  id: (prefix: string) => string,
  /** The next upload(s) answer these failures, in order, instead of storing the file. */
  state: { fileFailures: ScriptedStatusFailure[] },
) {
  const files = new Map<string, RecordedFile>();

  const fileJson = (file: RecordedFile) => ({
    object: "file",
    id: file.id,
    bytes: file.bytes,
    created_at: seconds(),
    filename: file.filename,
    purpose: file.purpose,
    status: "processed",
  });

  const uploadFile = async (request: IncomingMessage, response: ServerResponse): Promise<number> => {
    const scripted = state.fileFailures.shift();
    if (scripted) {
      request.resume();
      sendStatusFailure(response, scripted);
      return scripted.status;
    }
    const refuse = (message: string, param: string, code: string | null = null) => {
      send(response, 400, errorBody(message, code, param));
      return 400;
    };
    let form: Awaited<ReturnType<typeof readMultipart>>;
    try {
      form = await readMultipart(request);
    } catch {
      return refuse("The request must be multipart/form-data with a file and a purpose.", "file");
    }
    const purpose = form.fields.purpose ?? "";
    if (!FILE_PURPOSES.has(purpose)) {
      return refuse(`'${purpose}' is not one of ${[...FILE_PURPOSES].join(", ")} - 'purpose'`, "purpose");
    }
    if (!form.file) return refuse("Missing required parameter: 'file'.", "file");
    const content = form.file.content.toString("utf8");
    if (purpose === "fine-tune") {
      const lines = fileLines(content);
      if (lines.length === 0)
        return refuse("Invalid file format for Fine-Tuning API: the file is empty.", "file");
      for (const [index, line] of lines.entries()) {
        const problem = chatExampleProblem(line);
        if (problem) {
          return refuse(
            `Invalid file format for Fine-Tuning API. Line ${index + 1} ${problem}: each line must be a chat example {"messages": [...]}.`,
            "file",
            "invalid_file_format",
          );
        }
      }
    }
    const file: RecordedFile = {
      id: id("file-"),
      filename: form.file.filename,
      purpose,
      bytes: form.file.content.length,
      content,
      deleted: false,
    };
    files.set(file.id, file);
    send(response, 200, fileJson(file));
    return 200;
  };

  return { files, fileJson, uploadFile };
}
