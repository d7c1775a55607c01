// A fetched web page is read in the extraction child ("html" work): its readable text, under the child's limits.
import { afterAll, describe, expect, it } from "vitest";
import { extractInIsolation } from "./extract-in-isolation";
import { ExtractionPool } from "./extraction-pool";

/** The children this file's extractions run in (the API's are deps.extractionPool). */
const pool = new ExtractionPool();

const page = (body: string) =>
  new TextEncoder().encode(
    `<!doctype html><html><head><title>Opening hours</title><script>var secret = "never shown";</script></head><body>${body}</body></html>`,
  );

describe("html in the extraction child", () => {
  afterAll(() => pool.close());

  it("reads the page's readable text as paragraphs, without scripts or navigation", async () => {
    const document = await extractInIsolation({
      pool,
      bytes: page(
        `<nav><a href="/">Home</a></nav><article><h1>Opening hours</h1><p>The library opens at nine on weekdays and closes at six, with late evenings on Thursdays for students.</p><p>On Saturdays it opens at ten, and on public holidays the reading room stays closed all day long.</p></article>`,
      ),
      fileName: "Opening hours",
      ext: "html",
    });
    expect(document.format).toBe("html");
    const text = document.blocks.map((block) => (block.kind === "text" ? block.text : "")).join("\n\n");
    expect(text).toContain("opens at nine on weekdays");
    expect(text).toContain("public holidays");
    expect(text).not.toContain("never shown");
  }, 60_000);

  it("fails a page without readable text with a sentence", async () => {
    await expect(
      extractInIsolation({ pool, bytes: page("<script>1</script>"), fileName: "Empty", ext: "html" }),
    ).rejects.toMatchObject({ code: "no-text", message: "the page has no readable text" });
  }, 60_000);

  it("stops a page that keeps the DOM busy at the child's time limit (the API's event loop never parses it)", async () => {
    const nested = `${"<div>".repeat(60_000)}deep${"</div>".repeat(60_000)}`;
    const started = Date.now();
    const outcome = await extractInIsolation({
      pool,
      bytes: page(nested.repeat(20)),
      fileName: "Nested",
      ext: "html",
      limits: { timeoutMs: 1_500 },
    }).catch((error: unknown) => error);
    // 1.2 million nested elements: the DOM takes longer than the limit, and the child is stopped there.
    expect(outcome).toMatchObject({ code: "timeout", message: "the file took longer than 1.5 s to read" });
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 60_000);
});
