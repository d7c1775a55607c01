// The documented examples of the public API, one source for the API documentation card, the OpenAPI document and the
// client compatibility suite (e2e/clients), which runs each JavaScript example as written. Every example points at
// the server's own origin, reads the key from ACP_API_KEY and names the agent's endpoint slug as the model, so it
// pastes into a terminal or a project as it is. Plain strings only: no zod here, so the card's bundle pays nothing.
import { PUBLIC_API_PATH_PREFIX } from "./constants";

export const EXAMPLE_MESSAGE = "Draft our Q3 go-to-market plan";
/** Stands in for an agent's endpoint while the user has no public agent to name. */
export const ENDPOINT_PLACEHOLDER = "{apiEndpoint}";
/** Where the examples read the key from, so it is never pasted into code. */
export const KEY_VARIABLE = "ACP_API_KEY";

/** "https://panel.example.com/api/v1": the base URL of the public agent API and of the OpenAI-compatible one. */
export function apiBaseUrl(origin: string): string {
  return `${origin.replace(/\/+$/, "")}${PUBLIC_API_PATH_PREFIX.replace(/\/$/, "")}`;
}

export function curlAgentExample(origin: string, endpoint = ENDPOINT_PLACEHOLDER): string {
  return `curl -X POST ${apiBaseUrl(origin)}/${endpoint} \\
  -H "Authorization: Bearer $${KEY_VARIABLE}" \\
  -H "Content-Type: application/json" \\
  -d '{ "message": "${EXAMPLE_MESSAGE}" }'`;
}

export function curlPublicExample(origin: string, endpoint = ENDPOINT_PLACEHOLDER): string {
  return `curl -X POST ${apiBaseUrl(origin)}/${endpoint} \\
  -H "Content-Type: application/json" \\
  -d '{ "message": "${EXAMPLE_MESSAGE}" }'`;
}

export function curlChatCompletionsExample(origin: string, endpoint = ENDPOINT_PLACEHOLDER): string {
  return `curl ${apiBaseUrl(origin)}/chat/completions \\
  -H "Authorization: Bearer $${KEY_VARIABLE}" \\
  -H "Content-Type: application/json" \\
  -d '{
    "model": "${endpoint}",
    "messages": [{ "role": "user", "content": "${EXAMPLE_MESSAGE}" }]
  }'`;
}

/** The official `openai` package for JavaScript and TypeScript. */
export function javascriptExample(origin: string, endpoint = ENDPOINT_PLACEHOLDER): string {
  return `import OpenAI from "openai";

const client = new OpenAI({
  baseURL: "${apiBaseUrl(origin)}",
  apiKey: process.env.${KEY_VARIABLE},
});

const completion = await client.chat.completions.create({
  model: "${endpoint}",
  messages: [{ role: "user", content: "${EXAMPLE_MESSAGE}" }],
});
console.log(completion.choices[0].message.content);

// Streaming: add stream: true and read the chunks.
const stream = await client.chat.completions.create({
  model: "${endpoint}",
  messages: [{ role: "user", content: "${EXAMPLE_MESSAGE}" }],
  stream: true,
});
for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? "");
console.log();`;
}

/** The Vercel AI SDK (`ai`) with its OpenAI-compatible provider. */
export function aiSdkExample(origin: string, endpoint = ENDPOINT_PLACEHOLDER): string {
  return `import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, streamText } from "ai";

const acp = createOpenAICompatible({
  name: "acp",
  baseURL: "${apiBaseUrl(origin)}",
  apiKey: process.env.${KEY_VARIABLE},
});

const { text } = await generateText({
  model: acp("${endpoint}"),
  prompt: "${EXAMPLE_MESSAGE}",
});
console.log(text);

// Streaming: streamText, then read its textStream.
const result = streamText({
  model: acp("${endpoint}"),
  prompt: "${EXAMPLE_MESSAGE}",
});
for await (const text of result.textStream) process.stdout.write(text);
console.log();`;
}

/** LangChain's ChatOpenAI pointed at this server. */
export function langChainExample(origin: string, endpoint = ENDPOINT_PLACEHOLDER): string {
  return `import { ChatOpenAI } from "@langchain/openai";

const model = new ChatOpenAI({
  model: "${endpoint}",
  apiKey: process.env.${KEY_VARIABLE},
  configuration: { baseURL: "${apiBaseUrl(origin)}" },
});

const answer = await model.invoke("${EXAMPLE_MESSAGE}");
console.log(answer.content);

// Streaming: model.stream yields message chunks.
const stream = await model.stream("${EXAMPLE_MESSAGE}");
for await (const chunk of stream) process.stdout.write(chunk.text);
console.log();`;
}

/** LlamaIndex.TS's OpenAI LLM pointed at this server. */
export function llamaIndexExample(origin: string, endpoint = ENDPOINT_PLACEHOLDER): string {
  return `import { OpenAI } from "@llamaindex/openai";

const llm = new OpenAI({
  model: "${endpoint}",
  apiKey: process.env.${KEY_VARIABLE},
  baseURL: "${apiBaseUrl(origin)}",
});

const response = await llm.chat({
  messages: [{ role: "user", content: "${EXAMPLE_MESSAGE}" }],
});
console.log(response.message.content);

// Streaming: add stream: true and read each chunk's delta.
const stream = await llm.chat({
  messages: [{ role: "user", content: "${EXAMPLE_MESSAGE}" }],
  stream: true,
});
for await (const chunk of stream) process.stdout.write(chunk.delta);
console.log();`;
}

