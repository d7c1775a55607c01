// Turns zod validation failures into the API's VALIDATION_ERROR, keeping the first issue's message verbatim.
import type { ZodError } from "zod";
import { AppError } from "./app-error";

/** The issues without any echo of the input (passwords must never come back in an error). */
export function validationError(error: ZodError): AppError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === "symbol" ? String(key) : key)),
    message: issue.message,
    code: issue.code,
  }));
  return new AppError("VALIDATION_ERROR", issues[0]?.message ?? "Invalid request", { details: issues });
}

/** The defaultHook of every OpenAPIHono router: validation failures throw, app.onError answers 400. */
export function validationHook(result: { success: true } | { success: false; error: ZodError }): void {
  if (!result.success) throw validationError(result.error);
}
