/**
 * The room protocol: JSON messages tagged by `"t"`. The types are generated from
 * `crates/server/src/protocol.rs` into `wire.ts`; this module names them as the page does and
 * reads the server's frames. Client → server: {@link ClientMessage}. Server → client: versioned
 * room events ({@link RoomEvent}, numbered by `v`) and unversioned {@link ServerMessage}s.
 */

import type { Event, EventKind, ServerMessage, Seat, Snapshot } from "./wire";

export type { ClientMessage, ClockView, Colors, ErrorCode, EventKind, OutcomeView, Presence, SeatPresence, SeatView, Seat, ServerMessage, Side, TimeControlView } from "./wire";
export { CLOSE } from "./wire";

/** A change to the room, numbered by the room version `v`; `at` is server time in ms. */
export type RoomEvent = Event;
/** The whole state of a room, sent on connect. */
export type RoomSnapshot = Snapshot;

export const otherSeat = (seat: Seat): Seat => (seat === "creator" ? "joiner" : "creator");

/** Anything the server sends. */
export type Incoming = ServerMessage | RoomEvent;

/** A list of exactly the members of `Union` (checked by `tsc`). */
type Exactly<Union, List extends readonly Union[]> = [Exclude<Union, List[number]>] extends [never] ? List : never;

const EVENT_LIST = ["joined", "computers_seated", "seat_reclaimed", "moved", "draw_accepted", "resigned", "flagged", "rematch", "left_for_computer"] as const;
const MESSAGE_LIST = ["snapshot", "seat", "ack", "synced", "presence", "away", "error"] as const;
/** The tags of the room events and of the other server messages, each complete. */
export const EVENT_TAGS: ReadonlySet<string> = new Set(EVENT_LIST satisfies Exactly<EventKind["t"], typeof EVENT_LIST>);
export const MESSAGE_TAGS: ReadonlySet<string> = new Set(MESSAGE_LIST satisfies Exactly<ServerMessage["t"], typeof MESSAGE_LIST>);

/** Whether a message is a versioned room event. */
export function isEvent(m: Incoming): m is RoomEvent {
  return EVENT_TAGS.has(m.t);
}

/** Reads one text frame from the server; throws an `Error` naming what is wrong with it. */
export function parseIncoming(text: string): Incoming {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`the server sent something that is not JSON: ${text.slice(0, 80)}`);
  }
  if (typeof value !== "object" || value === null || typeof (value as { t?: unknown }).t !== "string") {
    throw new Error(`the server sent a message without a type: ${text.slice(0, 80)}`);
  }
  const t = (value as { t: string }).t;
  if (EVENT_TAGS.has(t)) {
    if (typeof (value as { v?: unknown }).v !== "number") throw new Error(`the server sent a "${t}" event without a version`);
    return value as RoomEvent;
  }
  if (MESSAGE_TAGS.has(t)) return value as ServerMessage;
  throw new Error(`the server sent an unknown message type "${t}"`);
}
