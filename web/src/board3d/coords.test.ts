import { describe, expect, it } from "vitest";
import { darkSquares, isDark, parseSquare, squareName, squareToWorld, worldToSquare } from "./coords";

describe("square names", () => {
  it("parses names on 8×8 and 10×10 boards", () => {
    expect(parseSquare("a1", 8)).toEqual({ file: 0, rank: 0 });
    expect(parseSquare("h8", 8)).toEqual({ file: 7, rank: 7 });
    expect(parseSquare("j10", 10)).toEqual({ file: 9, rank: 9 });
    expect(squareName(9, 9)).toBe("j10");
  });

  it("rejects names off the board or malformed", () => {
    for (const bad of ["i1", "a9", "j10", "a0", "", "A1", "a01x", "c"]) expect(parseSquare(bad, 8)).toBeNull();
    expect(parseSquare("k1", 10)).toBeNull();
    expect(parseSquare("a11", 10)).toBeNull();
  });

  it("a1 is dark and colours alternate", () => {
    expect(isDark(0, 0)).toBe(true);
    expect(isDark(1, 0)).toBe(false);
    expect(isDark(1, 1)).toBe(true);
    expect(darkSquares(8)).toHaveLength(32);
    expect(darkSquares(10)).toHaveLength(50);
    expect(darkSquares(10)[0]).toBe("a1");
  });
});

describe("world positions", () => {
  it("puts a1 near-left and the last square far-right when not flipped", () => {
    expect(squareToWorld("a1", 8, false)).toEqual({ x: -3.5, z: 3.5 });
    expect(squareToWorld("h8", 8, false)).toEqual({ x: 3.5, z: -3.5 });
    expect(squareToWorld("a1", 10, false)).toEqual({ x: -4.5, z: 4.5 });
    expect(squareToWorld("j10", 10, false)).toEqual({ x: 4.5, z: -4.5 });
  });

  it("turns the board by 180° when flipped", () => {
    expect(squareToWorld("a1", 8, true)).toEqual({ x: 3.5, z: -3.5 });
    expect(squareToWorld("h8", 8, true)).toEqual({ x: -3.5, z: 3.5 });
    expect(squareToWorld("c3", 10, true)).toEqual({ x: 2.5, z: -2.5 });
  });

  it("returns null for unknown squares", () => {
    expect(squareToWorld("z9", 8, false)).toBeNull();
  });

  for (const size of [8, 10]) {
    for (const flipped of [false, true]) {
      it(`maps every square centre back to itself (${size}×${size}, flipped ${flipped})`, () => {
        for (let rank = 0; rank < size; rank++) {
          for (let file = 0; file < size; file++) {
            const name = squareName(file, rank);
            const p = squareToWorld(name, size, flipped)!;
            const kind = isDark(file, rank) ? "dark" : "light";
            // Centre and a point near each corner of the square.
            for (const [dx, dz] of [[0, 0], [0.45, 0.45], [-0.45, 0.45], [0.45, -0.45], [-0.45, -0.45]]) {
              expect(worldToSquare({ x: p.x + dx!, z: p.z + dz! }, size, flipped)).toEqual({ kind, square: name });
            }
          }
        }
      });
    }
  }

  it("reports points beyond the playing area as outside", () => {
    expect(worldToSquare({ x: 4.01, z: 0 }, 8, false)).toEqual({ kind: "outside" });
    expect(worldToSquare({ x: 0, z: -5.2 }, 10, true)).toEqual({ kind: "outside" });
    expect(worldToSquare({ x: 4.9, z: 4.9 }, 10, false)).toEqual({ kind: "light", square: "j1" });
    expect(worldToSquare({ x: -4.9, z: 4.9 }, 10, false)).toEqual({ kind: "dark", square: "a1" });
  });
});
