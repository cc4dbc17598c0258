import type { Cell, ColorKey } from "./api";
import { HOLE_RADIUS, NARROW_LABEL_SHARE } from "./dims";
import type { BoardGeometry, PlanePoint } from "./geometry";
import { CPU_CANVAS, seatRgbTriplet } from "./materials";

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
const OAK: WoodTone = { base: "#c39764", light: "#d2a878", dark: "#96683c", grain: 0.26 };
const BEECH: WoodTone = { base: "#d8b07a", light: "#e6c292", dark: "#a97a48", grain: 0.24 };
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
  geometry: BoardGeometry;
  /** Each camp's colour, by seat; null (or missing): the camp is not tinted. */
  campColors: readonly (ColorKey | null)[];
  /** Canvas pixels per world unit. */
  scale: number;
  /** Canvas size in pixels. */
  width: number;
  height: number;
  /** Board-local x/z of the canvas' top-left corner (the outline's bounding box). */
  minX: number;
  minZ: number;
}

/** The board's top covers the outline's bounding box, at most `maxPixels` on its longer side. */
export function topLayout(geometry: BoardGeometry, campColors: readonly (ColorKey | null)[], maxPixels: number): TopLayout {
  const xs = geometry.outline.map((p) => p.x);
  const zs = geometry.outline.map((p) => p.z);
  const minX = Math.min(...xs);
  const minZ = Math.min(...zs);
  const w = Math.max(...xs) - minX;
  const h = Math.max(...zs) - minZ;
  const scale = Math.floor(maxPixels / Math.max(w, h));
  return { geometry, campColors, scale, width: Math.round(w * scale), height: Math.round(h * scale), minX, minZ };
}

export function paintBoardTop(ctx: Ctx, layout: TopLayout): void {
  if (layout.geometry.shape === "star") paintStarTop(ctx, layout);
  else paintSquareTop(ctx, layout);
}

function tinted(layout: TopLayout, seat: number | null): boolean {
  return seat !== null && Boolean(layout.campColors[seat]);
}

function seatFill(layout: TopLayout, seat: number, alpha: number): string {
  const key = layout.campColors[seat];
  return key ? `rgba(${seatRgbTriplet(key)}, ${alpha})` : "rgba(0,0,0,0)";
}

