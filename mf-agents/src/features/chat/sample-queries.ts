// The chat card's strip of three sample questions per agent (spec section 9: 3 sample queries). Technical and
// fundraising are the spec's wizard samples; the others are written in the same spirit for their agent.

export type SampleQueries = readonly [string, string, string];

export const SAMPLE_QUERIES = {
  gtm: [
    "What is our ideal customer profile?",
    "Suggest a pricing strategy for our enterprise tier",
    "Which channels should we prioritize next quarter?",
  ],
  legal: [
    "Summarize the key obligations in our customer contracts",
    "Which clauses carry the most risk for us?",
    "What compliance requirements apply to our data handling?",
  ],
  vision: [
    "Draft a one-sentence mission statement from our materials",
    "What strategic pillars does our vision rest on?",
    "Where does our narrative contradict itself across documents?",
  ],
  technical: [
    "Review this API architecture for scalability",
    "Suggest improvements for database design",
    "Analyze security vulnerabilities in this system",
  ],
  fundraising: [
    "Create a Series A pitch deck outline",
    "Analyze our financial projections for investors",
    "Generate competitive analysis for VCs",
  ],
  custom: [
    "What are the key points in my documents?",
    "Summarize the facts I should know first",
    "Which topics can you answer from my knowledge base?",
  ],
} as const satisfies Record<string, SampleQueries>;

/** An agent's samples; custom agents and the demo presets share the general ones. */
export function sampleQueriesFor(agentType: string): SampleQueries {
  return agentType in SAMPLE_QUERIES
    ? SAMPLE_QUERIES[agentType as keyof typeof SAMPLE_QUERIES]
    : SAMPLE_QUERIES.custom;
}
