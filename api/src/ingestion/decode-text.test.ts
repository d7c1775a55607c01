// Tests encoding detection: BOMs, UTF-16 without BOM, valid UTF-8, and legacy code pages detected with chardet.
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeText } from "./decode-text";

describe("decodeText", () => {
  it("honours BOMs and strips them", () => {
    expect(decodeText(Buffer.from("\ufeffcafé", "utf8"))).toEqual({
      text: "café",
      encoding: "UTF-8",
      method: "bom",
    });
    expect(decodeText(iconv.encode("Zürich €", "utf-16le", { addBOM: true }))).toMatchObject({
      text: "Zürich €",
      encoding: "UTF-16LE",
      method: "bom",
    });
    expect(decodeText(iconv.encode("Zürich €", "utf-16be", { addBOM: true }))).toMatchObject({
      text: "Zürich €",
      encoding: "UTF-16BE",
    });
  });

  it("recognises UTF-16 without a BOM", () => {
    const text = "The quick brown fox jumps over the lazy dog.\nSecond line.";
    expect(decodeText(iconv.encode(text, "utf-16le"))).toMatchObject({
      text,
      encoding: "UTF-16LE",
      method: "utf-16-pattern",
    });
    expect(decodeText(iconv.encode(text, "utf-16be"))).toMatchObject({ text, encoding: "UTF-16BE" });
  });

  it("keeps valid UTF-8 as UTF-8 (including non-Latin scripts)", () => {
    const text = "Привет, мир. 你好世界. مرحبا بالعالم";
    expect(decodeText(Buffer.from(text))).toEqual({ text, encoding: "UTF-8", method: "valid-utf-8" });
  });

  it("detects Windows-1252", () => {
    const text = "Le café coûte 3 € et la crème brûlée 5 €. Ça déçoit, mais où aller à Noël ? Très élégant.";
    const decoded = decodeText(iconv.encode(text, "windows-1252"));
    expect(decoded.method).toBe("detected");
    expect(decoded.text).toBe(text);
  });

  it("detects Shift-JIS Japanese", () => {
    const text =
      "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。";
    const decoded = decodeText(iconv.encode(text, "shift_jis"));
    expect(decoded.encoding).toBe("Shift_JIS");
    expect(decoded.text).toBe(text);
  });

  it("detects GBK Chinese (read as GB18030, its superset)", () => {
    const text =
      "中华人民共和国是工人阶级领导的、以工农联盟为基础的人民民主专政的社会主义国家。社会主义制度是中华人民共和国的根本制度。";
    const decoded = decodeText(iconv.encode(text, "gbk"));
    expect(decoded.encoding).toBe("GB18030");
    expect(decoded.text).toBe(text);
  });

  it("detects Big5 traditional Chinese", () => {
    const text =
      "中華民國憲法是中華民國的根本大法，規定了國家的基本制度與人民的權利義務。臺灣的經濟發展與教育普及，使社會更加繁榮進步。";
    const decoded = decodeText(iconv.encode(text, "big5"));
    expect(decoded.encoding).toBe("Big5");
    expect(decoded.text).toBe(text);
  });

  it("never throws on arbitrary bytes", () => {
    const bytes = Uint8Array.from({ length: 512 }, (_, i) => (i * 97 + 13) % 256).map((b) =>
      b === 0 ? 1 : b,
    );
    expect(typeof decodeText(bytes).text).toBe("string");
  });
});
