import type { BoardLayout, BoardShape, Cell } from "./api";
import { FRAME_WIDTH, STAR_MARGIN, STAR_MARGIN_NARROW, narrowFrameWidth } from "./dims";

/**
 * Where the cells lie. Board-local coordinates: one unit between neighbouring points, the cells'
 * bounding box centred on the origin of the x/z plane, x to the right, +z towards the first seat
 * (a layout's y runs away from it, so z = −y). The whole board is then turned by `rotation`
 * degrees counter-clockwise seen from above; the viewer looks from +z.
 */

export interface PlanePoint {
  x: number;
  z: number;
}

export type PlaneHit = { kind: "cell"; cell: string } | { kind: "unplayable"; cell: string } | { kind: "outside" };

export interface Label {
  text: string;
  /** Board-local x of a file's label or z of a rank's label. */
  at: number;
}

/** Board-local → world: turned counter-clockwise (seen from above) by `degrees`. */
export function rotatePoint(p: PlanePoint, degrees: number): PlanePoint {
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return { x: p.x * c + p.z * s, z: -p.x * s + p.z * c };
}

/** World → board-local (the inverse of `rotatePoint`). */
export function unrotatePoint(p: PlanePoint, degrees: number): PlanePoint {
  return rotatePoint(p, -degrees);
}

/** Radius (centre to a corner) of a star point's hexagon-shaped catchment: every point of the star's surface picks its nearest hole. */
const STAR_PICK_RADIUS = 1 / Math.sqrt(3);

export class BoardGeometry {
  readonly shape: BoardShape;
  readonly cells: readonly Cell[];
  /** Half the width (x) and depth (z) of the area the cells cover, each cell counted as a unit square. */
  readonly halfWidth: number;
  readonly halfDepth: number;
  /** The outline of the board's slab (frame included), board-local, counter-clockwise seen from above. */
  readonly outline: PlanePoint[];
  /** Whether some cells are not played on (a draughts board's light squares). */
  readonly hasUnplayable: boolean;
  /** Width of a square board's frame; the wood beyond the star's outermost holes. */
  readonly frameWidth: number;
  private readonly centreX: number;
  private readonly centreY: number;
  private readonly positions = new Map<string, PlanePoint>();
  private readonly cellByName = new Map<string, Cell>();
  /** Board-local centres, in the order of `cells`, for picking without allocation. */
  private readonly xs: Float64Array;
  private readonly zs: Float64Array;

  /** `narrow`: drawn for a narrow screen, with a narrower frame (narrowFrameWidth, STAR_MARGIN_NARROW). */
  constructor(
    layout: BoardLayout,
    readonly narrow = false,
  ) {
    this.shape = layout.shape;
    this.cells = layout.cells;
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const cell of layout.cells) {
      minX = Math.min(minX, cell.x);
      maxX = Math.max(maxX, cell.x);
      minY = Math.min(minY, cell.y);
      maxY = Math.max(maxY, cell.y);
    }
    if (layout.cells.length === 0) minX = maxX = minY = maxY = 0;
    this.centreX = (minX + maxX) / 2;
    this.centreY = (minY + maxY) / 2;
    this.halfWidth = (maxX - minX) / 2 + 0.5;
    this.halfDepth = (maxY - minY) / 2 + 0.5;
    const columns = 2 * this.halfWidth;
    this.frameWidth = layout.shape === "star" ? (narrow ? STAR_MARGIN_NARROW : STAR_MARGIN) : narrow ? narrowFrameWidth(columns) : FRAME_WIDTH;
    this.xs = new Float64Array(layout.cells.length);
    this.zs = new Float64Array(layout.cells.length);
    layout.cells.forEach((cell, i) => {
      const p = { x: cell.x - this.centreX, z: -(cell.y - this.centreY) };
      this.positions.set(cell.name, p);
      this.cellByName.set(cell.name, cell);
      this.xs[i] = p.x;
      this.zs[i] = p.z;
    });
    this.hasUnplayable = layout.cells.some((c) => !c.playable);
    this.outline = this.shape === "star" ? this.starOutline() : this.squareOutline();
  }

  private squareOutline(): PlanePoint[] {
    const w = this.halfWidth + this.frameWidth;
    const d = this.halfDepth + this.frameWidth;
    return [
      { x: -w, z: d },
      { x: w, z: d },
      { x: w, z: -d },
      { x: -w, z: -d },
    ];
  }

  /**
   * The hexagram around the holes: two equilateral triangles, each pushed out by `frameWidth`
   * beyond the triangle through its outermost holes.
   */
  private starOutline(): PlanePoint[] {
    let reach = 0;
    for (let i = 0; i < this.xs.length; i++) reach = Math.max(reach, Math.hypot(this.xs[i]!, this.zs[i]!));
    // A triangle's circumradius is twice its inradius; the margin widens the inradius.
    const tip = 2 * (reach / 2 + this.frameWidth);
    const notch = tip / Math.sqrt(3);
    const points: PlanePoint[] = [];
    for (let k = 0; k < 12; k++) {
      // Angles counted counter-clockwise from +x seen from above (the layout's y is −z); the tips
      // point to 30°, 90°, …, the notches between them to 0°, 60°, ….
      const angle = (k * Math.PI) / 6;
      const r = k % 2 === 1 ? tip : notch;
      points.push({ x: r * Math.cos(angle), z: -r * Math.sin(angle) });
    }
    return points;
  }

  /** Board-local centre of a cell; null for a name that is not on the board. */
  position(name: string): PlanePoint | null {
    return this.positions.get(name) ?? null;
  }

  cell(name: string): Cell | null {
    return this.cellByName.get(name) ?? null;
  }

  /** The board's outline turned by `rotation` (for fitting the camera). */
  worldOutline(rotation: number): PlanePoint[] {
    return this.outline.map((p) => rotatePoint(p, rotation));
  }

  /** Largest distance of the outline from the centre. */
  get radius(): number {
    return Math.max(...this.outline.map((p) => Math.hypot(p.x, p.z)));
  }

  /** The cell under a board-local point of the playing surface. */
  pick(point: PlanePoint): PlaneHit {
    let best = -1;
    let bestDistance = Infinity;
    const square = this.shape === "square";
    for (let i = 0; i < this.xs.length; i++) {
      const dx = Math.abs(point.x - this.xs[i]!);
      const dz = Math.abs(point.z - this.zs[i]!);
      const d = square ? Math.max(dx, dz) : Math.hypot(dx, dz);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    if (best < 0 || bestDistance >= (square ? 0.5 : STAR_PICK_RADIUS)) return { kind: "outside" };
    const cell = this.cells[best]!;
    return cell.playable ? { kind: "cell", cell: cell.name } : { kind: "unplayable", cell: cell.name };
  }

  /**
   * A square board's coordinates: the letters of the files (left to right) and the numbers of
   * the ranks, read from the cells' names ("c3" → file "c", rank "3").
   */
  squareLabels(): { files: Label[]; ranks: Label[] } {
    const files = new Map<number, string>();
    const ranks = new Map<number, string>();
    for (const cell of this.cells) {
      const match = /^([a-z]+)(\d+)$/i.exec(cell.name);
      if (!match) continue;
      const p = this.positions.get(cell.name)!;
      files.set(p.x, match[1]!);
      ranks.set(p.z, match[2]!);
    }
    const sorted = (m: Map<number, string>) => [...m].sort((a, b) => a[0] - b[0]).map(([at, text]) => ({ at, text }));
    return { files: sorted(files), ranks: sorted(ranks) };
  }
}
