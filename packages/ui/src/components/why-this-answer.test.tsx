// WhyThisAnswer: a closed disclosure a click or the keyboard opens (aria-expanded), showing the trace in words, the
// terms found and missing, the quoted units with their passage numbers, the passages' scores as bars, and for an
// abstention the best candidate with the reason.
// @vitest-environment happy-dom
import type { AnswerTrace } from "@acp/contracts/chat";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerTypeInWords, outcomeInWords, WhyThisAnswer } from "./why-this-answer";

afterEach(cleanup);

const ANSWERED: AnswerTrace = {
  responder: "extractive",
  outcome: "answered",
  answerType: "money",
  questionLanguage: "en",
  terms: [
    { term: "falcon", weight: 2.3, found: true },
    { term: "plan", weight: 0.7, found: true },
    { term: "discount", weight: 1.9, found: false },
  ],
  passages: [
    { number: 2, documentName: "faq.md", relevance: 0.31, score: 0.12, answers: false, bestUnit: null },
    {
      number: 1,
      documentName: "pricing.txt",
      relevance: 0.82,
      score: 0.91,
      answers: true,
      bestUnit: "The Falcon plan costs 49 EUR per seat per month.",
    },
  ],
  chosen: [
    { number: 1, kind: "sentence", text: "The Falcon plan costs 49 EUR per seat per month.", score: 0.91 },
  ],
  shortAnswer: "49 EUR",
  abstention: null,
};

const ABSTAINED: AnswerTrace = {
  ...ANSWERED,
  outcome: "abstained",
  answerType: null,
  shortAnswer: null,
  chosen: [],
  passages: [
    {
      number: 2,
      documentName: "faq.md",
      relevance: 0.31,
      score: 0.34,
      answers: false,
      bestUnit: "Discounts are agreed per contract.",
    },
  ],
  abstention: {
    best: { number: 2, text: "Discounts are agreed per contract.", score: 0.34 },
    reason: "The best sentence holds neither 'falcon' nor an amount of money.",
  },
};

const toggle = () => screen.getByRole("button", { name: "Why this answer?" });

describe("WhyThisAnswer", () => {
  it("starts closed and opens and closes from its button, saying so with aria-expanded", () => {
    render(<WhyThisAnswer trace={ANSWERED} />);
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByText("49 EUR")).toBeNull();
    fireEvent.click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(toggle().getAttribute("aria-controls") ?? "");
    expect(panel?.textContent).toContain("49 EUR");
    fireEvent.click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByText("49 EUR")).toBeNull();
  });

  it("is a native button, so Enter and Space open it from the keyboard", () => {
    render(<WhyThisAnswer trace={ANSWERED} />);
    expect(toggle().tagName).toBe("BUTTON");
    expect(toggle().getAttribute("type")).toBe("button");
  });

  it("shows the outcome, the kind looked for, the terms found and missing, the quote and the passages' bars", () => {
    render(<WhyThisAnswer trace={ANSWERED} defaultOpen />);
    expect(screen.getByText(outcomeInWords(ANSWERED))).toBeTruthy();
    expect(screen.getByText("an amount of money")).toBeTruthy();
    expect(screen.getByText("English")).toBeTruthy();
    const terms = within(screen.getByRole("list", { name: "The question's terms" })).getAllByRole("listitem");
    expect(terms.map((term) => term.textContent)).toEqual([
      "falcon (found)",
      "plan (found)",
      "discount (missing)",
    ]);
    expect(screen.getByText("Short answer").nextElementSibling?.textContent).toBe("49 EUR");
    const quoted = screen.getByText("Quoted").nextElementSibling as HTMLElement;
    expect(quoted.textContent).toContain("[1]");
    expect(quoted.textContent).toContain("Sentence · score 0.91");
    expect(within(quoted).getByText("The Falcon plan costs 49 EUR per seat per month.").tagName).toBe("Q");
    // The passage's best unit is the quote: shown once, not again under its passage.
    expect(screen.getAllByText("The Falcon plan costs 49 EUR per seat per month.")).toHaveLength(1);
    // Passages in their numbers' order, each with its figures in words and a bar as wide as its score.
    const passages = within(screen.getByRole("list", { name: "Passages considered" })).getAllByRole(
      "listitem",
    );
    expect(passages.map((item) => item.textContent?.split(" score")[0])).toEqual([
      "[1] pricing.txt",
      "[2] faq.md",
    ]);
    expect(passages[0]?.textContent).toContain("score 0.91 · relevance 0.82");
    expect(passages[0]?.textContent).toContain("Answers the question");
    expect(passages[1]?.textContent).toContain("Does not answer it");
    const bars = [...document.querySelectorAll<HTMLElement>("[data-slot=trace-bar]")];
    expect(bars.map((bar) => bar.style.width)).toEqual(["91%", "12%"]);
    expect(bars[0]?.parentElement?.getAttribute("aria-hidden")).toBe("true");
    expect(screen.queryByText("Why it did not answer")).toBeNull();
  });

  it("for an abstention shows the reason and the best candidate, which opens its passage", () => {
    const onOpenPassage = vi.fn();
    render(<WhyThisAnswer trace={ABSTAINED} onOpenPassage={onOpenPassage} defaultOpen />);
    expect(screen.getByText("Not answered: no passage held what the question asks for.")).toBeTruthy();
    expect(screen.getByText("any statement that answers it")).toBeTruthy();
    expect(screen.getByText(ABSTAINED.abstention?.reason ?? "")).toBeTruthy();
    // Shown once, as the best candidate, not again under its passage.
    expect(screen.getAllByText("Discounts are agreed per contract.")).toHaveLength(1);
    expect(screen.getByText("score 0.34")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Open passage [2]" }));
    expect(onOpenPassage).toHaveBeenCalledWith(2);
    expect(screen.queryByText("Quoted")).toBeNull();
    expect(screen.queryByText("Short answer")).toBeNull();
  });

  it("says so when nothing came close, and words every outcome", () => {
    render(
      <WhyThisAnswer
        trace={{ ...ABSTAINED, passages: [], abstention: { best: null, reason: "Nothing matched." } }}
        defaultOpen
      />,
    );
    expect(screen.getByText("No passage came close.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Passages considered" })).toBeNull();
    expect(outcomeInWords({ ...ANSWERED, outcome: "no-passages" })).toMatch(/nothing to search/);
    expect(outcomeInWords({ ...ANSWERED, responder: "model" })).toMatch(/chat model/);
    expect(outcomeInWords({ ...ABSTAINED, responder: "model" })).toMatch(/cited none/);
    expect(answerTypeInWords("colour")).toBe("colour");
  });
});
