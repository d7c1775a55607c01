// The four steps of each agent's wizard (spec section 2): upload data, train, test, then operations or generate,
// with step 1's recommended documents and step 4's action cards. Technical and fundraising copy is the spec's word
// for word; go-to-market, legal and vision follow the same pattern.
import type { BuiltInAgentId } from "@acp/contracts/agents";
import { WIZARD_STEPS } from "@acp/contracts/constants";

export type WizardStep = { title: string; tab: string };

/** A step 4 card: its button sends `prompt` into the agent's chat. */
export type OperationCard = { title: string; description: string; action: string; prompt: string };

export type WizardDefinition = {
  steps: readonly [WizardStep, WizardStep, WizardStep, WizardStep];
  /** Step 1's recommended document types. */
  recommendedDocuments: readonly string[];
  /** Step 4's two cards. */
  operations: readonly [OperationCard, OperationCard];
};

export const WIZARDS: Record<BuiltInAgentId, WizardDefinition> = {
  gtm: {
    steps: [
      { title: "Upload GTM Data", tab: "GTM Data" },
      { title: "Train GTM Agent", tab: "Training" },
      { title: "Test & Validate", tab: "Testing" },
      { title: "GTM Operations", tab: "Operations" },
    ],
    recommendedDocuments: [
      "Market research and customer interviews",
      "Competitive analysis and positioning",
      "Pricing models and sales playbooks",
      "Customer personas and segmentation data",
      "Campaign results and pipeline reports",
    ],
    operations: [
      {
        title: "Campaign Planning",
        description:
          "Plan a launch or campaign: audience, message, channels and the metric that shows it worked.",
        action: "Plan Campaign",
        prompt:
          "Plan our next go-to-market campaign: target segment, core message, channels, budget split and success metrics.",
      },
      {
        title: "Pipeline Analysis",
        description: "Find where deals stall and which segments convert, from your pipeline and sales data.",
        action: "Analyze Pipeline",
        prompt:
          "Analyze our sales pipeline: where do deals stall, which segments convert best, and what should we change first?",
      },
    ],
  },
  legal: {
    steps: [
      { title: "Upload Legal Documents", tab: "Legal Docs" },
      { title: "Train Legal Agent", tab: "Training" },
      { title: "Test & Validate", tab: "Testing" },
      { title: "Legal Operations", tab: "Operations" },
    ],
    recommendedDocuments: [
      "Customer and vendor contracts",
      "Terms of service and privacy policies",
      "Incorporation documents and bylaws",
      "Compliance policies and regulatory filings",
      "Employment agreements and IP assignments",
    ],
    operations: [
      {
        title: "Contract Review",
        description: "Review your contracts for obligations, renewal dates and clauses that carry risk.",
        action: "Review Contracts",
        prompt:
          "Review our contracts: list the key obligations, renewal and termination dates, and the clauses that carry the most risk.",
      },
      {
        title: "Compliance Check",
        description: "Check your policies against the requirements that apply to your business.",
        action: "Run Compliance Check",
        prompt:
          "Check our policies for compliance gaps: which requirements apply to us, what is covered, and what is missing?",
      },
    ],
  },
  vision: {
    steps: [
      { title: "Upload Vision Materials", tab: "Vision Docs" },
      { title: "Train Vision Agent", tab: "Training" },
      { title: "Test & Validate", tab: "Testing" },
      { title: "Vision Generation", tab: "Generate" },
    ],
    recommendedDocuments: [
      "Mission and vision statements",
      "Strategic plans and board presentations",
      "Company values and culture documents",
      "OKRs and annual goals",
      "Founder letters and investor updates",
    ],
    operations: [
      {
        title: "Vision Statement",
        description: "Draft a concise vision statement that ties back to your own strategy and goals.",
        action: "Generate Vision",
        prompt:
          "Draft a concise vision statement and mission from our materials, and explain how each line ties to our goals.",
      },
      {
        title: "Strategic Roadmap",
        description: "Turn your vision into strategic pillars with milestones for the next three years.",
        action: "Build Roadmap",
        prompt:
          "Build a three-year strategic roadmap from our vision: the strategic pillars, the milestones for each year and how we measure them.",
      },
    ],
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
    operations: [
      {
        title: "Architecture Review",
        description: "Review your architecture for scalability, reliability and security risks.",
        action: "Review Architecture",
        prompt:
          "Review our system architecture for scalability, reliability and security, and rank the findings by risk and effort.",
      },
      {
        title: "System Design",
        description: "Find bottlenecks and get concrete improvements to your system design.",
        action: "Optimize System",
        prompt:
          "Suggest how to optimize our system design: the main bottlenecks, the data flows to simplify and the infrastructure changes worth making.",
      },
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
    operations: [
      {
        title: "Pitch Deck Creation",
        description: "Outline an investor pitch deck from your plan, market analysis and traction.",
        action: "Create Pitch Deck",
        prompt:
          "Create an investor pitch deck outline from our business plan, market analysis and traction, slide by slide.",
      },
      {
        title: "Financial Modeling",
        description: "Summarize the financial model investors will ask about: drivers, burn and runway.",
        action: "Generate Models",
        prompt:
          "Generate a financial model summary from our statements and projections: revenue drivers, costs, burn rate and runway.",
      },
    ],
  },
};

/** "Step 1 of 4: Upload Technical Docs". */
export function stepLabel(step: number, title: string): string {
  return `Step ${step} of ${WIZARD_STEPS}: ${title}`;
}
