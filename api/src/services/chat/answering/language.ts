// The languages an answer is matched in: detection (franc-min), word boundaries (Intl.Segmenter), a stemmer and stop words per language.
import { stemmer as stemArabic } from "@orama/stemmers/arabic";
import { stemmer as stemBulgarian } from "@orama/stemmers/bulgarian";
import { stemmer as stemDanish } from "@orama/stemmers/danish";
import { stemmer as stemDutch } from "@orama/stemmers/dutch";
import { stemmer as stemFinnish } from "@orama/stemmers/finnish";
import { stemmer as stemFrench } from "@orama/stemmers/french";
import { stemmer as stemGerman } from "@orama/stemmers/german";
import { stemmer as stemGreek } from "@orama/stemmers/greek";
import { stemmer as stemHungarian } from "@orama/stemmers/hungarian";
import { stemmer as stemIndonesian } from "@orama/stemmers/indonesian";
import { stemmer as stemItalian } from "@orama/stemmers/italian";
import { stemmer as stemNorwegian } from "@orama/stemmers/norwegian";
import { stemmer as stemPortuguese } from "@orama/stemmers/portuguese";
import { stemmer as stemRomanian } from "@orama/stemmers/romanian";
import { stemmer as stemRussian } from "@orama/stemmers/russian";
import { stemmer as stemSerbian } from "@orama/stemmers/serbian";
import { stemmer as stemSpanish } from "@orama/stemmers/spanish";
import { stemmer as stemSwedish } from "@orama/stemmers/swedish";
import { stemmer as stemTurkish } from "@orama/stemmers/turkish";
import { stemmer as stemUkrainian } from "@orama/stemmers/ukrainian";
import { franc } from "franc-min";
import stopwordsIso from "stopwords-iso/stopwords-iso.json" with { type: "json" };
import { stemEnglish } from "../../../text-search/english-stemmer";
import { ENGLISH_STOP_WORDS } from "../../../text-search/english-stop-words";

/*
 * Questions and documents come in any language, so words are compared the way each language needs: word boundaries
 * from Intl.Segmenter (dictionary-based for Chinese and Japanese, which put no spaces between words), lowercased,
 * stop words dropped, stemmed by the language's Snowball stemmer. English keeps the index's own stemmer and stop
 * list (the analyzer's, so a question's stems are the index's); other languages' stop words are stopwords-iso's.
 * A language with no stemmer here (Polish, Czech, Chinese, ...) is compared on lowercased words.
 */

/** ISO 639-3 (what franc returns) -> ISO 639-1 (what Intl and the trace use). */
const ISO_639_1: Record<string, string> = {
  eng: "en",
  fra: "fr",
  deu: "de",
  spa: "es",
  ita: "it",
  por: "pt",
  nld: "nl",
  rus: "ru",
  bul: "bg",
  ukr: "uk",
  swe: "sv",
  dan: "da",
  nob: "no",
  fin: "fi",
  hun: "hu",
  ron: "ro",
  tur: "tr",
  arb: "ar",
  pol: "pl",
  ces: "cs",
  cmn: "zh",
  jpn: "ja",
  kor: "ko",
  srp: "sr",
  ell: "el",
  ind: "id",
  slk: "sk",
  hrv: "hr",
  vie: "vi",
  hin: "hi",
};

/** The languages franc chooses among: those matched with a stemmer, and a few common ones compared on words. */
const DETECTED = Object.keys(ISO_639_1).filter((code) => code !== "hin" && code !== "vie");

const STEMMERS: Record<string, (word: string) => string> = {
  en: stemEnglish,
  fr: stemFrench,
  de: stemGerman,
  es: stemSpanish,
  it: stemItalian,
  pt: stemPortuguese,
  nl: stemDutch,
  ru: stemRussian,
  bg: stemBulgarian,
  uk: stemUkrainian,
  sv: stemSwedish,
  da: stemDanish,
  no: stemNorwegian,
  fi: stemFinnish,
  hu: stemHungarian,
  ro: stemRomanian,
  tr: stemTurkish,
  ar: stemArabic,
  sr: stemSerbian,
  el: stemGreek,
  id: stemIndonesian,
};

const NAMES: Record<string, string> = {
  en: "English",
  fr: "French",
  de: "German",
  es: "Spanish",
  it: "Italian",
  pt: "Portuguese",
  nl: "Dutch",
  ru: "Russian",
  bg: "Bulgarian",
  uk: "Ukrainian",
  sv: "Swedish",
  da: "Danish",
  no: "Norwegian",
  fi: "Finnish",
  hu: "Hungarian",
  ro: "Romanian",
  tr: "Turkish",
  ar: "Arabic",
  pl: "Polish",
  cs: "Czech",
  zh: "Chinese",
  ja: "Japanese",
  ko: "Korean",
  sr: "Serbian",
  el: "Greek",
  id: "Indonesian",
  sk: "Slovak",
  hr: "Croatian",
  vi: "Vietnamese",
  hi: "Hindi",
};

/** The language's name in English ("French"), or the code itself when unnamed. */
export const languageName = (code: string) => NAMES[code] ?? code;

/** Letters of running text below which a language is not judged (franc is unreliable on a few words). */
const MIN_LETTERS = 24;
/** Below this many letters a passage's language is told by its function words, not by trigrams. */
const MIN_TRIGRAM_LETTERS = 200;

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;

/**
 * The language of a text as ISO 639-1, or null when it cannot be told (too short, or mixed). Scripts written without
 * spaces are recognised by their characters, which franc's trigrams read poorly.
 */
