// The Snowball English (Porter2) stemmer as PostgreSQL 18's english_stem runs it (Snowball 3: "added" stays "add").

/*
 * Written from the algorithm's published definition (snowballstem.org, english.sbl). npm's Porter2 stemmers
 * (wink-porter2-stemmer 2.0.1, snowball-stemmers 0.6.0) follow Snowball 2, which undoubles "add(ed|ing)" to "ad"
 * where Snowball 3 keeps "add" (no undoubling after a word-initial a/e/o), and take ~15-25 us a word; this one is
 * equal to PGlite on every word of the test corpora and fast enough to run on every token.
 * Only a-z and y count as vowels, so any other character (accented letters included) is a consonant, as in
 * Snowball's UTF-8 stemmer. Words are lowercase already (the dictionary lowercases first).
 */

const EXCEPTIONS_1 = new Map<string, string>([
  ["skis", "ski"],
  ["skies", "sky"],
  ["dying", "die"],
  ["lying", "lie"],
  ["tying", "tie"],
  ["idly", "idl"],
  ["gently", "gentl"],
  ["ugly", "ugli"],
  ["early", "earli"],
  ["only", "onli"],
  ["singly", "singl"],
  ["sky", "sky"],
  ["news", "news"],
  ["howe", "howe"],
  ["atlas", "atlas"],
  ["cosmos", "cosmos"],
  ["bias", "bias"],
  ["andes", "andes"],
]);

/** Words left alone after step 1a ("evening" is not one in the Snowball PostgreSQL 18 ships: it stems to "even"). */
const EXCEPTIONS_2 = new Set([
  "inning",
  "outing",
  "canning",
  "herring",
  "earring",
  "proceed",
  "exceed",
  "succeed",
]);

const isVowel = (c: string | undefined) =>
  c === "a" || c === "e" || c === "i" || c === "o" || c === "u" || c === "y";

/** Step 2 suffixes (longest first, so the first that matches is the longest) and their replacements. */
const STEP_2: Array<[string, string]> = [
  ["ization", "ize"],
  ["ational", "ate"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["iveness", "ive"],
  ["tional", "tion"],
  ["biliti", "ble"],
  ["lessli", "less"],
  ["entli", "ent"],
  ["ation", "ate"],
  ["alism", "al"],
  ["aliti", "al"],
  ["ousli", "ous"],
  ["iviti", "ive"],
  ["fulli", "ful"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["abli", "able"],
  ["izer", "ize"],
  ["ator", "ate"],
  ["alli", "al"],
  ["bli", "ble"],
  ["ogi", "og"],
  ["li", ""],
];

const STEP_3: Array<[string, string]> = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["alize", "al"],
  ["icate", "ic"],
  ["iciti", "ic"],
  ["ative", ""],
  ["ical", "ic"],
  ["ness", ""],
  ["ful", ""],
];

const STEP_4 = [
  "ement",
  "ance",
  "ence",
  "able",
  "ible",
  "ment",
  "ant",
  "ent",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
  "ion",
  "al",
  "er",
  "ic",
];

const DOUBLES = new Set(["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"]);
const VALID_LI = "cdeghkmnrt";

/** Index just past the first non-vowel that follows a vowel, at or after `from`; `length` when there is none. */
function regionAfter(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i += 1) {
    if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  }
  return w.length;
}

/**
 * Whether the word up to `end` ends in a short syllable: non-vowel, vowel, then a non-vowel other than w, x and Y;
 * or, at the very start of the word, a vowel then a non-vowel.
 */
function shortSyllable(w: string, end: number): boolean {
  const last = w[end - 1];
  if (end < 2 || isVowel(last) || !isVowel(w[end - 2])) return false;
  if (end === 2) return true;
  return last !== "w" && last !== "x" && last !== "Y" && !isVowel(w[end - 3]);
}

function hasVowel(w: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (isVowel(w[i])) return true;
  return false;
}

