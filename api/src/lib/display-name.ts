// Cleans a name people will see (an uploaded file's, a data source's, a sheet's): no invisible or reordering characters.

/**
 * Characters that change how a name reads without being seen: controls (C0, C1), format characters (bidi embeddings,
 * overrides and isolates U+202A-U+202E / U+2066-U+2069, zero-width space/joiners U+200B-U+200D, word joiner U+2060,
 * BOM U+FEFF, soft hyphen, tag characters), every other default-ignorable code point (Hangul fillers, variation
 * selectors) and lone surrogates. "invoice\u202Efdp.exe" displays as "invoiceexe.pdf"; stripped, it reads as what it is.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cs}]/gu;

/** Runs of spacing, line and paragraph separators included (\s also matches U+FEFF: run after INVISIBLE). */
const SPACING = /\s+/g;

/** The name without invisible characters, its spacing collapsed and trimmed ("" when nothing visible is left). */
export function cleanDisplayName(name: string): string {
  // Controls go like every invisible character (as they always did for file names: "bad\nname.pdf" -> "badname.pdf").
  return name.replace(INVISIBLE, "").replace(SPACING, " ").trim();
}
