// Splitting passages into quotable units: sentences across wrapped lines, abbreviations, bullets, tables and fields.
import { describe, expect, it } from "vitest";
import { type PassageSentence, splitPassage } from "./passage-sentences";

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const units = (text: string) => splitPassage(text).map((u) => [u.kind, collapse(u.text)] as const);
const prose = (text: string) =>
  splitPassage(text)
    .filter((u) => u.kind === "prose")
    .map((u) => collapse(u.text));

function expectOffsets(text: string, split: PassageSentence[]) {
  for (const unit of split) expect(text.slice(unit.start, unit.end)).toBe(unit.text);
}

// Real text: the Federal Register's proposed AD (federal-register-2020-17221.pdf) as our PDF extraction reads it.
const FAA = `ADDRESSES: You may send comments,
using the procedures found in 14 CFR
11.43 and 11.45, by any of the following
methods:
• Fax: 202–493–2251.
• Mail: U.S. Department of
Transportation, Docket Operations, M–
30, West Building Ground Floor.
• Hand Delivery: Deliver to Mail
address above between 9 a.m. and 5
p.m., Monday through Friday, except
Federal holidays.
It is also available in the Docket
for this rulemaking by searching for
and locating Docket No. FAA–2020–
0686.
Examining the AD Docket
You may examine the AD docket on
the internet at https://
www.regulations.gov. The AD docket
contains this NPRM, any comments
received, and other information.`;

