// The one failure toast: skipped for a 401, the spec's sentence then the server's reason, the fallbacks.
import { HttpError } from "@acp/client/http-error";
import { ERROR_TOASTS } from "@acp/contracts/messages";
import { afterEach, describe, expect, it } from "vitest";
import { clearToasts, currentToast } from "./testing";
import { errorToastDescription, toastError } from "./toast-error";

const answered = (status: number, body: unknown, statusText = "") =>
  new HttpError({ status, statusText, bodyText: typeof body === "string" ? body : JSON.stringify(body) });

afterEach(clearToasts);

describe("toastError", () => {
  it("shows the sentence, a colon and the server's sentence under the spec's title", () => {
    toastError(answered(409, { error: "The job already finished", code: "conflict" }), {
      sentence: "Failed to cancel training job",
    });
    expect(currentToast()).toEqual({
      title: ERROR_TOASTS.title,
      description: "Failed to cancel training job: The job already finished",
      variant: "destructive",
    });
  });

  it("says nothing for a 401: the host signs the user in again", () => {
    toastError(answered(401, { error: "Unauthorized" }), { sentence: "Failed to delete API key" });
    expect(currentToast()).toBeUndefined();
  });

  it("builds the sentence with the contract's function and takes another title", () => {
    toastError(new Error("offline"), { sentence: ERROR_TOASTS.deleteAgent, title: "Delete Failed" });
    expect(currentToast()).toMatchObject({
      title: "Delete Failed",
      description: "Failed to delete agent: offline",
    });
  });
});

describe("errorToastDescription", () => {
  it("never shows raw JSON or HTML: the generic sentence, or the caller's fallback alone", () => {
    const html = answered(502, "<html>Bad gateway</html>");
    expect(errorToastDescription(html, { sentence: "Failed to create API key" })).toBe(
      "Failed to create API key: Something went wrong. Please try again.",
    );
    expect(
      errorToastDescription(html, { sentence: "Failed to send message", fallback: "Failed to send message" }),
    ).toBe("Failed to send message");
    expect(errorToastDescription(html, { fallback: "Failed to upload files" })).toBe(
      "Failed to upload files",
    );
  });

  it("does not repeat a reason that says the same as the sentence", () => {
    expect(
      errorToastDescription(new Error("No active conversation"), { sentence: "No active conversation" }),
    ).toBe("No active conversation");
  });
});
