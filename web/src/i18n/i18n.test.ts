import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catalogProblems, format, localeFromLanguages } from "./index";
import { en } from "./en";
import { zhHans } from "./zh-Hans";
import { zhHant } from "./zh-Hant";

describe("message catalogs", () => {
  for (const [locale, catalog] of Object.entries({ en, "zh-Hans": zhHans, "zh-Hant": zhHant })) {
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
    expect(zhHans["controls.undo"]).not.toBe(en["controls.undo"]);
    expect(zhHant["mode.local"]).not.toBe(zhHans["mode.local"]);
  });
});

/** A fresh copy of the module (its chosen language and loaded packs are its own state). */
async function freshI18n(): Promise<typeof import("./index")> {
  vi.resetModules();
  return import("./index");
}

describe("loading one language", () => {
  let stored: Map<string, string>;
  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal("document", { documentElement: { lang: "" } });
    vi.stubGlobal("navigator", { languages: ["en-GB"], language: "en-GB" });
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock("./zh-Hant.pack");
  });

  it("loads the chosen language before the page is drawn, so its first words are in it", async () => {
    stored.set("kingme.locale", "zh-Hant");
    const i18n = await freshI18n();
    expect(await i18n.initLocale()).toBe("zh-Hant");
    expect(i18n.t("mode.local")).toBe(zhHant["mode.local"]);
    expect(document.documentElement.lang).toBe("zh-Hant");
  });

  it("takes the browser's language when none was chosen", async () => {
    vi.stubGlobal("navigator", { languages: ["zh-CN"], language: "zh-CN" });
    const i18n = await freshI18n();
    expect(await i18n.initLocale()).toBe("zh-Hans");
    expect(i18n.t("controls.undo")).toBe(zhHans["controls.undo"]);
  });

  it("keeps English until a new language has loaded, then tells the listeners once", async () => {
    const i18n = await freshI18n();
    expect(await i18n.initLocale()).toBe("en");
    let told = 0;
    i18n.onLocaleChange(() => (told += 1));
    const switching = i18n.setLocale("zh-Hans");
    expect(i18n.t("controls.undo")).toBe(en["controls.undo"]);
    expect(await switching).toBe(true);
    expect(told).toBe(1);
    expect(i18n.t("controls.undo")).toBe(zhHans["controls.undo"]);
    expect(i18n.pack().rulesErrors["game-over"]).not.toBe(i18n.pack("en").rulesErrors["game-over"]);
    expect(stored.get("kingme.locale")).toBe("zh-Hans");
    // A pack is loaded once.
    expect(await i18n.loadLocale("zh-Hans")).toBe(await i18n.loadLocale("zh-Hans"));
  });

  it("a later choice wins over one still loading", async () => {
    const i18n = await freshI18n();
    await i18n.initLocale();
    const first = i18n.setLocale("zh-Hant");
    const second = i18n.setLocale("zh-Hans");
    expect(await Promise.all([first, second])).toEqual([false, true]);
    expect(i18n.locale()).toBe("zh-Hans");
    expect(stored.get("kingme.locale")).toBe("zh-Hans");
  });

  it("a language that cannot be loaded leaves the page in its language, and is tried again", async () => {
    vi.doMock("./zh-Hant.pack", () => {
      throw new Error("network off");
    });
    stored.set("kingme.locale", "zh-Hant");
    const i18n = await freshI18n();
    // At the start: English rather than nothing.
    expect(await i18n.initLocale()).toBe("en");
    expect(i18n.t("mode.local")).toBe(en["mode.local"]);
    expect(await i18n.setLocale("zh-Hant")).toBe(false);
    expect(i18n.locale()).toBe("en");
    expect(i18n.pack("zh-Hant")).toBe(i18n.pack("en"));
    vi.doUnmock("./zh-Hant.pack");
    vi.resetModules();
    expect(await i18n.setLocale("zh-Hant")).toBe(true);
    expect(i18n.t("mode.local")).toBe(zhHant["mode.local"]);
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
