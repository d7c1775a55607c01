// HttpError keeps the spec's message and exposes the server's code and sentence; errorMessage never shows raw JSON,
// and the brand recognises errors thrown by another remote's copy of this package.
import { describe, expect, it, vi } from "vitest";
import { errorMessage, HttpError, isHttpError } from "./http-error";

const jsonError = (status: number, body: object, statusText = "") =>
  new HttpError({ status, statusText, bodyText: JSON.stringify(body) });

describe("HttpError", () => {
  it("reads error, code and details from the API's JSON body", () => {
    const error = jsonError(409, { error: "Email already registered", code: "EMAIL_TAKEN" }, "Conflict");
    expect(error.message).toBe('409: {"error":"Email already registered","code":"EMAIL_TAKEN"}');
    expect(error).toMatchObject({
      status: 409,
      code: "EMAIL_TAKEN",
      serverMessage: "Email already registered",
    });
    expect(error.details).toBeUndefined();
  });

  it("keeps a non-JSON body as text only", () => {
    const error = new HttpError({ status: 502, statusText: "Bad Gateway", bodyText: "<html>oops</html>" });
    expect(error.message).toBe("502: <html>oops</html>");
    expect(error.body).toBeUndefined();
    expect(error.code).toBeUndefined();
  });
});

describe("errorMessage", () => {
  it("shows the server's sentence, never the JSON", () => {
    expect(errorMessage(jsonError(400, { error: "Name is required", code: "VALIDATION_ERROR" }))).toBe(
      "Name is required",
    );
  });

  it("falls back to a short plain-text body, then the status text, then the fallback", () => {
    expect(errorMessage(new HttpError({ status: 404, statusText: "Not Found", bodyText: "no route" }))).toBe(
      "no route",
    );
    expect(
      errorMessage(new HttpError({ status: 502, statusText: "Bad Gateway", bodyText: "<html>x</html>" })),
    ).toBe("Bad Gateway");
    expect(errorMessage(jsonError(500, { message: "odd shape" }), "Upload failed")).toBe("Upload failed");
  });

  it("uses a plain Error's message (network failures) and the fallback for anything else", () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
    expect(errorMessage("nope", "Failed to upload files")).toBe("Failed to upload files");
  });
});

describe("isHttpError", () => {
  it("recognises an HttpError made by another copy of the module", async () => {
    vi.resetModules();
    const other = await import("./http-error");
    const foreign: unknown = new other.HttpError({ status: 401, statusText: "Unauthorized", bodyText: "" });
    expect(foreign).not.toBeInstanceOf(HttpError);
    expect(isHttpError(foreign)).toBe(true);
    expect(isHttpError(new Error("401: Unauthorized"))).toBe(false);
  });
});
