import { describe, expect, it } from "vitest";
import type { ColorKey } from "./api";
import { SEAT_RGB } from "./materials";

const SIX: ColorKey[] = ["red", "yellow", "green", "blue", "violet", "orange"];

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function rgb(key: ColorKey): [number, number, number] {
  const hex = SEAT_RGB[key];
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance. */
function luminance(key: ColorKey): number {
  const [r, g, b] = rgb(key).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function hue(key: ColorKey): number {
  const [r, g, b] = rgb(key).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe("seat colours", () => {
  it("differ in lightness: each is at least 1.4 times as luminous as the next darker one", () => {
    const sorted = [...SIX].sort((a, b) => luminance(a) - luminance(b));
    for (let i = 1; i < sorted.length; i++) {
      const ratio = (luminance(sorted[i]!) + 0.05) / (luminance(sorted[i - 1]!) + 0.05);
      expect(ratio, `${sorted[i - 1]} → ${sorted[i]}`).toBeGreaterThanOrEqual(1.4);
    }
  });

  it("differ in hue by at least 20°", () => {
    for (const a of SIX) {
      for (const b of SIX) {
        if (a >= b) continue;
        const d = Math.abs(hue(a) - hue(b));
        expect(Math.min(d, 360 - d), `${a} / ${b}`).toBeGreaterThanOrEqual(20);
      }
    }
  });
});
