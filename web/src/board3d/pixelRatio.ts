/**
 * Drawing-buffer pixels a frame may have. Software WebGL (the "low" quality) pays for every
 * pixel on the CPU, so it gets a smaller budget; a GPU is limited by memory and fill rate only.
 */
export const PIXEL_BUDGET = { low: 1_000_000, high: 4_000_000 } as const;
/** Above this ratio the board gets no visibly sharper. */
export const MAX_PIXEL_RATIO = 2;

/**
 * The pixel ratio to render a `width`×`height` (CSS pixels) canvas at: the device's own ratio
 * (up to 2), lowered so the drawing buffer stays within the quality's pixel budget, never below 1
 * (a 1:1 buffer is needed for a sharp picture even when it exceeds the budget).
 */
export function pixelRatioFor(devicePixelRatio: number, width: number, height: number, highQuality: boolean): number {
  const device = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const wanted = Math.min(device, MAX_PIXEL_RATIO);
  const area = Math.max(1, width) * Math.max(1, height);
  const budget = highQuality ? PIXEL_BUDGET.high : PIXEL_BUDGET.low;
  const fitting = Math.sqrt(budget / area);
  return Math.max(Math.min(1, device), Math.min(wanted, fitting));
}
