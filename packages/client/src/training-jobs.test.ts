// Training jobs: the list is polled every 10 s under a key that invalidating ["training-jobs"] reaches.
import { describe, expect, it } from "vitest";
import { trainingJobKeys, trainingJobsQueryOptions } from "./training-jobs";

describe("training jobs", () => {
  it("polls the list every 10 s under ['training-jobs', {}]", () => {
    const options = trainingJobsQueryOptions();
    expect(options.queryKey).toEqual(["training-jobs", {}]);
    expect(options.queryKey.slice(0, 1)).toEqual(trainingJobKeys.all);
    expect(options.refetchInterval).toBe(10_000);
  });
});
