/**
 * The room protocol, mirroring `crates/server/src/protocol.rs`: JSON messages tagged by `"t"`.
 * Client → server: {@link ClientMessage}. Server → client: versioned room events
 * ({@link RoomEvent}, numbered by `v`) and unversioned {@link ServerMessage}s.
 */

export type Seat = "creator" | "joiner";
export type Side = "white" | "black";

export const otherSeat = (seat: Seat): Seat => (seat === "creator" ? "joiner" : "creator");

export type ClientMessage =
  | { t: "hello"; token: string | null; v: number | null }
  /** `token`: the seat token the client chose and kept, so a lost answer still leads back to the seat. */
  | { t: "join"; token?: string }
  | { t: "move"; ack: number; v: number; move: string; offer_draw: boolean }
  | { t: "accept_draw"; v: number }
  | { t: "resign"; v: number }
  | { t: "rematch"; game: number }
  | { t: "continue_vs_computer"; v: number }
  | { t: "sync"; v: number };

export interface OutcomeView {
  winner: Seat | null;
  winner_side: Side | null;
  /** `no-pieces`, `no-legal-move`, `resignation`, `agreement` or an automatic draw rule. */
  reason: string;
  description: string;
}

export type EventKind =
  | { t: "joined"; seat: Seat }
  | {
      t: "moved";
      seat: Seat;
      move: string;
      offer_draw: boolean;
      ack: number;
      /** The position after the move. */
      fen: string;
      outcome: OutcomeView | null;
    }
  | { t: "draw_accepted"; seat: Seat; outcome: OutcomeView }
  | { t: "resigned"; seat: Seat; outcome: OutcomeView }
  | { t: "rematch"; game: number; first: Seat; fen: string }
  | { t: "left_for_computer"; seat: Seat };

/** A change to the room, numbered by the room version `v`; `at` is server time in ms. */
export type RoomEvent = { v: number; at: number } & EventKind;

export interface Presence {
  creator: boolean;
  joiner: boolean;
  spectators: number;
  creator_away_since: number | null;
  joiner_away_since: number | null;
}

export interface Colors {
  creator: Side;
  joiner: Side;
}

export interface RoomSnapshot {
  v: number;
  room: string;
  variant: string;
  created_at: number;
  expires_at: number;
  game: number;
  colors: Colors;
  joined: boolean;
  you: Seat | null;
  start_fen: string;
  moves: string[];
  /** Whether each move of `moves` carried a draw offer. */
  offers: boolean[];
  fen: string;
  to_move: Seat | null;
  legal_moves: string[];
  draw_offer: Seat | null;
  may_offer_draw: boolean;
  outcome: OutcomeView | null;
  left_for_computer: Seat | null;
  presence: Presence;
}

export type ErrorCode =
  | "room_not_found"
  | "room_expired"
  | "bad_token"
  | "hello_first"
  | "not_a_player"
  | "seat_taken"
  | "already_seated"
  | "waiting_for_opponent"
  | "not_your_turn"
  | "illegal_move"
  | "stale_version"
  | "game_over"
  | "game_not_over"
  | "wrong_game"
  | "no_draw_offer"
  | "draw_offer_not_allowed"
  | "opponent_not_away"
  | "game_left_room"
  | "storage";

export type ServerMessage =
  | ({ t: "snapshot" } & RoomSnapshot)
  | { t: "seat"; seat: Seat; token: string }
  | { t: "ack"; ack: number; v: number }
  | { t: "synced"; v: number }
  | ({ t: "presence" } & Presence)
  | { t: "away"; seat: Seat; since: number }
  /** A refused request; `ack` names the refused move when the request was one. */
  | { t: "error"; code: ErrorCode; message: string; ack?: number };

/** Anything the server sends. */
export type Incoming = ServerMessage | RoomEvent;

/** WebSocket close codes. */
export const CLOSE = {
  /** The server is restarting: reconnect. */
  RESTARTING: 1012,
  BAD_MESSAGE: 4000,
  NO_HELLO: 4001,
  RATE_LIMITED: 4008,
  TOO_LARGE: 4009,
  TIMEOUT: 4011,
  ROOM_NOT_FOUND: 4404,
  ROOM_EXPIRED: 4410,
} as const;

const EVENT_TAGS = new Set(["joined", "moved", "draw_accepted", "resigned", "rematch", "left_for_computer"]);
const MESSAGE_TAGS = new Set(["snapshot", "seat", "ack", "synced", "presence", "away", "error"]);

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
