/** The game in progress, kept in localStorage so that a reload continues it. */
import type { GameRecord } from "../engine/protocol";
import { LEVELS, MODES, type Level, type Mode, type SeatPlayers } from "./controller";
import { parseSavedClock, type SavedClock } from "./timeControl";

export interface SavedGame {
  mode: Mode;
  game: GameRecord;
  /** Who plays each seat, in the "mixed" mode. */
  seats?: SeatPlayers;
  /** The clocks of a timed game, as they stood when saved. */
  clock?: SavedClock;
}

const KEY = "kingme.game";
/**
 * Version 1 (draughts only) had no player count and no resignations; version 2 no clocks and no
 * time-outs. Both are read as games without clocks.
 */
const VERSION = 3;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function saveGame(saved: SavedGame): void {
  storage()?.setItem(KEY, JSON.stringify({ version: VERSION, ...saved }));
}

export function clearSavedGame(): void {
  storage()?.removeItem(KEY);
}

/** The saved game of one of `variants`, or null when there is none or it is not readable. */
export function loadSavedGame(variants: readonly string[]): SavedGame | null {
  const text = storage()?.getItem(KEY);
  if (!text) return null;
  try {
    return parseSavedGame(JSON.parse(text), variants);
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isMode = (v: unknown): v is Mode => v === "mixed" || MODES.some((m) => m === v);
const isLevel = (v: unknown): v is Level => LEVELS.some((l) => l === v);
const isSeat = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 6;

export function parseSavedGame(value: unknown, variants: readonly string[]): SavedGame | null {
  if (!isObject(value) || ![1, 2, VERSION].includes(value["version"] as number)) return null;
  const mode = value["mode"];
  const game = value["game"];
  if (!isMode(mode) || !isObject(game)) return null;
  const variant = game["variant"];
  const startFen = game["startFen"];
  if (typeof variant !== "string" || !variants.includes(variant) || typeof startFen !== "string") return null;
  const players = game["players"] ?? 2;
  if (typeof players !== "number" || !Number.isInteger(players)) return null;
  const rawMoves = game["moves"];
  if (!Array.isArray(rawMoves)) return null;
  const moves: GameRecord["moves"] = [];
  for (const m of rawMoves) {
    if (!isObject(m) || !Array.isArray(m["path"]) || typeof m["offer"] !== "boolean") return null;
    const path: string[] = [];
    for (const p of m["path"]) {
      if (typeof p !== "string") return null;
      path.push(p);
    }
    moves.push({ path, offer: m["offer"] });
  }
  const rawResigned = game["resigned"] ?? [];
  if (!Array.isArray(rawResigned)) return null;
  const resigned: NonNullable<GameRecord["resigned"]> = [];
  for (const r of rawResigned) {
    if (!isObject(r) || !isSeat(r["seat"]) || typeof r["after"] !== "number") return null;
    resigned.push({ seat: r["seat"], after: r["after"] });
  }
  const game2: GameRecord = { variant, players, startFen, moves, resigned };
  // Seats whose time ran out (version 3), listed like the resignations.
  if (value["version"] === VERSION && game["timedOut"] !== undefined) {
    const rawOut = game["timedOut"];
    if (!Array.isArray(rawOut)) return null;
    const timedOut: NonNullable<GameRecord["timedOut"]> = [];
    for (const r of rawOut) {
      if (!isObject(r) || !isSeat(r["seat"]) || typeof r["after"] !== "number") return null;
      timedOut.push({ seat: r["seat"], after: r["after"] });
    }
    game2.timedOut = timedOut;
  }
  let clock: SavedClock | undefined;
  if (value["version"] === VERSION && value["clock"] !== undefined) {
    const parsed = parseSavedClock(value["clock"]);
    if (parsed === null) return null;
    clock = parsed;
  }
  const timing = clock ? { clock } : {};
  if (mode !== "mixed") return { mode, game: game2, ...timing };
  const rawSeats = value["seats"];
  if (!Array.isArray(rawSeats)) return null;
  const seats: SeatPlayers = [];
  for (const p of rawSeats) {
    if (p !== null && !isLevel(p)) return null;
    seats.push(p);
  }
  return { mode, game: game2, seats, ...timing };
}
