// The cuts an API caller's generation fields ask of the built-in responder, which writes its whole answer first:
// `stop` ends it before the first stop string, `maxTokens` at the last word boundary within the limit (the same
// token estimate the usage figures use), with OpenAI's finish_reason "length".
import type { FinishReason, Generation } from "./responder";
import { estimateTextTokens } from "./token-estimate";

export function limitAnswer(
  content: string,
  generation: Generation | undefined,
): { content: string; finishReason: FinishReason } {
  let text = content;
  for (const stop of generation?.stop ?? []) {
    const at = stop === "" ? -1 : text.indexOf(stop);
    if (at >= 0) text = text.slice(0, at);
  }
  const maxTokens = generation?.maxTokens;
  if (maxTokens === undefined || estimateTextTokens(text) <= maxTokens)
    return { content: text, finishReason: "stop" };
  // The longest run of whole words within the limit (a word alone past it is cut to nothing).
  let kept = "";
  for (const match of text.matchAll(/\s*\S+/g)) {
    const next = kept + match[0];
    if (estimateTextTokens(next) > maxTokens) break;
    kept = next;
  }
  return { content: kept.trimEnd(), finishReason: "length" };
}
