/** The game in progress, kept in localStorage so that a reload continues it. */
import type { GameRecord } from "../engine/protocol";
import { MODES, VARIANTS, type Mode } from "./controller";

export interface SavedGame {
  mode: Mode;
  game: GameRecord;
}

const KEY = "kingme.game";

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function saveGame(saved: SavedGame): void {
  storage()?.setItem(KEY, JSON.stringify({ version: 1, ...saved }));
}

export function clearSavedGame(): void {
  storage()?.removeItem(KEY);
}

/** The saved game, or null when there is none or it is not readable. */
export function loadSavedGame(): SavedGame | null {
  const text = storage()?.getItem(KEY);
  if (!text) return null;
  try {
    return parseSavedGame(JSON.parse(text));
  } catch {
    return null;
  }
}

export function parseSavedGame(value: unknown): SavedGame | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const game = v["game"] as Record<string, unknown> | undefined;
  if (v["version"] !== 1 || !MODES.includes(v["mode"] as Mode) || typeof game !== "object" || game === null) return null;
  if (!VARIANTS.includes(game["variant"] as never) || typeof game["startFen"] !== "string") return null;
  const moves = game["moves"];
  if (!Array.isArray(moves)) return null;
  const valid = moves.every(
    (m) =>
      typeof m === "object" &&
      m !== null &&
      Array.isArray(m.path) &&
      m.path.every((s: unknown) => typeof s === "string") &&
      typeof m.offer === "boolean",
  );
  if (!valid) return null;
  return { mode: v["mode"] as Mode, game: game as unknown as GameRecord };
}
