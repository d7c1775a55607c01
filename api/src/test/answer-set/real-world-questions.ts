// Our own question set over the shared real-world files (issue 28, "Write your own question set"): questions a user
// would ask of these documents, each with the answers that count (any one, compared after normalising case,
// whitespace, punctuation and Markdown escapes) and the file(s) an answer must cite, plus questions no file answers.
// Expected answers were read from the text the product extracts (chunks of an upload through the API), not from the
// files' raw bytes. The questions were written before looking at how any responder answers them; never change one to
// suit a responder. Run by api/src/routes/answer-set.test.ts (both engines, floors) and `npm run bench` (per class).

/** What a question exercises; a question may have several. */
export const ANSWER_CLASSES = [
  "table-row",
  "ocr",
  "languages",
  "cross-language",
  "paraphrase",
  "json",
  "unanswerable",
] as const;
export type AnswerClass = (typeof ANSWER_CLASSES)[number];

/** What each class means, for reports. */
export const ANSWER_CLASS_LABELS: Record<AnswerClass, string> = {
  "table-row": "table rows (a cell of the row naming the question's entity)",
  ocr: "OCR (a scanned page, no text layer)",
  languages: "languages (question or document not in English)",
  "cross-language": "cross-language (question and answer text in different languages)",
  paraphrase: "paraphrase (the question's words differ from the document's)",
  json: "JSON fields (path: value lines)",
  unanswerable: "unanswerable (no file covers the topic)",
};

/** ISO 639-1 codes of the languages the questions are asked in. */
export type QuestionLanguage = "en" | "fr" | "ru" | "de" | "es" | "pl" | "ar" | "zh";

type Common = {
  /** Stable id, for reports and for following one question across runs. */
  id: string;
  question: string;
  language: QuestionLanguage;
  classes: AnswerClass[];
};

export type AnswerableQuestion = Common & {
  unanswerable?: false;
  /** Any one of these must appear in the answer (normalised: see answer-set-scoring.ts). */
  expected: string[];
  /** The answer must cite a passage of one of these files (several when the same fact is in more than one file). */
  files: string[];
  /** Where the answer is, in the extracted text: for whoever reviews a failure. */
  where: string;
};

export type UnanswerableQuestion = Common & { unanswerable: true };

export type AnswerSetQuestion = AnswerableQuestion | UnanswerableQuestion;

/** The shared real-world files the set uploads: every one of ../shared/fixtures/real-world but the corrupt ones. */
export const REAL_WORLD_FILES = [
  "arabic-utf8.txt",
  "budget-spanish-quoted.csv",
  "countries-native-names.min.json",
  "country-codes.csv",
  "english-utf8-bom.txt",
  "federal-register-2020-17221.pdf",
  "five-sheets-german.xlsx",
  "formats-umlaut-sheets.xls",
  "formulas-cyrillic.xls",
  "github-search-issues-nested.json",
  "headings-table-chart.docx",
  "hello-world-multiscript.pdf",
  "invoice-identity-cmap-pl.pdf",
  "license-table.doc",
  "rail-incident-multiline.csv",
  "russian-utf8.txt",
  "tables.docx",
  "two-sheets-book1.xlsx",
  "unicode-header-footer.doc",
  "unicode-header-footer.docx",
] as const;

const FEDERAL_REGISTER = "federal-register-2020-17221.pdf";
const COUNTRY_CODES = "country-codes.csv";
const COUNTRIES_JSON = "countries-native-names.min.json";
const GITHUB_JSON = "github-search-issues-nested.json";
const GERMAN_XLSX = "five-sheets-german.xlsx";
const INVOICE = "invoice-identity-cmap-pl.pdf";
const BUDGET = "budget-spanish-quoted.csv";
const RAIL = "rail-incident-multiline.csv";
const RUSSIAN = "russian-utf8.txt";
const ARABIC = "arabic-utf8.txt";
const UNICODE_WORD = ["unicode-header-footer.docx", "unicode-header-footer.doc"];
/** The scanned page the test generates (scanned-notice.ts). */
const SCAN = "scanned-water-notice.pdf";

