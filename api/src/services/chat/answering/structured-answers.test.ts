// Answers from structure: labelled values read with their document, table rows read with their header (or without
// one), amounts without a currency, values on the line after their label, and statements cut short.
import { describe, expect, it } from "vitest";
import type { GroundingPassage } from "../../../providers/chat-model/responder";
import { composeGroundedAnswer } from "../grounded-responder";
import { NOT_FOUND_ANSWER } from "./compose";
import { unitsOf } from "./units";

const passage = (number: number, text: string, documentName = "notice.pdf"): GroundingPassage => ({
  number,
  text,
  documentName,
  location: null,
  relevance: 1,
});

const answer = (question: string, passages: GroundingPassage[]) =>
  composeGroundedAnswer({ question, history: [], passages });

const RULE = passage(
  1,
  `SUMMARY: The agency proposes to amend the harbour dredging permit rules for the Port of Tamsin.
ADDRESSES: You may send comments, using the procedures found in 14 CFR 11.43, by any of the following methods:
• Federal eRulemaking Portal: Go to the portal.
• Fax: 202-555-0148.
• Mail: Docket Operations, 1200 New Jersey Avenue SE.
FOR FURTHER INFORMATION CONTACT: Mara Ellison, Permits Branch, 40 Quay Street, Tamsin.
DATES: The agency must receive comments on this proposed rule by October 14, 2026.`,
  "harbour-dredging-proposed-rule.pdf",
);

describe("labelled values", () => {
  it("answers from the value whose label the question names, its subject said elsewhere in the document", () => {
    const fax = answer("What fax number can I send comments on the dredging permit rule to?", [RULE]);
    expect(fax.content).toContain("202-555-0148");
    expect(fax.abstained).toBe(false);
    const contact = answer("Who should I contact about the Port of Tamsin dredging proposal?", [RULE]);
    expect(contact.content).toContain("Mara Ellison");
  });

  it("answers a deadline from a value of that kind under a label naming it (DATES)", () => {
    const deadline = answer("What is the deadline for comments on the harbour dredging rule?", [RULE]);
    expect(deadline.content).toContain("October 14, 2026");
  });

  it("leads with the value up to the next label of the same line", () => {
    const invoice = passage(
      1,
      `Faktura nr FV 7/2024\nData wystawienia: 2024-02-01\nTermin płatności: 2024-02-15 Metoda płatności: przelew\n`,
      "faktura.pdf",
    );
    const due = answer("Jaki jest termin płatności faktury FV 7/2024?", [invoice]);
    expect(due.content.split("\n\n")[0]).toBe("Termin płatności: 2024-02-15");
  });

  it("reads a label alone on its line with the line after it", () => {
    const list = passage(
      1,
      "Greetings in the brochure\nEnglish:\nGood morning\nGerman:\nGuten Morgen\nSpanish:\nBuenos días\nItalian:\nBuongiorno\nDutch:\nGoedemorgen\nSwedish:\nGod morgon",
      "greetings-brochure.pdf",
    );
    const german = answer("How is good morning written in German in the greetings brochure?", [list]);
    expect(german.content).toContain("Guten Morgen");
  });

  it("declines when the label matches but the document is about something else", () => {
    const off = answer("What fax number does the city library use for interlibrary loans?", [RULE]);
    expect(off.content).toBe(
      off.abstained ? off.content : "an answer was given although the document is about dredging",
    );
    expect(off.abstained).toBe(true);
  });

  it("does not read the middle of a sentence as a label", () => {
    const rule = passage(
      1,
      "For the reasons discussed above, I\ncertify that the proposed regulation:\n(1) Is not a significant regulatory action under Executive Order 12866,\n(2) Will not affect intrastate aviation in Alaska.\nThis proposed rule would apply to the Model 800 and 900 harbour tugs.",
      "tug-rule.pdf",
    );
    const result = answer("Which harbour tugs would the proposed regulation apply to?", [rule]);
    expect(result.content).not.toMatch(/^certify/);
  });

  it("never reads a label across a line break", () => {
    const rule = passage(
      1,
      "Airworthiness Directives; The Harbour Tug\nCompany Tugboats\nAGENCY: Maritime Safety Administration, DOT.\nSUMMARY: The administration proposes to require inspections of all Model 800 tugboats.",
      "tug-rule.pdf",
    );
    const { units } = unitsOf([rule]);
    const labelled = units.filter((unit) => unit.opensWithLabel).map((unit) => unit.quote);
    expect(labelled).toContain(
      "SUMMARY: The administration proposes to require inspections of all Model 800 tugboats.",
    );
    expect(labelled.filter((quote) => quote.includes("Company Tugboats"))).toEqual([]);
  });

  it("does not read an aside in parentheses as a label", () => {
    const prose = passage(
      1,
      "The Normans (Norman: Nourmands; French: Normands) were the people who gave their name to Normandy. They were descended from Norse raiders.",
      "Normans.txt",
    );
    const result = answer("What is the French name of the people of Normandy?", [prose]);
    expect(result.content.split("\n\n")[0]).not.toBe("The Normans (Norman: Nourmands");
  });
});

