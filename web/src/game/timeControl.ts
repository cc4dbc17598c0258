/**
 * Time controls of games played on this device, as pure functions of the clocks and the time
 * now (a `performance.now()` value): the page keeps the clocks, the rules say what a flag means.
 */
import type { Seat } from "../wasm/rules";

/** Minutes for the game and seconds added after each move, e.g. 3+2. */
export interface TimeControl {
  initialMs: number;
  incrementMs: number;
}

/** The time controls the mode chooser offers, besides none and a custom one. */
export const TIME_PRESETS: readonly TimeControl[] = [
  { initialMs: 3 * 60_000, incrementMs: 2_000 },
  { initialMs: 5 * 60_000, incrementMs: 3_000 },
  { initialMs: 10 * 60_000, incrementMs: 5_000 },
  { initialMs: 15 * 60_000, incrementMs: 10_000 },
];

export const MAX_MINUTES = 180;
export const MAX_INCREMENT_S = 60;

/** `minutes`+`seconds` as a time control, or null when out of range (1–180 min, 0–60 s). */
export function timeControl(minutes: number, seconds: number): TimeControl | null {
  if (!Number.isFinite(minutes) || !Number.isFinite(seconds)) return null;
  if (minutes < 1 || minutes > MAX_MINUTES || seconds < 0 || seconds > MAX_INCREMENT_S) return null;
  return { initialMs: Math.round(minutes * 60_000), incrementMs: Math.round(seconds * 1000) };
}

/** "3+2": minutes and seconds added per move. */
export function timeControlName(c: TimeControl): { minutes: number; increment: number } {
  return { minutes: c.initialMs / 60_000, increment: c.incrementMs / 1000 };
}

/** The clocks of a game: one per seat in turn order, and the one running since `since`. */
export interface GameClock {
  control: TimeControl;
  seats: readonly Seat[];
  /** Time left at `since`, parallel to `seats`. */
  remainingMs: readonly number[];
  running: Seat | null;
  /** When the running clock was last read (a `performance.now()` value). */
  since: number;
}

export function newClock(control: TimeControl, seats: readonly Seat[], now: number): GameClock {
  return { control, seats: [...seats], remainingMs: seats.map(() => control.initialMs), running: null, since: now };
}

/** Every clock's time left at `now`. */
export function remainingNow(c: GameClock, now: number): number[] {
  const elapsed = Math.max(0, now - c.since);
  return c.seats.map((seat, i) => Math.max(0, c.remainingMs[i]! - (seat === c.running ? elapsed : 0)));
}

/** The time left of `seat` at `now` (0 for a seat without a clock). */
export function seatRemaining(c: GameClock, seat: Seat, now: number): number {
  const i = c.seats.indexOf(seat);
  return i < 0 ? 0 : remainingNow(c, now)[i]!;
}

/** The clocks read at `now`, with `next` running from then (null: none runs). */
export function runClock(c: GameClock, next: Seat | null, now: number): GameClock {
  return { ...c, remainingMs: remainingNow(c, now), running: next !== null && c.seats.includes(next) ? next : null, since: now };
}

/**
 * `mover` has moved at `now`: its time is charged, the increment added (unless its clock was not
 * running, as before the first move, or its time was already gone), and `next`'s clock starts
 * (null when the game is over).
 */
export function afterMove(c: GameClock, mover: Seat, next: Seat | null, now: number): GameClock {
  const read = runClock(c, next, now);
  const i = c.seats.indexOf(mover);
  if (i < 0 || c.running !== mover || read.remainingMs[i]! <= 0) return read;
  const remainingMs = read.remainingMs.map((ms, j) => (j === i ? ms + c.control.incrementMs : ms));
  return { ...read, remainingMs };
}

/** The running clock's seat if its time is gone at `now`. */
export function flagged(c: GameClock, now: number): Seat | null {
  if (c.running === null) return null;
  return seatRemaining(c, c.running, now) <= 0 ? c.running : null;
}

/** How long until the running clock reaches zero (null when none runs). */
export function msUntilFlag(c: GameClock, now: number): number | null {
  return c.running === null ? null : seatRemaining(c, c.running, now);
}

/** The clocks as saved with the game: read at `now`, so the time while the page is closed is not charged. */
export interface SavedClock {
  initialMs: number;
  incrementMs: number;
  seats: Seat[];
  remainingMs: number[];
  running: Seat | null;
}

export function saveClock(c: GameClock, now: number): SavedClock {
  return {
    initialMs: c.control.initialMs,
    incrementMs: c.control.incrementMs,
    seats: [...c.seats],
    remainingMs: remainingNow(c, now),
    running: c.running,
  };
}

/** A saved clock going on from `now`. */
export function restoreClock(s: SavedClock, now: number): GameClock {
  return {
    control: { initialMs: s.initialMs, incrementMs: s.incrementMs },
    seats: [...s.seats],
    remainingMs: [...s.remainingMs],
    running: s.running,
    since: now,
  };
}

const isMs = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;
const isSeat = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 6;

/** A saved clock read back, or null when it is not one. */
export function parseSavedClock(v: unknown): SavedClock | null {
  if (typeof v !== "object" || v === null) return null;
  const o = v as Record<string, unknown>;
  const { initialMs, incrementMs, seats, remainingMs, running } = o;
  if (!isMs(initialMs) || !isMs(incrementMs) || !Array.isArray(seats) || !Array.isArray(remainingMs)) return null;
  if (seats.length < 2 || seats.length > 6 || seats.length !== remainingMs.length) return null;
  if (!seats.every(isSeat) || !remainingMs.every(isMs)) return null;
  if (running !== null && !(isSeat(running) && seats.includes(running))) return null;
  return { initialMs, incrementMs, seats: [...seats], remainingMs: [...remainingMs], running };
}
