// Matching a question's word in a passage written in another language or script: names of countries, languages,
// currencies and scripts in every language the platform knows (Intl.DisplayNames), and names and international
// words written in another script or spelling (Einstein / Эйнштейн, Italian / итальянский, programme / programa).

import { GLOSSARY } from "./glossary";
import { QUESTION_LANGUAGES } from "./language";

/*
 * No dictionary is needed for the words that travel between languages most: proper names and international words
 * keep their sound, so they are compared on a skeleton (lowercased, accents dropped, Cyrillic and Greek
 * transliterated, spellings of the same sound merged: "sch"/"sh"/"ш" -> "s", "y"/"j"/"й" -> "i", "c"/"k"/"q" -> "k")
 * and count as the same word when one skeleton starts with most of the other. Names of countries, languages,
 * currencies and scripts differ too much for that ("Japan" / "Япония" / "日本"), so every name the platform's ICU
 * data gives for them in the languages we read is a form of the same concept. Used only when the question's
 * language or script is not the passage's: within one language, stems decide.
 */

/** Languages whose names for countries, languages, currencies and scripts are read: the ones a question is read in,
 * and those written in other scripts. */
const NAME_LANGUAGES = [...QUESTION_LANGUAGES, "ar", "zh", "ja", "ko", "el", "sr"];

/** A shared prefix of this many characters at least ... */
const MIN_PREFIX = 4;
/** ... and this share of the shorter skeleton makes two words the same across languages. */
const PREFIX_SHARE = 0.7;

const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "i",
  ь: "",
  э: "e",
  ю: "iu",
  я: "ia",
  і: "i",
  ї: "i",
  є: "e",
  ґ: "g",
  ђ: "d",
  ј: "i",
  љ: "l",
  њ: "n",
  ћ: "c",
  џ: "d",
};
const GREEK: Record<string, string> = {
  α: "a",
  β: "b",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "i",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
};

const skeletons = new Map<string, string>();
const SKELETON_CACHE_LIMIT = 50_000;

