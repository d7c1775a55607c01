// Storybook stories for WhyThisAnswer: an answer quoted from a table row, an abstention with its best candidate, and
// a chat model's answer, each open, in a phone-wide column.
import type { AnswerTrace } from "@acp/contracts/chat";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { WhyThisAnswer } from "./why-this-answer";

const ANSWERED: AnswerTrace = {
  responder: "extractive",
  outcome: "answered",
  answerType: "place",
  questionLanguage: "en",
  terms: [
    { term: "vessel", weight: 1.2, found: true },
    { term: "berth", weight: 2.4, found: true },
    { term: "7", weight: 1.1, found: true },
  ],
  passages: [
    {
      number: 1,
      documentName: "port-schedule-week-48.csv",
      relevance: 0.86,
      score: 0.93,
      answers: true,
      bestUnit: "Berth: 7; Vessel: MSC Aurora; ETA: 2026-11-30 06:00",
    },
    {
      number: 2,
      documentName: "harbour-rules.pdf",
      relevance: 0.44,
      score: 0.21,
      answers: false,
      bestUnit: "Vessels must report to the harbour master before berthing.",
    },
    { number: 3, documentName: "notes.txt", relevance: 0.27, score: 0.05, answers: false, bestUnit: null },
  ],
  chosen: [
    {
      number: 1,
      kind: "row",
      text: "Berth: 7; Vessel: MSC Aurora; ETA: 2026-11-30 06:00",
      score: 0.93,
    },
  ],
  shortAnswer: "Vessel: MSC Aurora",
  abstention: null,
};

const ABSTAINED: AnswerTrace = {
  responder: "extractive",
  outcome: "abstained",
  answerType: "money",
  questionLanguage: "fr",
  terms: [
    { term: "prix", weight: 1.3, found: false },
    { term: "abonnement", weight: 2.2, found: true },
  ],
  passages: [
    {
      number: 1,
      documentName: "conditions-générales.docx",
      relevance: 0.52,
      score: 0.38,
      answers: false,
      bestUnit: "L'abonnement est renouvelé chaque année par tacite reconduction.",
    },
  ],
  chosen: [],
  shortAnswer: null,
  abstention: {
    best: {
      number: 1,
      text: "L'abonnement est renouvelé chaque année par tacite reconduction.",
      score: 0.38,
    },
    reason: "The best sentence names the subscription but holds no amount of money.",
  },
};

const MODEL: AnswerTrace = {
  responder: "model",
  outcome: "answered",
  answerType: null,
  questionLanguage: null,
  terms: [],
  passages: [
    { number: 1, documentName: "pricing.txt", relevance: 0.8, score: 0.8, answers: true, bestUnit: null },
    { number: 2, documentName: "faq.md", relevance: 0.35, score: 0.35, answers: false, bestUnit: null },
  ],
  chosen: [],
  shortAnswer: null,
  abstention: null,
};

const meta = {
  title: "Components/WhyThisAnswer",
  component: WhyThisAnswer,
  args: { trace: ANSWERED, defaultOpen: true },
  render: (args) => (
    <div className="w-[343px] rounded-lg bg-muted px-3 py-2 text-sm">
      <p>The answer, with its markers [1].</p>
      <WhyThisAnswer {...args} />
    </div>
  ),
} satisfies Meta<typeof WhyThisAnswer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AnsweredFromATableRow: Story = {};

export const Abstained: Story = { args: { trace: ABSTAINED } };

export const WrittenByAChatModel: Story = { args: { trace: MODEL } };

export const Closed: Story = { args: { defaultOpen: false } };
