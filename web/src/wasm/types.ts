/** The values the rules (kingme-wasm) hand to the page. Squares are algebraic names. */

export type Color = "white" | "black";
export type VariantKey = "english" | "international" | "russian" | "brazilian";

/** A game to replay, as the rules record it (see `RulesGame.record`). */
export interface GameRecordView {
  variant: VariantKey;
  startFen: string;
  moves: { path: string[]; offer: boolean }[];
  /** The side that resigned, when the game ended so. */
  resigned: Color | null;
  /** Whether the game ended with a draw offer accepted. */
  drawAgreed: boolean;
}

export interface LegalMove {
  /** Every square the piece stands on, starting with the square it leaves. */
  path: string[];
  /** Captured pieces' squares in the order they are jumped. */
  captures: string[];
  notation: string;
  promotes: boolean;
}

export interface Piece {
  square: string;
  color: Color;
  king: boolean;
}

export interface Material {
  men: number;
  kings: number;
}

export interface Countdown {
  rule: string;
  ruleName: string;
  movesLeft: number;
}

export interface LastMove extends LegalMove {
  color: Color;
  offeredDraw: boolean;
}

export interface GameResult {
  winner: Color | null;
  reason: string;
  reasonText: string;
}

export interface Snapshot {
  variant: VariantKey;
  size: 8 | 10;
  fen: string;
  turn: Color;
  ply: number;
  pieces: Piece[];
  mustCapture: string[];
  piecesLeft: Record<Color, Material>;
  countdowns: Countdown[];
  lastMove: LastMove | null;
  result: GameResult | null;
  drawOffer: Color | null;
  mayOfferDraw: boolean;
  moves: string[];
}

export interface ComputerTurn {
  acceptDraw: boolean;
  move: LegalMove | null;
  offerDraw: boolean;
}

export interface SearchReport {
  nodes: number;
  depth: number;
  elapsedMs: number;
  best: LegalMove | null;
}

export const opposite = (c: Color): Color => (c === "white" ? "black" : "white");