/** The official `openai` package for Python. */
export function pythonExample(origin: string, endpoint = ENDPOINT_PLACEHOLDER): string {
  return `import os
from openai import OpenAI

client = OpenAI(base_url="${apiBaseUrl(origin)}", api_key=os.environ["${KEY_VARIABLE}"])

completion = client.chat.completions.create(
    model="${endpoint}",
    messages=[{"role": "user", "content": "${EXAMPLE_MESSAGE}"}],
)
print(completion.choices[0].message.content)

# Streaming: add stream=True and read the chunks.
stream = client.chat.completions.create(
    model="${endpoint}",
    messages=[{"role": "user", "content": "${EXAMPLE_MESSAGE}"}],
    stream=True,
)
for chunk in stream:
    print(chunk.choices[0].delta.content or "", end="")`;
}

export type ClientExampleLanguage = "shell" | "javascript" | "python";

/** A way to call the API: plain HTTP or a client library, with what it takes to install. */
export type ExampleClient = {
  id: "curl" | "openai" | "ai-sdk" | "langchain" | "llamaindex" | "openai-python";
  /** Short, for a tab: "AI SDK". */
  label: string;
  language: ClientExampleLanguage;
  /** The install command, when there is a package to install. */
  install?: string;
  /** One sentence on what the examples use. */
  description: string;
};

export const EXAMPLE_CLIENTS: readonly ExampleClient[] = [
  {
    id: "curl",
    label: "curl",
    language: "shell",
    description: "Plain HTTP: an agent endpoint with a key and without, and the OpenAI-compatible chat.",
  },
  {
    id: "openai",
    label: "OpenAI SDK",
    language: "javascript",
    install: "npm install openai",
    description: "The official openai package for JavaScript and TypeScript.",
  },
  {
    id: "ai-sdk",
    label: "AI SDK",
    language: "javascript",
    install: "npm install ai @ai-sdk/openai-compatible",
    description: "The Vercel AI SDK with its OpenAI-compatible provider.",
  },
  {
    id: "langchain",
    label: "LangChain",
    language: "javascript",
    install: "npm install @langchain/openai @langchain/core",
    description: "LangChain's ChatOpenAI with this server as its base URL.",
  },
  {
    id: "llamaindex",
    label: "LlamaIndex",
    language: "javascript",
    install: "npm install @llamaindex/openai",
    description: "LlamaIndex.TS's OpenAI LLM with this server as its base URL.",
  },
  {
    id: "openai-python",
    label: "Python",
    language: "python",
    install: "pip install openai",
    description: "The official openai package for Python.",
  },
];

export type ClientExampleId =
  | "curl-agent"
  | "curl-public-agent"
  | "curl-chat-completions"
  | "openai-javascript"
  | "ai-sdk"
  | "langchain"
  | "llamaindex"
  | "openai-python";

export type ClientExample = {
  id: ClientExampleId;
  /** The example's title: "JavaScript (AI SDK)". */
  label: string;
  language: ClientExampleLanguage;
  /** Which of EXAMPLE_CLIENTS it uses. */
  client: ExampleClient["id"];
  /** The example against `origin` (the server's own, e.g. "https://panel.example.com"), naming `endpoint` as the agent. */
  code: (origin: string, endpoint?: string) => string;
};

const EXAMPLES: readonly ClientExample[] = [
  {
    id: "curl-agent",
    label: "Ask an agent with an API key",
    language: "shell",
    client: "curl",
    code: curlAgentExample,
  },
  {
    id: "curl-public-agent",
    label: "Ask a public agent (no key)",
    language: "shell",
    client: "curl",
    code: curlPublicExample,
  },
  {
    id: "curl-chat-completions",
    label: "OpenAI-compatible chat",
    language: "shell",
    client: "curl",
    code: curlChatCompletionsExample,
  },
  {
    id: "openai-javascript",
    label: "JavaScript (openai)",
    language: "javascript",
    client: "openai",
    code: javascriptExample,
  },
  {
    id: "ai-sdk",
    label: "JavaScript (AI SDK)",
    language: "javascript",
    client: "ai-sdk",
    code: aiSdkExample,
  },
  {
    id: "langchain",
    label: "JavaScript (LangChain)",
    language: "javascript",
    client: "langchain",
    code: langChainExample,
  },
  {
    id: "llamaindex",
    label: "JavaScript (LlamaIndex)",
    language: "javascript",
    client: "llamaindex",
    code: llamaIndexExample,
  },
  {
    id: "openai-python",
    label: "Python (openai)",
    language: "python",
    client: "openai-python",
    code: pythonExample,
  },
];

/** Every documented example, in the order the documentation shows them. */
export function listClientExamples(): readonly ClientExample[] {
  return EXAMPLES;
}

/** One example by its id. */
export function clientExample(id: ClientExampleId): ClientExample {
  const found = EXAMPLES.find((example) => example.id === id);
  if (!found) throw new Error(`no client example ${id}`);
  return found;
}

/** The examples that use one client, in order. */
export function examplesOfClient(client: ExampleClient["id"]): readonly ClientExample[] {
  return EXAMPLES.filter((example) => example.client === client);
}
