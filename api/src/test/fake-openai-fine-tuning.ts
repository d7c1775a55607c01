// Test support: the fake OpenAI server's files and fine-tuning routes, their shared state and request record.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createFakeFileStore } from "./fake-openai-files";
import {
  createFakeFineTuneJobs,
  DEFAULT_FINE_TUNE_TIMING,
  type FineTuneFailure,
  TERMINAL,
} from "./fake-openai-fine-tune-jobs";
import { errorBody, readJson, type ScriptedStatusFailure, send } from "./fake-openai-wire";

/** A files or fine-tuning request, in order (embeddings and chat keep their own records). */
export type RecordedApiRequest = { method: string; path: string; status: number };

/** A cursor page as OpenAI lists events and checkpoints: newest first, `limit` items after the `after` id. */
function cursorPage<T extends { id: string }>(
  newestFirst: T[],
  query: URLSearchParams,
  defaultLimit: number,
) {
  const limit = Math.max(1, Math.min(100, Number(query.get("limit") ?? defaultLimit) || defaultLimit));
  const after = query.get("after");
  const start = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
  const data = start === 0 && after ? [] : newestFirst.slice(start, start + limit);
  return { object: "list", data, has_more: start + data.length < newestFirst.length };
}

/** Files and fine-tuning jobs: their shared state and id sequence, and the routes (the stores live in their own modules). */
export function createFineTuneBackend() {
  let nextId = 1;
  const state = {
    requests: [] as RecordedApiRequest[],
    timing: { ...DEFAULT_FINE_TUNE_TIMING },
    fileFailures: [] as ScriptedStatusFailure[],
    jobFailure: undefined as FineTuneFailure | undefined,
  };
  const id = (prefix: string) => `${prefix}${(nextId++).toString(36).padStart(6, "0")}`;

  const { files, fileJson, uploadFile } = createFakeFileStore(id, state);
  const { jobs, jobJson, createJob, cancel } = createFakeFineTuneJobs(id, files, state);

  /** Answers a files or fine-tuning request; false when the path is not one of them. */
  const handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    apiKey: string,
  ): Promise<boolean> => {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    if (!path.startsWith("/v1/files") && !path.startsWith("/v1/fine_tuning/")) return false;
    const record: RecordedApiRequest = { method: request.method ?? "", path, status: 0 };
    state.requests.push(record);
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      request.resume();
      record.status = 401;
      send(response, 401, errorBody("Incorrect API key provided", "invalid_api_key"));
      return true;
    }
    const notFound = (message: string) => {
      record.status = 404;
      send(response, 404, errorBody(message, "not_found"));
      return true;
    };
    const method = request.method;
    if (method === "POST" && path === "/v1/files") {
      record.status = await uploadFile(request, response);
      return true;
    }
    const fileMatch = /^\/v1\/files\/([^/]+)$/.exec(path);
    if (fileMatch && (method === "GET" || method === "DELETE")) {
      const file = files.get(decodeURIComponent(fileMatch[1] ?? ""));
      if (!file || file.deleted) return notFound(`No such File object: ${fileMatch[1]}`);
      record.status = 200;
      if (method === "DELETE") {
        file.deleted = true;
        send(response, 200, { object: "file", id: file.id, deleted: true });
      } else send(response, 200, fileJson(file));
      return true;
    }
    if (method === "POST" && path === "/v1/fine_tuning/jobs") {
      let body: Record<string, unknown>;
      try {
        body = (await readJson(request)) as Record<string, unknown>;
      } catch {
        record.status = 400;
        send(response, 400, errorBody("The request body is not valid JSON."));
        return true;
      }
      record.status = createJob(response, body ?? {});
      return true;
    }
    const jobMatch = /^\/v1\/fine_tuning\/jobs\/([^/]+)(?:\/(cancel|events|checkpoints))?$/.exec(path);
    if (!jobMatch) return notFound(`Unknown path ${path}`);
    const job = jobs.get(decodeURIComponent(jobMatch[1] ?? ""));
    if (!job) return notFound(`Could not find fine-tuning job: ${jobMatch[1]}`);
    const action = jobMatch[2];
    if (method === "GET" && action === undefined) {
      record.status = 200;
      send(response, 200, jobJson(job));
    } else if (method === "POST" && action === "cancel") {
      if (TERMINAL.has(job.record.status)) {
        record.status = 400;
        send(response, 400, errorBody(`Job has already completed with status ${job.record.status}.`));
        return true;
      }
      cancel(job);
      record.status = 200;
      send(response, 200, jobJson(job));
    } else if (method === "GET" && action === "events") {
      record.status = 200;
      send(response, 200, cursorPage([...job.events].reverse(), url.searchParams, 20));
    } else if (method === "GET" && action === "checkpoints") {
      record.status = 200;
      send(response, 200, cursorPage([...job.checkpoints].reverse(), url.searchParams, 10));
    } else return notFound(`Unknown path ${method} ${path}`);
    return true;
  };

  const stopAll = () => {
    for (const job of jobs.values()) if (job.timer) clearTimeout(job.timer);
  };

  return {
    handle,
    state,
    files: () => [...files.values()],
    jobs: () => [...jobs.values()].map((job) => job.record),
    /** The models of jobs that succeeded: only these (of the ft: models) answer chat completions. */
    servesModel: (model: string) =>
      !model.startsWith("ft:") ||
      [...jobs.values()].some(
        (job) => job.record.status === "succeeded" && job.record.fineTunedModel === model,
      ),
    reset() {
      stopAll();
      files.clear();
      jobs.clear();
      state.requests = [];
      state.timing = { ...DEFAULT_FINE_TUNE_TIMING };
      state.fileFailures = [];
      state.jobFailure = undefined;
    },
    stopAll,
  };
}