describe("splitPassage", () => {
  it("joins wrapped lines into sentences and splits at sentence ends only", () => {
    const split = splitPassage(FAA);
    expectOffsets(FAA, split);
    expect(split.map((u) => [u.kind, collapse(u.text)])).toEqual([
      [
        "prose",
        "ADDRESSES: You may send comments, using the procedures found in 14 CFR 11.43 and 11.45, by any of the following methods:",
      ],
      ["prose", "Fax: 202–493–2251."],
      [
        "prose",
        "Mail: U.S. Department of Transportation, Docket Operations, M– 30, West Building Ground Floor.",
      ],
      [
        "prose",
        "Hand Delivery: Deliver to Mail address above between 9 a.m. and 5 p.m., Monday through Friday, except Federal holidays.",
      ],
      [
        "prose",
        "It is also available in the Docket for this rulemaking by searching for and locating Docket No. FAA–2020– 0686.",
      ],
      ["heading", "Examining the AD Docket"],
      ["prose", "You may examine the AD docket on the internet at https:// www.regulations.gov."],
      ["prose", "The AD docket contains this NPRM, any comments received, and other information."],
    ]);
  });

  it("does not end sentences at abbreviations, initials, decimals or versions", () => {
    expect(
      prose(
        "Dr. Smith met J. R. Tolkien at 9 a.m. on Jan. 5 to discuss GPL v3.0 and $7.50 fees, e.g. for Acme Inc. and others. The U.S. team agreed.",
      ),
    ).toEqual([
      "Dr. Smith met J. R. Tolkien at 9 a.m. on Jan. 5 to discuss GPL v3.0 and $7.50 fees, e.g. for Acme Inc. and others.",
      "The U.S. team agreed.",
    ]);
  });

  it("ends sentences at ? ! … and after closing quotes and brackets", () => {
    expect(prose('Is it ready? Yes! He said "ship it." (It shipped.) Then… nothing else happened.')).toEqual([
      "Is it ready?",
      "Yes!",
      'He said "ship it."',
      "(It shipped.)",
      "Then… nothing else happened.",
    ]);
  });

  it("keeps a stop followed by a lowercase word inside its sentence", () => {
    expect(prose("Bring approx. five copies, files etc. and notes.")).toEqual([
      "Bring approx. five copies, files etc. and notes.",
    ]);
  });

  it("splits full-width sentence ends without spaces", () => {
    expect(prose("你好世界。这是第二句。")).toEqual(["你好世界。", "这是第二句。"]);
  });

  it("makes each bullet item its own unit, its marker left out", () => {
    const text = "Steps:\n- Open the portal.\n- Upload the file\n  and wait.\n1. Sign in.\n2) Confirm.";
    expect(prose(text)).toEqual([
      "Steps:",
      "Open the portal.",
      "Upload the file and wait.",
      "Sign in.",
      "Confirm.",
    ]);
    expectOffsets(text, splitPassage(text));
  });

  it("reads Markdown table rows with their header and skips the separator", () => {
    const text = "Sheet: Plans\n| Plan | Price |\n| --- | --- |\n| Pro | $49 |\n| Team | $99 |";
    const split = splitPassage(text);
    expectOffsets(text, split);
    expect(split.map((u) => [u.kind, u.text, u.header])).toEqual([
      // The sheet's name line sits alone above the table: a field.
      ["field", "Sheet: Plans", undefined],
      ["header", "| Plan | Price |", undefined],
      ["row", "| Pro | $49 |", "| Plan | Price |"],
      ["row", "| Team | $99 |", "| Plan | Price |"],
    ]);
  });

  it("quotes a row carrying prose by the sentences of its long cell", () => {
    const narrative =
      "A report was initially received from Dyfed Powys Police that a person had been struck by a train. The persons injuries (if any) have not been disclosed.";
    const text = `| F_Year | Location | Narrative Full |\n| 2013/2014 | Pembrey and Burry Port | ${narrative} ${"More detail follows here. ".repeat(12)}|`;
    const split = splitPassage(text);
    expectOffsets(text, split);
    const sentences = split.filter((u) => u.kind === "prose").map((u) => u.text);
    expect(sentences.slice(0, 2)).toEqual([
      "A report was initially received from Dyfed Powys Police that a person had been struck by a train.",
      "The persons injuries (if any) have not been disclosed.",
    ]);
    // The row is still a record (its cells answer "the X of Y"; records.ts), beside its long cell's sentences.
    expect(split.filter((u) => u.kind === "row").map((u) => u.text)).toEqual([text.split("\n")[1]]);
  });

  it("makes a block of `Label: value` lines fields, but not a wrapped sentence that opens with a label", () => {
    expect(units("Name: Jane Doe\nRole: Head of Sales\nRegion: EMEA")).toEqual([
      ["field", "Name: Jane Doe"],
      ["field", "Role: Head of Sales"],
      ["field", "Region: EMEA"],
    ]);
    expect(
      units("SUMMARY: The FAA proposes to\nsupersede Airworthiness Directive (AD)\n2018–23–51."),
    ).toEqual([["prose", "SUMMARY: The FAA proposes to supersede Airworthiness Directive (AD) 2018–23–51."]]);
  });

  it("keeps Markdown headings apart", () => {
    expect(units("# Pricing\nThe Pro plan costs $49.")).toEqual([
      ["heading", "# Pricing"],
      ["prose", "The Pro plan costs $49."],
    ]);
  });

  it("marks sentences cut by the passage's edges as fragments", () => {
    const cut = "Include the docket number FAA-2020-0686 and the product identifier in the subject line of";
    expect(units(`the unsafe condition. The FAA invites comments. ${cut}`)).toEqual([
      ["fragment", "the unsafe condition."],
      ["prose", "The FAA invites comments."],
      ["fragment", cut],
    ]);
    // A short last line without a stop is whole: a signature, a label.
    expect(units("Questions go to the site office.\n\nJ. Okafor")).toEqual([
      ["prose", "Questions go to the site office."],
      ["prose", "J. Okafor"],
    ]);
  });

  it("goes on with a sentence that a blank line broke (OCR), when the next line starts in lowercase", () => {
    expect(units("The water supply will be shut\n\noff on Tuesday 25 March.\n\nBuilding Manager")).toEqual([
      ["prose", "The water supply will be shut off on Tuesday 25 March."],
      ["prose", "Building Manager"],
    ]);
  });

  it("handles empty and blank text", () => {
    expect(splitPassage("")).toEqual([]);
    expect(splitPassage(" \n\n \r\n")).toEqual([]);
  });
});

describe("abbreviations before a number", () => {
  it("does not end a sentence at a short lowercase word's period before a number (szt. 2)", () => {
    const text = "1 Testy szt. 1 33,00 23% 33,00\n2 Dokumentacja - żółw szt. 2 44,00 23% 88,00";
    const prose = splitPassage(text).filter((piece) => piece.kind === "prose" || piece.kind === "fragment");
    expect(prose.some((piece) => piece.text.includes("żółw szt. 2 44,00"))).toBe(true);
  });
});
