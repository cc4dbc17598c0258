/**
 * Tells a click/tap from a drag: a gesture is a tap when a single pointer went down and up
 * without moving more than a few pixels and no second pointer joined (a pinch is never a tap).
 */

export interface TapOptions {
  /** Largest movement (CSS px) still counted as a tap, for mouse and for touch/pen. */
  mouseSlop: number;
  touchSlop: number;
}

const DEFAULT_OPTIONS: TapOptions = { mouseSlop: 5, touchSlop: 10 };

interface Track {
  startX: number;
  startY: number;
  slop: number;
  moved: boolean;
}

export class TapTracker {
  private readonly tracks = new Map<number, Track>();
  /** Set when the current gesture involved more than one pointer. */
  private multi = false;

  constructor(private readonly options: TapOptions = DEFAULT_OPTIONS) {}

  down(id: number, x: number, y: number, pointerType: string): void {
    if (this.tracks.size === 0) this.multi = false;
    const slop = pointerType === "mouse" ? this.options.mouseSlop : this.options.touchSlop;
    this.tracks.set(id, { startX: x, startY: y, slop, moved: false });
    if (this.tracks.size > 1) this.multi = true;
  }

  move(id: number, x: number, y: number): void {
    const track = this.tracks.get(id);
    if (track && Math.hypot(x - track.startX, y - track.startY) > track.slop) track.moved = true;
  }

  /** Returns true when this release completes a tap. */
  up(id: number, x: number, y: number): boolean {
    this.move(id, x, y);
    const track = this.tracks.get(id);
    this.tracks.delete(id);
    return track !== undefined && !track.moved && !this.multi;
  }

  cancel(id: number): void {
    this.tracks.delete(id);
    if (this.tracks.size > 0) this.multi = true;
  }
}