export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, 2000);
  if (UNSPACED.test(sample)) {
    const letters = sample.match(/\p{L}/gu)?.length ?? 0;
    const unspaced = sample.match(new RegExp(UNSPACED.source, "gu"))?.length ?? 0;
    if (unspaced >= letters * 0.3) return KANA.test(sample) ? "ja" : HANGUL.test(sample) ? "ko" : "zh";
  }
  // Only running text tells a language: table pipes, numbers and codes are left out, and a short text is not judged.
  const prose = sample.replace(/[|\d_#*=<>[\](){}:;/\\-]+/g, " ").replace(/\s+/g, " ");
  const letters = prose.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return null;
  // Trigram statistics need running text; a short one (a table's labels, a form) is told by its function words,
  // as a question is, and not at all without two of them.
  if (letters < MIN_TRIGRAM_LETTERS) return functionWordLanguage(prose, 2);
  const code = franc(prose, { minLength: MIN_LETTERS, only: DETECTED });
  return ISO_639_1[code] ?? null;
}

/** The language whose stop words `text` uses most (English on a tie), when it uses at least `minHits` of them. */
function functionWordLanguage(text: string, minHits: number): string | null {
  const words = [...segmenterOf("en").segment(text.toLowerCase())]
    .filter((segment) => segment.isWordLike)
    .map((segment) => segment.segment.replace(/^[dl]['’]/u, ""));
  let best: string | null = null;
  let bestHits = minHits - 1;
  for (const language of QUESTION_LANGUAGES) {
    const stop = isoStopWords(language);
    const hits = words.filter((word) => stop.has(word)).length;
    if (hits > bestHits) {
      best = language;
      bestHits = hits;
    }
  }
  return best;
}

const stopLists = new Map<string, ReadonlySet<string>>();

/** Languages a short question is tried in, English first (it wins ties): the Latin, Cyrillic and Greek ones we read. */
export const QUESTION_LANGUAGES = [
  "en",
  "fr",
  "de",
  "es",
  "it",
  "pt",
  "nl",
  "ru",
  "bg",
  "uk",
  "pl",
  "cs",
  "sv",
  "da",
  "no",
  "fi",
  "tr",
  "ro",
  "hu",
];

/** stopwords-iso's list for a language (its English list too: the widest, for telling languages apart). */
function isoStopWords(language: string): ReadonlySet<string> {
  const key = `iso:${language}`;
  let list = stopLists.get(key);
  if (!list) {
    list = new Set((stopwordsIso as Record<string, string[]>)[language] ?? []);
    stopLists.set(key, list);
  }
  return list;
}

/**
 * The language of a question. A question is too short for trigram statistics, but its function words tell its
 * language well ("what", "does" / "quelle", "est", "de" / "какая", "в"): the language whose stop words it uses most,
 * English on a tie; a script written without spaces by its characters. Null when no language's words are found.
 */
export function detectQuestionLanguage(text: string): string | null {
  const unspaced = detectLanguage(text);
  if (unspaced === "zh" || unspaced === "ja" || unspaced === "ko") return unspaced;
  return functionWordLanguage(text, 1) ?? unspaced;
}

function stopWordsOf(language: string): ReadonlySet<string> {
  if (language === "en") return ENGLISH_STOP_WORDS;
  let list = stopLists.get(language);
  if (!list) {
    list = new Set((stopwordsIso as Record<string, string[]>)[language] ?? []);
    stopLists.set(language, list);
  }
  return list;
}

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterOf(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: "word" });
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/** One word of a text as matching sees it. */
export type Word = {
  /** The word as written. */
  surface: string;
  /** Lowercased and stemmed (a number stays as written, without grouping commas). */
  stem: string;
  /** A stop word of the language (kept for phrases and positions, never required of an answer). */
  stop: boolean;
  /** Offset of the word in the text. */
  index: number;
};

const NUMBER = /^\p{N}[\p{N}.,]*$/u;
const STEM_CACHE_LIMIT = 200_000;
const stemCache = new Map<string, string>();

function stemOf(language: string, lower: string): string {
  const stemmer = STEMMERS[language];
  if (!stemmer) return lower;
  const key = `${language}\u0000${lower}`;
  let stem = stemCache.get(key);
  if (stem === undefined) {
    stem = stemmer(lower);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(key, stem);
  }
  return stem;
}

/**
 * The words of `text` read as `language` (English when unknown). Dotted and underscored names ("user.login",
 * "other_names", JSON paths) also yield their parts, so "login" finds "user.login".
 */
export function wordsOf(text: string, language: string | null): Word[] {
  const lang = language ?? "en";
  const stop = stopWordsOf(lang);
  const words: Word[] = [];
  const push = (surface: string, index: number) => {
    const lower = surface.toLowerCase().replace(/['’]s$/u, "");
    if (lower === "") return;
    if (NUMBER.test(lower)) {
      words.push({ surface, stem: lower.replace(/,(?=\d{3}\b)/g, ""), stop: false, index });
      return;
    }
    words.push({ surface, stem: stemOf(lang, lower), stop: stop.has(lower), index });
  };
  for (const segment of segmenterOf(lang).segment(text)) {
    if (!segment.isWordLike) continue;
    const word = segment.segment;
    if (/[._]/.test(word) && /\p{L}[._]+\p{L}/u.test(word)) {
      let offset = 0;
      for (const part of word.split(/[._]+/)) {
        if (part !== "") push(part, segment.index + word.indexOf(part, offset));
        offset += part.length + 1;
      }
      continue;
    }
    push(word, segment.index);
  }
  return words;
}
