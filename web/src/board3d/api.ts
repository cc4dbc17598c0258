import type { BoardLayout, ColorKey } from "../wasm/model";
import { BoardView } from "./view";

/**
 * The board's cells and the seats' colour keys are the rules' own types (generated from Rust):
 * board3d draws what they describe and knows nothing more of the game.
 */
export type { BoardLayout, BoardShape, Cell, ColorKey } from "../wasm/model";
export interface PieceView {
  cell: string;
  /** 0-based seat; its colour is `seatColors[seat]`. */
  seat: number;
  king: boolean;
}

/** A move as drawn after it was played: path[0] is the from cell, then every landing in order. */
export interface LastMoveView {
  seat: number;
  path: string[];
  captured: string[];
}

export interface BoardState {
  layout: BoardLayout;
  /**
   * Colour of every seat, indexed by seat. A camp is tinted in its seat's colour while that seat
   * has pieces on the board (so the star's camps of seats not in play stay plain wood).
   */
  seatColors: ColorKey[];
  /**
   * Degrees, counter-clockwise seen from above, that the board is turned by: the seat whose
   * `viewAngle` this is sits at the near edge (draughts 0 / 180; star seats multiples of 60).
   */
  rotation: number;
  pieces: PieceView[];
  /** Lifted slightly, with a gold ring. */
  selected: string | null;
  /** Green dots: legal next landing cells (or every reachable point). */
  dests: string[];
  /** Green rings: final landing cells that can be clicked directly. */
  finalDests: string[];
  /** Cyan ring at the foot of pieces that can capture (gold is the crown's and the selection's). */
  mustCapture: string[];
  /** Landings already entered in a multi-step move (small markers); the piece stays at its origin. */
  partialPath: string[];
  /** A hop path shown before it is played: the from cell, then every landing (a line through them). */
  previewPath: string[];
  /**
   * The moves to show as played, oldest first; the last one is the latest and is emphasised.
   * Each is drawn along its whole path in its seat's colour, its piece marked where it stopped.
   */
  lastMoves: LastMoveView[];
  /** Cells where a click does something: the mouse pointer becomes a hand over them. */
  clickable: string[];
  /** Arrows drawn on the board, each from its first cell to its second (a lesson's pointers). */
  arrows?: [string, string][];
  /** Cells marked with a soft yellow glow and ring (a lesson's highlights and hints). */
  highlights?: string[];
}

export type BoardViewName = "oblique" | "top";

/**
 * "low": no multisampling, no shadows, no anisotropic filtering, a smaller pixel budget — for slow,
 * software-rendered WebGL. "auto" (the default) picks "low" when WebGL is software-rendered.
 */
export type BoardQuality = "high" | "low" | "auto";

export interface BoardOptions {
  quality?: BoardQuality;
}

export interface Board3D {
  /** Merges the given fields; one redraw on the next animation frame. */
  set(state: Partial<BoardState>): void;
  /**
   * Moves the piece at path[0] through every landing — sliding a draughts step, hopping over
   * captured pieces and every Halma jump — then removes the captured pieces. Resolves when done;
   * call set({ pieces }) afterwards.
   */
  animateMove(path: string[], captured: string[]): Promise<void>;
  /**
   * Turns the board to `rotation` (degrees, as BoardState.rotation) the short way round, animated
   * — for instance to the player to move on a shared screen; set({ rotation }) turns it at once.
   * Resolves when the board has arrived and is drawn.
   */
  turnTo(rotation: number): Promise<void>;
  /** Animated camera change; resolves when the camera has arrived (may be ignored). */
  setView(view: BoardViewName): Promise<void>;
  /**
   * Replaces the click handler. A playable cell (piece or empty) clicked/tapped → its name;
   * outside the board → null; unplayable squares → no call. A drag orbits the camera.
   */
  onClick(handler: (cell: string | null) => void): void;
  /** Replaces the hover handler: called with the playable cell under the mouse whenever it changes (null: none). */
  onHover(handler: (cell: string | null) => void): void;
  /** Test hook: viewport (client) coordinates of a cell's centre (a piece's top) in the current camera. */
  squareToClient(cell: string): { x: number; y: number } | null;
  /** Test hook: how many frames have been drawn since the board was created. */
  readonly framesDrawn: number;
  /**
   * Measurement hook: draws the current picture `count` times, each until it is on the canvas
   * (shadows included); the time each took (ms).
   */
  timeFrames(count: number): number[];
  /** Resolves once no camera or move animation is running and the latest state has been drawn. */
  whenSettled(): Promise<void>;
  readonly canvas: HTMLCanvasElement;
  /** Frees the WebGL context, textures and listeners and removes the canvas. */
  destroy(): void;
}

/** Creates a 3D board filling `container` (which must have a size; the board follows it). */
export function createBoard(container: HTMLElement, initial: BoardState, options: BoardOptions = {}): Board3D {
  return new BoardView(container, initial, options.quality ?? "auto");
}
