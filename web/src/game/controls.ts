/** What the game controls allow, as pure functions of the rules' snapshot. */
import { draughtsDetails, type GameView, type Seat } from "../wasm/rules";

export interface DrawControls {
  /** "Offer a draw with my next move" is shown. */
  offerShown: boolean;
  /** …and may be ticked now. */
  offerEnabled: boolean;
  /** Explain that a new offer must wait for a man move or a capture. */
  offerBlocked: boolean;
  /** "Accept draw" is shown. */
  acceptShown: boolean;
}

type DrawState = Pick<GameView, "turn" | "result" | "details">;

/**
 * Draw controls for the side to move, when `humans` play at this screen and the computer is
 * not busy thinking.
 */
export function drawControls(s: DrawState, humans: readonly Seat[], busy: boolean): DrawControls {
  const draughts = draughtsDetails(s);
  const humanTurn = draughts !== null && s.result === null && s.turn !== null && humans.includes(s.turn) && !busy;
  const may = draughts?.mayOfferDraw ?? false;
  const offer = draughts?.drawOffer ?? null;
  return {
    offerShown: humanTurn,
    offerEnabled: humanTurn && may,
    offerBlocked: humanTurn && !may,
    acceptShown: humanTurn && offer !== null && offer !== s.turn,
  };
}

/** Whether a move now carries a draw offer: the box is ticked and an offer is allowed. */
export function offerWithMove(s: DrawState, humans: readonly Seat[], ticked: boolean): boolean {
  return ticked && drawControls(s, humans, false).offerEnabled;
}

/**
 * How many plies Undo takes back: everything after the last move a human made, and that move,
 * so that it is a human's turn again (two plies against the computer, one on a shared screen).
 * Zero when no human has moved yet.
 */
export function pliesToUndo(movers: readonly Seat[], humans: readonly Seat[]): number {
  for (let i = movers.length - 1; i >= 0; i--) {
    if (humans.includes(movers[i]!)) return movers.length - i;
  }
  return 0;
}