describe("table rows", () => {
  it("reads a sheet without a header row: its first row is data", () => {
    const sheet = passage(
      1,
      "Sheet: Names\n| Huber | 03/07/1907 |\n| Äcker | 23/02/2005 |\n| Morgen | 06:34 |",
      "names.xls",
    );
    const result = answer("What date is listed next to Huber in the spreadsheet?", [sheet]);
    expect(result.content).toContain("03/07/1907");
    expect(result.content).not.toContain("23/02/2005");
  });

  it("answers a price from an amount without its currency in the row of the item", () => {
    const sheet = passage(
      1,
      "Sheet: Teile\n| Pos | Bezeichnung | Einzelpreis, VK | Menge |\n| 21 | Kabeltrommel 25m Selly | 26,70 | 1 |\n| 22 | CEE-Steckdose 16A | 5,48 | 1 |",
      "teile.xlsx",
    );
    const result = answer("Was kostet die Kabeltrommel 25m Selly?", [sheet]);
    expect(result.content).toContain("26,70");
    expect(result.content).not.toContain("5,48");
  });

  it("answers the field the question names by its acronym, even when its value repeats a question word", () => {
    const sheet = passage(
      1,
      [
        "| Date | Location | TOC | Person type |",
        "| 3/2/14 | Kidwelly | Coastal Trains Wales | Passenger |",
        "| 4/2/14 | Ferryside | Valley Lines | Staff |",
        "| 9/2/14 | Carmarthen | Western Rail | Passenger |",
        "| 12/2/14 | Llanelli | Valley Lines | Public |",
        "| 20/2/14 | Whitland | Western Rail | Passenger |",
      ].join("\n"),
      "incidents.csv",
    );
    const result = answer("Which train operating company was involved in the incident at Kidwelly?", [sheet]);
    expect(result.content.split("\n\n")[0]).toBe("TOC: Coastal Trains Wales");
  });

  it("takes the document's name as the records' subject (the countries data)", () => {
    const json = passage(
      1,
      "AD.name: Andorra\nAD.capital: Andorra la Vella\nAD.languages[0]: ca\n\nAE.name: United Arab Emirates\nAE.capital: Abu Dhabi\nAE.languages[0]: ar",
      "countries-native-names.json",
    );
    const result = answer("Which language is listed for Andorra in the countries data?", [json]);
    expect(result.content.split("\n\n")[0]).toBe("languages: ca");
  });

  it("prefers the column the question names to a cell that only holds the kind asked for", () => {
    const sheet = passage(
      1,
      "| F_Year | Time | Location |\n| 2013/2014 | 23:02:00 | Pembrey |\n| 2013/2014 | 07:15:00 | Kidwelly |",
      "incidents.csv",
    );
    const result = answer("At what time did the incident at Pembrey happen?", [sheet]);
    expect(result.content.split("\n\n")[0]).toBe("Time: 23:02:00");
  });
});

describe("which cell of a row", () => {
  const monitors = passage(
    1,
    "Sheet: Sheet2\n| Monitor | | Brand | | inlineStr |\n| > 23 Inch | 19 | HP | 200 |\n| 20-23 Inch | 24 | DELL | 450 |\n| 17-20 Inch | 56 | Lenove | 200 |\n| < 17 Inch | 21 | SONY | 510 |",
    "book1.xlsx",
  );

  it("reads a word before a document word as naming the table, and takes the figure beside the subject", () => {
    const result = answer("What figure does the monitor table give for DELL?", [monitors]);
    expect(result.content.split("\n\n")[0]).toBe("450");
  });

  it("takes the field named most exactly when several hold the question's words", () => {
    const headers = passage(
      1,
      [
        '[0].headers["x-github-media-type"]: github.v3; format=json',
        '[0].headers["x-ratelimit-limit"]: 30',
        '[0].headers["x-ratelimit-remaining"]: 29',
        '[0].headers["x-ratelimit-resource"]: search',
        '[0].headers["x-ratelimit-used"]: 1',
      ].join("\n"),
      "recorded-search.json",
    );
    const result = answer("What was the rate limit of the search API in the recorded response headers?", [
      headers,
    ]);
    expect(result.content.split("\n\n")[0]).toBe("x-ratelimit-limit: 30");
  });
});

