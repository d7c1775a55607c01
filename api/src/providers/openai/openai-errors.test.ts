// OpenAI's refusals as the real client raises them: classified once, and described for people by the fine-tuning steps.
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../test/fake-openai-server";
import { describeOpenAiError, OpenAiRequestError, openAiFailureOf } from "./openai-errors";

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server.close();
});

async function failureOf(
  run: (client: OpenAI) => Promise<unknown>,
  apiKey = server.apiKey,
): Promise<unknown> {
  const client = new OpenAI({ apiKey, baseURL: server.baseUrl, maxRetries: 0 });
  return run(client).then(
    () => undefined,
    (error: unknown) => describeOpenAiError("Doing it", error),
  );
}

const retrieveJob = (client: OpenAI) => client.fineTuning.jobs.retrieve("ftjob-none");

describe("describeOpenAiError", () => {
  it("names the step, OpenAI's words and what to check", async () => {
    const wrongKey = (await failureOf(retrieveJob, "sk-wrong")) as OpenAiRequestError;
    expect(wrongKey).toBeInstanceOf(OpenAiRequestError);
    expect(wrongKey).toMatchObject({ status: 401, code: "invalid_api_key" });
    expect(wrongKey.message).toBe(
      "Doing it failed: OpenAI rejected the API key (401: Incorrect API key provided); check OPENAI_API_KEY.",
    );
    expect(wrongKey.cause).toBeInstanceOf(OpenAI.AuthenticationError);

    const missing = (await failureOf(retrieveJob)) as OpenAiRequestError;
    expect(missing.message).toBe(
      "Doing it failed: OpenAI refused it (404: Could not find fine-tuning job: ftjob-none).",
    );

    server.setChatScript({
      failure: { kind: "status", status: 429, code: "insufficient_quota", message: "Quota gone" },
    });
    const quota = (await failureOf((client) =>
      client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] }),
    )) as OpenAiRequestError;
    expect(quota.message).toContain("out of quota (429: Quota gone)");

    server.setChatScript({ failure: { kind: "status", status: 429 } });
    const limited = (await failureOf((client) =>
      client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] }),
    )) as OpenAiRequestError;
    expect(limited.message).toContain("rate-limiting requests (429: Rate limit reached for requests)");
  });

  it("says when OpenAI could not be reached, and leaves other errors alone", async () => {
    const offline = new OpenAI({ apiKey: "k", baseURL: "http://127.0.0.1:9/v1", maxRetries: 0 });
    const unreachable = describeOpenAiError(
      "Uploading",
      await offline.files.retrieve("f").catch((e: unknown) => e),
    );
    expect(unreachable).toBeInstanceOf(OpenAiRequestError);
    expect((unreachable as Error).message).toMatch(/^Uploading failed: OpenAI could not be reached/);
    const plain = new Error("boom");
    expect(describeOpenAiError("x", plain)).toBe(plain);
    const abort = new OpenAI.APIUserAbortError();
    expect(describeOpenAiError("x", abort)).toBe(abort);
  });
});

describe("openAiFailureOf", () => {
  it("classifies the client's errors once for every caller", async () => {
    const wrongKey = openAiFailureOf(await failureOfRaw(retrieveJob, "sk-wrong"));
    expect(wrongKey).toMatchObject({ kind: "refused", refusal: "unauthorized", status: 401 });
    expect(openAiFailureOf(await failureOfRaw(retrieveJob))).toMatchObject({
      kind: "refused",
      refusal: "not-found",
      status: 404,
    });
    server.setChatScript({
      failure: { kind: "status", status: 429, code: "insufficient_quota", message: "Quota gone" },
    });
    expect(openAiFailureOf(await failureOfRaw(chatOnce))).toMatchObject({ refusal: "out-of-quota" });
    server.setChatScript({ failure: { kind: "status", status: 429 } });
    expect(openAiFailureOf(await failureOfRaw(chatOnce))).toMatchObject({ refusal: "rate-limited" });

    const offline = new OpenAI({ apiKey: "k", baseURL: "http://127.0.0.1:9/v1", maxRetries: 0 });
    const unreachable = await offline.files.retrieve("f").catch((e: unknown) => e);
    expect(openAiFailureOf(unreachable)).toMatchObject({ kind: "unreachable", timedOut: false });
    expect(openAiFailureOf(new OpenAI.APIUserAbortError())).toMatchObject({ kind: "aborted" });
    expect(openAiFailureOf(new Error("boom"))).toEqual({ kind: "not-openai" });
  });
});

async function failureOfRaw(run: (client: OpenAI) => Promise<unknown>, apiKey = server.apiKey) {
  const client = new OpenAI({ apiKey, baseURL: server.baseUrl, maxRetries: 0 });
  return run(client).then(
    () => undefined,
    (error: unknown) => error,
  );
}

const chatOnce = (client: OpenAI) =>
  client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "hi" }] });
