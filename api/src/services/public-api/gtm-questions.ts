// The questions the gtm endpoints ask the gtm agent: a fixed strategy summary, and an analysis of the caller's text.

/** GET /api/v1/gtm/strategy: the parts of a go-to-market strategy the gtm agent's prompt names, asked of its knowledge. */
export const GTM_STRATEGY_QUESTION =
  "Summarise our go-to-market strategy: the target segments, our positioning and messaging, pricing, the channels and pipeline, and the metrics we track.";

/** POST /api/v1/gtm/analyze: the caller's text (validated and bounded by gtmAnalyzeRequestSchema) framed as one question. */
export function gtmAnalysisQuestion(text: string): string {
  return `Analyse this against our go-to-market knowledge: ${text}`;
}
