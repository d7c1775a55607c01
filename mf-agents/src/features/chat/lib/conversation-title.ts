// The title of a conversation the card creates: spec section 4 names the go-to-market one "New GTM Conversation";
// every other agent type follows the same pattern with its own name.

/** Names that title-casing the type would spell wrong. */
const TYPE_NAMES: Record<string, string> = {
  gtm: "GTM",
  "qa-compliance": "QA and Compliance",
  "hr-talent": "HR & Talent",
};

function agentTypeName(agentType: string): string {
  return (
    TYPE_NAMES[agentType] ??
    agentType
      .split("-")
      .filter((word) => word !== "")
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(" ")
  );
}

export function newConversationTitle(agentType: string): string {
  return `New ${agentTypeName(agentType)} Conversation`;
}
