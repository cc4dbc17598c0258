/** What the game screen asks of a game, whoever the opponent is (computer, same screen, room). */
import type { GameView, LegalMove, Seat, VariantKey } from "../wasm/rules";
import type { GameRecord } from "../engine/protocol";
import type { ClockState } from "../ui/clock";

/** The clocks of a game as measured at `measuredAt` (a `performance.now()` value), one per seat of `seats`. */
export interface ClockView {
  seats: readonly Seat[];
  state: ClockState;
  measuredAt: number;
}

export type Level = "beginner" | "intermediate" | "advanced" | "expert";
/** "mixed": each seat is a human or a computer level of its own (`SeatPlayers`). */
export type Mode = Level | "second" | "local" | "online" | "mixed";

export const LEVELS: readonly Level[] = ["beginner", "intermediate", "advanced", "expert"];

/** Who plays each seat, indexed by seat: a computer level, or null for a human at this screen. */
export type SeatPlayers = (Level | null)[];

export const MODES: readonly Mode[] = [
  "beginner",
  "intermediate",
  "advanced",
  "expert",
  "second",
  "local",
  "online",
];

/** The computer's level in `mode`, or null when no computer plays. */
export function computerLevel(mode: Mode): Level | null {
  switch (mode) {
    case "second":
      return "intermediate";
    case "local":
    case "online":
    case "mixed":
      return null;
    default:
      return mode;
  }
}

/** The rotation (degrees, as `SeatView.viewAngle`) that brings `seat`'s side to the near edge. */
export function viewAngle(view: GameView, seat: Seat | undefined): number {
  return view.seats.find((s) => s.index === seat)?.viewAngle ?? 0;
}

export interface PlayedMove {
  move: LegalMove;
  seat: Seat;
  offeredDraw: boolean;
  /** The game right after this move. */
  after: GameView;
}

export type ControllerEvent =
  | { kind: "played"; played: PlayedMove }
  | { kind: "undone"; plies: number }
  | { kind: "changed" }
  | { kind: "error"; message: string };

export interface GameController {
  readonly variant: VariantKey;
  readonly mode: Mode;
  /** Seats moved from this screen. */
  readonly humans: readonly Seat[];
  /** The seat whose side is at the near edge of the board. */
  readonly nearSeat: Seat;
  /** The computer (or the remote player) is choosing a move. */
  readonly thinking: boolean;
  snapshot(): GameView;
  legalMoves(): LegalMove[];
  /** Plays a human move given by its route. */
  play(path: readonly string[], offerDraw: boolean): void;
  canUndo(): boolean;
  undo(): void;
  resign(): void;
  /** Whether `resign` would do anything now (absent: whenever the game is not over). */
  canResign?(): boolean;
  /** The name the player at `seat` goes by (online rooms), shown beside the seat's own name. */
  playerName?(seat: Seat): string | null;
  acceptDraw(): void;
  /** The clocks of a timed game (absent or null: no clocks); the screen shows them. */
  clocks?(): ClockView | null;
  /** The game as text: PDN, or the Halma record. */
  pdn(): string;
  record(): GameRecord;
  /** Starts the game (lets the computer move if it is its turn). */
  start(): void;
  subscribe(listener: (event: ControllerEvent) => void): () => void;
  destroy(): void;
}
