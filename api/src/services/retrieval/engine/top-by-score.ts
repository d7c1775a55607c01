// The best ordinals by score through a bounded min-heap, shared by the lexical and dense searches of a user's index.

/** The `limit` best ordinals by score (ties by chunk id), through a bounded min-heap: O(n log limit). */
export function topByScore(
  candidates: readonly number[],
  scores: Float64Array,
  ids: readonly string[],
  limit: number,
) {
  /** True when a ranks below b. */
  const worse = (a: number, b: number) => {
    const sa = scores[a] ?? 0;
    const sb = scores[b] ?? 0;
    return sa < sb || (sa === sb && (ids[a] ?? "") > (ids[b] ?? ""));
  };
  const heap: number[] = [];
  const siftDown = (from: number) => {
    let at = from;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let smallest = at;
      if (left < heap.length && worse(heap[left] ?? 0, heap[smallest] ?? 0)) smallest = left;
      if (right < heap.length && worse(heap[right] ?? 0, heap[smallest] ?? 0)) smallest = right;
      if (smallest === at) return;
      [heap[at], heap[smallest]] = [heap[smallest] ?? 0, heap[at] ?? 0];
      at = smallest;
    }
  };
  for (const ordinal of candidates) {
    if (heap.length < limit) {
      heap.push(ordinal);
      let at = heap.length - 1;
      while (at > 0) {
        const parent = (at - 1) >>> 1;
        if (!worse(heap[at] ?? 0, heap[parent] ?? 0)) break;
        [heap[at], heap[parent]] = [heap[parent] ?? 0, heap[at] ?? 0];
        at = parent;
      }
    } else if (limit > 0 && worse(heap[0] ?? 0, ordinal)) {
      heap[0] = ordinal;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}

/** Grows a typed array to hold `needed` entries (doubling), keeping its contents. */
export function grow<T extends Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array>(
  array: T,
  needed: number,
  make: (length: number) => T,
): T {
  if (needed <= array.length) return array;
  const next = make(Math.max(needed, array.length * 2, 16));
  next.set(array);
  return next;
}
