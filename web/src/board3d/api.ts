import { BoardView } from "./view";

export type PieceColor = "white" | "black";

/** Squares are algebraic ("c3"); a1 is the bottom-left dark square from the first mover's side. */
export interface PieceView {
  square: string;
  color: PieceColor;
  king: boolean;
}

/** path[0] is the from square, then every landing square in order. */
export interface LastMoveView {
  path: string[];
  captured: string[];
}

export interface BoardState {
  size: 8 | 10;
  pieces: PieceView[];
  /** true: the board is turned 180° so rank 1 is far (the second player's view). */
  flipped: boolean;
  /** Lifted slightly, with a gold ring. */
  selected: string | null;
  /** Green dots: legal next landing squares. */
  dests: string[];
  /** Green rings: final landing squares that can be clicked directly. */
  finalDests: string[];
  /** Gold ring at the foot of pieces that can capture. */
  mustCapture: string[];
  /** Landings already entered in a multi-capture (small markers); the piece stays at its origin. */
  partialPath: string[];
  /** Orange line along the route; small red rings where pieces were captured. */
  lastMove: LastMoveView | null;
  /** Squares where a click does something: the mouse pointer becomes a hand over them. */
  clickable: string[];
}

export type BoardViewName = "oblique" | "top";

/**
 * "low": no multisampling, no shadows, no anisotropic filtering, pixel ratio 1 — for slow,
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
   * Slides (or, for a capture, hops) the piece at path[0] along every landing, then removes the
   * captured pieces. Resolves when done; call set({ pieces }) afterwards.
   */
  animateMove(path: string[], captured: string[]): Promise<void>;
  /** Animated camera change; resolves when the camera has arrived (may be ignored). */
  setView(view: BoardViewName): Promise<void>;
  /**
   * Replaces the click handler. A dark square (piece or empty) clicked/tapped → its name; outside
   * the board → null; light squares → no call. A drag orbits the camera and is not a click.
   */
  onClick(handler: (square: string | null) => void): void;
  /** Test hook: viewport (client) coordinates of a square's centre in the current camera. */
  squareToClient(square: string): { x: number; y: number } | null;
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
