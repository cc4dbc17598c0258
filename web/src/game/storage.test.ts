import { describe, expect, it } from "vitest";
import { parseSavedGame } from "./storage";

const VARIANTS = ["english", "chinese-checkers"];

const good = {
  version: 2,
  mode: "beginner",
  game: {
    variant: "chinese-checkers",
    players: 3,
    startFen: "",
    moves: [{ path: ["c1", "e5"], offer: false }],
    resigned: [{ seat: 2, after: 1 }],
  },
};

describe("saved games", () => {
  it("reads a saved game", () => {
    expect(parseSavedGame(good, VARIANTS)).toEqual({ mode: "beginner", game: good.game });
  });

  it("reads a draughts game saved before player counts were kept", () => {
    const old = { version: 1, mode: "local", game: { variant: "english", startFen: "", moves: [{ path: ["c3", "d4"], offer: true }] } };
    expect(parseSavedGame(old, VARIANTS)).toEqual({ mode: "local", game: { ...old.game, players: 2, resigned: [] } });
  });

  it("keeps who plays each seat in a mixed game", () => {
    const mixed = { ...good, mode: "mixed", seats: [null, null, "beginner", null, "expert"] };
    expect(parseSavedGame(mixed, VARIANTS)).toEqual({ mode: "mixed", game: good.game, seats: mixed.seats });
    expect(parseSavedGame({ ...mixed, seats: ["grandmaster"] }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...mixed, seats: undefined }, VARIANTS)).toBeNull();
  });

  it("ignores anything malformed instead of failing the page", () => {
    expect(parseSavedGame(null, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, version: 3 }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, mode: "grandmaster" }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, variant: "chess" } }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, players: "3" } }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, moves: [{ path: [3], offer: false }] } }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, moves: "c3-d4" } }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, resigned: [{ seat: 9, after: 0 }] } }, VARIANTS)).toBeNull();
  });
});
