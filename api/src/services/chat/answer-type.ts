// What kind of answer a question asks for (an amount, a date, a name, a place) and whether a sentence holds one.

/** What kind of answer a question asks for: a sentence without one does not answer it. */
type AnswerType = "money" | "quantity" | "time" | "person" | "place";

const ANSWER_TYPE_PATTERNS: [AnswerType, RegExp][] = [
  // Checked first: a question about a price is answered by an amount of money, not by any number.
  [
    "money",
    /\b(?:prices?|pricing|priced|costs?|costing|fees?|revenues?|income|profits?|salary|salaries|budgets?|spend|spending|turnover|earnings)\b/i,
  ],
  [
    "quantity",
    /\bhow (?:much|many|long|often|far|big|large|old|tall|heavy|fast)\b|\b(?:prices?|pricing|priced|costs?|costing|fees?|revenues?|income|profits?|salary|salaries|budgets?|amount|percentage|percent|dose|dosage|quantity|margins?|spend|spending|turnover|earnings)\b|\bnumber of\b|\b(?:what|which) (?:figure|number|value|total|count)\b/i,
  ],
  [
    "time",
    /^\s*(?:and\s+)?when\b|\b(?:what|which) (?:date|day|time|year|month|week|quarter)\b|\bdeadlines?\b|\bdue date\b|\bhow soon\b|\bby when\b/i,
  ],
  ["person", /^\s*(?:and\s+)?who\b|\bwhose\b|\bwhom\b|\b(?:which|what) (?:person|people|team|manager)\b/i],
  ["place", /^\s*(?:and\s+)?where\b/i],
  // The same questions in the other languages the analyzer reads (French, German, Spanish, Italian, Portuguese,
  // Polish, Russian, Chinese, Arabic): the question word alone says what kind of answer is wanted.
  [
    "money",
    /(?<!\p{L})(?:prix|coûte|coût|preis|kostet|kosten|precio|cuesta|coste|costo|prezzo|preço|cena|kosztuje|цена|стоит|стоимость)(?!\p{L})|价格|多少钱|سعر/iu,
  ],
  [
    "time",
    /(?<!\p{L})(?:quand|wann|cuándo|quando|kiedy|когда|в каком году|какого числа|en quelle année|in welchem jahr|en qué año|w którym roku)(?!\p{L})|什么时候|何时|哪一年|哪年|متى/iu,
  ],
  ["quantity", /(?<!\p{L})(?:combien|wie ?viele?|cuánt[oa]s?|quant[oia]s?|ile|сколько)(?!\p{L})|多少|كم/iu],
  ["person", /^\s*(?:qui|wer|quién|chi|quem|kto|кто)(?!\p{L})|谁/iu],
  ["place", /(?<!\p{L})(?:où|wo|dónde|dove|onde|gdzie|где)(?!\p{L})|哪里|哪儿|أين/iu],
];

/** Words that only name the kind of answer wanted ("the date", "the price", "what figure"), not what it is about. */
const TYPE_NAMING_WORDS =
  /^(?:dates?|days?|times?|years?|months?|deadlines?|when|numbers?|counts?|figures?|totals?|quantity|quantities|amounts?|values?|sums?|places?|locations?|address(?:es)?|person|people)$/i;

const NUMBER_WORDS =
  /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|double|twice)\b/i;
const MONTHS =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;
/** Dates, times, durations and recurring periods: "September 21, 2020", "14:30", "within 30 days", "annually". */
const TIME_EXPRESSIONS = [
  // A year, not a part of a number such as an AD's "2018–23–51".
  /(?<!\d[–-])\b(?:19|20)\d{2}\b(?![–-]\d)/,
  /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b/,
  /\b\d{1,2}:\d{2}\b/,
  /\b\d{1,2}\s?(?:a\.?m|p\.?m)\b/i,
  /\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|thirty|sixty|ninety|several|few)[\s-]+(?:(?:business|working|calendar)\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|quarters?|years?)\b/i,
  /\b(?:today|tomorrow|yesterday|annual(?:ly)?|yearly|monthly|weekly|daily|quarterly|q[1-4]|deadline|date|dates|noon|midnight|morning|evening|weekends?|weekdays?)\b/i,
];
const ROLE_WORDS =
  /\b(?:ceo|cfo|cto|coo|founder|co-founder|manager|director|officer|head|lead|owner|president|chair(?:man|woman|person)?|committee|board|team|department|administrator|administration|agency|authority|inc|ltd|llc|gmbh)\b/i;
