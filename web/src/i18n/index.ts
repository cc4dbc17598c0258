import { en, type MessageKey } from "./en";
import type { RulesCatalog } from "./rulesErrors";

export type { MessageKey };
export type Locale = "en" | "zh-Hans" | "zh-Hant";

export const LOCALES: readonly { id: Locale; name: string }[] = [
  { id: "en", name: "English" },
  { id: "zh-Hans", name: "简体中文" },
  { id: "zh-Hant", name: "繁體中文" },
];

/** What the page says in one language: its messages and the rules' errors. */
export interface LocalePack {
  messages: Record<MessageKey, string>;
  rulesErrors: RulesCatalog;
}

/**
 * Each language is a chunk of its own, loaded only when it is chosen (the service worker
 * precaches them all, so a switch works offline too).
 */
const loaders: Record<Locale, () => Promise<LocalePack>> = {
  en: () => import("./en.pack"),
  "zh-Hans": () => import("./zh-Hans.pack"),
  "zh-Hant": () => import("./zh-Hant.pack"),
};
const packs = new Map<Locale, LocalePack>();
const loading = new Map<Locale, Promise<LocalePack>>();

/** The language's pack, loaded once; a failed load is tried again at the next call. */
export function loadLocale(lang: Locale): Promise<LocalePack> {
  const loaded = packs.get(lang);
  if (loaded) return Promise.resolve(loaded);
  let pending = loading.get(lang);
  if (!pending) {
    pending = loaders[lang]().then(
      (pack) => {
        const own = { messages: pack.messages, rulesErrors: pack.rulesErrors };
        packs.set(lang, own);
        loading.delete(lang);
        return own;
      },
      (e: unknown) => {
        loading.delete(lang);
        throw e;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/** The pack of `lang` if it is loaded, else the page's (loaded by `initLocale` before the first screen). */
export function pack(lang: Locale = current): LocalePack {
  const loaded = packs.get(lang) ?? packs.get(current);
  if (!loaded) throw new Error(`the messages of ${current} are not loaded yet`);
  return loaded;
}

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
let requests = 0;

/**
 * Chooses the language (the one chosen before, else the browser's) and loads it; the page is
 * drawn after this, so it never shows another language first. Should the language fail to
 * load, the page is in English.
 */
export async function initLocale(): Promise<Locale> {
  const stored = safeStorage()?.getItem(STORAGE_KEY);
  const wanted = isLocale(stored) ? stored : localeFromLanguages(navigator.languages ?? [navigator.language]);
  current = await loadLocale(wanted).then(
    () => wanted,
    () => loadLocale("en").then(() => "en" as const),
  );
  document.documentElement.lang = current;
  return current;
}

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "zh-Hans" || value === "zh-Hant";
}

export function locale(): Locale {
  return current;
}

/**
 * Switches to `next` once it is loaded; until then the page stays in its language. False (and no
 * change) when the language cannot be loaded.
 */
export async function setLocale(next: Locale): Promise<boolean> {
  const request = ++requests;
  try {
    await loadLocale(next);
  } catch {
    return false;
  }
  // A later choice made while this one loaded wins.
  if (request !== requests) return false;
  current = next;
  safeStorage()?.setItem(STORAGE_KEY, next);
  document.documentElement.lang = next;
  for (const listener of listeners) listener();
  return true;
}

export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The message `key` in the current language, with `{name}` placeholders filled in. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return format(pack().messages[key], params);
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
  return Object.prototype.hasOwnProperty.call(pack().messages, key);
}
