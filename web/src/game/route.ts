/**
 * The site's addresses for its screens: `/` the rule chooser, `/play/<game>` the mode chooser,
 * `/play/<game>/<mode>` (with `?players=N` for more than two) a game. Other query parameters stay.
 */
import { MODES, type Mode } from "./controller";

export type Route =
  | { kind: "rules" }
  | { kind: "mode"; variant: string }
  | { kind: "game"; variant: string; mode: Mode; players: number };

const GAME_MODES: readonly Mode[] = [...MODES, "mixed"];

/** The address of `route`, keeping `search`'s other parameters. */
export function routeUrl(route: Route, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("players");
  let path = "/";
  if (route.kind === "mode") path = `/play/${encodeURIComponent(route.variant)}`;
  if (route.kind === "game") {
    path = `/play/${encodeURIComponent(route.variant)}/${route.mode}`;
    if (route.players !== 2) params.set("players", String(route.players));
  }
  const query = params.toString().replace(/=(?=&|$)/g, "");
  return query ? `${path}?${query}` : path;
}

/** The screen an address names, or null when it names none of these (or an unknown game). */
export function parseRoute(pathname: string, search: string, variants: readonly string[]): Route | null {
  if (pathname === "/" || pathname === "") return { kind: "rules" };
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] !== "play" || parts.length < 2 || parts.length > 3) return null;
  const variant = decodeURIComponent(parts[1]!);
  if (!variants.includes(variant)) return null;
  if (parts.length === 2) return { kind: "mode", variant };
  const mode = GAME_MODES.find((m) => m === parts[2]);
  if (mode === undefined) return null;
  const rawPlayers = new URLSearchParams(search).get("players");
  const players = rawPlayers === null ? 2 : Number(rawPlayers);
  if (!Number.isInteger(players) || players < 2 || players > 6) return null;
  return { kind: "game", variant, mode, players };
}
