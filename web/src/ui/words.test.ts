import { describe, expect, it } from "vitest";
import type { GameView, HalmaSeat } from "../wasm/rules";
import { resultReason, resultTitle, seatName } from "./words";

type Named = Pick<GameView, "seats" | "details">;

const draughts: Named = {
  seats: [
    { index: 0, color: "black", viewAngle: 0, name: "south" },
    { index: 1, color: "white", viewAngle: 180, name: "north" },
  ],
  details: { family: "draughts", mustCapture: [], piecesLeft: [], countdowns: [], drawOffer: null, mayOfferDraw: true },
};

const seat = (s: number, state: HalmaSeat["state"], place: number | null): HalmaSeat => ({
  seat: s,
  target: (s + 3) % 6,
  outsideTarget: 0,
  movesMade: 30,
  yardMovesLeft: null,
  state,
  place,
});

const star: Named = {
  seats: [
    { index: 0, color: "red", viewAngle: 0, name: "south" },
    { index: 2, color: "green", viewAngle: 120, name: "north-west" },
    { index: 4, color: "violet", viewAngle: 240, name: "north-east" },
  ],
  details: {
    family: "halma",
    players: 3,
    round: 40,
    yardLimit: null,
    moveLimit: 200,
    seats: [seat(0, "finished", 1), seat(2, "finished", 2), seat(4, "playing", 3)],
  },
};

describe("seats in words", () => {
  it("names a draughts seat by its colour and a Halma seat by place and colour", () => {
    expect(seatName(draughts, 0)).toBe("Black");
    expect(seatName(star, 2)).toBe("North-west, green");
  });

  it("titles the result by the winner", () => {
    const result = { placings: [[1], [0]], winner: 1, reason: "resignation", reasonText: "resignation" };
    expect(resultTitle(draughts, result)).toBe("White wins");
    expect(resultReason(draughts, result)).toBe("Black resigned.");
    expect(resultTitle(star, { ...result, placings: [[0], [2], [4]], winner: 0 })).toBe("South, red wins");
    // In a room the players' names come first.
    const named = (seat: number) => `${["Ann", "", "Bo"][seat]} (${seatName(star, seat)})`;
    expect(resultTitle(star, { ...result, placings: [[0], [2], [4]], winner: 0 }, named)).toBe("Ann (South, red) wins");
    expect(resultReason(draughts, result, (seat) => (seat === 0 ? "Ann" : "Bo"))).toBe("Ann resigned.");
  });

  it("credits the camp that ended a game of three to the last finisher, not the winner", () => {
    const result = { placings: [[0], [2], [4]], winner: 0, reason: "target-filled", reasonText: "target filled" };
    expect(resultReason(star, result)).toBe("North-west, green filled the target camp.");
  });

  it("names the yard rule's loser", () => {
    const halma8: Named = {
      seats: [
        { index: 0, color: "red", viewAngle: 0, name: "south-west" },
        { index: 1, color: "blue", viewAngle: 180, name: "north-east" },
      ],
      details: { family: "halma", players: 2, round: 32, yardLimit: 30, moveLimit: 200, seats: [] },
    };
    const result = { placings: [[1], [0]], winner: 1, reason: "yard-rule", reasonText: "yard rule" };
    expect(resultReason(halma8, result)).toMatch(/^South-west, red still had a piece/);
  });
});
