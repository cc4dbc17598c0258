import { describe, expect, it } from "vitest";
import { TapTracker } from "./tap";

describe("TapTracker", () => {
  it("counts a press and release in place as a tap", () => {
    const t = new TapTracker();
    t.down(1, 100, 100, "mouse");
    expect(t.up(1, 102, 101)).toBe(true);
  });

  it("counts a drag beyond the slop as no tap, even if it comes back", () => {
    const t = new TapTracker();
    t.down(1, 100, 100, "mouse");
    t.move(1, 140, 100);
    expect(t.up(1, 100, 100)).toBe(false);
  });

  it("allows a larger slop for touch than for a mouse", () => {
    const mouse = new TapTracker();
    mouse.down(1, 0, 0, "mouse");
    expect(mouse.up(1, 8, 0)).toBe(false);
    const touch = new TapTracker();
    touch.down(1, 0, 0, "touch");
    expect(touch.up(1, 8, 0)).toBe(true);
  });

  it("never counts a pinch as a tap", () => {
    const t = new TapTracker();
    t.down(1, 0, 0, "touch");
    t.down(2, 50, 50, "touch");
    expect(t.up(2, 50, 50)).toBe(false);
    expect(t.up(1, 0, 0)).toBe(false);
    // The next gesture starts fresh.
    t.down(3, 10, 10, "touch");
    expect(t.up(3, 10, 10)).toBe(true);
  });

  it("ignores releases it did not see start and cancelled pointers", () => {
    const t = new TapTracker();
    expect(t.up(7, 0, 0)).toBe(false);
    t.down(1, 0, 0, "pen");
    t.cancel(1);
    expect(t.up(1, 0, 0)).toBe(false);
  });
});
