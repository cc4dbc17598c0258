/** Seat tokens and move ack ids kept per room in localStorage, so that a reload keeps the seat. */
import type { Seat } from "./protocol";

export interface StoredSeat {
  seat: Seat;
  token: string;
}

const key = (room: string) => `kingme.room.${room}`;
const ACK_KEY = "kingme.ack";

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function loadSeat(room: string): StoredSeat | null {
  const raw = storage()?.getItem(key(room));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSeat>;
    if ((value.seat === "creator" || value.seat === "joiner") && typeof value.token === "string") {
      return { seat: value.seat, token: value.token };
    }
  } catch {
    /* a damaged entry is dropped below */
  }
  storage()?.removeItem(key(room));
  return null;
}

/** A seat token: 128 random bits as 32 hex digits, the shape the server gives its own. */
export function newSeatToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function saveSeat(room: string, seat: StoredSeat): void {
  try {
    storage()?.setItem(key(room), JSON.stringify(seat));
  } catch {
    /* storage full or disabled: the seat lasts as long as the page */
  }
}

export function forgetSeat(room: string): void {
  storage()?.removeItem(key(room));
}

/**
 * A move ack id never used before on this device: increasing, and at least the current time in
 * milliseconds, so that ids stay unique even when storage is cleared between reloads.
 */
let lastAck = 0;

export function nextAckId(now: number = Date.now()): number {
  const stored = Number(storage()?.getItem(ACK_KEY) ?? 0) || 0;
  const next = Math.max(lastAck + 1, stored + 1, now);
  lastAck = next;
  try {
    storage()?.setItem(ACK_KEY, String(next));
  } catch {
    /* see above */
  }
  return next;
}

const NAME_KEY = "kingme.name";

/** The display name this device last used in a room (kept so that it is typed once). */
export function savedName(): string {
  return storage()?.getItem(NAME_KEY) ?? "";
}

export function saveName(name: string): void {
  try {
    storage()?.setItem(NAME_KEY, name.trim());
  } catch {
    /* storage full or disabled: the name lasts as long as the page */
  }
}