/** A square board's top: frame with mitred corners, inlay, squares, camps and coordinates. */
function paintSquareTop(ctx: Ctx, layout: TopLayout): void {
  const { geometry, scale, width: pixels } = layout;
  const columns = Math.round(2 * geometry.halfWidth);
  const rows = Math.round(2 * geometry.halfDepth);
  const rand = seededRandom(columns * 7919 + 17);
  const frame = geometry.frameWidth * scale;
  const innerW = columns * scale;
  const innerH = rows * scale;
  const toPxX = (x: number) => (x - layout.minX) * scale;
  const toPxZ = (z: number) => (z - layout.minZ) * scale;
  const height = layout.height;

  // Frame: four mitred strips with grain along each side.
  const strips: { poly: [number, number][]; vertical: boolean }[] = [
    { poly: [[0, 0], [pixels, 0], [pixels - frame, frame], [frame, frame]], vertical: false },
    { poly: [[0, height], [pixels, height], [pixels - frame, height - frame], [frame, height - frame]], vertical: false },
    { poly: [[0, 0], [frame, frame], [frame, height - frame], [0, height]], vertical: true },
    { poly: [[pixels, 0], [pixels - frame, frame], [pixels - frame, height - frame], [pixels, height]], vertical: true },
  ];
  for (const strip of strips) {
    ctx.save();
    ctx.beginPath();
    strip.poly.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
    ctx.closePath();
    ctx.clip();
    woodRect(ctx, 0, 0, pixels, height, FRAME, strip.vertical, rand);
    ctx.restore();
  }
  // Mitre joints.
  ctx.strokeStyle = "rgba(0,0,0,0.35)";
  ctx.lineWidth = Math.max(1, scale * 0.01);
  ctx.beginPath();
  for (const [ax, ay, bx, by] of [
    [0, 0, frame, frame],
    [pixels, 0, pixels - frame, frame],
    [0, height, frame, height - frame],
    [pixels, height, pixels - frame, height - frame],
  ] as const) {
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
  }
  ctx.stroke();

  // Squares, row by row from the far side: walnut where a draughts board is played, maple on
  // the others; a board played on every square (Halma) alternates maple and a lighter oak.
  // The grain direction alternates like a parquet.
  const byPlace = new Map<string, Cell>();
  for (const cell of geometry.cells) {
    const p = geometry.position(cell.name)!;
    byPlace.set(`${Math.round(p.x + geometry.halfWidth - 0.5)},${Math.round(p.z + geometry.halfDepth - 0.5)}`, cell);
  }
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const cell = byPlace.get(`${column},${row}`);
      const tone = !cell
        ? MAPLE
        : geometry.hasUnplayable
          ? cell.playable
            ? WALNUT
            : MAPLE
          : (row + column) % 2 === (rows - 1) % 2
            ? OAK
            : MAPLE;
      woodRect(ctx, frame + column * scale, frame + row * scale, scale, scale, tone, (row + column) % 4 < 2, rand);
    }
  }
  // Camps: tinted squares with a line in the seat's colour around each camp.
  // Stained like the star's points: the seat's hue on the grain, then a little of the colour.
  for (const [mode, alpha] of [["color", 0.7], ["source-over", 0.25]] as const) {
    ctx.globalCompositeOperation = mode;
    for (const cell of geometry.cells) {
      if (cell.camp === null || !tinted(layout, cell.camp)) continue;
      const p = geometry.position(cell.name)!;
      ctx.fillStyle = seatFill(layout, cell.camp, alpha);
      ctx.fillRect(toPxX(p.x - 0.5), toPxZ(p.z - 0.5), scale, scale);
    }
  }
  ctx.globalCompositeOperation = "source-over";
  ctx.lineCap = "round";
  ctx.lineWidth = scale * 0.06;
  for (const cell of geometry.cells) {
    if (cell.camp === null || !tinted(layout, cell.camp)) continue;
    const p = geometry.position(cell.name)!;
    const column = Math.round(p.x + geometry.halfWidth - 0.5);
    const row = Math.round(p.z + geometry.halfDepth - 0.5);
    const sameCamp = (c: number, r: number) => byPlace.get(`${c},${r}`)?.camp === cell.camp;
    const x0 = toPxX(p.x - 0.5);
    const z0 = toPxZ(p.z - 0.5);
    ctx.strokeStyle = seatFill(layout, cell.camp, 0.95);
    ctx.beginPath();
    if (!sameCamp(column, row - 1)) ctx.rect(x0, z0, scale, 0);
    if (!sameCamp(column, row + 1)) ctx.rect(x0, z0 + scale, scale, 0);
    if (!sameCamp(column - 1, row)) ctx.rect(x0, z0, 0, scale);
    if (!sameCamp(column + 1, row)) ctx.rect(x0 + scale, z0, 0, scale);
    ctx.stroke();
  }
  // Soft edge between squares.
  ctx.strokeStyle = "rgba(40,18,6,0.25)";
  ctx.lineWidth = Math.max(1, scale * 0.006);
  ctx.beginPath();
  for (let i = 1; i < columns; i++) {
    ctx.moveTo(frame + i * scale, frame);
    ctx.lineTo(frame + i * scale, frame + innerH);
  }
  for (let i = 1; i < rows; i++) {
    ctx.moveTo(frame, frame + i * scale);
    ctx.lineTo(frame + innerW, frame + i * scale);
  }
  ctx.stroke();

  // Brass inlay around the playing area and a thin one near the outer edge.
  const inlay = (offset: number, width: number, color: string) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.strokeRect(frame - offset, frame - offset, innerW + 2 * offset, innerH + 2 * offset);
  };
  inlay(scale * 0.035, scale * 0.03, "rgba(20,8,2,0.7)");
  inlay(scale * 0.07, scale * 0.028, "#caa15a");
  inlay(scale * 0.1, scale * 0.012, "rgba(20,8,2,0.5)");
  ctx.strokeStyle = "#b98e4c";
  ctx.lineWidth = scale * 0.014;
  ctx.strokeRect(scale * 0.09, scale * 0.09, pixels - scale * 0.18, height - scale * 0.18);

  // Coordinates on all four sides, each side readable from its own edge of the table.
  // A narrow frame (a phone's) has smaller coordinates, clear of its inlays.
  const fontPx = Math.round(scale * (geometry.narrow ? geometry.frameWidth * NARROW_LABEL_SHARE : columns > 10 ? 0.3 : 0.34));
  ctx.font = `600 ${fontPx}px Georgia, "DejaVu Serif", "Times New Roman", serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const labelOffset = (geometry.frameWidth * 0.5 + (geometry.narrow ? 0.02 : 0.03)) * scale;
  // A two-digit rank is squeezed to fit across the frame, clear of the inlay on either side.
  const labelMaxWidth = geometry.frameWidth * 0.62 * scale;
  const label = (text: string, x: number, y: number, upsideDown: boolean) => {
    ctx.save();
    ctx.translate(x, y);
    if (upsideDown) ctx.rotate(Math.PI);
    ctx.fillStyle = "rgba(0,0,0,0.55)";
    ctx.fillText(text, 0, scale * 0.012, labelMaxWidth);
    ctx.fillStyle = "#e6c78e";
    ctx.fillText(text, 0, 0, labelMaxWidth);
    ctx.restore();
  };
  const nearEdge = height - labelOffset;
  const farEdge = labelOffset;
  const rightEdge = pixels - labelOffset;
  const { files, ranks } = geometry.squareLabels();
  for (const file of files) {
    label(file.text, toPxX(file.at), nearEdge, false);
    label(file.text, toPxX(file.at), farEdge, true);
  }
  for (const rank of ranks) {
    label(rank.text, farEdge, toPxZ(rank.at), false);
    label(rank.text, rightEdge, toPxZ(rank.at), true);
  }
}

/** Gift-wrapping hull of a few points (a camp's cells). */
function convexHull(points: readonly PlanePoint[]): PlanePoint[] {
  if (points.length < 3) return [...points];
  const sorted = [...points].sort((a, b) => a.x - b.x || a.z - b.z);
  const cross = (o: PlanePoint, a: PlanePoint, b: PlanePoint) => (a.x - o.x) * (b.z - o.z) - (a.z - o.z) * (b.x - o.x);
  const half = (list: PlanePoint[]) => {
    const out: PlanePoint[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** The star: wood inside the hexagram, a dark edge with a brass line, tinted points, 121 holes. */
function paintStarTop(ctx: Ctx, layout: TopLayout): void {
  const { geometry, scale, width, height } = layout;
  const rand = seededRandom(geometry.cells.length * 7919 + 29);
  const px = (p: PlanePoint): [number, number] => [(p.x - layout.minX) * scale, (p.z - layout.minZ) * scale];
  const outlinePath = () => {
    ctx.beginPath();
    geometry.outline.forEach((p, i) => (i === 0 ? ctx.moveTo(...px(p)) : ctx.lineTo(...px(p))));
    ctx.closePath();
  };
  ctx.clearRect(0, 0, width, height);
  ctx.save();
  outlinePath();
  ctx.clip();
  woodRect(ctx, 0, 0, width, height, BEECH, false, rand);

  // Each camp's point tinted: the hull of its cells, widened by half a unit with round corners.
  const tint = document.createElement("canvas");
  tint.width = width;
  tint.height = height;
  const t = tint.getContext("2d", CPU_CANVAS)!;
  t.lineJoin = "round";
  t.lineWidth = 1.0 * scale;
  const camps = new Map<number, PlanePoint[]>();
  for (const cell of geometry.cells) {
    if (cell.camp === null || !tinted(layout, cell.camp)) continue;
    const list = camps.get(cell.camp) ?? [];
    list.push(geometry.position(cell.name)!);
    camps.set(cell.camp, list);
  }
  for (const [seat, points] of camps) {
    const hull = convexHull(points);
    t.fillStyle = t.strokeStyle = seatFill(layout, seat, 1);
    t.beginPath();
    hull.forEach((p, i) => (i === 0 ? t.moveTo(...px(p)) : t.lineTo(...px(p))));
    t.closePath();
    t.fill();
    t.stroke();
  }
  // Stained wood: the seat's hue on the grain ("color" keeps the wood's lightness), then a
  // little of the colour itself so dark and light seats still differ.
  ctx.globalCompositeOperation = "color";
  ctx.globalAlpha = 0.85;
  ctx.drawImage(tint, 0, 0);
  ctx.globalCompositeOperation = "source-over";
  ctx.globalAlpha = 0.3;
  ctx.drawImage(tint, 0, 0);
  ctx.globalAlpha = 1;

  // Edge band (inside the clip only half of each stroke shows): brass line, then dark wood.
  ctx.lineJoin = "round";
  outlinePath();
  ctx.strokeStyle = "#caa15a";
  ctx.lineWidth = 0.4 * scale;
  ctx.stroke();
  ctx.strokeStyle = "#4a2413";
  ctx.lineWidth = 0.32 * scale;
  ctx.stroke();
  ctx.restore();

  // Holes: dark, with the far rim in shadow and the near inner wall catching the light.
  const r = HOLE_RADIUS * scale;
  for (const cell of geometry.cells) {
    const [x, y] = px(geometry.position(cell.name)!);
    const g = ctx.createRadialGradient(x, y - r * 0.25, r * 0.1, x, y, r);
    g.addColorStop(0, "#140904");
    g.addColorStop(0.75, "#2a160a");
    g.addColorStop(1, "#5b3a20");
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = "rgba(255, 236, 200, 0.35)";
    ctx.lineWidth = Math.max(1, scale * 0.025);
    ctx.beginPath();
    ctx.arc(x, y, r + scale * 0.012, Math.PI * 0.15, Math.PI * 0.85);
    ctx.stroke();
  }
}

/** Wood for the board's sides: long horizontal grain. */
export function paintSideWood(ctx: Ctx, w: number, h: number): void {
  paintGrain(ctx, w, h, FRAME, seededRandom(4242));
}
