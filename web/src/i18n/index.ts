import { en, type MessageKey } from "./en";
import { zhHans } from "./zh-Hans";
import { zhHant } from "./zh-Hant";

export type { MessageKey };
export type Locale = "en" | "zh-Hans" | "zh-Hant";

export const LOCALES: readonly { id: Locale; name: string }[] = [
  { id: "en", name: "English" },
  { id: "zh-Hans", name: "简体中文" },
  { id: "zh-Hant", name: "繁體中文" },
];

export const catalogs: Record<Locale, Record<MessageKey, string>> = {
  en,
  "zh-Hans": zhHans,
  "zh-Hant": zhHant,
};

/** Keys missing from, or foreign to, `catalog` compared with English; empty when complete. */
export function catalogProblems(catalog: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(en)) {
    const text = catalog[key];
    if (typeof text !== "string" || text.trim() === "") problems.push(`missing ${key}`);
    else if (placeholders(text) !== placeholders(en[key as MessageKey]))
      problems.push(`placeholders differ in ${key}`);
  }
  for (const key of Object.keys(catalog)) if (!(key in en)) problems.push(`unknown ${key}`);
  return problems;
}

function placeholders(text: string): string {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");
}

/** The locale that best fits the browser's preferred languages. */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const raw of languages) {
    const lang = raw.toLowerCase();
    if (lang.startsWith("zh")) {
      if (/hant|-tw|-hk|-mo/.test(lang)) return "zh-Hant";
      return "zh-Hans";
    }
    if (lang.startsWith("en")) return "en";
  }
  return "en";
}

const STORAGE_KEY = "kingme.locale";
let current: Locale = "en";
const listeners = new Set<() => void>();

export function initLocale(): Locale {
  const stored = safeStorage()?.getItem(STORAGE_KEY);
  current = isLocale(stored) ? stored : localeFromLanguages(navigator.languages ?? [navigator.language]);
  document.documentElement.lang = current;
  return current;
}

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "zh-Hans" || value === "zh-Hant";
}

export function locale(): Locale {
  return current;
}

export function setLocale(next: Locale): void {
  current = next;
  safeStorage()?.setItem(STORAGE_KEY, next);
  document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The message `key` in the current language, with `{name}` placeholders filled in. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return format(catalogs[current][key], params);
}

export function format(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Whether `key` names a message (for keys built from the rules' names, like `variant.halma-8`). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}
