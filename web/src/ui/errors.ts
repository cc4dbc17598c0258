/** Errors for the page: the rules' errors in the chosen language, by their codes. */
import { format, isMessageKey, locale, pack, t, type Locale } from "../i18n";
import { EngineFailure } from "../engine/failure";
import { seatView, type ErrorView, type GameView } from "../wasm/rules";
import { seatName } from "./words";

/** The game an error is about, when known: its seats are then named by place and colour. */
export type ErrorGame = Pick<GameView, "seats" | "details">;

/** The rules' error carried by `e` (thrown by the wasm rules), or null. */
export function rulesErrorOf(e: unknown): ErrorView | null {
  if (!(e instanceof Error)) return null;
  const rules = (e as Error & { rules?: unknown }).rules;
  return typeof rules === "object" && rules !== null && "code" in rules ? (rules as ErrorView) : null;
}

/**
 * Parameters that are names of the rules' things (a game, a colour, a seat), said in the language.
 * A seat (numbered from 1 by the rules) is named as the page names it, by its place and colour,
 * when the game is known, else by its number.
 */
function localParams(params: Record<string, string>, lang: Locale, known?: ErrorGame): Record<string, string> {
  const out = { ...params };
  const seat = params["seat"];
  if (seat !== undefined) {
    const index = Number(seat) - 1;
    out["seat"] = known && seatView(known, index) ? seatName(known, index) : format(pack(lang).rulesErrors.seat, { seat });
  }
  const game = params["game"];
  if (game !== undefined && isMessageKey(`variant.${game}`)) out["game"] = t(`variant.${game}` as Parameters<typeof t>[0]);
  const color = params["color"]?.toLowerCase();
  if (color === "white" || color === "black") out["color"] = t(`color.${color}`);
  return out;
}

/**
 * The error in the chosen language (or `lang`, if loaded; else English), the problem inside it
 * after a colon.
 */
export function rulesErrorText(e: ErrorView, lang: Locale = locale(), game?: ErrorGame): string {
  const catalog = pack(lang).rulesErrors;
  const own = e.code === "other" ? e.message : format(catalog[e.code], localParams(e.params, lang, game));
  return e.cause ? `${own}${catalog.join}${rulesErrorText(e.cause, lang, game)}` : own;
}

/** What to show for any error: the rules' in the chosen language (seats named in `game`), else its message. */
export function errorText(e: unknown, game?: ErrorGame): string {
  const rules = rulesErrorOf(e);
  if (rules) return rulesErrorText(rules, locale(), game);
  if (e instanceof EngineFailure) return t(e.reason === "stopped" ? "engine.stopped" : "engine.unexpected");
  return e instanceof Error ? e.message : String(e);
}
