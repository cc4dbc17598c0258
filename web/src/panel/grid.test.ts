import { describe, expect, it } from "vitest";
import { squareAt } from "./grid";

describe("button grid layout", () => {
  it("puts a1 at the bottom left for the first mover", () => {
    expect(squareAt(8, false, 7, 0)).toBe("a1");
    expect(squareAt(8, false, 0, 7)).toBe("h8");
    expect(squareAt(10, false, 0, 9)).toBe("j10");
  });
  it("turns the board for the second player", () => {
    expect(squareAt(8, true, 7, 0)).toBe("h8");
    expect(squareAt(8, true, 0, 7)).toBe("a1");
  });
});
