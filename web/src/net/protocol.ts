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
  /** `seat_no`: the seat wanted (without it the first free one); `name`: the display name the others see. */
  | { t: "join"; token?: string; seat_no?: number; name?: string }
  /** The creator gives free seats (`seats`, or every free one) to the computer at `level`. */
  | { t: "seat_computers"; seats?: number[]; level?: string }
  /** The holder of `seat_no` has been away two minutes: the computer plays for it. */
  | { t: "replace_with_computer"; seat_no: number; v: number; level?: string }
  /** Take one's seat back from the computer. */
  | { t: "reclaim" }
  | { t: "move"; ack: number; v: number; move: string; offer_draw: boolean }
  | { t: "accept_draw"; v: number }
  | { t: "resign"; v: number }
  | { t: "rematch"; game: number }
  | { t: "continue_vs_computer"; v: number }
  | { t: "sync"; v: number };

export interface OutcomeView {
  winner: Seat | null;
  winner_side: Side | null;
  winner_no: number | null;
  /** The places by seat number: `[0]` the first (several when they share it). */
  ranking: number[][];
  /** `no-pieces`, `no-legal-move`, `resignation`, `agreement` or an automatic draw rule. */
  reason: string;
  description: string;
}

export type EventKind =
  | { t: "joined"; seat: Seat; seat_no: number; name?: string }
  | { t: "computers_seated"; seats: number[]; level: string }
  | { t: "seat_reclaimed"; seat_no: number }
  | {
      t: "moved";
      seat: Seat;
      seat_no: number;
      move: string;
      offer_draw: boolean;
      ack: number;
      /** The position after the move. */
      fen: string;
      outcome: OutcomeView | null;
    }
  | { t: "draw_accepted"; seat: Seat; seat_no: number; outcome: OutcomeView }
  /** In Halma with more than two players the game goes on: `outcome` is null until it ends. */
  | { t: "resigned"; seat: Seat; seat_no: number; outcome: OutcomeView | null }
  | { t: "rematch"; game: number; first: Seat; first_no: number; fen: string }
  | { t: "left_for_computer"; seat: Seat };

/** A change to the room, numbered by the room version `v`; `at` is server time in ms. */
export type RoomEvent = { v: number; at: number } & EventKind;

export interface Presence {
  creator: boolean;
  joiner: boolean;
  spectators: number;
  creator_away_since: number | null;
  joiner_away_since: number | null;
  seats: SeatPresence[];
}

export interface SeatPresence {
  connected: boolean;
  away_since: number | null;
}

/** One seat of a room as everyone sees it. */
export interface SeatView {
  seat_no: number;
  taken: boolean;
  name: string | null;
  /** The level of the computer playing it, if one does. */
  computer: string | null;
  /** Its place in the current game's turn order (0 moves first). */
  player: number;
  /** In Halma, the board seat it plays (1–6, as in position strings). */
  board_seat: number | null;
  /** In draughts, the colour it plays. */
  side: Side | null;
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
  /** The seats' colours in draughts (null in Halma). */
  colors: Colors | null;
  joined: boolean;
  you: Seat | null;
  you_no: number | null;
  players: number;
  seats: SeatView[];
  start_fen: string;
  moves: string[];
  /** Whether each move of `moves` carried a draw offer. */
  offers: boolean[];
  fen: string;
  to_move: Seat | null;
  to_move_no: number | null;
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
  | "storage"
  | "not_away"
  | "computer_playing"
  | "not_the_creator"
  | "bad_name"
  | "bad_level";

export type ServerMessage =
  | ({ t: "snapshot" } & RoomSnapshot)
  | { t: "seat"; seat: Seat; seat_no: number; token: string }
  | { t: "ack"; ack: number; v: number }
  | { t: "synced"; v: number }
  | ({ t: "presence" } & Presence)
  | { t: "away"; seat: Seat; seat_no: number; since: number }
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

const EVENT_TAGS = new Set(["joined", "computers_seated", "seat_reclaimed", "moved", "draw_accepted", "resigned", "rematch", "left_for_computer"]);
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