describe("quotes", () => {
  const headers = passage(
    1,
    [
      '[0].headers["access-control-expose-headers"]: ETag, Link, Location, Retry-After, X-RateLimit-Limit',
      '[0].headers["content-type"]: application/json; charset=utf-8',
      '[0].headers["x-github-media-type"]: github.v3; format=json',
      '[0].headers["x-ratelimit-limit"]: 30',
      '[0].headers["x-ratelimit-remaining"]: 29',
      '[0].headers["x-ratelimit-resource"]: search',
      '[0].headers["x-ratelimit-used"]: 1',
      "[0].response.total_count: 2",
      "[0].response.items[0].title: Sesame seeds split without a pop!",
      "[0].response.items[0].comments: 42",
    ].join("\n"),
    "recorded-search.json",
  );
  const flat = headers.text.replace(/\s+/g, " ");

  it.each([
    "What was the rate limit of the GitHub search API in the recorded response headers?",
    "Which resource does the rate limit apply to?",
    "What content type did the search response have?",
    "How many comments does the Sesame issue have?",
    "What headers are exposed?",
  ])("quotes only text as the passage writes it: %s", (question) => {
    const result = answer(question, [headers]);
    for (const block of result.content.split("\n\n"))
      if (/\[1\]$/.test(block) && !block.includes("; ")) expect(flat).toContain(block.replace(/ \[1\]$/, ""));
  });

  it("does not answer with a field whose value only repeats the question", () => {
    const result = answer("Which headers mention the search resource?", [headers]);
    expect(result.content.split("\n\n")[0]).not.toBe('[0].headers["x-ratelimit-resource"]: search [1]');
  });
});

describe("words of the question", () => {
  it("asks about Hello World, but not about a greeting that opens the question", () => {
    const greetings = passage(
      1,
      "English:\nHello World\nGerman:\nHallo Welt\nRussian:\nПривет, мир\nDutch:\nHallo wereld",
      "greetings.pdf",
    );
    const other = passage(
      2,
      "| Name | World region | Russian name |\n| Angola | World | Ангола |\n| Chad | World | Чад |",
      "regions.csv",
    );
    expect(
      answer("How is Hello World written in Russian in the greetings PDF?", [greetings, other]).content,
    ).toContain("Привет, мир");
    expect(answer("Hello, how is Hello World written in German?", [greetings]).content).toContain(
      "Hallo Welt",
    );
  });
});

describe("statements", () => {
  it("reads subtitles without their cue numbers and timings, the last cue included", () => {
    const subtitles = passage(
      1,
      [
        "1",
        "00:00:01,000 --> 00:00:04,000",
        "Last spring I read the replies under my video about the harbour.",
        "",
        "2",
        "00:00:04,500 --> 00:00:09,000",
        "Instead of replying to every comment, I decided to organize a clean-up weekend on the quay",
      ].join("\n"),
      "talk.srt.txt",
    );
    const result = answer("What did the speaker organise instead of answering the comments?", [subtitles]);
    expect(result.content).toContain("a clean-up weekend on the quay");
    expect(result.content).not.toMatch(/-->|^2 /m);
  });

  it("reads a table row laid out with dot leaders, and leads with a computation's result", () => {
    const costs = passage(
      1,
      [
        "ESTIMATED COSTS",
        "Action Labor cost Parts cost Cost per product",
        "Valve inspection ....................... 12 work-hours × $90 per hour =",
        "$1,080.",
        "$0 .......................... $1,080 ...................",
        "Pump replacement ........................ Up to 30 work-hours × $90 per hour =",
        "Up to $2,700.",
      ].join("\n"),
      "maintenance-rule.pdf",
    );
    const result = answer("How much does the valve inspection cost?", [costs]);
    expect(result.content.split("\n\n")[0]).toBe("$1,080");
  });

  it("still drops a table of contents' lines", () => {
    const contents = passage(
      1,
      "Contents\nValve inspection ........................ 12\nPump replacement ........................ 14",
      "manual.pdf",
    );
    expect(answer("What page is the valve inspection on?", [contents]).abstained).toBe(true);
  });

  it("leads with how many, not with a day of a date or a model number", () => {
    const crash = passage(
      1,
      "On March 10, 2019, a Model 737–8 airplane operated by Coastline Air was involved in an accident after takeoff, resulting in 157 fatalities.",
      "accident-report.pdf",
    );
    const result = answer("How many people died in the Coastline Air accident?", [crash]);
    expect(result.content.split("\n\n")[0]).toBe("157 fatalities");
  });

  it("reads a fraction in words as an amount (half a page)", () => {
    const licences = passage(
      1,
      "The Zlib licence is short. The whole licence is about half a page long and is very permissive. It allows commercial use.",
      "licences.doc",
    );
    expect(answer("How long is the Zlib licence?", [licences]).content.split("\n\n")[0]).toBe("half a page");
  });

  it("counts a question word held as a WordNet synonym (planes: airplanes)", () => {
    const fleet = passage(
      1,
      "The operator flies 42 airplanes from its base at Kettering. Its offices are in Leeds.",
      "fleet.txt",
    );
    expect(answer("How many planes does the operator fly?", [fleet]).content).toContain("42 airplanes");
  });

  it("reads a fragment of a few words with the sentence after it", () => {
    const text = passage(
      1,
      "В гимназии он учился хорошо. Осенью 1895 г. Альберт Эйнштейн прибыл в Швейцарию, чтобы сдать экзамены.",
      "einstein.txt",
    );
    const result = answer("В каком году Эйнштейн прибыл в Швейцарию?", [text]);
    expect(result.content).toContain("1895");
  });

  it("still declines a question no passage covers", () => {
    const result = answer("How many weeks of parental leave do employees get?", [RULE]);
    expect(result.content).toBe(NOT_FOUND_ANSWER);
  });
});

