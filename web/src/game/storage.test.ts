import { describe, expect, it } from "vitest";
import { parseSavedGame } from "./storage";

const good = {
  version: 1,
  mode: "beginner",
  game: { variant: "english", startFen: "", moves: [{ path: ["c3", "d4"], offer: true }] },
};

describe("saved games", () => {
  it("reads a saved game", () => {
    expect(parseSavedGame(good)).toEqual({ mode: "beginner", game: good.game });
  });

  it("ignores anything malformed instead of failing the page", () => {
    expect(parseSavedGame(null)).toBeNull();
    expect(parseSavedGame({ ...good, version: 2 })).toBeNull();
    expect(parseSavedGame({ ...good, mode: "grandmaster" })).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, variant: "chess" } })).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, moves: [{ path: [3], offer: false }] } })).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, moves: "c3-d4" } })).toBeNull();
  });
});
