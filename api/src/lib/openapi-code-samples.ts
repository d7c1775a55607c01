// The documented client examples (@acp/contracts/client-examples, the same the API documentation card shows and
// e2e/clients runs) as `x-codeSamples` of the public API's operations, against this server's own address, so the
// interactive reference (Scalar) offers them beside each operation.
import {
  type ClientExampleId,
  type ClientExampleLanguage,
  clientExample,
} from "@acp/contracts/client-examples";

/** Which examples each operation shows, in order. */
const SAMPLES: Record<string, { method: string; examples: ClientExampleId[] }> = {
  "/api/v1/{apiEndpoint}": { method: "post", examples: ["curl-agent", "curl-public-agent"] },
  "/api/v1/chat/completions": {
    method: "post",
    examples: [
      "curl-chat-completions",
      "openai-javascript",
      "ai-sdk",
      "langchain",
      "llamaindex",
      "openai-python",
    ],
  },
};

/** Scalar's and Redoc's names for the examples' languages. */
const SAMPLE_LANGUAGE: Record<ClientExampleLanguage, string> = {
  shell: "Shell",
  javascript: "JavaScript",
  python: "Python",
};

type Operations = Record<string, Record<string, Record<string, unknown> | undefined> | undefined>;

/** The document with the examples added to the operations SAMPLES names, each against `origin`. */
export function withCodeSamples<D extends { paths?: object }>(document: D, origin: string): D {
  const paths = document.paths as Operations | undefined;
  for (const [path, { method, examples }] of Object.entries(SAMPLES)) {
    const operation = paths?.[path]?.[method];
    if (!operation)
      throw new Error(`OpenAPI code samples: no ${method.toUpperCase()} ${path} in the document`);
    operation["x-codeSamples"] = examples.map((id) => {
      const example = clientExample(id);
      return { lang: SAMPLE_LANGUAGE[example.language], label: example.label, source: example.code(origin) };
    });
  }
  return document;
}
