/** What the game screen asks of a game, whoever the opponent is (computer, same screen, room). */
import type { Color, LegalMove, Snapshot, VariantKey } from "../wasm/types";
import type { GameRecord } from "../engine/protocol";

export type Level = "beginner" | "intermediate" | "advanced" | "expert";
export type Mode = Level | "second" | "local" | "online";

export const MODES: readonly Mode[] = [
  "beginner",
  "intermediate",
  "advanced",
  "expert",
  "second",
  "local",
  "online",
];

export const VARIANTS: readonly VariantKey[] = ["english", "international", "russian", "brazilian"];

/** The computer's level in `mode`, or null when no computer plays. */
export function computerLevel(mode: Mode): Level | null {
  switch (mode) {
    case "second":
      return "intermediate";
    case "local":
    case "online":
      return null;
    default:
      return mode;
  }
}

/** The side that moves first in the variant's starting position (it sits at the near side). */
export function firstMover(variant: VariantKey): Color {
  return variant === "english" ? "black" : "white";
}

export interface PlayedMove {
  move: LegalMove;
  color: Color;
  offeredDraw: boolean;
  /** The game right after this move. */
  after: Snapshot;
}

export type ControllerEvent =
  | { kind: "played"; played: PlayedMove }
  | { kind: "undone"; plies: number }
  | { kind: "changed" }
  | { kind: "error"; message: string };

export interface GameController {
  readonly variant: VariantKey;
  readonly mode: Mode;
  /** Colors moved from this screen. */
  readonly humans: readonly Color[];
  /** The board is turned: the near side is not the first mover's. */
  readonly flipped: boolean;
  /** The computer (or the remote player) is choosing a move. */
  readonly thinking: boolean;
  snapshot(): Snapshot;
  legalMoves(): LegalMove[];
  /** Plays a human move given by its route. */
  play(path: readonly string[], offerDraw: boolean): void;
  canUndo(): boolean;
  undo(): void;
  resign(): void;
  acceptDraw(): void;
  pdn(): string;
  record(): GameRecord;
  /** Starts the game (lets the computer move if it is its turn). */
  start(): void;
  subscribe(listener: (event: ControllerEvent) => void): () => void;
  destroy(): void;
}
