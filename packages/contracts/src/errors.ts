// The JSON error body every API error uses (DESIGN 4) and the client error message format (spec section 8).
import { z } from "zod";

export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Spec section 8: "<status>: <body text or status text>". */
export function httpErrorMessage(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}
