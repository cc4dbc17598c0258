import { describe, expect, it } from "vitest";
import type { BoardState } from "./api";
import { layoutOf, loadRulesInNode } from "./dev/rules";
import { applyMove, initialState, mergeState } from "./state";

await loadRulesInNode();

function base(): BoardState {
  return {
    layout: layoutOf("international"),
    seatColors: ["white", "black"],
    rotation: 0,
    pieces: [
      { cell: "c3", seat: 0, king: false },
      { cell: "d4", seat: 1, king: false },
    ],
    selected: null,
    dests: [],
    finalDests: [],
    mustCapture: [],
    partialPath: [],
    previewPath: [],
    lastMoves: [],
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
    const prev = { ...base(), lastMoves: [{ seat: 0, path: ["c3", "e5"], captured: ["d4"] }] };
    const { changed } = mergeState(prev, {
      pieces: base().pieces.map((p) => ({ ...p })),
      lastMoves: [{ seat: 0, path: ["c3", "e5"], captured: ["d4"] }],
      layout: layoutOf("international"),
      seatColors: ["white", "black"],
      rotation: 0,
      dests: [],
    });
    expect(changed.size).toBe(0);
  });

  it("compares a lesson's arrows and highlights by their cells, and takes their absence for none", () => {
    const prev = { ...base(), arrows: [["c3", "e5"]] as [string, string][], highlights: ["c3"] };
    expect(mergeState(prev, { arrows: [["c3", "e5"]], highlights: ["c3"] }).changed.size).toBe(0);
    expect([...mergeState(prev, { arrows: [["c3", "g7"]] }).changed]).toEqual(["arrows"]);
    expect([...mergeState(base(), { arrows: [], highlights: [] }).changed]).toEqual([]);
    expect([...mergeState(base(), { highlights: ["d4"] }).changed]).toEqual(["highlights"]);
  });

  it("notices a king promotion and a changed route", () => {
    const prev = { ...base(), lastMoves: [{ seat: 0, path: ["c3", "e5"], captured: ["d4"] }] };
    const pieces = base().pieces.map((p) => (p.cell === "c3" ? { ...p, king: true } : p));
    const { changed } = mergeState(prev, { pieces, lastMoves: [{ seat: 0, path: ["c3", "e5", "g7"], captured: ["d4"] }] });
    expect([...changed].sort()).toEqual(["lastMoves", "pieces"]);
  });

  it("notices another board, other colours, a turn and another seat's move", () => {
    const { changed } = mergeState(base(), {
      layout: layoutOf("halma-10"),
      seatColors: ["red", "blue"],
      rotation: 180,
      lastMoves: [{ seat: 1, path: [], captured: [] }],
    });
    expect([...changed].sort()).toEqual(["lastMoves", "layout", "rotation", "seatColors"]);
    const sameCellsOtherSeat = mergeState({ ...base(), lastMoves: [{ seat: 0, path: ["a1"], captured: [] }] }, {
      lastMoves: [{ seat: 1, path: ["a1"], captured: [] }],
    });
    expect(sameCellsOtherSeat.changed.has("lastMoves")).toBe(true);
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
    mergeState(prev, { rotation: 180, pieces: [] });
    expect(prev.rotation).toBe(0);
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
    expect(after).toEqual([{ cell: "e5", seat: 0, king: false }]);
  });

  it("keeps a piece that returns to its own square", () => {
    const pieces = [{ cell: "c3", seat: 0, king: true }];
    expect(applyMove(pieces, ["c3", "e5", "c3"], [])).toEqual(pieces);
  });
});
