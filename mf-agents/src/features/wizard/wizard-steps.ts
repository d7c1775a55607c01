// The four steps of each agent's wizard (spec section 2): upload data, train, test, then operations or generate.
// Technical and fundraising titles and document types are the spec's; the others follow the same pattern.
import type { BuiltInAgentId } from "@acp/contracts/agents";
import { WIZARD_STEPS } from "@acp/contracts/constants";

export type WizardStep = { title: string; tab: string };

export type WizardDefinition = {
  steps: readonly [WizardStep, WizardStep, WizardStep, WizardStep];
  /** Step 1's recommended document types; the spec gives none for legal and vision. */
  recommendedDocuments: readonly string[];
};

export const WIZARDS: Record<BuiltInAgentId, WizardDefinition> = {
  gtm: {
    steps: [
      { title: "Upload GTM Data", tab: "GTM Data" },
      { title: "Train GTM Agent", tab: "Training" },
      { title: "Test & Validate", tab: "Testing" },
      { title: "GTM Operations", tab: "Operations" },
    ],
    recommendedDocuments: [],
  },
  legal: {
    steps: [
      { title: "Upload Legal Documents", tab: "Legal Docs" },
      { title: "Train Legal Agent", tab: "Training" },
      { title: "Test & Validate", tab: "Testing" },
      { title: "Legal Operations", tab: "Operations" },
    ],
    recommendedDocuments: [],
  },
  vision: {
    steps: [
      { title: "Upload Vision Materials", tab: "Vision Docs" },
      { title: "Train Vision Agent", tab: "Training" },
      { title: "Test & Validate", tab: "Testing" },
      { title: "Vision Generation", tab: "Generate" },
    ],
    recommendedDocuments: [],
  },
  technical: {
    steps: [
      { title: "Upload Technical Docs", tab: "Tech Docs" },
      { title: "Train Technical Agent", tab: "Training" },
      { title: "Test & Validate", tab: "Testing" },
      { title: "Tech Operations", tab: "Operations" },
    ],
    recommendedDocuments: [
      "System architecture diagrams",
      "API documentation and specs",
      "Database schemas",
      "Technical requirements",
      "Infrastructure documentation",
    ],
  },
  fundraising: {
    steps: [
      { title: "Upload Fundraising Data", tab: "Financial Data" },
      { title: "Train Fundraising Agent", tab: "Training" },
      { title: "Test & Validate", tab: "Testing" },
      { title: "Fundraising Prep", tab: "Fundraising" },
    ],
    recommendedDocuments: [
      "Financial statements and projections",
      "Business plan and executive summary",
      "Market analysis and competitive landscape",
      "Product demos and case studies",
      "Team bios and org chart",
    ],
  },
};

/** "Step 1 of 4: Upload Technical Docs". */
export function stepLabel(step: number, title: string): string {
  return `Step ${step} of ${WIZARD_STEPS}: ${title}`;
}
