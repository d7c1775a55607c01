// What the gtm endpoints ask the gtm agent: a fixed strategy question, and the caller's text to analyse, each with
// the task's instructions added to the agent's prompt (the question alone is what retrieval searches for).

/** GET /api/v1/gtm/strategy: short, so retrieval and the built-in responder match it to a strategy passage. */
export const GTM_STRATEGY_QUESTION = "What is our go-to-market strategy?";

export const GTM_STRATEGY_INSTRUCTIONS =
  "Summarise the go-to-market strategy the passages describe: the target segments, the positioning and messaging, pricing, the channels and pipeline, and the metrics tracked. Leave out whatever the passages do not say.";

/**
 * POST /api/v1/gtm/analyze: the caller's text is the question (what retrieval searches for, and what the built-in
 * responder finds the matching knowledge of); these instructions tell a chat model what to do with it.
 */
export const GTM_ANALYSIS_INSTRUCTIONS =
  "The user's message is a text to analyse against our go-to-market knowledge, not a question: say where it agrees with the passages, where it departs from them and what it leaves out that they cover, citing the passages.";
