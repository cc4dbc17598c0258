import type { PlanePoint } from "./geometry";

/** Timing and shape of a move animation; pure so it can be tested without a renderer. */

export interface RoutePlan {
  points: PlanePoint[];
  /** Per segment: whether the piece hops (over a piece) or slides. */
  hops: boolean[];
  /** Cumulative end time (ms) of every segment. */
  segmentEnds: number[];
  /** Time (ms) the moving piece arrives at the last landing. */
  arrival: number;
  /** Time (ms) the captured pieces are gone and the animation is over. */
  total: number;
}

export interface Pose {
  x: number;
  y: number;
  z: number;
}

export const REMOVE_MS = 260;
const SLIDE_BASE_MS = 110;
const SLIDE_PER_SQUARE_MS = 95;
const HOP_BASE_MS = 190;
const HOP_PER_SQUARE_MS = 75;

export function easeInOut(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
}

function clamp01(t: number): number {
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

function distance(a: PlanePoint, b: PlanePoint): number {
  return Math.hypot(b.x - a.x, b.z - a.z);
}

/**
 * Whether the segment a→b passes over one of `obstacles` (strictly between its ends): then the
 * piece hops over it — a capture in draughts, a jump in Halma — instead of sliding.
 */
export function passesOver(a: PlanePoint, b: PlanePoint, obstacles: readonly PlanePoint[]): boolean {
  const dx = b.x - a.x;
  const dz = b.z - a.z;
  const length2 = dx * dx + dz * dz;
  if (length2 === 0) return false;
  return obstacles.some((p) => {
    const t = ((p.x - a.x) * dx + (p.z - a.z) * dz) / length2;
    if (t <= 0.01 || t >= 0.99) return false;
    const offX = a.x + dx * t - p.x;
    const offZ = a.z + dz * t - p.z;
    return offX * offX + offZ * offZ < 0.01;
  });
}

/** `hop`: one flag for every segment, or one for all of them. */
export function planRoute(points: PlanePoint[], hop: boolean | boolean[], hasCaptures: boolean): RoutePlan {
  const segmentEnds: number[] = [];
  const hops: boolean[] = [];
  let time = 0;
  for (let i = 1; i < points.length; i++) {
    const d = distance(points[i - 1]!, points[i]!);
    const hopping = Array.isArray(hop) ? (hop[i - 1] ?? false) : hop;
    hops.push(hopping);
    time += hopping ? HOP_BASE_MS + HOP_PER_SQUARE_MS * d : SLIDE_BASE_MS + SLIDE_PER_SQUARE_MS * d;
    segmentEnds.push(time);
  }
  return { points, hops, segmentEnds, arrival: time, total: time + (hasCaptures ? REMOVE_MS : 0) };
}

/** Where the moving piece is `elapsed` ms into the animation (y: height above its resting place). */
export function poseAt(plan: RoutePlan, elapsed: number, out: Pose = { x: 0, y: 0, z: 0 }): Pose {
  const { points, segmentEnds } = plan;
  const last = points[points.length - 1]!;
  if (points.length < 2 || elapsed >= plan.arrival) {
    out.x = last.x;
    out.y = 0;
    out.z = last.z;
    return out;
  }
  let segment = 0;
  while (segment < segmentEnds.length - 1 && elapsed >= segmentEnds[segment]!) segment++;
  const start = segment === 0 ? 0 : segmentEnds[segment - 1]!;
  const t = clamp01((elapsed - Math.max(0, start)) / (segmentEnds[segment]! - start));
  const a = points[segment]!;
  const b = points[segment + 1]!;
  const k = easeInOut(t);
  const d = distance(a, b);
  out.x = a.x + (b.x - a.x) * k;
  out.y = plan.hops[segment] ? (0.22 + 0.06 * d) * 4 * t * (1 - t) : 0.05 * Math.sin(Math.PI * t);
  out.z = a.z + (b.z - a.z) * k;
  return out;
}

/** Scale (1 → 0) of the captured pieces at `elapsed` ms; they vanish after the piece has arrived. */
export function captureScaleAt(plan: RoutePlan, elapsed: number): number {
  if (elapsed <= plan.arrival) return 1;
  const t = clamp01((elapsed - plan.arrival) / REMOVE_MS);
  return 1 - t * t;
}
