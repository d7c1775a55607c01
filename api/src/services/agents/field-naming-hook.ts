// The validation hook of the agent routes: a 400 whose message names the field, as zod's own messages do not.
import type { ZodError } from "zod";
import { AppError } from "../../lib/app-error";
import { validationError } from "../../lib/validation";

/**
 * "temperature: Too big: expected number to be <=2" instead of the bare message. Messages listed in `verbatim` (the
 * spec's, e.g. "Validation Error: Name and system prompt are required.") are kept word for word.
 */
export function fieldNamingHook(verbatim: readonly string[] = []) {
  return (result: { success: true } | { success: false; error: ZodError }): undefined => {
    if (result.success) return undefined;
    const base = validationError(result.error);
    const issue = result.error.issues[0];
    const field = issue?.path.map(String).join(".");
    if (!issue || !field || verbatim.includes(issue.message)) throw base;
    throw new AppError("VALIDATION_ERROR", `${field}: ${issue.message}`, { details: base.details });
  };
}
