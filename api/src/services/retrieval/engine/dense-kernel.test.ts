// The SIMD kernel: the committed bytes are its source assembled, and it sums exactly what the scalar loop sums.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assembleDenseKernel } from "../../../../scripts/build-dense-kernel";
import { LOCAL_EMBEDDER_DIMENSION } from "../../../providers/embedder/local-embedder";
import {
  accumulatePage,
  accumulatePageScalar,
  denseKernelInUse,
  MIN_PAGE_SLOTS,
  PAGE_SIZE,
} from "./dense-kernel";
import { DENSE_KERNEL_WASM_BASE64 } from "./dense-kernel-wasm";

describe("dense kernel", () => {
  it("is in use on this runtime, and its committed bytes are dense-kernel.wat assembled", async () => {
    expect(denseKernelInUse).toBe(true);
    // If this fails, dense-kernel.wat changed without `npm run build:kernel -w @acp/api`.
    expect((await assembleDenseKernel()).toString("base64")).toBe(DENSE_KERNEL_WASM_BASE64);
  });

  it("adds the same integer sums as the scalar loop, for any page stride, count, number of dimensions and weights", () => {
    const page = new Int8Array(PAGE_SIZE * LOCAL_EMBEDDER_DIMENSION);
    let seed = 11;
    for (let i = 0; i < page.length; i += 1) {
      seed = (Math.imul(seed, 1103515245) + 12345) | 0;
      page[i] = (seed >> 8) % 128;
    }
    // queryWeights keeps weight * 127 summed over the dimensions inside int32.
    const bound = Math.floor(2 ** 31 / (127 * LOCAL_EMBEDDER_DIMENSION));
    fc.assert(
      fc.property(
        fc
          .integer({ min: Math.log2(MIN_PAGE_SLOTS), max: Math.log2(PAGE_SIZE) })
          .chain((bits) => fc.tuple(fc.constant(1 << bits), fc.integer({ min: 0, max: 1 << bits }))),
        fc.array(
          fc.record({
            dim: fc.integer({ min: 0, max: LOCAL_EMBEDDER_DIMENSION - 1 }),
            weight: fc.integer({ min: -bound, max: bound }),
          }),
          { maxLength: 300 },
        ),
        fc.integer({ min: -1000, max: 1000 }),
        ([stride, count], terms, start) => {
          const dims = Int32Array.from(terms, (t) => t.dim);
          const weights = Int32Array.from(terms, (t) => t.weight);
          const expected = new Int32Array(PAGE_SIZE).fill(start);
          const actual = new Int32Array(PAGE_SIZE).fill(start);
          accumulatePageScalar(page, stride, count, dims, weights, expected);
          accumulatePage(page, stride, count, dims, weights, actual);
          // Slots past `count` are the caller's to ignore; the sums below it must match exactly.
          expect(actual.subarray(0, count)).toEqual(expected.subarray(0, count));
        },
      ),
      { numRuns: 60 },
    );
  });
});
