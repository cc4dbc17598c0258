// Generated from crates/wasm/src/view.rs by `KINGME_UPDATE_TYPES=1 cargo test -p kingme-wasm --test model`.
// Do not edit: the test run fails when this file and the Rust types disagree.

/**
 * The two families of games: draughts and Halma (with Chinese checkers).
 */
export type Family = "draughts" | "halma";

/**
 * A game the site offers.
 */
export interface GameInfo {
    /**
     * The key used everywhere (`english`, `halma-8`, `chinese-checkers`, …).
     */
    key: string;
    /**
     * The game's name in English.
     */
    name: string;
    family: Family;
    /**
     * The player counts it is offered for, smallest first.
     */
    players: number[];
}

export type BoardShape = "square" | "star";

/**
 * One point (or square) of a board.
 */
export interface Cell {
    /**
     * The game's own name of the point (`c3`, `i5`).
     */
    name: string;
    /**
     * Centre in the board plane, one unit between neighbouring points; x to the right, y away
     * from the first seat's side.
     */
    x: number;
    y: number;
    /**
     * False only for the light squares of a draughts board.
     */
    playable: boolean;
    /**
     * The seat whose home camp this cell is.
     */
    camp: number | null;
}

export interface BoardLayout {
    shape: BoardShape;
    cells: Cell[];
}

/**
 * The colour a seat plays with.
 */
export type ColorKey = "white" | "black" | "red" | "yellow" | "green" | "blue" | "violet" | "orange";

/**
 * A player's place at the board.
 */
export interface SeatView {
    /**
     * 0-based (a Halma seat number less one; draughts: 0 for the side starting on ranks 1…).
     */
    index: number;
    color: ColorKey;
    /**
     * Degrees, counter-clockwise seen from above, that bring this seat's side to the near edge.
     */
    viewAngle: number;
    /**
     * Where the seat sits: `south`, `north`, `south-west`, …, for translations.
     */
    name: string;
}

/**
 * A legal or played move with its full route.
 */
export interface MoveView {
    /**
     * Every point the piece stands on, starting with the one it leaves (empty for a pass).
     */
    path: string[];
    /**
     * Captured pieces' squares, in the order they are jumped (draughts).
     */
    captures: string[];
    /**
     * The move as written on the site (`c3-d4`, `c3×e5×g7`, `d1-e5`, `pass`).
     */
    notation: string;
    /**
     * Whether the moving man is crowned by this move (draughts).
     */
    promotes: boolean;
}

/**
 * A piece on the board.
 */
export interface PieceView {
    cell: string;
    seat: number;
    king: boolean;
}

/**
 * A played move and who played it.
 */
export interface LastMoveView extends MoveView {
    seat: number;
    /**
     * Whether a draw offer travelled with it.
     */
    offeredDraw: boolean;
}

/**
 * How the game ended.
 */
export interface ResultView {
    /**
     * Seats by place: `placings[0]` are first (several when they share it).
     */
    placings: number[][];
    /**
     * The one winner, when the first place is not shared.
     */
    winner: number | null;
    /**
     * A stable key for the reason (`no-pieces`, `resignation`, `target-filled`, …).
     */
    reason: string;
    /**
     * The reason in English.
     */
    reasonText: string;
}

/**
 * Men and kings one side has left.
 */
export interface Material {
    seat: number;
    men: number;
    kings: number;
}

/**
 * Moves (by each side) left before an automatic draw rule ends the game.
 */
export interface CountdownView {
    /**
     * A stable key for the rule (`"quiet-moves"`, …), for translations.
     */
    rule: string;
    /**
     * The rule described in English.
     */
    ruleName: string;
    movesLeft: number;
}

/**
 * What only draughts has.
 */
export interface DraughtsDetails {
    /**
     * Squares of the pieces that can capture, when capturing is compulsory now.
     */
    mustCapture: string[];
    piecesLeft: Material[];
    countdowns: CountdownView[];
    /**
     * The seat whose draw offer waits for an answer.
     */
    drawOffer: number | null;
    /**
     * Whether the side to move may attach a draw offer to its next move.
     */
    mayOfferDraw: boolean;
}

/**
 * Where a Halma player stands in the game.
 */
export type SeatState = "playing" | "finished" | "resigned" | "timedOut" | "yardRule";

/**
 * One Halma player's progress.
 */
export interface HalmaSeat {
    seat: number;
    /**
     * The seat whose home camp is this player's target.
     */
    target: number;
    /**
     * Pieces not yet in the target camp.
     */
    outsideTarget: number;
    movesMade: number;
    /**
     * Moves left to clear the own camp under the yard rule (while pieces are still in it).
     */
    yardMovesLeft: number | null;
    state: SeatState;
    /**
     * The place reached, once known.
     */
    place: number | null;
}

/**
 * What only Halma and Chinese checkers have.
 */
export interface HalmaDetails {
    players: number;
    /**
     * The round being played (1 = the first).
     */
    round: number;
    /**
     * The moves after which a piece left in the own camp loses (8×8: 30, 10×10: 50).
     */
    yardLimit: number | null;
    /**
     * Every player still playing has made this many moves: the game is drawn among them.
     */
    moveLimit: number;
    /**
     * In turn order.
     */
    seats: HalmaSeat[];
}

/**
 * What belongs to one family of games.
 */
export type Details = ({ family: "draughts" } & DraughtsDetails) | ({ family: "halma" } & HalmaDetails);

