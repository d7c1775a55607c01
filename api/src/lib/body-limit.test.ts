// The body limit: 1 MiB for JSON, forms and anything buffered; streamed multipart routes limit their own bodies.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { JSON_BODY_LIMIT_BYTES, requestBodyLimit, streamedBody } from "./body-limit";

const app = new Hono()
  .use(requestBodyLimit)
  .post("/streamed", streamedBody, async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)))
  .post("/buffered", async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)))
  .onError((error, c) => c.text(error.message, error instanceof AppError ? error.status : 500));

const big = "x".repeat(2 * JSON_BODY_LIMIT_BYTES);
const multipart = (content: string) => {
  const form = new FormData();
  form.append("files", new Blob([content]), "big.txt");
  return form;
};

describe("request body limit", () => {
  it("lets a multipart body past 1 MiB through to a streamed route only", async () => {
    const streamed = await app.request("/streamed", { method: "POST", body: multipart(big) });
    expect(streamed.status).toBe(200);
    expect(Number(await streamed.text())).toBeGreaterThan(2 * JSON_BODY_LIMIT_BYTES);

    const buffered = await app.request("/buffered", { method: "POST", body: multipart(big) });
    expect(buffered.status).toBe(413);
  });

  it.each([
    ["application/json", JSON.stringify({ big })],
    ["application/x-www-form-urlencoded", `big=${big}`],
    ["text/plain", big],
  ])("refuses a %s body over 1 MiB, even on a streamed route", async (type, body) => {
    for (const path of ["/streamed", "/buffered"]) {
      const response = await app.request(path, { method: "POST", headers: { "content-type": type }, body });
      expect(response.status, path).toBe(413);
    }
  });
});
