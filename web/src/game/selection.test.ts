import { describe, expect, it } from "vitest";
import type { LegalMove } from "../wasm/rules";
import {
  NOTHING_SELECTED,
  click,
  doneRoute,
  reselect,
  selectionView,
  type Selection,
  type SelectionContext,
} from "./selection";

function mv(path: string, captures = ""): LegalMove {
  const squares = path.split(/[-x]/);
  return {
    path: squares,
    captures: captures ? captures.split(",") : [],
    notation: squares.join(path.includes("x") ? "×" : "-"),
    promotes: false,
  };
}

const quiet: SelectionContext = {
  moves: [mv("c3-d4"), mv("c3-b4"), mv("e3-d4"), mv("e3-f4")],
  own: ["a1", "c3", "e3", "g3"],
};

function clicks(ctx: SelectionContext, ...squares: (string | null)[]) {
  let selection: Selection = NOTHING_SELECTED;
  let last = click(selection, null, ctx);
  for (const sq of squares) {
    last = click(selection, sq, ctx);
    selection = last.selection;
  }
  return last;
}

describe("selecting a piece", () => {
  it("shows the destinations of the clicked piece", () => {
    const r = clicks(quiet, "c3");
    expect(r.play).toBeUndefined();
    expect(selectionView(r.selection, quiet)).toEqual({
      selected: "c3",
      dests: ["d4", "b4"],
      finalDests: [],
      partialPath: [],
      clickable: ["c3", "e3", "d4", "b4"],
    });
  });

  it("marks as clickable only the pieces that can move", () => {
    // a1 and g3 are own pieces without a move: clicking them does nothing.
    expect(selectionView(NOTHING_SELECTED, quiet).clickable).toEqual(["c3", "e3"]);
  });

  it("reselects when another own piece is clicked", () => {
    const r = clicks(quiet, "c3", "e3");
    expect(r.selection.selected).toBe("e3");
    expect(selectionView(r.selection, quiet).dests).toEqual(["d4", "f4"]);
  });

  it("deselects when the selected piece is clicked again", () => {
    expect(clicks(quiet, "c3", "c3").selection).toEqual(NOTHING_SELECTED);
  });

  it("deselects when the click is outside the board", () => {
    expect(clicks(quiet, "c3", null).selection).toEqual(NOTHING_SELECTED);
  });

  it("plays a quiet move on its destination", () => {
    const r = clicks(quiet, "e3", "f4");
    expect(r.play?.path).toEqual(["e3", "f4"]);
    expect(r.selection).toEqual(NOTHING_SELECTED);
  });

  it("does not select an own piece that cannot move", () => {
    expect(clicks(quiet, "a1").selection).toEqual(NOTHING_SELECTED);
    expect(clicks(quiet, "a1").message).toBeUndefined();
  });
});

describe("compulsory capture", () => {
  const ctx: SelectionContext = {
    moves: [mv("c3xe5", "d4")],
    own: ["c3", "a1", "g3"],
  };

  it("explains why a piece that cannot capture is not selected", () => {
    const r = clicks(ctx, "g3");
    expect(r.selection).toEqual(NOTHING_SELECTED);
    expect(r.message).toBe("onlyCaptures");
  });

  it("selects the capturing piece", () => {
    expect(clicks(ctx, "c3").selection.selected).toBe("c3");
  });
});

describe("a capture that loops back to its own square", () => {
  const ctx: SelectionContext = {
    moves: [mv("c1xe3xc5xa3xc1", "d2,d4,b4,b2"), mv("c1xa3", "b2")],
    own: ["c1"],
  };

  it("marks the starting square as a final landing", () => {
    const v = selectionView(clicks(ctx, "c1").selection, ctx);
    expect(v.finalDests).toContain("c1");
  });

  it("plays the loop when the selected piece is clicked again", () => {
    const r = clicks(ctx, "c1", "c1");
    expect(r.play?.path).toEqual(["c1", "e3", "c5", "a3", "c1"]);
  });

  it("is deselected by a click outside the board", () => {
    expect(clicks(ctx, "c1", null).selection).toEqual(NOTHING_SELECTED);
  });
});

describe("multi-captures click by click", () => {
  // Two routes share the first landing and split after it; a third starts elsewhere.
  const ctx: SelectionContext = {
    moves: [
      mv("a1xc3xe5xg7", "b2,d4,f6"),
      mv("a1xc3xa5", "b2,b4"),
      mv("a1xc3xe1", "b2,d2"),
    ],
    own: ["a1"],
  };

  it("enters a landing and shows the next ones", () => {
    const r = clicks(ctx, "a1", "c3");
    expect(r.play).toBeUndefined();
    const v = selectionView(r.selection, ctx);
    expect(v.partialPath).toEqual(["a1", "c3"]);
    expect(v.dests).toEqual(["e5", "a5", "e1"]);
    expect(v.finalDests).toEqual(["g7"]);
    // Half-way, only the capture's own next squares do something.
    expect(v.clickable).toEqual(["e5", "a5", "e1", "g7"]);
  });

  it("completes automatically once one route remains", () => {
    const r = clicks(ctx, "a1", "c3", "e5");
    expect(r.play?.path).toEqual(["a1", "c3", "e5", "g7"]);
  });

  it("plays a unique route by clicking its final landing", () => {
    const r = clicks(ctx, "a1", "g7");
    expect(r.play?.path).toEqual(["a1", "c3", "e5", "g7"]);
    expect(selectionView(clicks(ctx, "a1").selection, ctx).finalDests).toEqual(["g7", "a5", "e1"]);
  });

  it("does not leave a half-entered capture on a click elsewhere", () => {
    const r = clicks(ctx, "a1", "c3", null);
    expect(r.selection.partial).toEqual(["a1", "c3"]);
    expect(r.message).toBe("continueCapture");
  });

  it("cancels a half-entered capture with Reselect", () => {
    const half = clicks(ctx, "a1", "c3").selection;
    const back = reselect(half);
    expect(back).toEqual({ selected: "a1", partial: ["a1"] });
    expect(selectionView(back, ctx).partialPath).toEqual([]);
    expect(reselect(NOTHING_SELECTED)).toEqual(NOTHING_SELECTED);
  });

  it("does not offer a final landing reached by two routes", () => {
    const twoWays: SelectionContext = {
      moves: [mv("a1xc3xe5", "b2,d4"), mv("a1xc1xe3xe5", "b2,d2,d4")],
      own: ["a1"],
    };
    const v = selectionView(clicks(twoWays, "a1").selection, twoWays);
    expect(v.finalDests).toEqual([]);
    expect(clicks(twoWays, "a1", "e5").play).toBeUndefined();
  });
});

