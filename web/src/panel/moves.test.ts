import { describe, expect, it } from "vitest";
import { moveLabels } from "./moves";
import type { LegalMove } from "../wasm/rules";

const m = (notation: string, path: string[], captures: string[] = []): LegalMove => ({
  notation,
  path,
  captures,
  promotes: false,
});

describe("legal move labels", () => {
  it("uses the notation when it is unique", () => {
    expect(moveLabels([m("c3-d4", ["c3", "d4"]), m("c3-b4", ["c3", "b4"])])).toEqual(["c3-d4", "c3-b4"]);
  });

  it("spells out the route where two moves print alike", () => {
    const a = m("a1×e5", ["a1", "c3", "e5"], ["b2", "d4"]);
    const b = m("a1×e5", ["a1", "c1", "e5"], ["b2", "d2"]);
    expect(moveLabels([a, b])).toEqual(["a1×c3×e5", "a1×c1×e5"]);
  });

  it("adds the captured pieces when even the routes are alike", () => {
    const a = m("a1×e5", ["a1", "e5"], ["b2"]);
    const b = m("a1×e5", ["a1", "e5"], ["c3"]);
    expect(moveLabels([a, b])).toEqual(["a1×e5 (×b2)", "a1×e5 (×c3)"]);
  });
});
