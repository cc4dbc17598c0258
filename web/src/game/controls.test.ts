import { describe, expect, it } from "vitest";
import { drawControls, offerWithMove, pliesToUndo } from "./controls";
import type { Color } from "../wasm/types";

const playing = { turn: "white" as Color, result: null, drawOffer: null, mayOfferDraw: true };

describe("draw offer controls", () => {
  it("lets the human attach an offer on their turn", () => {
    expect(drawControls(playing, ["white"], false)).toEqual({
      offerShown: true,
      offerEnabled: true,
      offerBlocked: false,
      acceptShown: false,
    });
  });

  it("shows nothing on the computer's turn or while it thinks", () => {
    expect(drawControls({ ...playing, turn: "black" }, ["white"], false).offerShown).toBe(false);
    expect(drawControls(playing, ["white"], true).offerShown).toBe(false);
  });

  it("offers Accept draw to the side that received the offer", () => {
    const offered = { ...playing, drawOffer: "black" as Color };
    expect(drawControls(offered, ["white"], false).acceptShown).toBe(true);
    expect(drawControls({ ...offered, drawOffer: "white" }, ["white"], false).acceptShown).toBe(false);
  });

  it("blocks a new offer until the rules allow it again", () => {
    const after = { ...playing, mayOfferDraw: false };
    const c = drawControls(after, ["white"], false);
    expect(c.offerEnabled).toBe(false);
    expect(c.offerBlocked).toBe(true);
    expect(offerWithMove(after, ["white"], true)).toBe(false);
    expect(offerWithMove(playing, ["white"], true)).toBe(true);
    expect(offerWithMove(playing, ["white"], false)).toBe(false);
  });

  it("shows nothing once the game is over", () => {
    const over = { ...playing, drawOffer: "black" as Color, result: { winner: null, reason: "agreement", reasonText: "" } };
    expect(drawControls(over, ["white", "black"], false)).toEqual({
      offerShown: false,
      offerEnabled: false,
      offerBlocked: false,
      acceptShown: false,
    });
  });

  it("serves both players on a shared screen", () => {
    const both: Color[] = ["white", "black"];
    expect(drawControls({ ...playing, turn: "black", drawOffer: "white" }, both, false).acceptShown).toBe(true);
  });
});

describe("undo", () => {
  it("takes back the computer's reply and the human's move", () => {
    expect(pliesToUndo(["white", "black"], ["white"])).toBe(2);
  });
  it("takes back only the human's move while the computer is to move", () => {
    expect(pliesToUndo(["white", "black", "white"], ["white"])).toBe(1);
  });
  it("takes back one ply on a shared screen", () => {
    expect(pliesToUndo(["white", "black"], ["white", "black"])).toBe(1);
  });
  it("does nothing before the human has moved", () => {
    expect(pliesToUndo(["white"], ["black"])).toBe(0);
    expect(pliesToUndo([], ["white"])).toBe(0);
  });
});
