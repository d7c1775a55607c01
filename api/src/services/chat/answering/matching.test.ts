// How a question's terms are found in text: stems, compounds and acronyms, and across languages and scripts.
import { describe, expect, it } from "vitest";
import { answerTypeOf } from "../answer-type";
import { formsAcrossLanguages, sameAcrossLanguages, skeleton } from "./cross-language";
import { readQuestion } from "./question";
import { termsIn } from "./term-match";

/** The question's terms (as asked) that `text`, read in `language`, holds. */
function held(question: string, text: string, language: string | null): string[] {
  const q = readQuestion(question, language);
  return [...termsIn(q, text, language)].map((index) => q.terms[index]?.surface ?? "").sort();
}

describe("terms written as compounds and acronyms", () => {
  it("finds a run of terms spelled as one word of a key", () => {
    expect(held("What is the rate limit of the search API?", "x-ratelimit-limit: 30", "en")).toEqual(
      ["limit", "rate"].sort(),
    );
  });

  it("finds a run of terms as the acronym of their initials", () => {
    expect(held("Which train operating company ran it?", "TOC: Arriva Trains Wales", "en")).toEqual(
      ["company", "operating", "train"].sort(),
    );
  });

  it("does not read a two-letter capital word, or lowercase letters, as an acronym", () => {
    expect(held("Which united states agency?", "US agency", "en")).toEqual(["agency"]);
    expect(held("Which train operating company?", "the toc of the book", "en")).toEqual([]);
  });
});

describe("terms across languages and scripts", () => {
  it("finds a name written in another script (transliterated skeleton)", () => {
    expect(held("Where did Einstein study?", "Эйнштейн учился в Цюрихе.", "ru")).toEqual(["Einstein"]);
    expect(held("Which Italian city?", "итальянский город Павия", "ru")).toEqual(["Italian"]);
  });

  it("finds a country, language or currency under its name in the other language (Intl.DisplayNames)", () => {
    expect(held("Какая валюта в Японии?", "Japan | JPY | Yen", "en")).toContain("Японии");
    expect(held("Quelle est la monnaie de l'Albanie ?", "Albania | ALL | Lek", "en")).toContain("l'Albanie");
    expect(held("What is spoken in Germany?", "Deutschland: Deutsch", "de")).toContain("Germany");
  });

  it("reads the words in the question's language too when detection misread the passage's", () => {
    expect(held("Which languages are listed?", "languages: ca", "es")).toEqual(["languages"]);
  });

  it("never matches numbers as cognates, nor words within one language by sound", () => {
    expect(held("What happened in 1894?", "В 1895 году", "ru")).toEqual([]);
    expect(held("What is the contract?", "contact: Ian Won", "en")).toEqual([]);
  });

  it("compares skeletons on most of the shorter word", () => {
    expect(skeleton("Эйнштейн")).toBe(skeleton("Einstein"));
    expect(sameAcrossLanguages(skeleton("programme"), skeleton("programa"))).toBe(true);
    expect(sameAcrossLanguages(skeleton("price"), skeleton("preis"))).toBe(false);
    expect(sameAcrossLanguages(skeleton("city"), skeleton("cite"))).toBe(false);
    expect(formsAcrossLanguages("Японии")).toContain(skeleton("Japan"));
    expect(formsAcrossLanguages("Japan")).toContain("日本");
  });
});

describe("the kind of answer asked for, in every language read", () => {
  it.each([
    ["Quand l'eau sera-t-elle coupée ?", "time"],
    ["В каком году Эйнштейн прибыл в Швейцарию?", "time"],
    ["Wann beginnt die Tour?", "time"],
    ["¿Cuánto cuesta el plan?", "money"],
    ["Was kostet die Kabeltrommel?", "money"],
    ["Ile osób pracuje w firmie?", "quantity"],
    ["Сколько сотрудников?", "quantity"],
    ["Qui a signé l'avis ?", "person"],
    ["¿Dónde está la válvula?", "place"],
    ["阿富汗有多少人口？", "quantity"],
    ["What figure does the table give for DELL?", "quantity"],
  ])("%s asks for %s", (question, type) => {
    expect(answerTypeOf(question)).toBe(type);
  });

  it("does not read a question word inside another word", () => {
    expect(answerTypeOf("Quelle est la politique de télétravail ?")).toBeNull();
    expect(answerTypeOf("Welche Worte stehen im Kopf?")).toBeNull();
  });
});

describe("field words across languages (glossary.ts)", () => {
  it("holds a question's word for a field in another language's header or label", () => {
    expect(held("Quelle est la monnaie de l'Albanie ?", "ISO4217-currency_name", "en")).toEqual(["monnaie"]);
    expect(held("Who is the buyer on the invoice?", "Nabywca", "pl")).toEqual(["buyer"]);
    expect(held("阿富汗的正式国名是什么？", "UNTERM Chinese Formal", "en")).toEqual(["正式"]);
  });

  it("does not hold a field word in a passage of the question's own language by the glossary", () => {
    expect(held("What is the currency of Albania?", "La monnaie", "en")).toEqual([]);
  });
});

describe("words that frame a question in other languages", () => {
  it("does not look for the question word or for 'cited'", () => {
    const terms = (text: string, language: string) =>
      readQuestion(text, language).terms.map((term) => term.surface);
    expect(terms("Jaka jest cena netto pozycji Dokumentacja?", "pl")).not.toContain("Jaka");
    expect(terms("Quelle pièce de Molière est citée à la page deux ?", "fr")).not.toContain("citée");
    expect(terms("Какая валюта в Японии?", "ru")).not.toContain("Какая");
  });
});
