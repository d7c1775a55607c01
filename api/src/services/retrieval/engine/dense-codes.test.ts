// Quantised codes of the built-in embedder: cosines survive, and integer query sums never overflow.
import { describe, expect, it } from "vitest";
import { embedLocally, LOCAL_EMBEDDER_DIMENSION } from "../../../providers/embedder/local-embedder";
import { decodeLocalVector, encodeLocalVector, LOCAL_VECTOR_BYTES, queryWeights } from "./dense-codes";

const cosine = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

/** The cosine the in-memory dense leg computes from a code and query weights. */
function codedCosine(code: Buffer, query: readonly number[]): number {
  const { scale, codes } = decodeLocalVector(code);
  const { dims, weights, scale: weightScale } = queryWeights(query);
  let sum = 0;
  for (let k = 0; k < dims.length; k += 1) sum += (weights[k] ?? 0) * (codes[dims[k] ?? 0] ?? 0);
  return sum * scale * weightScale;
}

describe("local vector codes", () => {
  it("keep the cosine between texts to within 0.01 of the float vectors'", () => {
    const chunks = [
      "Quarterly revenue grew 12 percent on enterprise renewals in the Nordic region.",
      "The indemnification clause survives termination of this agreement for three years.",
      "Turbine bearings are inspected every 2,000 operating hours; spare parts ship from Rotterdam.",
    ].map((text) => embedLocally(text));
    for (const question of ["revenue renewals", "indemnification termination", "turbne bearng spare prts"]) {
      const query = embedLocally(question);
      for (const chunk of chunks) {
        expect(codedCosine(encodeLocalVector(chunk), query)).toBeCloseTo(cosine(chunk, query), 2);
      }
    }
    const code = encodeLocalVector(chunks[0] ?? []);
    expect(code.byteLength).toBe(LOCAL_VECTOR_BYTES);
    // The code times its scale is a unit vector again: a text's cosine with itself is 1.
    expect(codedCosine(code, chunks[0] ?? [])).toBeCloseTo(1, 2);
  });

  it("never overflows int32 when every dimension of the query is set", () => {
    const query = Array.from(
      { length: LOCAL_EMBEDDER_DIMENSION },
      () => 1 / Math.sqrt(LOCAL_EMBEDDER_DIMENSION),
    );
    const code = encodeLocalVector(query);
    const { codes } = decodeLocalVector(code);
    const { dims, weights } = queryWeights(query);
    let sum = 0;
    for (let k = 0; k < dims.length; k += 1) sum += (weights[k] ?? 0) * (codes[dims[k] ?? 0] ?? 0);
    expect(sum).toBeLessThan(2 ** 31);
    expect(codedCosine(code, query)).toBeCloseTo(1, 3);
  });

  it("refuses a code of the wrong size and a vector of the wrong dimension", () => {
    expect(() => decodeLocalVector(new Uint8Array(12))).toThrow(/1540 bytes/);
    expect(() => encodeLocalVector([1, 0, 0])).toThrow(/1536 dimensions/);
    expect(queryWeights(new Array(LOCAL_EMBEDDER_DIMENSION).fill(0)).dims.length).toBe(0);
  });
});
