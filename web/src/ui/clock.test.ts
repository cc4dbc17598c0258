import { describe, expect, it } from "vitest";
import { LowTimeWatch, clockFaces, formatClock, remainingAt } from "./clock";

describe("formatClock", () => {
  it("shows minutes and seconds, rounded down", () => {
    expect(formatClock(180_000)).toBe("3:00");
    expect(formatClock(179_999)).toBe("2:59");
    expect(formatClock(61_000)).toBe("1:01");
    expect(formatClock(10_000)).toBe("0:10");
  });

  it("shows tenths under ten seconds", () => {
    expect(formatClock(9_999)).toBe("0:09.9");
    expect(formatClock(5_250)).toBe("0:05.2");
    expect(formatClock(99)).toBe("0:00.0");
  });

  it("shows hours from an hour on", () => {
    expect(formatClock(3_600_000)).toBe("1:00:00");
    expect(formatClock(3 * 3_600_000 + 5 * 60_000 + 7_000)).toBe("3:05:07");
  });

  it("never shows a negative or a broken time", () => {
    expect(formatClock(-1500)).toBe("0:00.0");
    expect(formatClock(Number.NaN)).toBe("0:00.0");
  });
});

describe("clock faces", () => {
  const state = { remainingMs: [60_000, 15_000, 9_000], running: 1 };

  it("counts down only the running clock, from when the state was measured", () => {
    expect(remainingAt(state, 1, 1000, 3500)).toBe(12_500);
    expect(remainingAt(state, 0, 1000, 3500)).toBe(60_000);
    expect(remainingAt(state, 1, 1000, 99_000)).toBe(0);
  });

  it("marks the running clock, the low ones and the one at zero", () => {
    const faces = clockFaces(state, 0, 15_000);
    expect(faces.map((f) => f.running)).toEqual([false, true, false]);
    expect(faces.map((f) => f.low)).toEqual([false, true, true]);
    expect(faces.map((f) => f.out)).toEqual([false, true, false]);
    expect(faces.map((f) => f.text)).toEqual(["1:00", "0:00.0", "0:09.0"]);
  });
});

describe("LowTimeWatch", () => {
  it("reports a clock once when it falls under ten seconds", () => {
    const watch = new LowTimeWatch();
    expect(watch.check([30_000, 12_000])).toEqual([]);
    expect(watch.check([30_000, 9_900])).toEqual([1]);
    expect(watch.check([30_000, 9_000])).toEqual([]);
    expect(watch.check([30_000, 1_000])).toEqual([]);
  });

  it("stays quiet when an increment lifts a clock just above ten seconds, and warns again after twenty", () => {
    const watch = new LowTimeWatch();
    expect(watch.check([9_500])).toEqual([0]);
    expect(watch.check([11_500])).toEqual([]);
    expect(watch.check([9_800])).toEqual([]);
    expect(watch.check([25_000])).toEqual([]);
    expect(watch.check([9_700])).toEqual([0]);
  });

  it("says nothing of a clock that is already at zero", () => {
    expect(new LowTimeWatch().check([0])).toEqual([]);
  });
});
