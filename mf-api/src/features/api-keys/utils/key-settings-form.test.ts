// The key settings form: its checks, and a patch holding only what changed (null for "every agent", "never").
import { describe, expect, it } from "vitest";
import { apiKey } from "../../../test/fixtures";
import {
  EXPIRY_IN_PAST,
  endOfDay,
  initialValues,
  RATE_LIMIT_INVALID,
  validateKeySettings,
} from "./key-settings-form";

const NOW = new Date(2026, 10, 20, 12, 0, 0);

describe("validateKeySettings", () => {
  it("sends nothing when nothing changed", () => {
    const key = apiKey({
      id: "a",
      expiresAt: endOfDay("2026-12-01").toISOString(),
      allowedAgentIds: ["gtm"],
    });
    expect(validateKeySettings(initialValues(key), key, NOW)).toEqual({ errors: {}, patch: {} });
  });

  it("refuses a blank name, a past expiry and a limit that is not a whole number from 1", () => {
    const key = apiKey({ id: "a" });
    for (const limit of ["", "0", "-5", "2.5", "abc", "1000001"]) {
      const { errors, patch } = validateKeySettings(
        { ...initialValues(key), name: " ", expiresOn: "2026-11-19", rateLimitPerHour: limit },
        key,
        NOW,
      );
      expect(patch).toBeNull();
      expect(errors).toEqual({
        name: "Please enter a name for the API key",
        expiresOn: EXPIRY_IN_PAST,
        rateLimitPerHour: RATE_LIMIT_INVALID,
      });
    }
  });

  it("accepts today as the expiry date and clears expiry and agents with null", () => {
    const key = apiKey({
      id: "a",
      expiresAt: endOfDay("2026-12-01").toISOString(),
      allowedAgentIds: ["gtm"],
    });
    expect(validateKeySettings({ ...initialValues(key), expiresOn: "2026-11-20" }, key, NOW).patch).toEqual({
      expiresAt: endOfDay("2026-11-20").toISOString(),
    });
    expect(
      validateKeySettings({ ...initialValues(key), expiresOn: "", allowedAgentIds: [] }, key, NOW).patch,
    ).toEqual({ expiresAt: null, allowedAgentIds: null });
  });

  it("trims the name and reads the limit as a number; the order of agents does not count as a change", () => {
    const key = apiKey({ id: "a", name: "Web", allowedAgentIds: ["gtm", "c1"] });
    expect(
      validateKeySettings(
        {
          ...initialValues(key),
          name: "  Website ",
          rateLimitPerHour: " 250 ",
          allowedAgentIds: ["c1", "gtm"],
        },
        key,
        NOW,
      ).patch,
    ).toEqual({ name: "Website", rateLimitPerHour: 250 });
  });
});