const PLACE_WORDS =
  /\b(?:office|street|st|road|avenue|city|country|building|floor|room|address|located|headquarters|region|site|portal|website|online|https?:\/\/\S+)\b/i;

/**
 * Names of fields and labels that hold a kind of answer whatever their value looks like: a login is a person, a
 * value under "DATES" answers "the deadline" (records.ts reads them in a row's header, labelled.ts before a colon).
 */
export const FIELD_NAMES_OF_KIND = {
  person:
    /\b(?:users?|authors?|owners?|creators?|logins?|assignees?|contacts?|managers?|by|names?|signed|signatory|buyers?|sellers?|customers?|clients?)\b/i,
  place:
    /\b(?:locations?|address(?:es)?|cit(?:y|ies)|countr(?:y|ies)|places?|sites?|venues?|regions?|capitals?)\b/i,
  time: /\b(?:dates?|times?|created|updated|closed|years?|deadlines?|due|when|days?|periods?|hours?|schedule)\b|_at\b/i,
  money: /\b(?:prices?|costs?|amounts?|totals?|fees?|values?|net|gross|sums?|balance|due)\b/i,
  quantity: /\b(?:counts?|numbers?|totals?|qty|quantit(?:y|ies)|sizes?|amounts?|no)\b/i,
} as const;

/** Whether every one of these terms is a word that asks for a kind of answer ("price", "cost", "deadline"). */
export function namesOnlyAnswerType(terms: readonly { word: string }[]): boolean {
  return terms.every((term) => ANSWER_TYPE_PATTERNS.some(([, pattern]) => pattern.test(term.word)));
}

/**
 * Whether a word only names the kind of answer wanted, read beside a value of that kind (a table cell, a labelled
 * value): "the date" next to Huber, "the figure" for DELL, as well as "price" or "deadline".
 */
export function namesAnswerKind(word: string): boolean {
  return TYPE_NAMING_WORDS.test(word) || namesOnlyAnswerType([{ word }]);
}

export function answerTypeOf(question: string): AnswerType | null {
  for (const [type, pattern] of ANSWER_TYPE_PATTERNS) if (pattern.test(question)) return type;
  return null;
}

/** A capitalised word that does not open the sentence, or an acronym: what names look like in English text. */
function hasNameLikeWord(text: string): boolean {
  const words = text.split(/\s+/).slice(1);
  return words.some((word) => /^["'“(]?\p{Lu}[\p{L}\p{M}'’.-]*/u.test(word)) || /\b\p{Lu}{2,}\b/u.test(text);
}

/** An amount of money: a currency sign or code beside a number, or a number of dollars / euros / pounds. */
const MONEY =
  /[$€£¥₹]\s?\d|\d\s?[$€£¥₹]|\b(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|CNY)\s?\d|\d[\d,.\s]*\s?(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|CNY)\b|\d[\d,.]*\s+(?:(?:thousand|million|billion)\s+)?(?:dollars?|euros?|pounds?|cents?|yen)\b/i;

export function hasAnswerType(text: string, type: AnswerType): boolean {
  switch (type) {
    case "money":
      return MONEY.test(text);
    case "quantity":
      return /\d/.test(text) || NUMBER_WORDS.test(text) || /[$€£¥₹%]/.test(text);
    case "time":
      return MONTHS.test(text) || TIME_EXPRESSIONS.some((pattern) => pattern.test(text));
    case "person":
      return hasNameLikeWord(text) || ROLE_WORDS.test(text);
    case "place":
      return hasNameLikeWord(text) || PLACE_WORDS.test(text);
  }
}
