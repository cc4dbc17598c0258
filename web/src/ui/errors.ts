/** Errors for the page: the rules' errors in the chosen language, by their codes. */
import { format, isMessageKey, locale, t, type Locale } from "../i18n";
import { rulesErrorCatalogs } from "../i18n/rulesErrors";
import type { ErrorView } from "../wasm/rules";

/** The rules' error carried by `e` (thrown by the wasm rules), or null. */
export function rulesErrorOf(e: unknown): ErrorView | null {
  if (!(e instanceof Error)) return null;
  const rules = (e as Error & { rules?: unknown }).rules;
  return typeof rules === "object" && rules !== null && "code" in rules ? (rules as ErrorView) : null;
}

/** Parameters that are names of the rules' things (a game, a colour), said in the language. */
function localParams(params: Record<string, string>): Record<string, string> {
  const out = { ...params };
  const game = params["game"];
  if (game !== undefined && isMessageKey(`variant.${game}`)) out["game"] = t(`variant.${game}` as Parameters<typeof t>[0]);
  const color = params["color"]?.toLowerCase();
  if (color === "white" || color === "black") out["color"] = t(`color.${color}`);
  return out;
}

/** The error in the chosen language (or `lang`), the problem inside it after a colon. */
export function rulesErrorText(e: ErrorView, lang: Locale = locale()): string {
  const catalog = rulesErrorCatalogs[lang];
  const own = e.code === "other" ? e.message : format(catalog[e.code], localParams(e.params));
  return e.cause ? `${own}${catalog.join}${rulesErrorText(e.cause, lang)}` : own;
}

/** What to show for any error: the rules' in the chosen language, else its message. */
export function errorText(e: unknown): string {
  const rules = rulesErrorOf(e);
  if (rules) return rulesErrorText(rules);
  return e instanceof Error ? e.message : String(e);
}
