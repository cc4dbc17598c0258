import { describe, expect, it } from "vitest";
import {
  TIME_PRESETS,
  afterMove,
  flagged,
  msUntilFlag,
  newClock,
  parseSavedClock,
  remainingNow,
  restoreClock,
  runClock,
  saveClock,
  timeControl,
} from "./timeControl";

const threeTwo = { initialMs: 180_000, incrementMs: 2_000 };

describe("time controls", () => {
  it("offers 3+2, 5+3, 10+5 and 15+10", () => {
    expect(TIME_PRESETS.map((c) => `${c.initialMs / 60_000}+${c.incrementMs / 1000}`)).toEqual(["3+2", "5+3", "10+5", "15+10"]);
  });

  it("takes a custom one within 1–180 minutes and 0–60 seconds", () => {
    expect(timeControl(1, 0)).toEqual({ initialMs: 60_000, incrementMs: 0 });
    expect(timeControl(90, 30)).toEqual({ initialMs: 5_400_000, incrementMs: 30_000 });
    expect(timeControl(0, 5)).toBeNull();
    expect(timeControl(181, 5)).toBeNull();
    expect(timeControl(5, 61)).toBeNull();
    expect(timeControl(5, -1)).toBeNull();
    expect(timeControl(Number.NaN, 2)).toBeNull();
  });
});

describe("game clocks", () => {
  it("run no clock before the first move", () => {
    const c = newClock(threeTwo, [0, 1], 1000);
    expect(c.running).toBeNull();
    expect(remainingNow(c, 99_000)).toEqual([180_000, 180_000]);
    expect(msUntilFlag(c, 99_000)).toBeNull();
  });

  it("charge the mover, add the increment after its move and start the next clock", () => {
    let c = runClock(newClock(threeTwo, [0, 1], 0), 0, 0);
    c = afterMove(c, 0, 1, 10_000);
    expect(remainingNow(c, 10_000)).toEqual([172_000, 180_000]);
    expect(c.running).toBe(1);
    expect(remainingNow(c, 15_000)).toEqual([172_000, 175_000]);
    c = afterMove(c, 1, 0, 15_000);
    expect(remainingNow(c, 15_000)).toEqual([172_000, 177_000]);
  });

  it("add no increment for a move made while the clock did not run (the first move)", () => {
    const c = afterMove(newClock(threeTwo, [0, 1], 0), 0, 1, 5_000);
    expect(remainingNow(c, 5_000)).toEqual([180_000, 180_000]);
    expect(c.running).toBe(1);
  });

  it("stop when the game ends", () => {
    let c = runClock(newClock(threeTwo, [0, 1], 0), 1, 0);
    c = afterMove(c, 1, null, 4_000);
    expect(c.running).toBeNull();
    expect(remainingNow(c, 60_000)).toEqual([180_000, 178_000]);
  });

  it("flag the running seat when its time is gone, and only then", () => {
    const c = runClock(newClock({ initialMs: 60_000, incrementMs: 0 }, [0, 2, 4], 0), 2, 0);
    expect(msUntilFlag(c, 45_000)).toBe(15_000);
    expect(flagged(c, 59_999)).toBeNull();
    expect(flagged(c, 60_000)).toBe(2);
    expect(remainingNow(c, 70_000)).toEqual([60_000, 0, 60_000]);
  });

  it("give no increment to a move made after the time ran out", () => {
    let c = runClock(newClock(threeTwo, [0, 1], 0), 0, 0);
    c = afterMove(c, 0, 1, 200_000);
    expect(remainingNow(c, 200_000)).toEqual([0, 180_000]);
  });

  it("go on after a reload from the time saved, not charging the time in between", () => {
    let c = runClock(newClock(threeTwo, [0, 1], 0), 1, 0);
    const saved = saveClock(c, 30_000);
    expect(saved).toEqual({ initialMs: 180_000, incrementMs: 2_000, seats: [0, 1], remainingMs: [180_000, 150_000], running: 1 });
    c = restoreClock(JSON.parse(JSON.stringify(saved)), 5_000);
    expect(remainingNow(c, 5_000)).toEqual([180_000, 150_000]);
    expect(remainingNow(c, 15_000)).toEqual([180_000, 140_000]);
  });

  it("read back only a well-formed saved clock", () => {
    const good = { initialMs: 60_000, incrementMs: 0, seats: [0, 1], remainingMs: [1, 2], running: null };
    expect(parseSavedClock(good)).toEqual(good);
    expect(parseSavedClock({ ...good, running: 1 })).toEqual({ ...good, running: 1 });
    expect(parseSavedClock(null)).toBeNull();
    expect(parseSavedClock({ ...good, running: 3 })).toBeNull();
    expect(parseSavedClock({ ...good, remainingMs: [1] })).toBeNull();
    expect(parseSavedClock({ ...good, remainingMs: [1, -5] })).toBeNull();
    expect(parseSavedClock({ ...good, seats: [0], remainingMs: [1] })).toBeNull();
    expect(parseSavedClock({ ...good, initialMs: "60000" })).toBeNull();
  });
});
