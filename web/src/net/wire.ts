// Generated from crates/server/src/protocol.rs by `KINGME_UPDATE_TYPES=1 cargo test -p kingme-server --lib protocol::typescript`.
// Do not edit: the test run fails when this file and the Rust types disagree.

/**
 * A player's seat in a room. The creator moves first in odd-numbered games, the joiner in
 * even-numbered ones (sides swap on every rematch).
 */
export type Seat = "creator" | "joiner";

/**
 * A piece colour as the protocol writes it.
 */
export type Side = "white" | "black";

/**
 * A message from a client.
 */
export type ClientMessage = { t: "hello"; token?: string | null; v?: number | null } | { t: "join"; token?: string | null; seat_no?: number | null; name?: string | null } | { t: "seat_computers"; seats?: number[] | null; level?: string | null } | { t: "replace_with_computer"; seat_no: number; v: number; level?: string | null } | { t: "reclaim" } | { t: "move"; ack: number; v: number; move: string; offer_draw?: boolean } | { t: "accept_draw"; v: number } | { t: "resign"; v: number } | { t: "rematch"; game: number } | { t: "continue_vs_computer"; v: number } | { t: "sync"; v: number };

/**
 * Why a game ended.
 */
export interface OutcomeView {
    /**
     * The winning seat; `None` for a draw.
     */
    winner: Seat | null;
    /**
     * The winning colour; `None` for a draw (and in Halma).
     */
    winner_side: Side | null;
    /**
     * The winning seat's number; `None` for a draw.
     */
    winner_no: number | null;
    /**
     * The places by seat number: `[0]` the first (several when they share it).
     */
    ranking: number[][];
    /**
     * `no-pieces`, `no-legal-move`, `resignation`, `agreement` or an automatic draw rule
     * (the rules crate's `EndReason::key`).
     */
    reason: string;
    /**
     * The reason in words.
     */
    description: string;
}

/**
 * What happened in the room.
 */
export type EventKind = { t: "joined"; seat: Seat; seat_no: number; name?: string } | { t: "computers_seated"; seats: number[]; level: string } | { t: "seat_reclaimed"; seat_no: number } | { t: "moved"; seat: Seat; seat_no: number; move: string; offer_draw: boolean; ack: number; fen: string; outcome: OutcomeView | null } | { t: "draw_accepted"; seat: Seat; seat_no: number; outcome: OutcomeView } | { t: "resigned"; seat: Seat; seat_no: number; outcome: OutcomeView | null } | { t: "flagged"; seat: Seat; seat_no: number; outcome: OutcomeView | null } | { t: "rematch"; game: number; first: Seat; first_no: number; fen: string } | { t: "left_for_computer"; seat: Seat };

/**
 * A change to the room, numbered by the room version `v`; `at` is server time in milliseconds since the Unix epoch; `clock`, in a timed room, the clocks just after it.
 */
export type Event = { v: number; at: number; clock?: ClockView } & EventKind;

/**
 * Who is connected.
 */
export interface Presence {
    creator: boolean;
    joiner: boolean;
    spectators: number;
    /**
     * Milliseconds since the Unix epoch at which each absent player left (`null` if present or
     * never seated).
     */
    creator_away_since: number | null;
    joiner_away_since: number | null;
    /**
     * Every seat, in order.
     */
    seats: SeatPresence[];
}

/**
 * Whether a seat's holder is connected.
 */
export interface SeatPresence {
    connected: boolean;
    away_since: number | null;
}

/**
 * One seat of a room as everyone sees it.
 */
export interface SeatView {
    seat_no: number;
    /**
     * Whether a player holds it (a computer seat from the start has no player).
     */
    taken: boolean;
    name: string | null;
    /**
     * The level of the computer playing it, if one does.
     */
    computer: string | null;
    /**
     * The seat's place in the current game's turn order (0 moves first).
     */
    player: number;
    /**
     * In Halma, the seat on the board it plays (1–6, as in position strings).
     */
    board_seat: number | null;
    /**
     * In draughts, the colour it plays.
     */
    side: Side | null;
}

/**
 * The colours of both seats in the current game.
 */
export interface Colors {
    creator: Side;
    joiner: Side;
}

/**
 * The whole state of a room, sent on connect (or when replay is not possible).
 */
