import { describe, expect, it } from "vitest";
import { drawControls, offerWithMove, pliesToUndo } from "./controls";
import type { DraughtsDetails, GameView } from "../wasm/rules";

type DrawState = Pick<GameView, "turn" | "result" | "details">;

const draughts = (d: Partial<DraughtsDetails> = {}): GameView["details"] => ({
  family: "draughts",
  mustCapture: [],
  piecesLeft: [],
  countdowns: [],
  drawOffer: null,
  mayOfferDraw: true,
  ...d,
});

/** Seat 0 to move, nothing offered, an offer allowed. */
const playing: DrawState = { turn: 0, result: null, details: draughts() };
const offeredBy = (seat: number): DrawState => ({ ...playing, details: draughts({ drawOffer: seat }) });

describe("draw offer controls", () => {
  it("lets the human attach an offer on their turn", () => {
    expect(drawControls(playing, [0], false)).toEqual({
      offerShown: true,
      offerEnabled: true,
      offerBlocked: false,
      acceptShown: false,
    });
  });

  it("shows nothing on the computer's turn or while it thinks", () => {
    expect(drawControls({ ...playing, turn: 1 }, [0], false).offerShown).toBe(false);
    expect(drawControls(playing, [0], true).offerShown).toBe(false);
  });

  it("offers Accept draw to the side that received the offer", () => {
    expect(drawControls(offeredBy(1), [0], false).acceptShown).toBe(true);
    expect(drawControls(offeredBy(0), [0], false).acceptShown).toBe(false);
  });

  it("blocks a new offer until the rules allow it again", () => {
    const after: DrawState = { ...playing, details: draughts({ mayOfferDraw: false }) };
    const c = drawControls(after, [0], false);
    expect(c.offerEnabled).toBe(false);
    expect(c.offerBlocked).toBe(true);
    expect(offerWithMove(after, [0], true)).toBe(false);
    expect(offerWithMove(playing, [0], true)).toBe(true);
    expect(offerWithMove(playing, [0], false)).toBe(false);
  });

  it("shows nothing once the game is over", () => {
    const over: DrawState = {
      ...offeredBy(1),
      turn: null,
      result: { placings: [[0, 1]], winner: null, reason: "agreement", reasonText: "" },
    };
    expect(drawControls(over, [0, 1], false)).toEqual({
      offerShown: false,
      offerEnabled: false,
      offerBlocked: false,
      acceptShown: false,
    });
  });

  it("serves both players on a shared screen", () => {
    expect(drawControls({ ...offeredBy(0), turn: 1 }, [0, 1], false).acceptShown).toBe(true);
  });

  it("has no draw offers in Halma", () => {
    const halma: DrawState = {
      turn: 0,
      result: null,
      details: { family: "halma", players: 2, round: 1, yardLimit: 30, moveLimit: 200, seats: [] },
    };
    expect(drawControls(halma, [0], false).offerShown).toBe(false);
  });
});

describe("undo", () => {
  it("takes back the computer's reply and the human's move", () => {
    expect(pliesToUndo([0, 1], [0])).toBe(2);
  });
  it("takes back only the human's move while the computer is to move", () => {
    expect(pliesToUndo([0, 1, 0], [0])).toBe(1);
  });
  it("takes back one ply on a shared screen", () => {
    expect(pliesToUndo([0, 1], [0, 1])).toBe(1);
  });
  it("takes back every computer seat's move after the human's with more players", () => {
    expect(pliesToUndo([0, 2, 4, 0, 2], [0])).toBe(2);
    expect(pliesToUndo([0, 2, 4], [0])).toBe(3);
  });
  it("does nothing before the human has moved", () => {
    expect(pliesToUndo([0], [1])).toBe(0);
    expect(pliesToUndo([], [0])).toBe(0);
  });
});
