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

  it("keeps the clocks and the time-outs of a timed game (version 3)", () => {
    const clock = { initialMs: 180_000, incrementMs: 2_000, seats: [0, 2, 4], remainingMs: [170_000, 0, 150_000], running: 4 };
    const timed = { ...good, version: 3, game: { ...good.game, timedOut: [{ seat: 2, after: 1 }] }, clock };
    expect(parseSavedGame(timed, VARIANTS)).toEqual({ mode: "beginner", game: timed.game, clock });
    expect(parseSavedGame({ ...timed, clock: { ...clock, running: 1 } }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...timed, game: { ...timed.game, timedOut: [{ seat: "2", after: 1 }] } }, VARIANTS)).toBeNull();
  });

  it("reads a version 2 game as one without clocks", () => {
    const clock = { initialMs: 1, incrementMs: 0, seats: [0, 1], remainingMs: [1, 1], running: null };
    expect(parseSavedGame({ ...good, clock }, VARIANTS)).toEqual({ mode: "beginner", game: good.game });
  });

  it("ignores anything malformed instead of failing the page", () => {
    expect(parseSavedGame(null, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, version: 4 }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, mode: "grandmaster" }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, variant: "chess" } }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, players: "3" } }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, moves: [{ path: [3], offer: false }] } }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, moves: "c3-d4" } }, VARIANTS)).toBeNull();
    expect(parseSavedGame({ ...good, game: { ...good.game, resigned: [{ seat: 9, after: 0 }] } }, VARIANTS)).toBeNull();
  });
});
