// Password policy: common passwords (zxcvbn-ts's breach list) and the email itself are refused, whatever the case.
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE, EMAIL_PASSWORD_MESSAGE, passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it.each(["password", "12345678", "Password1", "qwertyuiop", "iloveyou", " letmein "])(
    "refuses the common password %j",
    (password) => {
      expect(passwordProblem(password, "ada@example.test")).toBe(COMMON_PASSWORD_MESSAGE);
    },
  );

  it("refuses the email address or its local part as the password", () => {
    expect(passwordProblem("Ada.Lovelace@Example.test", "ada.lovelace@example.test")).toBe(
      EMAIL_PASSWORD_MESSAGE,
    );
    expect(passwordProblem("ada.lovelace", "ada.lovelace@example.test")).toBe(EMAIL_PASSWORD_MESSAGE);
  });

  it("accepts an uncommon password", () => {
    expect(passwordProblem("correct horse battery", "ada@example.test")).toBeUndefined();
    expect(passwordProblem("plum-trellis-47-orbit", "ada@example.test")).toBeUndefined();
  });
});
