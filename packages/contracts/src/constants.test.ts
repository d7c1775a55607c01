import { describe, expect, it } from "vitest";
import { formatFileSize, generateApiEndpoint, wizardProgress } from "./constants";

describe("formatFileSize", () => {
  it("uses 1024-based units", () => {
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(formatFileSize(512)).toBe("512 Bytes");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(200 * 1024 * 1024)).toBe("200 MB");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3 GB");
  });
});

describe("wizardProgress", () => {
  it("is step / 4 x 100", () => {
    expect(wizardProgress(1)).toBe(25);
    expect(wizardProgress(4)).toBe(100);
  });
});

describe("generateApiEndpoint", () => {
  it("is agent- plus the hyphenated lower-case name plus a millisecond timestamp", () => {
    expect(generateApiEndpoint("Market Intel Bot", 1700000000000)).toBe(
      "agent-market-intel-bot-1700000000000",
    );
    expect(generateApiEndpoint("  HR & Talent  ", 5)).toBe("agent-hr-talent-5");
  });
});
