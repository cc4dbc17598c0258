import { describe, expect, it } from "vitest";
import { placeAt } from "./grid";

describe("button grid layout", () => {
  it("puts a1 at the bottom left for the first seat", () => {
    expect(placeAt(8, 0, 7, 0)).toEqual({ x: 0, y: 0 });
    expect(placeAt(8, 0, 0, 7)).toEqual({ x: 7, y: 7 });
    expect(placeAt(10, 0, 0, 9)).toEqual({ x: 9, y: 9 });
  });
  it("turns the board for the second player", () => {
    expect(placeAt(8, 180, 7, 0)).toEqual({ x: 7, y: 7 });
    expect(placeAt(8, 180, 0, 7)).toEqual({ x: 0, y: 0 });
  });
  it("turns a quarter for the a16 and p1 corners of four-player Halma", () => {
    // Seen from a16 (90°): a16 at the bottom left, a1 at the bottom right.
    expect(placeAt(16, 90, 15, 0)).toEqual({ x: 0, y: 15 });
    expect(placeAt(16, 90, 15, 15)).toEqual({ x: 0, y: 0 });
    // Seen from p1 (270°): p1 at the bottom left.
    expect(placeAt(16, 270, 15, 0)).toEqual({ x: 15, y: 0 });
  });
});