/**
 * A played move in the game's move list.
 */
export interface HistoryEntry {
    /**
     * The number the record gives it: a draughts move number (a move of each side, PDN), or
     * the round (Halma, one move per seat).
     */
    number: number;
    seat: number;
    /**
     * The move as the site writes it (`c3-d4`), as `MoveView::notation`.
     */
    notation: string;
    /**
     * The move as the game's records write it: PDN for draughts (`11-15`, `32x23x14`, or
     * algebraic `c3:e5` for the variants that use it), the hop path for Halma.
     */
    record: string;
    /**
     * Whether a draw offer travelled with it.
     */
    offeredDraw: boolean;
}

/**
 * Everything the screen needs to draw a game.
 */
export interface GameView {
    variant: string;
    layout: BoardLayout;
    /**
     * The seats in play, in turn order.
     */
    seats: SeatView[];
    /**
     * The position as FEN (draughts) or position string (Halma).
     */
    fen: string;
    /**
     * The seat to move; none once the game is over.
     */
    turn: number | null;
    ply: number;
    pieces: PieceView[];
    lastMove: LastMoveView | null;
    /**
     * Each seat's latest move, in the order they were played.
     */
    lastMoves: LastMoveView[];
    result: ResultView | null;
    /**
     * Every move played so far, in notation.
     */
    moves: string[];
    /**
     * Every move played so far, numbered as the game's records number them.
     */
    history: HistoryEntry[];
    details: Details;
}

/**
 * A played move as a record keeps it.
 */
export interface RecordedMove {
    path: string[];
    /**
     * Whether a draw offer travelled with it.
     */
    offer: boolean;
}

/**
 * A game to replay: its rules, start, moves, and endings no move made.
 */
export interface RecordView {
    variant: string;
    players: number;
    startFen: string;
    /**
     * Every move played (resignations and time-outs are listed apart).
     */
    moves: RecordedMove[];
    /**
     * The seats that resigned, with the number of moves played before each resignation.
     */
    resigned: Resignation[];
    /**
     * The seats that ran out of time, with the number of moves played before each.
     */
    timedOut: Resignation[];
    /**
     * Whether the game ended with a draw offer accepted.
     */
    drawAgreed: boolean;
}

/**
 * A seat leaving the game (resigning, or out of time) after `after` moves of the record.
 */
export interface Resignation {
    seat: number;
    after: number;
}

/**
 * What the computer does on its turn.
 */
export interface ComputerTurn {
    /**
     * The computer accepts the pending draw offer instead of moving.
     */
    acceptDraw: boolean;
    /**
     * The move it plays (none when it accepts a draw or has no move).
     */
    move: MoveView | null;
    /**
     * Whether it offers a draw with that move.
     */
    offerDraw: boolean;
}

/**
 * The outcome of a fixed-size search, for measuring speed.
 */
export interface SearchReport {
    nodes: number;
    depth: number;
    elapsedMs: number;
    best: MoveView | null;
}

/**
 * Every problem the rules report to the page. Translations are keyed by these codes.
 */
export type ErrorCode = "other" | "unknown-game" | "unknown-level" | "player-count" | "game-over" | "no-such-move" | "seat-not-playing" | "no-legal-move" | "no-draw-offers" | "empty-path" | "square-syntax" | "square-off-board" | "square-light" | "square-number" | "move-empty" | "move-syntax" | "move-square" | "move-illegal" | "move-ambiguous" | "draw-offer-not-allowed" | "no-offer-to-accept" | "nothing-to-undo" | "position-square-index" | "position-overlap" | "position-king-empty" | "position-man-on-crowning-rank" | "position-too-many-pieces" | "fen-empty" | "fen-turn" | "fen-field" | "fen-duplicate-color" | "fen-square" | "fen-range" | "fen-duplicate-square" | "fen-position" | "pdn-tag" | "pdn-unclosed-tag" | "pdn-unclosed-comment" | "pdn-unclosed-variation" | "pdn-game-type" | "pdn-no-variant" | "pdn-fen" | "pdn-move" | "unknown-point" | "one-point" | "not-own-piece" | "not-empty" | "same-point" | "step-in-chain" | "not-a-jump" | "nothing-to-jump-over" | "no-chain" | "leaves-target-camp" | "ends-in-own-camp" | "pass-not-allowed" | "halma-position-shape" | "halma-position-seat" | "halma-position-round" | "halma-position-row-count" | "halma-position-row-length" | "halma-position-cell" | "halma-position-piece-count" | "halma-position-seat-finished" | "record-tag" | "record-unclosed-comment" | "record-no-variant" | "record-variant" | "record-players" | "record-player-count" | "record-seat-not-in-play" | "record-position" | "record-given-position" | "record-result" | "record-termination" | "record-conflict-game" | "record-conflict-players" | "record-conflict-position" | "record-round-marker" | "record-move" | "record-resign" | "record-disagrees-result" | "record-disagrees-termination";

/**
 * A rules error for the page.
 */
export interface ErrorView {
    code: ErrorCode;
    /**
     * What the message names, by parameter name (always text: `{"square": "c3"}`).
     */
    params: Record<string, string>;
    /**
     * The problem inside this one (a PDN move's own error, a FEN's position error).
     */
    cause: ErrorView | null;
    /**
     * The whole message in English.
     */
    message: string;
}
