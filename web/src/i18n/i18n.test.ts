import { describe, expect, it } from "vitest";
import { catalogProblems, catalogs, format, localeFromLanguages } from "./index";
import { en } from "./en";

describe("message catalogs", () => {
  for (const [locale, catalog] of Object.entries(catalogs)) {
    it(`${locale} has every English key with the same placeholders`, () => {
      expect(catalogProblems(catalog)).toEqual([]);
    });
  }

  it("reports a missing key and a placeholder mismatch", () => {
    const broken: Record<string, string> = { ...en, "turn.toMove": "to move" };
    delete broken["controls.undo"];
    expect(catalogProblems(broken)).toEqual([
      "placeholders differ in turn.toMove",
      "missing controls.undo",
    ]);
  });

  it("Chinese catalogs are translated, not copies of English", () => {
    expect(catalogs["zh-Hans"]["controls.undo"]).not.toBe(en["controls.undo"]);
    expect(catalogs["zh-Hant"]["mode.local"]).not.toBe(catalogs["zh-Hans"]["mode.local"]);
  });
});

describe("locale from the browser", () => {
  it("picks Traditional Chinese for Taiwan and Hong Kong", () => {
    expect(localeFromLanguages(["zh-TW"])).toBe("zh-Hant");
    expect(localeFromLanguages(["zh-HK", "en"])).toBe("zh-Hant");
    expect(localeFromLanguages(["zh-Hant-TW"])).toBe("zh-Hant");
  });
  it("picks Simplified Chinese for zh and zh-CN", () => {
    expect(localeFromLanguages(["zh-CN"])).toBe("zh-Hans");
    expect(localeFromLanguages(["zh"])).toBe("zh-Hans");
  });
  it("falls back to English", () => {
    expect(localeFromLanguages(["fr-FR", "de"])).toBe("en");
    expect(localeFromLanguages([])).toBe("en");
  });
});

describe("format", () => {
  it("fills named placeholders and leaves unknown ones", () => {
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});
