// How one request's upload progress is split over its files, in the order they are sent.
import { describe, expect, it } from "vitest";
import { fileProgress, uploadFormData } from "./upload";

describe("fileProgress", () => {
  it("fills the files one after the other and reaches 100% for all when the request is sent", () => {
    const sizes = [300, 100];
    expect(fileProgress(sizes, { loaded: 0, total: 480 })).toEqual([0, 0]);
    expect(fileProgress(sizes, { loaded: 240, total: 480 })).toEqual([67, 0]);
    expect(fileProgress(sizes, { loaded: 420, total: 480 })).toEqual([100, 50]);
    expect(fileProgress(sizes, { loaded: 480, total: 480 })).toEqual([100, 100]);
  });

  it("copes with empty files and an unknown total", () => {
    expect(fileProgress([0, 10], { loaded: 10, total: 10 })).toEqual([100, 100]);
    expect(fileProgress([5], { loaded: 0, total: 0 })).toEqual([100]);
  });
});

describe("uploadFormData", () => {
  it("repeats `files` and adds the agent and category only when given", () => {
    const files = [new File(["a"], "a.txt"), new File(["b"], "b.csv")];
    const form = uploadFormData({ files, agentId: "legal", category: "Contracts" });
    expect(form.getAll("files").map((file) => (file as File).name)).toEqual(["a.txt", "b.csv"]);
    expect(form.get("agentId")).toBe("legal");
    expect(form.get("category")).toBe("Contracts");
    const bare = uploadFormData({ files });
    expect(bare.has("agentId")).toBe(false);
    expect(bare.has("category")).toBe(false);
  });
});
