import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initSync } from "../wasm/pkg/kingme_wasm.js";
import { LocalController } from "./local";

interface NodeFs {
  readFileSync(path: URL): Uint8Array;
}

beforeAll(async () => {
  // The rules compiled to wasm, read from disk (vitest runs in Node, without node's typings here).
  const fsModule = "node:fs";
  const fs = (await import(/* @vite-ignore */ fsModule)) as NodeFs;
  initSync({ module: fs.readFileSync(new URL("../wasm/pkg/kingme_wasm_bg.wasm", import.meta.url)) });
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance", "Date"] });
});

afterEach(() => {
  vi.useRealTimers();
});

const ONE_MINUTE = { initialMs: 60_000, incrementMs: 0 };

/** Plays the first legal move for whoever is to move. */
function playFirst(c: LocalController): void {
  c.play(c.legalMoves()[0]!.path, false);
}

describe("local games with clocks", () => {
  it("a flag in draughts ends the game as the rules say, and Undo is off", () => {
    const c = new LocalController("english", 2, "local", null, null, [], ONE_MINUTE);
    c.start();
    expect(c.clocks()?.state).toEqual({ remainingMs: [60_000, 60_000], running: null });
    playFirst(c);
    expect(c.clocks()?.state.running).toBe(1);
    expect(c.canUndo()).toBe(false);
    vi.advanceTimersByTime(59_000);
    expect(c.snapshot().result).toBeNull();
    vi.advanceTimersByTime(1_001);
    const result = c.snapshot().result;
    expect(result?.reason).toBe("time-out");
    expect(result?.winner).toBe(0);
    expect(c.clocks()?.state).toEqual({ remainingMs: [60_000, 0], running: null });
    c.destroy();
  });

  it("with three players the flagged seat drops out and the others play on", () => {
    const c = new LocalController("chinese-checkers", 3, "local", null, null, [], { initialMs: 60_000, incrementMs: 5_000 });
    c.start();
    const seats = c.clocks()!.seats;
    expect(seats).toHaveLength(3);
    playFirst(c);
    const second = c.snapshot().turn!;
    expect(c.clocks()?.state.running).toBe(second);
    vi.advanceTimersByTime(60_001);
    const view = c.snapshot();
    expect(view.result).toBeNull();
    expect(view.turn).toBe(seats[2]);
    expect(c.record().timedOut).toEqual([{ seat: second, after: 1 }]);
    const halma = view.details.family === "halma" ? view.details : null;
    expect(halma?.seats.find((x) => x.seat === second)?.state).toBe("timedOut");
    expect(c.clocks()?.state.running).toBe(seats[2]);
    // The next seat moves after 10 s and gets its 5 s increment.
    vi.advanceTimersByTime(10_000);
    playFirst(c);
    expect(c.clocks()?.state.remainingMs[2]).toBe(55_000);
    expect(c.snapshot().turn).toBe(seats[0]);
    // The record with the time-out replays (the engine worker and a reload rebuild games from it).
    const again = new LocalController("chinese-checkers", 3, "local", c.record(), null, [], null);
    expect(again.snapshot().fen).toBe(c.snapshot().fen);
    again.destroy();
    c.destroy();
  });
});

describe("a move made after the time ran out", () => {
  it("is not played: the flag falls first", () => {
    const c = new LocalController("english", 2, "local", null, null, [], ONE_MINUTE);
    c.start();
    playFirst(c);
    // The clock reads past zero before the flag's timer has run.
    const ply = c.snapshot().ply;
    vi.spyOn(performance, "now").mockReturnValue(performance.now() + 61_000);
    playFirst(c);
    expect(c.snapshot().ply).toBe(ply);
    expect(c.snapshot().result?.reason).toBe("time-out");
    expect(c.snapshot().result?.winner).toBe(0);
    vi.restoreAllMocks();
    c.destroy();
  });
});