describe("tables and labels across languages", () => {
  const countries = passage(
    1,
    [
      "| ISO4217-currency_name | UNTERM Chinese Formal | UNTERM Chinese Short | UNTERM English Formal | UNTERM French Short | Region Name | EDGAR |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      "| Afghani | 阿富汗伊斯兰共和国 | 阿富汗 | the Islamic Republic of Afghanistan | Afghanistan (l') | Asia | B2 |",
      "| Lek | 阿尔巴尼亚共和国 | 阿尔巴尼亚 | the Republic of Albania | Albanie (l') | Europe | B3 |",
      "| Cordoba Oro | 尼加拉瓜共和国 | 尼加拉瓜 | the Republic of Nicaragua | Nicaragua (le) | Americas | Q3 |",
    ].join("\n"),
    "country-codes.csv",
  );

  it("reads a header in another language than the question's (monnaie: currency)", () => {
    const result = answer("Quelle est la monnaie de l'Albanie ?", [countries]);
    expect(result.content.split("\n\n")[0]).toBe("ISO4217-currency_name: Lek");
  });

  it("does not lead with a cell whose value only repeats the question's subject, whatever its field says", () => {
    const names = passage(
      1,
      [
        "| official_name_fr | UNTERM Chinese Formal | UNTERM Chinese Short | UNTERM English Formal | Continent |",
        "| --- | --- | --- | --- | --- |",
        "| Afghanistan | 阿富汗伊斯兰共和国 | 阿富汗 | the Islamic Republic of Afghanistan | AS |",
        "| Albanie | 阿尔巴尼亚共和国 | 阿尔巴尼亚 | the Republic of Albania | EU |",
      ].join("\n"),
      "country-names.csv",
    );
    const result = answer("阿富汗的正式国名是什么？", [names]);
    expect(result.content.split("\n\n")[0]).not.toBe("official_name_fr: Afghanistan");
    expect(result.content).toContain("阿富汗伊斯兰共和国");
  });

  it("answers a question with the value written in its own script", () => {
    const formal = passage(
      1,
      [
        "| UNTERM Chinese Formal | UNTERM Chinese Short | UNTERM English Formal | UNTERM French Short | Continent |",
        "| --- | --- | --- | --- | --- |",
        "| 阿富汗伊斯兰共和国 | 阿富汗 | the Islamic Republic of Afghanistan | Afghanistan (l') | AS |",
        "| 阿尔巴尼亚共和国 | 阿尔巴尼亚 | the Republic of Albania | Albanie (l') | EU |",
      ].join("\n"),
      "country-names.csv",
    );
    const result = answer("阿富汗的正式国名是什么？", [formal]);
    expect(result.content.split("\n\n")[0]).toBe("UNTERM Chinese Formal: 阿富汗伊斯兰共和国");
  });

  it("declines when most of the question is in no passage, although a row holds a code and a header it asks with", () => {
    expect(answer("What were our Q3 sales in the Nordic region?", [countries]).abstained).toBe(true);
  });

  it("reads a one-word heading on its own line as the label of the lines under it (Nabywca: the buyer)", () => {
    const invoice = passage(
      1,
      [
        "Wydruk pochodzi z systemu wFirma.pl wersja 21.2",
        "Faktura nr FV 3/2022",
        "Data wystawienia: 2022-03-01 Data sprzedaży: 2022-03-01",
        "Termin płatności: 2022-03-15 Metoda płatności: przelew",
        "Sprzedawca",
        "Kowalski Serwis",
        "Polna 4",
        "00-950 Warszawa",
        "NIP: 1234563218",
        "Nabywca",
        "Morska Flota Spółka Akcyjna",
        "ul. Portowa 9",
        "81-300 Gdynia",
        "NIP: 5860000011",
        "Lp Nazwa Jedn Ilość Cena netto Stawka Wartość netto Wartość brutto",
        "1 Serwis silnika szt. 1 100,00 23% 100,00 123,00",
        "Do zapłaty 123,00 PLN",
      ].join("\n"),
      "faktura-3-2022.pdf",
    );
    const result = answer("Who is the buyer on invoice FV 3/2022?", [invoice]);
    expect(result.content).toContain("Nabywca: Morska Flota Spółka Akcyjna");
  });

  it("does not read a title over a paragraph as a label (a heading is one word over a line starting anew)", () => {
    const notice = passage(
      1,
      [
        "Water supply interruption",
        "The water supply to Building C will be shut off on Tuesday",
        "from 9 am to 3 pm while the contractor replaces the main valve",
        "Please keep enough drinking water for the day",
        "Questions",
        "about this notice go to the site office on extension 4417",
        "Contact",
        "J. Okafor Building Manager",
      ].join("\n"),
      "water-notice.pdf",
    );
    const headings = unitsOf([notice]).units.flatMap((unit) => (unit.heading ? [unit.heading] : []));
    expect([...new Set(headings)]).toEqual(["Contact"]);
  });
});

describe("lists and long sentences", () => {
  it("reads a statement ending with a colon with the short items of the list after it", () => {
    const note = passage(
      1,
      "This document has two pages.\n\nFirstly, some currency symbols:\n\nGBP - £\n\nEUR - €\n\nNow, we will have some French text, in bold and big, on page two:",
      "unicode.docx",
    );
    const quotes = unitsOf([note]).units.map((unit) => unit.quote);
    expect(quotes).toContain("Firstly, some currency symbols: GBP - £ EUR - €");
  });

  it("cuts a quote of more than sixty words to its clauses that hold the question's words", () => {
    const long = passage(
      1,
      "The Central Region, consisting of present-day Hebei, Shandong, Shanxi, the south-eastern part of present-day Inner Mongolia and the Henan areas to the north of the Yellow River, was considered the most important region of the dynasty and directly governed by the Central Secretariat at Khanbaliq, the modern Beijing; similarly, another top-level administrative department called the Bureau of Buddhist and Tibetan Affairs held administrative rule over the whole of modern-day Tibet and a part of Sichuan, Qinghai and Kashmir.",
      "yuan.txt",
    );
    const result = answer("Which department held administrative rule over Tibet?", [long]);
    const words = result.content
      .replace(/\s*\[\d+\]/g, "")
      .split(/\s+/)
      .filter(Boolean);
    expect(words.length).toBeLessThanOrEqual(60);
    expect(result.content).toContain("Bureau of Buddhist and Tibetan Affairs");
    expect(long.text.replace(/\s+/g, " ")).toContain(
      result.content
        .split("\n\n")
        .at(-1)
        ?.replace(/ \[1\]$/, ""),
    );
  });
});

describe("records read with their passage", () => {
  it("counts what the rest of the passage says of its records (the recorded response of an API)", () => {
    const recording = passage(
      1,
      [
        "[0].response.total_count: 1 (https://api.github.com/search/issues)",
        '[0].headers["x-github-media-type"]: github.v3; format=json',
        '[0].headers["x-github-request-id"]: 0000:0000:github-search',
        '[0].headers["x-github-sso"]: github search',
        '[0].headers["x-github-otp"]: github search',
        '[0].headers["x-ratelimit-limit"]: 30',
        '[0].headers["x-ratelimit-remaining"]: 29',
        '[0].headers["x-ratelimit-resource"]: search',
        '[0].headers["x-ratelimit-used"]: 1',
      ].join("\n"),
      "github-recording.json",
    );
    const result = answer(
      "What was the rate limit of the GitHub search API in the recorded response headers?",
      [recording],
    );
    expect(result.content.split("\n\n")[0]).toBe("x-ratelimit-limit: 30");
  });
});