/** A word's skeleton: how it sounds, roughly, in Latin letters (see the comment above). */
export function skeleton(word: string): string {
  let cached = skeletons.get(word);
  if (cached !== undefined) return cached;
  const lower = word
    .toLowerCase()
    .replace(/['’]s$/u, "")
    .replace(/^(?:l|d|j|m|n|s|t|c|qu|dell|all|nell|sull|dall)['’](?=\p{L})/u, "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "");
  let latin = "";
  for (const char of lower) latin += CYRILLIC[char] ?? GREEK[char] ?? char;
  cached = latin
    .replace(/sch|sh|ch(?=[aeiou])/g, (match) => (match === "sch" || match === "sh" ? "s" : "h"))
    .replace(/kh|ch/g, "h")
    .replace(/ts|tz/g, "z")
    .replace(/ph/g, "f")
    .replace(/th/g, "t")
    .replace(/ck|c|q/g, "k")
    .replace(/x/g, "ks")
    .replace(/w/g, "v")
    .replace(/[yj]/g, "i")
    .replace(/[^\p{L}\p{N}]/gu, "")
    .replace(/(.)\1+/gu, "$1");
  if (skeletons.size >= SKELETON_CACHE_LIMIT) skeletons.clear();
  skeletons.set(word, cached);
  return cached;
}

/** Scripts written without spaces: their names are compared whole. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** Whether two skeletons are the same word across languages: one starts with most of the other. */
export function sameAcrossLanguages(a: string, b: string): boolean {
  if (a === b) return a.length > 0;
  if (UNSPACED.test(a) || UNSPACED.test(b)) return false;
  const shorter = Math.min(a.length, b.length);
  if (shorter < MIN_PREFIX) return false;
  let shared = 0;
  while (shared < shorter && a[shared] === b[shared]) shared += 1;
  return shared >= MIN_PREFIX && shared >= shorter * PREFIX_SHARE;
}

/** The script a word is written in, as far as matching cares. */
export function scriptOf(word: string): "latin" | "cyrillic" | "greek" | "other" {
  if (/\p{Script=Latin}/u.test(word)) return "latin";
  if (/\p{Script=Cyrillic}/u.test(word)) return "cyrillic";
  if (/\p{Script=Greek}/u.test(word)) return "greek";
  return "other";
}

type Concept = { names: string[] };

let conceptIndex: Map<string, Concept[]> | null = null;

/** The longest word of a name, its skeleton: what identifies "Republic of Korea" or "японская иена" when matching. */
function keyOf(name: string): string {
  if (UNSPACED.test(name)) return name;
  const words = name.split(/[\s,()'’-]+/u).filter(Boolean);
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "");
  return skeleton(longest);
}

/** Every code of a kind that the platform names (two-letter regions and languages are tried; currencies are listed). */
function codesOf(type: "region" | "language" | "currency" | "script"): string[] {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  switch (type) {
    case "currency":
      return Intl.supportedValuesOf("currency");
    case "script":
      return ["Latn", "Cyrl", "Grek", "Arab", "Hans", "Hant", "Jpan", "Kore", "Hebr", "Deva", "Thai"];
    default: {
      const codes: string[] = [];
      for (const a of letters)
        for (const b of letters) codes.push(type === "region" ? `${a}${b}` : `${a}${b}`.toLowerCase());
      return codes;
    }
  }
}

/** Concepts by the key of each of their names: built once, from the platform's ICU data and the glossary. */
function concepts(): Map<string, Concept[]> {
  if (conceptIndex) return conceptIndex;
  const index = new Map<string, Concept[]>();
  for (const type of ["region", "language", "currency", "script"] as const) {
    const displays = NAME_LANGUAGES.map(
      (language) => new Intl.DisplayNames([language], { type, fallback: "none" }),
    );
    for (const code of codesOf(type)) {
      const names = new Set<string>();
      for (const display of displays) {
        let name: string | undefined;
        try {
          name = display.of(code);
        } catch {
          name = undefined;
        }
        if (name && name.toLowerCase() !== code.toLowerCase()) names.add(name);
      }
      if (names.size < 2) continue;
      const concept = { names: [...names] };
      for (const key of new Set(concept.names.map(keyOf))) {
        if (key.length < (UNSPACED.test(key) ? 2 : 3)) continue;
        const list = index.get(key) ?? [];
        list.push(concept);
        index.set(key, list);
      }
    }
  }
  // The common words of records, which ICU does not name (glossary.ts).
  for (const names of GLOSSARY) {
    const concept = { names: [...names] };
    for (const key of new Set(concept.names.map(keyOf))) {
      const list = index.get(key) ?? [];
      list.push(concept);
      index.set(key, list);
    }
  }
  conceptIndex = index;
  return index;
}

const formsCache = new Map<string, string[]>();

/**
 * The skeletons a word may take in other languages: its own, and when it names a country, a language, a currency or
 * a script, the key of each of that concept's names ("Японии" -> "iaponia", "iapan", "iapon", "日本", ...).
 */
export function formsAcrossLanguages(word: string): string[] {
  const own = UNSPACED.test(word) ? word : skeleton(word);
  let forms = formsCache.get(own);
  if (forms) return forms;
  const found = new Set<string>([own]);
  const index = concepts();
  const direct = index.get(own);
  const matches = direct ? [...direct] : [];
  if (!direct && !UNSPACED.test(own) && own.length >= MIN_PREFIX + 1)
    for (const [key, list] of index) if (sameAcrossLanguages(own, key)) matches.push(...list);
  for (const concept of matches) for (const name of concept.names) found.add(keyOf(name));
  forms = [...found];
  if (formsCache.size >= SKELETON_CACHE_LIMIT) formsCache.clear();
  formsCache.set(own, forms);
  return forms;
}
