import { fileLetter, fileToX, rankToZ } from "./coords";
import { FRAME_WIDTH } from "./dims";

/** Procedural wood painted on 2D canvases: the board's top (squares, frame, coordinates) and its sides. */

type Ctx = CanvasRenderingContext2D;

/** Deterministic pseudo-random numbers, so the board looks the same on every load. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface WoodTone {
  base: string;
  light: string;
  dark: string;
  /** Opacity of the grain lines. */
  grain: number;
}

const MAPLE: WoodTone = { base: "#e3c08c", light: "#f0d3a4", dark: "#b88a55", grain: 0.22 };
const WALNUT: WoodTone = { base: "#93603a", light: "#a87448", dark: "#5a3219", grain: 0.3 };
const FRAME: WoodTone = { base: "#4a2413", light: "#6b3820", dark: "#22100a", grain: 0.35 };

/**
 * Paints grain running along the x axis of a w×h rectangle at the origin of `ctx`
 * (rotate the context for other directions).
 */
function paintGrain(ctx: Ctx, w: number, h: number, tone: WoodTone, rand: () => number): void {
  ctx.fillStyle = tone.base;
  ctx.fillRect(0, 0, w, h);
  // Broad growth bands.
  const bands = 3 + Math.floor(rand() * 4);
  for (let i = 0; i < bands; i++) {
    const y = rand() * h;
    const bandHeight = h * (0.08 + rand() * 0.25);
    const g = ctx.createLinearGradient(0, y - bandHeight, 0, y + bandHeight);
    const color = rand() < 0.5 ? tone.light : tone.dark;
    g.addColorStop(0, "rgba(0,0,0,0)");
    g.addColorStop(0.5, color);
    g.addColorStop(1, "rgba(0,0,0,0)");
    ctx.globalAlpha = 0.18 + rand() * 0.2;
    ctx.fillStyle = g;
    ctx.fillRect(0, y - bandHeight, w, bandHeight * 2);
  }
  // Fine grain lines with a gentle wave.
  const lines = Math.max(12, Math.floor(h / 3.5));
  const waveLength = w * (0.6 + rand() * 0.9);
  const phase = rand() * Math.PI * 2;
  const amplitude = h * (0.01 + rand() * 0.03);
  for (let i = 0; i < lines; i++) {
    const y0 = rand() * h;
    const localAmp = amplitude * (0.5 + rand());
    ctx.globalAlpha = tone.grain * (0.25 + rand() * 0.75);
    ctx.strokeStyle = rand() < 0.75 ? tone.dark : tone.light;
    ctx.lineWidth = 0.6 + rand() * 1.8 * Math.max(1, h / 200);
    ctx.beginPath();
    const steps = 24;
    for (let s = 0; s <= steps; s++) {
      const x = (s / steps) * w;
      const y = y0 + localAmp * Math.sin((x / waveLength) * Math.PI * 2 + phase + y0 * 0.02);
      if (s === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  // Pores: short dark dashes.
  const pores = Math.floor((w * h) / 260);
  ctx.fillStyle = tone.dark;
  for (let i = 0; i < pores; i++) {
    ctx.globalAlpha = 0.08 + rand() * 0.12;
    ctx.fillRect(rand() * w, rand() * h, 2 + rand() * 6, 0.8 + rand() * 0.6);
  }
  ctx.globalAlpha = 1;
}

/** Grain-filled rectangle at (x, y); `vertical` turns the grain by 90°. */
function woodRect(ctx: Ctx, x: number, y: number, w: number, h: number, tone: WoodTone, vertical: boolean, rand: () => number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.translate(x, y);
  if (vertical) {
    ctx.translate(w, 0);
    ctx.rotate(Math.PI / 2);
    paintGrain(ctx, h, w, tone, rand);
  } else {
    paintGrain(ctx, w, h, tone, rand);
  }
  ctx.restore();
}

export interface TopLayout {
  size: number;
  flipped: boolean;
  /** Canvas pixels per world unit. */
  scale: number;
  /** Canvas width = height, in pixels. */
  pixels: number;
}

export function topLayout(size: number, flipped: boolean, maxPixels: number): TopLayout {
  const total = size + 2 * FRAME_WIDTH;
  const scale = Math.floor(maxPixels / total);
  return { size, flipped, scale, pixels: Math.round(total * scale) };
}

/** Paints the whole top of the board: frame with mitred corners, inlay, squares and coordinates. */
export function paintBoardTop(ctx: Ctx, layout: TopLayout): void {
  const { size, flipped, scale, pixels } = layout;
  const rand = seededRandom(size * 7919 + 17);
  const frame = FRAME_WIDTH * scale;
  const inner = size * scale;
  const toPx = (world: number) => (world + size / 2 + FRAME_WIDTH) * scale;

  // Frame: four mitred strips with grain along each side.
  const strips: { poly: [number, number][]; vertical: boolean }[] = [
    { poly: [[0, 0], [pixels, 0], [pixels - frame, frame], [frame, frame]], vertical: false },
    { poly: [[0, pixels], [pixels, pixels], [pixels - frame, pixels - frame], [frame, pixels - frame]], vertical: false },
    { poly: [[0, 0], [frame, frame], [frame, pixels - frame], [0, pixels]], vertical: true },
    { poly: [[pixels, 0], [pixels - frame, frame], [pixels - frame, pixels - frame], [pixels, pixels]], vertical: true },
  ];
  for (const strip of strips) {
    ctx.save();
    ctx.beginPath();
    strip.poly.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
    ctx.closePath();
    ctx.clip();
    woodRect(ctx, 0, 0, pixels, pixels, FRAME, strip.vertical, rand);
    ctx.restore();
  }
  // Mitre joints.
  ctx.strokeStyle = "rgba(0,0,0,0.35)";
  ctx.lineWidth = Math.max(1, scale * 0.01);
  ctx.beginPath();
  for (const [ax, ay, bx, by] of [
    [0, 0, frame, frame],
    [pixels, 0, pixels - frame, frame],
    [0, pixels, frame, pixels - frame],
    [pixels, pixels, pixels - frame, pixels - frame],
  ] as const) {
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
  }
  ctx.stroke();

  // Squares: maple and walnut, alternating grain direction like a parquet.
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      const dark = (row + column) % 2 === (size % 2 === 0 ? 1 : 0);
      woodRect(ctx, frame + column * scale, frame + row * scale, scale, scale, dark ? WALNUT : MAPLE, (row + column) % 4 < 2, rand);
    }
  }
  // Soft edge between squares.
  ctx.strokeStyle = "rgba(40,18,6,0.25)";
  ctx.lineWidth = Math.max(1, scale * 0.006);
  ctx.beginPath();
  for (let i = 1; i < size; i++) {
    ctx.moveTo(frame + i * scale, frame);
    ctx.lineTo(frame + i * scale, frame + inner);
    ctx.moveTo(frame, frame + i * scale);
    ctx.lineTo(frame + inner, frame + i * scale);
  }
  ctx.stroke();

  // Brass inlay around the playing area and a thin one near the outer edge.
  const inlay = (offset: number, width: number, color: string) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.strokeRect(frame - offset, frame - offset, inner + 2 * offset, inner + 2 * offset);
  };
  inlay(scale * 0.035, scale * 0.03, "rgba(20,8,2,0.7)");
  inlay(scale * 0.07, scale * 0.028, "#caa15a");
  inlay(scale * 0.1, scale * 0.012, "rgba(20,8,2,0.5)");
  ctx.strokeStyle = "#b98e4c";
  ctx.lineWidth = scale * 0.014;
  ctx.strokeRect(scale * 0.09, scale * 0.09, pixels - scale * 0.18, pixels - scale * 0.18);

  // Coordinates on all four sides, each side readable from its own edge of the table.
  const fontPx = Math.round(scale * 0.34);
  ctx.font = `600 ${fontPx}px Georgia, "DejaVu Serif", "Times New Roman", serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const labelOffset = (FRAME_WIDTH * 0.5 + 0.03) * scale;
  const label = (text: string, x: number, y: number, upsideDown: boolean) => {
    ctx.save();
    ctx.translate(x, y);
    if (upsideDown) ctx.rotate(Math.PI);
    ctx.fillStyle = "rgba(0,0,0,0.55)";
    ctx.fillText(text, 0, scale * 0.012);
    ctx.fillStyle = "#e6c78e";
    ctx.fillText(text, 0, 0);
    ctx.restore();
  };
  const nearEdge = pixels - labelOffset;
  const farEdge = labelOffset;
  for (let i = 0; i < size; i++) {
    const x = toPx(fileToX(i, size, flipped));
    label(fileLetter(i), x, nearEdge, false);
    label(fileLetter(i), x, farEdge, true);
    const z = toPx(rankToZ(i, size, flipped));
    label(String(i + 1), farEdge, z, false);
    label(String(i + 1), nearEdge, z, true);
  }
}

/** Wood for the board's sides: long horizontal grain. */
export function paintSideWood(ctx: Ctx, w: number, h: number): void {
  paintGrain(ctx, w, h, FRAME, seededRandom(4242));
}
