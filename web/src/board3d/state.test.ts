import { describe, expect, it } from "vitest";
import type { BoardState } from "./api";
import { applyMove, initialState, mergeState } from "./state";

function base(): BoardState {
  return {
    size: 10,
    pieces: [
      { square: "c3", color: "white", king: false },
      { square: "d4", color: "black", king: false },
    ],
    flipped: false,
    selected: null,
    dests: [],
    finalDests: [],
    mustCapture: [],
    partialPath: [],
    lastMove: null,
    clickable: [],
  };
}

describe("mergeState", () => {
  it("changes only the given fields and reports them", () => {
    const { state, changed } = mergeState(base(), { selected: "c3", dests: ["e5"] });
    expect(state.selected).toBe("c3");
    expect(state.dests).toEqual(["e5"]);
    expect(state.pieces).toEqual(base().pieces);
    expect([...changed].sort()).toEqual(["dests", "selected"]);
  });

  it("reports nothing when values are equal, even as new arrays", () => {
    const prev = { ...base(), lastMove: { path: ["c3", "e5"], captured: ["d4"] } };
    const { changed } = mergeState(prev, {
      pieces: base().pieces.map((p) => ({ ...p })),
      lastMove: { path: ["c3", "e5"], captured: ["d4"] },
      size: 10,
      dests: [],
    });
    expect(changed.size).toBe(0);
  });

  it("notices a king promotion and a changed route", () => {
    const prev = { ...base(), lastMove: { path: ["c3", "e5"], captured: ["d4"] } };
    const pieces = base().pieces.map((p) => (p.square === "c3" ? { ...p, king: true } : p));
    const { changed } = mergeState(prev, { pieces, lastMove: { path: ["c3", "e5", "g7"], captured: ["d4"] } });
    expect([...changed].sort()).toEqual(["lastMove", "pieces"]);
  });

  it("treats undefined as absent and null as a value", () => {
    const prev = { ...base(), selected: "c3" };
    expect(mergeState(prev, { selected: undefined }).state.selected).toBe("c3");
    const cleared = mergeState(prev, { selected: null });
    expect(cleared.state.selected).toBeNull();
    expect(cleared.changed.has("selected")).toBe(true);
  });

  it("copies lists so the caller may mutate its arrays afterwards", () => {
    const dests = ["e5"];
    const { state } = mergeState(base(), { dests });
    dests.push("a5");
    expect(state.dests).toEqual(["e5"]);
  });

  it("does not modify the previous state", () => {
    const prev = base();
    mergeState(prev, { flipped: true, pieces: [] });
    expect(prev.flipped).toBe(false);
    expect(prev.pieces).toHaveLength(2);
  });

  it("marks every field of the initial state as changed", () => {
    const { changed } = initialState(base());
    expect(changed.size).toBe(Object.keys(base()).length);
  });
});

describe("applyMove", () => {
  it("moves the piece to the route's end and removes captured pieces", () => {
    const after = applyMove(base().pieces, ["c3", "e5"], ["d4"]);
    expect(after).toEqual([{ square: "e5", color: "white", king: false }]);
  });

  it("keeps a piece that returns to its own square", () => {
    const pieces = [{ square: "c3", color: "white" as const, king: true }];
    expect(applyMove(pieces, ["c3", "e5", "c3"], [])).toEqual(pieces);
  });
});