describe("Halma hops entered one by one", () => {
  // The rules list one (shortest) route per reachable point; a chain may stop at any landing.
  const ctx: SelectionContext = {
    moves: [
      mv("a1-b2"),
      mv("a1-c3"),
      mv("a1-c3-e5"),
      mv("a1-c3-e5-g7"),
      mv("a1-c3-c5"),
      mv("a1-c1"),
      mv("a1-c1-e1"),
      mv("a1-c1-e3"),
    ],
    own: ["a1", "h8"],
    anyRoute: true,
  };

  it("offers as first hops the second point of every route", () => {
    const v = selectionView(clicks(ctx, "a1").selection, ctx);
    expect(v.dests).toEqual(["b2", "c3", "c1"]);
    expect(doneRoute(clicks(ctx, "a1").selection, ctx)).toBeNull();
  });

  it("moves provisionally to a landing that chains go on from", () => {
    const r = clicks(ctx, "a1", "c3");
    expect(r.play).toBeUndefined();
    expect(r.playPath).toBeUndefined();
    const v = selectionView(r.selection, ctx);
    expect(v.partialPath).toEqual(["a1", "c3"]);
    // Only landings that some route continues with: e1 and e3 go on from c1, not from c3.
    expect(v.dests).toEqual(["e5", "c5"]);
    expect(doneRoute(r.selection, ctx)).toEqual(["a1", "c3"]);
  });

  it("goes on from the provisional landing and ends with Done where it stands", () => {
    const r = clicks(ctx, "a1", "c3", "e5");
    expect(r.play).toBeUndefined();
    expect(selectionView(r.selection, ctx).dests).toEqual(["g7"]);
    expect(doneRoute(r.selection, ctx)).toEqual(["a1", "c3", "e5"]);
  });

  it("ends the chain when the point it stands on is clicked again", () => {
    const r = clicks(ctx, "a1", "c3", "e5", "e5");
    expect(r.play?.path).toEqual(["a1", "c3", "e5"]);
    expect(r.selection).toEqual(NOTHING_SELECTED);
  });

  it("plays at once a landing no chain goes on from", () => {
    expect(clicks(ctx, "a1", "c3", "c5").play?.path).toEqual(["a1", "c3", "c5"]);
    expect(clicks(ctx, "a1", "b2").play?.path).toEqual(["a1", "b2"]);
  });

  it("plays at once a final destination clicked directly", () => {
    expect(clicks(ctx, "a1", "g7").play?.path).toEqual(["a1", "c3", "e5", "g7"]);
    expect(clicks(ctx, "a1", "e3").play?.path).toEqual(["a1", "c1", "e3"]);
  });

  it("asks for the next hop on a click elsewhere, keeping the hops entered", () => {
    const r = clicks(ctx, "a1", "c3", "h8");
    expect(r.selection.partial).toEqual(["a1", "c3"]);
    expect(r.message).toBe("continueHops");
  });

  it("cancels the entered hops with Reselect", () => {
    const back = reselect(clicks(ctx, "a1", "c3", "e5").selection);
    expect(back).toEqual({ selected: "a1", partial: ["a1"] });
    expect(doneRoute(back, ctx)).toBeNull();
  });

  it("ends on a point the rules list by another route of the same length", () => {
    const other: SelectionContext = {
      moves: [mv("a1-c3"), mv("a1-c3-e5-g7"), mv("a1-c1"), mv("a1-c1-e5")],
      own: ["a1"],
      anyRoute: true,
    };
    const half = clicks(other, "a1", "c3", "e5").selection;
    expect(half.partial).toEqual(["a1", "c3", "e5"]);
    expect(doneRoute(half, other)).toEqual(["a1", "c3", "e5"]);
    // Without that rule (draughts) only a listed route can be played.
    expect(doneRoute(half, { ...other, anyRoute: false })).toBeNull();
    expect(clicks(other, "a1", "c3", "e5", "e5").playPath).toEqual(["a1", "c3", "e5"]);
  });

  it("never offers Done half-way through a draughts capture", () => {
    const draughts: SelectionContext = {
      moves: [mv("a1xc3xe5xg7", "b2,d4,f6"), mv("a1xc3xa5", "b2,b4")],
      own: ["a1"],
    };
    expect(doneRoute(clicks(draughts, "a1", "c3").selection, draughts)).toBeNull();
  });
});
