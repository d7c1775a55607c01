// Which passwords built-in accounts refuse besides short ones: common passwords and the account's own email.
import { dictionary } from "@zxcvbn-ts/language-common";

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common: choose one that is harder to guess, such as a few unrelated words";
export const EMAIL_PASSWORD_MESSAGE = "Your password must not be your email address";

/** zxcvbn-ts's list of ~49,000 passwords most often seen in breaches, compared without case. */
let commonPasswords: Set<string> | undefined;
function isCommon(password: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** Why the password is refused (a message to show), or undefined when it is acceptable. */
export function passwordProblem(password: string, email: string): string | undefined {
  const candidate = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split("@")[0] ?? "";
  if (candidate === address || (localPart.length > 0 && candidate === localPart))
    return EMAIL_PASSWORD_MESSAGE;
  if (isCommon(password) || isCommon(password.trim())) return COMMON_PASSWORD_MESSAGE;
  return undefined;
}
