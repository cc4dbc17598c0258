import { beforeAll, describe, expect, it } from "vitest";
import { initSync } from "./pkg/kingme_wasm.js";
import { EngineMemory, RulesGame, draughtsDetails, games, halmaDetails, replay } from "./rules";

beforeAll(async () => {
  // Tests run in Node: read the module from disk (the page fetches it instead).
  const fsModule = "node:fs";
  const fs: { readFileSync(path: URL): Uint8Array } = await import(/* @vite-ignore */ fsModule);
  initSync({ module: fs.readFileSync(new URL("./pkg/kingme_wasm_bg.wasm", import.meta.url)) });
});

describe("the rules through WebAssembly", () => {
  it("lists routes, plays them and undoes them", () => {
    const game = RulesGame.create("english");
    expect(game.legalMoves()).toHaveLength(7);
    expect(game.playPath(["c3", "d4"], false).notation).toBe("c3-d4");
    game.playText("f6-e5", true);
    const s = game.snapshot();
    // Black moves first in English checkers: it is seat 0, White seat 1.
    expect(s.seats.map((x) => x.color)).toEqual(["black", "white"]);
    expect(s.turn).toBe(0);
    expect(draughtsDetails(s)?.mustCapture).toEqual(["d4"]);
    expect(draughtsDetails(s)?.drawOffer).toBe(1);
    expect(game.legalMoves()).toEqual([{ path: ["d4", "f6"], captures: ["e5"], notation: "d4×f6", promotes: false }]);
    expect(game.undo()?.notation).toBe("f6-e5");
    expect(draughtsDetails(game.snapshot())?.drawOffer).toBeNull();
    game.free();
  });

  it("turns Rust errors into JS Errors that name the problem", () => {
    expect(() => RulesGame.create("english", "W:Wz99:B1")).toThrowError(/z99/);
    expect(() => RulesGame.create("chess")).toThrowError(/unknown game 'chess'/);
    expect(() => RulesGame.create("halma-8", null, 3)).toThrowError(/3 players/);
    const game = RulesGame.create("english");
    expect(() => game.playPath(["c3", "c5"], false)).toThrowError(/no legal move follows c3-c5/);
    expect(() => game.acceptDraw()).toThrowError(/no draw offer/);
    expect(() => game.resign(4)).toThrowError(/seat 4/);
    const memory = new EngineMemory();
    expect(() => game.computerTurn("grandmaster", 1, memory)).toThrowError(/grandmaster/);
    memory.free();
    try {
      game.playText("a1-b2", false);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Error);
    }
    expect(game.snapshot().ply).toBe(0);
    game.free();
  });

  it("asks the engine for the computer's turn", () => {
    const game = RulesGame.create("russian");
    const memory = new EngineMemory();
    const turn = game.computerTurn("beginner", 42, memory);
    expect(turn.acceptDraw).toBe(false);
    expect(game.legalMoves()).toContainEqual(turn.move);
    game.free();
    memory.free();
  });

  it("keeps one memory across turns and games", () => {
    const memory = new EngineMemory();
    const game = RulesGame.create("english");
    const first = game.computerTurn("intermediate", 1, memory);
    expect(first.move).not.toBeNull();
    game.playPath(first.move?.path ?? [], false);
    const reply = game.computerTurn("intermediate", 2, memory);
    expect(game.legalMoves()).toContainEqual(reply.move);
    const other = RulesGame.create("international");
    expect(other.legalMoves()).toContainEqual(other.computerTurn("beginner", 3, memory).move);
    game.free();
    other.free();
    memory.free();
  });
});

describe("every game through one model", () => {
  it("lists the games with their families and player counts", () => {
    const list = games();
    expect(list.map((g) => g.key)).toEqual([
      "english",
      "international",
      "russian",
      "brazilian",
      "halma-8",
      "halma-10",
      "halma-16",
      "chinese-checkers",
    ]);
    expect(list.find((g) => g.key === "chinese-checkers")).toMatchObject({ family: "halma", players: [2, 3, 4, 6] });
  });

  it("opens Chinese checkers for six with the star's cells and seats", () => {
    const game = RulesGame.create("chinese-checkers", null, 6);
    const s = game.snapshot();
    expect(s.layout.shape).toBe("star");
    expect(s.layout.cells).toHaveLength(121);
    expect(s.seats.map((x) => [x.index, x.viewAngle])).toEqual([
      [0, 0],
      [1, 60],
      [2, 120],
      [3, 180],
      [4, 240],
      [5, 300],
    ]);
    expect(new Set(s.seats.map((x) => x.color)).size).toBe(6);
    expect(s.pieces).toHaveLength(60);
    expect(halmaDetails(s)?.seats.map((x) => x.outsideTarget)).toEqual([10, 10, 10, 10, 10, 10]);
    game.free();
  });

  it("lets the Halma engine move for each seat in turn", () => {
    const game = RulesGame.create("chinese-checkers", null, 3);
    const memory = new EngineMemory();
    for (let i = 0; i < 3; i++) {
      const turn = game.computerTurn("beginner", i, memory);
      expect(game.legalMoves()).toContainEqual(turn.move);
      game.playPath(turn.move?.path ?? [], false);
    }
    expect(game.snapshot().turn).toBe(0);
    expect(game.snapshot().lastMoves.map((m) => m.seat)).toEqual([0, 2, 4]);
    game.free();
    memory.free();
  });

  it("replays a record with a resignation between moves", () => {
    const game = RulesGame.create("chinese-checkers", null, 3);
    game.playPath(game.legalMoves()[0]!.path, false);
    game.resign(2);
    game.playPath(game.legalMoves()[0]!.path, false);
    const record = game.record();
    expect(record.resigned).toEqual([{ seat: 2, after: 1 }]);
    const again = replay(record);
    expect(again.snapshot()).toEqual(game.snapshot());
    expect(RulesGame.fromRecord(game.recordText()).snapshot()).toEqual(game.snapshot());
    game.free();
    again.free();
  });
});
