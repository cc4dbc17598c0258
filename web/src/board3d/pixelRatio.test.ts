import { describe, expect, it } from "vitest";
import { MAX_PIXEL_RATIO, PIXEL_BUDGET, pixelRatioFor } from "./pixelRatio";

describe("pixelRatioFor", () => {
  it("renders a phone's board sharp (ratio 2) in low quality, the buffer within the budget", () => {
    const ratio = pixelRatioFor(3, 390, 430, false);
    expect(ratio).toBe(2);
    expect(390 * 430 * ratio * ratio).toBeLessThanOrEqual(PIXEL_BUDGET.low);
  });

  it("keeps a 1× screen at 1", () => {
    expect(pixelRatioFor(1, 390, 430, false)).toBe(1);
    expect(pixelRatioFor(1, 1200, 900, true)).toBe(1);
  });

  it("lowers the ratio of a large canvas on a 2× screen to stay within the low budget", () => {
    const ratio = pixelRatioFor(2, 900, 700, false);
    expect(ratio).toBeGreaterThan(1);
    expect(ratio).toBeLessThan(2);
    expect(900 * 700 * ratio * ratio).toBeCloseTo(PIXEL_BUDGET.low, -1);
  });

  it("never goes below 1, even when a 1:1 buffer is over the budget", () => {
    expect(pixelRatioFor(2, 2000, 1200, false)).toBe(1);
  });

  it("caps high quality at 2 and keeps it within its budget", () => {
    expect(pixelRatioFor(3, 390, 430, true)).toBe(MAX_PIXEL_RATIO);
    const ratio = pixelRatioFor(3, 1600, 1000, true);
    expect(1600 * 1000 * ratio * ratio).toBeLessThanOrEqual(PIXEL_BUDGET.high * 1.0001);
    expect(ratio).toBeGreaterThan(1);
  });

  it("keeps a fractional device ratio below 1 (a zoomed-out page) and treats a bad ratio as 1", () => {
    expect(pixelRatioFor(0.5, 800, 600, false)).toBe(0.5);
    expect(pixelRatioFor(Number.NaN, 400, 400, false)).toBe(1);
    expect(pixelRatioFor(0, 400, 400, true)).toBe(1);
  });
});
