import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./errors";

/** drizzle's wrapping: the driver's error is the cause of a query error. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("database errors through drizzle's wrapping", () => {
  it("names an outage: refused or cut sockets, a server shutting down, a lost connection", () => {
    for (const cause of [
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
      Object.assign(new Error("connection failure"), { code: "08006" }),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
    ]) {
      expect(isDatabaseUnavailable(wrapped(cause)), String(cause)).toBe(true);
    }
  });

  it("does not call a failing query an outage", () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("duplicate key"), { code: "23505" })))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error("syntax error"), { code: "42601" })))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isUniqueViolation(wrapped(Object.assign(new Error("duplicate key"), { code: "23505" })))).toBe(
      true,
    );
  });
});
