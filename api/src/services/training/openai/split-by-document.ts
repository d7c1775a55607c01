// A deterministic train/validation split that keeps every document on one side, so validation asks about unseen text.

import { seededRandom, shuffle } from "../../../lib/seeded-random";

export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  return shuffle([...items], seededRandom(seed));
}

/** Below this many examples everything trains: OpenAI needs 10 training examples before validation is worth any. */
const MIN_EXAMPLES_FOR_VALIDATION = 20;
/** The share of examples held out for validation. */
const VALIDATION_SHARE = 0.2;

/**
 * Splits grouped items: whole groups (documents, or passages when there is a single document) go to validation, in
 * seeded order, until about a fifth of the items are held out; train always keeps at least one group and most items.
 * Items keep their input order on each side.
 */
export function splitByGroup<T>(
  items: readonly T[],
  groupOf: (item: T) => string,
  seed: number,
): { train: T[]; validation: T[] } {
  if (items.length < MIN_EXAMPLES_FOR_VALIDATION) return { train: [...items], validation: [] };
  const sizes = new Map<string, number>();
  for (const item of items) sizes.set(groupOf(item), (sizes.get(groupOf(item)) ?? 0) + 1);
  if (sizes.size < 2) return { train: [...items], validation: [] };
  const target = Math.round(items.length * VALIDATION_SHARE);
  const held = new Set<string>();
  let heldItems = 0;
  for (const group of seededShuffle([...sizes.keys()].sort(), seed)) {
    if (heldItems >= target || held.size === sizes.size - 1) break;
    const size = sizes.get(group) ?? 0;
    // A group that would take validation past half the items stays in train (one huge document among small ones).
    if (heldItems + size > items.length / 2) continue;
    held.add(group);
    heldItems += size;
  }
  return {
    train: items.filter((item) => !held.has(groupOf(item))),
    validation: items.filter((item) => held.has(groupOf(item))),
  };
}
