import { beforeAll, describe, expect, it } from "vitest";
import { initSync } from "./pkg/kingme_wasm.js";
import { EngineMemory, RulesGame } from "./rules";

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
    expect(s.turn).toBe("black");
    expect(s.mustCapture).toEqual(["d4"]);
    expect(s.drawOffer).toBe("white");
    expect(game.legalMoves()).toEqual([{ path: ["d4", "f6"], captures: ["e5"], notation: "d4×f6", promotes: false }]);
    expect(game.undo()?.notation).toBe("f6-e5");
    expect(game.snapshot().drawOffer).toBeNull();
    game.free();
  });

  it("turns Rust errors into JS Errors that name the problem", () => {
    expect(() => RulesGame.create("english", "W:Wz99:B1")).toThrowError(/z99/);
    expect(() => RulesGame.create("chess" as never)).toThrowError(/unknown variant 'chess'/);
    const game = RulesGame.create("english");
    expect(() => game.playPath(["c3", "c5"], false)).toThrowError(/no legal move follows c3-c5/);
    expect(() => game.acceptDraw()).toThrowError(/no draw offer/);
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
