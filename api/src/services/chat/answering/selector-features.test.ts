// The answer selector's features of a unit for a question, and the passages read once for many questions.
import { describe, expect, it } from "vitest";
import type { GroundingPassage } from "../../../providers/chat-model/responder";
import { FEATURE_NAMES, featuresOf, type Scored } from "./features";
import { readQuestion } from "./question";
import { SHIPPED_MODEL, selectAnswer } from "./selector";
import { unitsOf } from "./units";

const passage = (number: number, text: string): GroundingPassage => ({
  number,
  text,
  documentName: "history.txt",
  location: null,
  relevance: 1,
});

/** Each unit's value of one feature, by the unit's first words. */
function feature(question: string, text: string, name: (typeof FEATURE_NAMES)[number]): Map<string, number> {
  const { units, all } = unitsOf([passage(1, text)]);
  const scored: Scored[] = featuresOf(readQuestion(question, "en"), units, all);
  const at = FEATURE_NAMES.indexOf(name);
  return new Map(
    scored.map((unit) => [unit.unit.quote.split(" ").slice(0, 2).join(" "), unit.features[at] ?? 0]),
  );
}

const MERIT =
  "The network was enhanced to support terminal to host connections and batch file transfer. " +
  "All of this set the stage for Merit's role in the NSFNET project. " +
  "Telenet was the first public data network in the United States.";

describe("selector features", () => {
  it("marks the unit just before the one that repeats the question", () => {
    const values = feature(
      "What set the stage for Merit's role in the NSFNET project?",
      MERIT,
      "precedesBest",
    );
    expect(values.get("The network")).toBe(1);
    expect(values.get("All of")).toBe(0);
  });

  it("scores a unit opening with the question's word above one naming it later", () => {
    const values = feature(
      "What was Telenet?",
      "Telenet was the first public data network. Gateways to Telenet were added later.",
      "opensWithTerm",
    );
    expect(values.get("Telenet was")).toBe(1);
    expect(values.get("Gateways to")).toBeLessThan(1);
    expect(values.get("Gateways to")).toBeGreaterThan(0);
  });

  it("counts the question's word pairs as written that a unit writes too", () => {
    const values = feature(
      "Who signed the Edict of Nantes?",
      "Henry IV signed the Edict of Nantes in 1598. The edict of the king was read in Nantes.",
      "phraseOverlap",
    );
    // "signed the", "the edict", "edict of", "of nantes": all but the question word's "who signed".
    expect(values.get("Henry IV")).toBeCloseTo(4 / 5);
    expect(values.get("The edict")).toBeLessThan(0.5);
  });

  it("credits a unit that refers back with what the statement before it holds", () => {
    const values = feature(
      "Who commissioned the Bayeux Tapestry?",
      "The most famous work is the Bayeux Tapestry. It was commissioned by Odo. Odo commissioned a church.",
      "referenceCoverage",
    );
    expect(values.get("It was")).toBe(1);
    expect(values.get("Odo commissioned")).toBe(0);
    expect(values.get("The most")).toBe(0);
  });
});

describe("passages read once", () => {
  it("reuses a passage's reading for the same text, each answer giving it its own number and rank", () => {
    const text = "Telenet was the first public data network in the United States.";
    const first = unitsOf([passage(1, text)]).units[0];
    const second = unitsOf([passage(4, "Another passage entirely."), passage(2, text)]).units[1];
    expect(second?.words).toBe(first?.words);
    expect(second?.passage.number).toBe(2);
    expect(second?.rank).toBe(1);
    expect(first?.passage.number).toBe(1);
  });

  it("answers with a model given to it (the trainer's), checked against the features", () => {
    const passages = [passage(1, "Telenet was the first public data network in the United States.")];
    expect(() => selectAnswer("What was Telenet?", passages, [], { ...SHIPPED_MODEL, features: [] })).toThrow(
      /trained on other features/,
    );
    expect(selectAnswer("What was Telenet?", passages, [], SHIPPED_MODEL).judged.length).toBeGreaterThan(0);
  });
});

describe("declining before the models judge", () => {
  it("declines when the best unit holds only the word naming the kind of answer, none of the topic", () => {
    const costs = passage(
      1,
      "Therefore, the FAA estimates the average total cost per operator to be $7,650 (90 work-hours × $85 per workhour).",
    );
    const selection = selectAnswer("What was last quarter's revenue?", [costs]);
    expect(selection.best).toBeNull();
    expect(selection.reason).toMatch(/only the kind of answer/);
  });
});
