// The documentation's examples, against this server's own address so they paste into a terminal or a project as
// they are: an agent endpoint with curl (key and public), and the OpenAI-compatible API through the `openai` SDKs.
import { PUBLIC_API_PATH_PREFIX } from "@acp/contracts/constants";

export const EXAMPLE_MESSAGE = "Draft our Q3 go-to-market plan";
/** Stands in for an agent's endpoint while the user has no public agent to name. */
export const ENDPOINT_PLACEHOLDER = "{apiEndpoint}";
/** Where the examples read the key from, so it is never pasted into code. */
export const KEY_VARIABLE = "ACP_API_KEY";

/** "https://panel.example.com/api/v1": the base URL of the public agent API and of the OpenAI-compatible one. */
export function apiBaseUrl(origin: string): string {
  return `${origin}${PUBLIC_API_PATH_PREFIX.replace(/\/$/, "")}`;
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
for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? "");`;
}

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
