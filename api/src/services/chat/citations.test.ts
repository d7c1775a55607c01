// Citation markers checked against the passages given: kept, normalised, or dropped without leaving a trace.
import { describe, expect, it } from "vitest";
import { validateCitations } from "./citations";

describe("validateCitations", () => {
  it("keeps markers to given passages and lists them in order of first appearance", () => {
    expect(validateCitations("Pro costs $49 [2]. Seats are billed yearly [1]. Again [2].", 3)).toEqual({
      content: "Pro costs $49 [2]. Seats are billed yearly [1]. Again [2].",
      cited: [2, 1],
    });
  });

  it("drops markers to passages that were not given, with the space before them", () => {
    expect(validateCitations("Pro costs $49 [9]. Seats are billed yearly [1].", 3)).toEqual({
      content: "Pro costs $49. Seats are billed yearly [1].",
      cited: [1],
    });
    expect(validateCitations("Zero is never a passage [0], and neither is four [4]", 3)).toEqual({
      content: "Zero is never a passage, and neither is four",
      cited: [],
    });
    expect(validateCitations("A claim [7] in the middle.", 3).content).toBe("A claim in the middle.");
    expect(validateCitations("[5] Opening marker.", 3).content).toBe("Opening marker.");
    expect(validateCitations("First line.\n[5] Second line.", 3).content).toBe("First line.\nSecond line.");
  });

  it("splits combined forms into separate markers, keeping only given numbers, without repeats", () => {
    expect(validateCitations("Both say so [1, 3].", 3)).toEqual({
      content: "Both say so [1][3].",
      cited: [1, 3],
    });
    expect(validateCitations("Both say so [1; 3].", 3).content).toBe("Both say so [1][3].");
    expect(validateCitations("All of them [1-3].", 3).content).toBe("All of them [1][2][3].");
    expect(validateCitations("All of them [1–4].", 3).content).toBe("All of them [1][2][3].");
    expect(validateCitations("Two of them [1 and 2].", 3).content).toBe("Two of them [1][2].");
    expect(validateCitations("Mixed [2, 9].", 3)).toEqual({ content: "Mixed [2].", cited: [2] });
    expect(validateCitations("Twice [2, 2].", 3).content).toBe("Twice [2].");
  });

  it("treats adjacent markers as one group", () => {
    expect(validateCitations("Both [1][2].", 3)).toEqual({ content: "Both [1][2].", cited: [1, 2] });
    expect(validateCitations("Both [1] [2].", 3).content).toBe("Both [1][2].");
    expect(validateCitations("Both [1][8][2].", 3).content).toBe("Both [1][2].");
    expect(validateCitations("None [8][9].", 3).content).toBe("None.");
    expect(validateCitations("Repeated [2][2].", 3).content).toBe("Repeated [2].");
  });

  it("reads the forms models write besides [n]", () => {
    expect(validateCitations("Full width 【2】.", 3)).toEqual({ content: "Full width [2].", cited: [2] });
    expect(validateCitations("Full width 【1, 2】.", 3).content).toBe("Full width [1][2].");
    expect(validateCitations("Named [Passage 3].", 3).content).toBe("Named [3].");
    expect(validateCitations("Named [source 1, 2].", 3).content).toBe("Named [1][2].");
    expect(validateCitations("Padded [ 2 ].", 3).content).toBe("Padded [2].");
    expect(validateCitations("Named [Passage 8].", 3).content).toBe("Named.");
  });

  it("leaves other bracketed text alone", () => {
    const text =
      "See [see appendix], a [link](https://example.com/1), a [1](https://example.com) link and [2020].";
    expect(validateCitations(text, 3)).toEqual({ content: text, cited: [] });
    expect(validateCitations("The range [2019-2021] stays.", 3).content).toBe("The range [2019-2021] stays.");
    expect(validateCitations("Escaped \\[9\\] stays.", 3).content).toBe("Escaped \\[9\\] stays.");
    expect(validateCitations("Array a[i] and [x, y] stay.", 3).content).toBe("Array a[i] and [x, y] stay.");
  });

  it("leaves reference-style link definitions alone", () => {
    const text = "Read the guide [2].\n\n[9]: https://example.com/guide";
    expect(validateCitations(text, 3)).toEqual({ content: text, cited: [2] });
  });

  it("leaves code untouched: inline spans and fenced blocks", () => {
    const text = "Use `items[9]` here [1].\n\n```js\nconst x = list[7];\n```\nAnd [8] outside.";
    expect(validateCitations(text, 3)).toEqual({
      content: "Use `items[9]` here [1].\n\n```js\nconst x = list[7];\n```\nAnd outside.",
      cited: [1],
    });
    expect(validateCitations("Unclosed fence ```\nrow[9]", 3).content).toBe("Unclosed fence ```\nrow[9]");
  });

  it("keeps line structure when a dropped marker ends a line", () => {
    expect(validateCitations("- First item [9]\n- Second item [1]", 3)).toEqual({
      content: "- First item\n- Second item [1]",
      cited: [1],
    });
  });

  it("drops every marker when no passages were given", () => {
    expect(validateCitations("Nothing to cite [1][2].", 0)).toEqual({
      content: "Nothing to cite.",
      cited: [],
    });
  });

  it("returns text without markers as it is", () => {
    expect(validateCitations("", 3)).toEqual({ content: "", cited: [] });
    expect(validateCitations("I couldn't find this in the agent's knowledge.", 3)).toEqual({
      content: "I couldn't find this in the agent's knowledge.",
      cited: [],
    });
  });

  it("keeps a quote's own bracketed numbers when asked (the built-in responder quotes as written)", () => {
    const quote = "[0].response.items[0].title: Sesame seeds split without a pop! [1]";
    expect(validateCitations(quote, 2, { keepUnknown: true })).toEqual({ content: quote, cited: [1] });
    expect(validateCitations(quote, 2).content).toBe(
      ".response.items.title: Sesame seeds split without a pop! [1]",
    );
  });
});