export const REAL_WORLD_QUESTIONS: readonly AnswerSetQuestion[] = [
  // ---------------------------------------------------------------- PDF with a text layer (Federal Register, English)
  {
    id: "faa-comment-deadline",
    question:
      "What is the deadline for sending comments on the proposed Boeing 737 MAX airworthiness directive?",
    language: "en",
    classes: ["paraphrase"],
    expected: ["September 21, 2020"],
    files: [FEDERAL_REGISTER],
    where: "DATES: The FAA must receive comments on this proposed AD by September 21, 2020.",
  },
  {
    id: "faa-us-airplanes",
    question: "How many US-registered planes would this AD apply to?",
    language: "en",
    classes: ["paraphrase"],
    expected: ["73"],
    files: [FEDERAL_REGISTER],
    where: "The FAA estimates that this proposed AD affects 73 airplanes of U.S. registry.",
  },
  {
    id: "faa-ethiopian-deaths",
    question: "How many people died in the Ethiopian Airlines Flight 302 crash?",
    language: "en",
    classes: ["paraphrase"],
    expected: ["157"],
    files: [FEDERAL_REGISTER],
    where: "... Addis Ababa, Ethiopia, resulting in 157 fatalities.",
  },
  {
    id: "faa-aoa-test-cost",
    question: "How much does the AOA sensor system test cost per airplane?",
    language: "en",
    classes: ["table-row"],
    expected: ["$3,400", "3,400"],
    files: [FEDERAL_REGISTER],
    where: "ESTIMATED COSTS: AOA sensor system test ... 40 work-hours × $85 per hour = $3,400.",
  },
  {
    id: "faa-mel-cost-per-operator",
    question: "What will updating the minimum equipment list cost an operator on average?",
    language: "en",
    classes: ["paraphrase"],
    expected: ["$7,650", "7,650"],
    files: [FEDERAL_REGISTER],
    where:
      "the FAA estimates the average total cost per operator to be $7,650 (90 work-hours × $85 per workhour).",
  },
  {
    id: "faa-contact-person",
    question: "Who should I contact at the FAA for more information about the Boeing 737 MAX proposal?",
    language: "en",
    classes: [],
    expected: ["Ian Won"],
    files: [FEDERAL_REGISTER],
    where: "FOR FURTHER INFORMATION CONTACT: Ian Won, Manager, Seattle ACO Branch, FAA, ...",
  },
  {
    id: "faa-fax-number",
    question: "What fax number can I send comments on the 737 MAX proposed rule to?",
    language: "en",
    classes: [],
    expected: ["202–493–2251", "202-493-2251", "(202) 493-2251"],
    files: [FEDERAL_REGISTER],
    where: "• Fax: 202–493–2251.",
  },
  // ----------------------------------------------------------------------------- scanned PDF (OCR, made by the test)
  {
    id: "scan-water-off-date",
    question: "When will the water be turned off in Building C?",
    language: "en",
    classes: ["ocr", "paraphrase"],
    expected: ["25 March 2025"],
    files: [SCAN],
    where: "The water supply to Building C will be shut / off on Tuesday 25 March 2025 from 9 am to 3 pm",
  },
  {
    id: "scan-valve-location",
    question: "Where is the main valve that the contractor is replacing?",
    language: "en",
    classes: ["ocr"],
    expected: ["basement plant room", "basement"],
    files: [SCAN],
    where: "while the contractor replaces the main valve in the base- / ment plant room.",
  },
  {
    id: "scan-site-office-extension",
    question: "What phone extension do I call with questions about the water notice?",
    language: "en",
    classes: ["ocr", "paraphrase"],
    expected: ["4417"],
    files: [SCAN],
    where: "Questions about this notice go to the site office / on extension 4417 between 8 am and 4 pm",
  },
  {
    id: "scan-signed-by",
    question: "Who is the building manager who signed the notice?",
    language: "en",
    classes: ["ocr"],
    expected: ["J. Okafor", "Okafor"],
    files: [SCAN],
    where: "J. Okafor / Building Manager (the last lines)",
  },
  // ---------------------------------------------------------------------------------------- CSV tables (many languages)
  {
    id: "csv-japan-dial-code",
    question: "What is the international dialling code for Japan?",
    language: "en",
    classes: ["table-row", "paraphrase"],
    expected: ["81"],
    files: [COUNTRY_CODES, COUNTRIES_JSON],
    where: "country-codes.csv row JPN: Dial 81 (countries JSON: JP.phone[0]: 81)",
  },
  {
    id: "csv-algeria-currency",
    question: "What currency does Algeria use?",
    language: "en",
    classes: ["table-row"],
    expected: ["Algerian Dinar", "DZD"],
    files: [COUNTRY_CODES, COUNTRIES_JSON],
    where:
      "country-codes.csv row ALG: ISO4217-currency_name Algerian Dinar, code DZD (JSON: DZ.currency[0]: DZD)",
  },
  {
    id: "csv-albania-currency-fr",
    question: "Quelle est la monnaie de l'Albanie ?",
    language: "fr",
    classes: ["table-row", "languages"],
    expected: ["Lek"],
    files: [COUNTRY_CODES],
    where: "country-codes.csv row ALB (official_name_fr Albanie): ISO4217-currency_name Lek",
  },
  {
    id: "csv-japan-currency-ru",
    question: "Какая валюта в Японии?",
    language: "ru",
    classes: ["table-row", "languages", "cross-language"],
    expected: ["Yen", "JPY"],
    files: [COUNTRY_CODES, COUNTRIES_JSON],
    where: "country-codes.csv row JPN (UNTERM Russian Formal Япония): ISO4217-currency_name Yen, code JPY",
  },
  {
    id: "csv-afghanistan-formal-name-zh",
    question: "阿富汗的正式国名是什么？",
    language: "zh",
    classes: ["table-row", "languages"],
    expected: ["阿富汗伊斯兰共和国"],
    files: [COUNTRY_CODES],
    where: "country-codes.csv row AFG: UNTERM Chinese Formal 阿富汗伊斯兰共和国",
  },
  {
    id: "csv-budget-secondary-es",
    question: "¿Cuánto se presupuestó para el Consejo de Educación Secundaria?",
    language: "es",
    classes: ["table-row", "languages"],
    expected: ["74350819"],
    files: [BUDGET],
    where: "budget-spanish-quoted.csv row CES Consejo de Educación Secundaria 2019: presupuestado 74350819",
  },
  {
    id: "csv-budget-programme-code",
    question: "What is the programme code of 'Inversiones edilicias y equipamiento' in the Uruguayan budget?",
    language: "en",
    classes: ["table-row", "languages", "cross-language"],
    expected: ["608"],
    files: [BUDGET],
    where:
      "budget-spanish-quoted.csv: CODIGOPROGRAMA 608, NOMBREPROGRAMA Inversiones edilicias y equipamiento",
  },
  {
    id: "csv-rail-operator",
    question: "Which train operating company was involved in the incident at Pembrey and Burry Port?",
    language: "en",
    classes: ["table-row"],
    expected: ["Arriva Trains Wales"],
    files: [RAIL],
    where: "rail-incident-multiline.csv: Location Pembrey and Burry Port, TOC Arriva Trains Wales",
  },
  {
    id: "csv-rail-time",
    question: "At what time did the passenger fall from the platform at Pembrey?",
    language: "en",
    classes: ["table-row", "paraphrase"],
    expected: ["23:02:00", "23:02"],
    files: [RAIL],
    where: "rail-incident-multiline.csv: Event Date 3/2/14, Time 23:02:00",
  },
  // --------------------------------------------------------------------------------------- spreadsheets (xlsx, xls)
  {
    id: "xlsx-wago-unit-price",
    question: "What is the unit price of the WAGO 221-413 connecting terminals?",
    language: "en",
    classes: ["table-row", "languages", "cross-language"],
    expected: ["1,49"],
    files: [GERMAN_XLSX],
    where:
      "Ersatzteilliste: 33 | 533 | 4197174 | WAGO 221-413 3-Leiter COMPACT Verbindungsklemmen ... | Einzelpreis, VK 1,49",
  },
  {
    id: "xlsx-cable-drum-price-de",
    question: "Was kostet die Kabeltrommel 25m Selly?",
    language: "de",
    classes: ["table-row", "languages"],
    expected: ["26,70"],
    files: [GERMAN_XLSX],
    where: "Ersatzteilliste: BACH 392.189 Kabeltrommel 25m Selly H05VV-F 3G1,5mm IP20 4xS | 26,70",
  },
  {
    id: "xlsx-welder-insulation-limit-de",
    question: "Welcher Grenzwert gilt für den Eingangsstromkreis/Schweißstromkreis?",
    language: "de",
    classes: ["table-row", "languages"],
    expected: ["5 MΩ", "≥ 5 MΩ"],
    files: [GERMAN_XLSX],
    where: 'Schweißgerät: "Eingangsstromkreis/Schweißstromkreis (500 V) Grenzwert ≥ 5 MΩ " Gemessen: ____MΩ',
  },
  {
    id: "xlsx-dell-monitors",
    question: "What figure does the monitor table give for DELL?",
    language: "en",
    classes: ["table-row"],
    expected: ["450"],
    files: ["two-sheets-book1.xlsx"],
    where: "Sheet2: | 20-23 Inch | 24 | DELL | 450 |",
  },
  {
    id: "xls-huber-date",
    question: "What date is listed next to Huber in the spreadsheet?",
    language: "en",
    classes: ["table-row"],
    expected: ["03/07/1907"],
    files: ["formats-umlaut-sheets.xls"],
    where: "Blätt1: | Huber | 03/07/1907 |",
  },
  {
    id: "xls-formula-number",
    question: "What value does the formula number cell show in the formula test sheet?",
    language: "en",
    classes: ["table-row"],
    expected: ["0.142857143"],
    files: ["formulas-cyrillic.xls"],
    where: "Sheet1: | formula number | 0.142857143 |",
  },
  // --------------------------------------------------------------------------------- Polish invoice (PDF, own cmap)
  {
    id: "invoice-payment-due-pl",
    question: "Jaki jest termin płatności faktury FV 1/2021?",
    language: "pl",
    classes: ["languages"],
    expected: ["2021-05-03"],
    files: [INVOICE],
    where: "Termin płatności: 2021-05-03 Metoda płatności: przelew",
  },
  {
    id: "invoice-net-price-pl",
    question: "Jaka jest cena netto pozycji Dokumentacja - żółw?",
    language: "pl",
    classes: ["table-row", "languages"],
    expected: ["44,00"],
    files: [INVOICE],
    where: "2 Dokumentacja - żółw szt. 2 44,00 23% 88,00 108,24 (Cena netto 44,00)",
  },
  {
    id: "invoice-amount-due",
    question: "How much is still to be paid on invoice FV 1/2021?",
    language: "en",
    classes: ["languages", "cross-language", "paraphrase"],
    expected: ["148,83"],
    files: [INVOICE],
    where: "Do zapłaty 148,83 PLN",
  },
  {
    id: "invoice-buyer",
    question: "Who is the buyer on invoice FV 1/2021?",
    language: "en",
    classes: ["languages", "cross-language", "paraphrase"],
    expected: ["Wirtualna Polska Media Spółka Akcyjna", "Wirtualna Polska Media"],
    files: [INVOICE],
    where: "Nabywca / Wirtualna Polska Media Spółka Akcyjna",
  },
  // ------------------------------------------------------------------------------------------ Word (doc and docx)
  {
    id: "doc-gpl-commercial",
    question: "Can I release commercial works under the GPL?",
    language: "en",
    classes: ["table-row"],
    expected: ["Yes, but ALL source code must be distributed under GPL"],
    files: ["license-table.doc"],
    where:
      "Can You Release Commercial Works? Yes, but ALL source code must be distributed under GPL (viral). ...",
  },
  {
    id: "doc-mit-license-length",
    question: "How long is the MIT license text?",
    language: "en",
    classes: ["paraphrase"],
    expected: ["about half a page long", "half a page"],
    files: ["license-table.doc"],
    where: "The whole license is about half a page long and is very permissive like the BSD license.",
  },
  {
    id: "docx-header-symbol",
    question: "Which currency symbol appears in the Word document's header?",
    language: "en",
    classes: [],
    expected: ["€", "euro"],
    files: UNICODE_WORD,
    where: "This is a simple header, with a € euro symbol in it.",
  },
  {
    id: "docx-moliere-play-fr",
    question: "Quelle pièce de Molière est citée à la page deux ?",
    language: "fr",
    classes: ["languages"],
    expected: ["Les Précieuses ridicules"],
    files: UNICODE_WORD,
    where: "This is page two. Les Précieuses ridicules. The end.",
  },
  // ------------------------------------------------------------------------------------------------ plain text files
  {
    id: "txt-global-awareness-day",
    question: "What did the speaker decide to organise instead of replying to the YouTube comment?",
    language: "en",
    classes: ["paraphrase"],
    expected: ["a global awareness day", "global awareness day"],
    files: ["english-utf8-bom.txt"],
    where:
      "So what I thought I do is instead if answering on a YouTube comment is organize a global awareness day",
  },
  {
    id: "txt-einstein-switzerland-ru",
    question: "В каком году Эйнштейн прибыл в Швейцарию?",
    language: "ru",
    classes: ["languages"],
    expected: ["1895"],
    files: [RUSSIAN],
    where: "Осенью 1895 г. Альберт Эйнштейн прибыл в Швейцарию, ...",
  },
  {
    id: "txt-einstein-family-move",
    question: "Which Italian city did Einstein's family move to in 1894?",
    language: "en",
    classes: ["languages", "cross-language"],
    expected: ["Павию", "Павия", "Pavia"],
    files: [RUSSIAN],
    where: "... в 1894 году Эйнштейны переехали из Мюнхена в итальянский город Павию, близ Милана.",
  },
  {
    id: "txt-einstein-failed-exams",
    question: "Which entrance exams did Einstein fail at the Zurich Polytechnic?",
    language: "en",
    classes: ["languages", "cross-language", "paraphrase"],
    expected: ["ботанике", "botany"],
    files: [RUSSIAN],
    where: "... он в то же время провалил экзамены по ботанике и французскому языку, ...",
  },
  {
    id: "txt-tangier-capital-ar",
    question: "ما هي عاصمة موريطنية الطنجية؟",
    language: "ar",
    classes: ["languages"],
    expected: ["طنجة"],
    files: [ARABIC],
    where: 'كـ "موريطنية الطنجية" التي كانت عاصمتها طنجة',
  },
  {
    id: "txt-maghreb-arab-name",
    question: "What name did medieval Arab historians use for the Maghreb region?",
    language: "en",
    classes: ["languages", "cross-language"],
    expected: ["بلاد المغرب"],
    files: [ARABIC],
    where: 'كان المؤرخون العرب في القرون الوسطى يستعملون لفظ "بلاد المغرب"',
  },
  {
    id: "pdf-hello-world-russian",
    question: "How is Hello World written in Russian in the multilingual PDF?",
    language: "en",
    classes: ["languages", "cross-language"],
    expected: ["Привет, мир"],
    files: ["hello-world-multiscript.pdf"],
    where: "Russian: / Привет, мир",
  },
  {
    id: "pdf-hello-world-chinese-zh",
    question: "繁体中文的“Hello World”怎么写？",
    language: "zh",
    classes: ["languages"],
    expected: ["你好世界"],
    files: ["hello-world-multiscript.pdf"],
    where: "Chinese (traditional): / 你好世界",
  },
  // ------------------------------------------------------------------------------------------------------------- JSON
  {
    id: "json-sesame-issue-comments",
    question: "How many comments does the issue 'Sesame seeds split without a pop!' have?",
    language: "en",
    classes: ["json"],
    expected: ["42"],
    files: [GITHUB_JSON],
    where:
      "[0].response.items[0].title: Sesame seeds split without a pop! ... [0].response.items[0].comments: 42",
  },
  {
    id: "json-doors-issue-author",
    question: "Who opened the issue 'The doors don't open'?",
    language: "en",
    classes: ["json"],
    expected: ["octokit-fixture-user-a"],
    files: [GITHUB_JSON],
    where:
      "[0].response.items[1].title: The doors don’t open / [0].response.items[1].user.login: octokit-fixture-user-a",
  },
  {
    id: "json-search-rate-limit",
    question: "What was the rate limit of the GitHub search API in the recorded response headers?",
    language: "en",
    classes: ["json"],
    expected: ["30"],
    files: [GITHUB_JSON],
    where: '[0].headers["x-ratelimit-limit"]: 30',
  },
  {
    id: "json-armenia-capital",
    question: "What is the capital of Armenia?",
    language: "en",
    classes: ["json"],
    expected: ["Yerevan"],
    files: [COUNTRIES_JSON, COUNTRY_CODES],
    where: "AM.capital: Yerevan (country-codes.csv row ARM: Capital Yerevan)",
  },
  {
    id: "json-andorra-languages",
    question: "Which language is listed for Andorra in the countries data?",
    language: "en",
    classes: ["json"],
    expected: ["ca"],
    files: [COUNTRIES_JSON, COUNTRY_CODES],
    where: "AD.languages[0]: ca (country-codes.csv row AND: Languages ca)",
  },
  // ------------------------------------------------------------------------------------ questions no file answers
  {
    id: "none-parental-leave",
    question: "How many weeks of parental leave do employees get?",
    language: "en",
    classes: ["unanswerable"],
    unanswerable: true,
  },
  {
    id: "none-vpn-password",
    question: "How do I reset my VPN password?",
    language: "en",
    classes: ["unanswerable"],
    unanswerable: true,
  },
  {
    id: "none-q3-nordic-sales",
    question: "What were our Q3 sales in the Nordic region?",
    language: "en",
    classes: ["unanswerable"],
    unanswerable: true,
  },
  {
    id: "none-all-hands",
    question: "When is the next all-hands meeting?",
    language: "en",
    classes: ["unanswerable"],
    unanswerable: true,
  },
  {
    id: "none-guest-wifi",
    question: "What's the password for the guest Wi-Fi?",
    language: "en",
    classes: ["unanswerable"],
    unanswerable: true,
  },
  {
    id: "none-refund-policy",
    question: "Can customers get a refund on an annual subscription if they cancel after two months?",
    language: "en",
    classes: ["unanswerable"],
    unanswerable: true,
  },
  {
    id: "none-vacation-request-de",
    question: "Wie beantrage ich Urlaub im Personalportal?",
    language: "de",
    classes: ["unanswerable", "languages"],
    unanswerable: true,
  },
  {
    id: "none-remote-work-fr",
    question: "Quelle est la politique de télétravail de l'entreprise ?",
    language: "fr",
    classes: ["unanswerable", "languages"],
    unanswerable: true,
  },
];