function stemBmp(word: string): string {
  const exception = EXCEPTIONS_1.get(word);
  if (exception !== undefined) return exception;
  if (word.length < 3) return word;

  // Prelude: a leading apostrophe goes; y at the start or after a vowel is a consonant (Y).
  let w = word.startsWith("'") ? word.slice(1) : word;
  let yFound = false;
  if (w.includes("y")) {
    const chars = w.split("");
    for (let i = 0; i < chars.length; i += 1) {
      if (chars[i] === "y" && (i === 0 || isVowel(chars[i - 1]))) {
        chars[i] = "Y";
        yFound = true;
      }
    }
    w = chars.join("");
  }

  // Regions.
  let p1: number;
  if (w.startsWith("gener") || w.startsWith("arsen")) p1 = 5;
  else if (w.startsWith("commun")) p1 = 6;
  else p1 = regionAfter(w, 0);
  const p2 = p1 < w.length ? regionAfter(w, p1) : w.length;

  // Step 1a.
  if (w.endsWith("'s'")) w = w.slice(0, -3);
  else if (w.endsWith("'s")) w = w.slice(0, -2);
  else if (w.endsWith("'")) w = w.slice(0, -1);
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ied") || w.endsWith("ies")) w = w.length > 4 ? w.slice(0, -2) : w.slice(0, -1);
  else if (w.endsWith("us") || w.endsWith("ss")) {
    // unchanged
  } else if (w.endsWith("s")) {
    if (w.length >= 3 && hasVowel(w, 0, w.length - 2)) w = w.slice(0, -1);
  }

  if (!EXCEPTIONS_2.has(w)) {
    w = step1b(w, p1);
    // Step 1c.
    const n = w.length;
    if (n > 2 && (w[n - 1] === "y" || w[n - 1] === "Y") && !isVowel(w[n - 2])) w = `${w.slice(0, -1)}i`;
    w = step2(w, p1);
    w = step3(w, p1, p2);
    w = step4(w, p2);
    w = step5(w, p1, p2);
  }
  return yFound ? w.replaceAll("Y", "y") : w;
}

function step1b(w: string, p1: number): string {
  let suffix = "";
  for (const candidate of ["eedly", "ingly", "edly", "eed", "ing", "ed"]) {
    if (w.endsWith(candidate)) {
      suffix = candidate;
      break;
    }
  }
  if (!suffix) return w;
  const start = w.length - suffix.length;
  if (suffix === "eed" || suffix === "eedly") return start >= p1 ? `${w.slice(0, start)}ee` : w;
  if (!hasVowel(w, 0, start)) return w;
  const stem = w.slice(0, start);
  const n = stem.length;
  const tail = stem.slice(-2);
  if (tail === "at" || tail === "bl" || tail === "iz") return `${stem}e`;
  if (DOUBLES.has(tail)) {
    // Snowball 3: no undoubling when the double follows a word-initial a, e or o ("add", "egg", "off").
    const before = stem[n - 3];
    if (n === 3 && (before === "a" || before === "e" || before === "o")) return stem;
    return stem.slice(0, -1);
  }
  if (n === p1 && shortSyllable(stem, n)) return `${stem}e`;
  return stem;
}

function step2(w: string, p1: number): string {
  for (const [suffix, replacement] of STEP_2) {
    if (!w.endsWith(suffix)) continue;
    const start = w.length - suffix.length;
    if (start < p1) return w;
    if (suffix === "ogi") return w[start - 1] === "l" ? `${w.slice(0, start)}og` : w;
    if (suffix === "li") return VALID_LI.includes(w[start - 1] ?? " ") ? w.slice(0, start) : w;
    return w.slice(0, start) + replacement;
  }
  return w;
}

function step3(w: string, p1: number, p2: number): string {
  for (const [suffix, replacement] of STEP_3) {
    if (!w.endsWith(suffix)) continue;
    const start = w.length - suffix.length;
    if (start < p1) return w;
    if (suffix === "ative") return start >= p2 ? w.slice(0, start) : w;
    return w.slice(0, start) + replacement;
  }
  return w;
}

function step4(w: string, p2: number): string {
  for (const suffix of STEP_4) {
    if (!w.endsWith(suffix)) continue;
    const start = w.length - suffix.length;
    if (start < p2) return w;
    if (suffix === "ion") {
      const before = w[start - 1];
      return before === "s" || before === "t" ? w.slice(0, start) : w;
    }
    return w.slice(0, start);
  }
  return w;
}

function step5(w: string, p1: number, p2: number): string {
  const n = w.length;
  if (w.endsWith("e")) {
    const start = n - 1;
    if (start >= p2 || (start >= p1 && !shortSyllable(w, start))) return w.slice(0, start);
    return w;
  }
  if (w.endsWith("l")) {
    const start = n - 1;
    if (start >= p2 && w[start - 1] === "l") return w.slice(0, start);
  }
  return w;
}

const ASTRAL = /[\ud800-\udbff][\udc00-\udfff]/g;

/**
 * Stems a lowercase word. Characters outside the BMP count as one character (Snowball counts UTF-8 characters):
 * they are swapped for private-use placeholders, which are consonants like them, and swapped back.
 */
export function stemEnglish(word: string): string {
  if (!/[\ud800-\udfff]/.test(word)) return stemBmp(word);
  const astral: string[] = [];
  const masked = word.replace(ASTRAL, (pair) => {
    astral.push(pair);
    return String.fromCharCode(0xe000 + astral.length - 1);
  });
  return stemBmp(masked).replace(/[\ue000-\uf8ff]/g, (ch) => astral[ch.charCodeAt(0) - 0xe000] ?? ch);
}