export interface Snapshot {
    v: number;
    room: string;
    variant: string;
    created_at: number;
    /**
     * When the room is deleted at the latest (24 hours after creation).
     */
    expires_at: number;
    /**
     * The game number: 1, then one more for each rematch.
     */
    game: number;
    /**
     * The seats' colours in draughts (`null` in Halma).
     */
    colors: Colors | null;
    /**
     * Whether every seat is taken (the game has started).
     */
    joined: boolean;
    /**
     * The receiver's seat; `None` for spectators.
     */
    you: Seat | null;
    /**
     * The receiver's seat number; `None` for spectators.
     */
    you_no: number | null;
    /**
     * How many seats (players) the room has.
     */
    players: number;
    /**
     * Every seat, in order.
     */
    seats: SeatView[];
    /**
     * The position the room's games start from.
     */
    start_fen: string;
    /**
     * The moves of the current game, full-path notation; in Halma a resignation is written
     * `resigns:S` in its place among them (S the board seat, 1–6).
     */
    moves: string[];
    /**
     * Whether each move of `moves` carried a draw offer (so that a page rebuilding the game
     * from a snapshot knows the re-offer rule's state exactly).
     */
    offers: boolean[];
    /**
     * The current position.
     */
    fen: string;
    /**
     * The seat to move (`None` once the game is over).
     */
    to_move: Seat | null;
    /**
     * The number of the seat to move.
     */
    to_move_no: number | null;
    /**
     * The legal moves of the side to move (empty when over).
     */
    legal_moves: string[];
    /**
     * The seat whose draw offer is pending.
     */
    draw_offer: Seat | null;
    /**
     * Whether the side to move may attach a draw offer to its next move.
     */
    may_offer_draw: boolean;
    outcome: OutcomeView | null;
    /**
     * Set when a player took the game out of the room to play the computer.
     */
    left_for_computer: Seat | null;
    presence: Presence;
    /**
     * The clocks of a timed room, as of this message (`null`: untimed).
     */
    clock: ClockView | null;
}

/**
 * `POST /api/rooms`: the room to create.
 */
export interface CreateRoom {
    /**
     * The game's key (`english`, `halma-16`, `chinese-checkers`, …).
     */
    variant: string;
    /**
     * The position the room's games start from (a FEN in draughts, a position string in Halma
     * and Chinese checkers); without it the usual one.
     */
    fen?: string;
    /**
     * How many seats (the game's player count); without it the game's smallest.
     */
    players?: number;
    /**
     * The creator's display name (at most 24 printable characters).
     */
    name?: string;
    /**
     * Seats the computer plays from the start, each at its level (not the creator's seat 0).
     */
    computers?: ComputerSeatRequest[];
    /**
     * The time control; without it the room is untimed. The initial time is one minute to
     * three hours, the increment at most three minutes.
     */
    clock?: TimeControlView;
}

/**
 * A seat of a new room that the computer plays.
 */
export interface ComputerSeatRequest {
    /**
     * The seat (1 to the room's seats − 1).
     */
    seat_no: number;
    /**
     * `beginner`, `intermediate`, `advanced` or `expert`.
     */
    level: string;
}

/**
 * A time control: `initial_ms` for the game, `increment_ms` more after each move (Fischer).
 */
export interface TimeControlView {
    initial_ms: number;
    increment_ms: number;
}

/**
 * A timed room's clocks. Only the clock of the seat to move runs, from the game's first move
 * on; a page counts it down from the moment the message arrives.
 */
export interface ClockView {
    control: TimeControlView;
    /**
     * Every seat's time left in milliseconds, by seat number, when the message was made (an
     * event's: at its `at`).
     */
    remaining_ms: number[];
    /**
     * The seat whose clock runs (`None` before the first move and once the game is over).
     */
    running: number | null;
}

/**
 * The answer to creating a room.
 */
export interface RoomCreated {
    room: string;
    token: string;
    seat: Seat;
    /**
     * The creator's seat number (0).
     */
    seat_no: number;
    variant: string;
    /**
     * How many seats the room has.
     */
    players: number;
    /**
     * The link to share, relative to the site.
     */
    path: string;
}

/**
 * Domain error codes: the request was refused and nothing changed; the socket stays open.
 */
export type ErrorCode = "room_not_found" | "room_expired" | "bad_token" | "hello_first" | "not_a_player" | "seat_taken" | "already_seated" | "waiting_for_opponent" | "not_your_turn" | "illegal_move" | "stale_version" | "game_over" | "game_not_over" | "wrong_game" | "no_draw_offer" | "draw_offer_not_allowed" | "opponent_not_away" | "game_left_room" | "storage" | "not_away" | "computer_playing" | "not_the_creator" | "bad_name" | "bad_level";

/**
 * A message from the server that is not a room event.
 */
export type ServerMessage = ({ t: "snapshot" } & Snapshot) | { t: "seat"; seat: Seat; seat_no: number; token: string } | { t: "ack"; ack: number; v: number } | { t: "synced"; v: number; clock?: ClockView } | ({ t: "presence" } & Presence) | { t: "away"; seat: Seat; seat_no: number; since: number } | { t: "error"; code: ErrorCode; message: string; ack?: number };

/**
 * WebSocket close codes.
 */
export const CLOSE = {
    RESTARTING: 1012,
    BAD_MESSAGE: 4000,
    NO_HELLO: 4001,
    RATE_LIMITED: 4008,
    TOO_LARGE: 4009,
    TIMEOUT: 4011,
    ROOM_NOT_FOUND: 4404,
    ROOM_EXPIRED: 4410,
} as const;
