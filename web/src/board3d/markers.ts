import * as THREE from "three";
import type { BoardState, ColorKey } from "./api";
import type { BoardGeometry, PlanePoint } from "./geometry";
import { canvasTexture, CPU_CANVAS, seatRgbTriplet } from "./materials";

/**
 * Flat markers (destination dots and rings, capture rings, the last move's route) painted on a
 * transparent canvas that lies just above the playing surface.
 */

const PIXELS_PER_SQUARE = 128;
/**
 * With software rendering every repaint is uploaded by the CPU: a coarser canvas (a quarter of
 * the pixels) keeps a selection or a move from blocking the page.
 */
const LOW_PIXELS_PER_SQUARE = 64;
/** The marker canvas' longer side stays below this (a 16×16 board or the star get fewer pixels per cell). */
const MAX_PIXELS = 1536;
const GOLD = "255, 200, 60";
/** The "can capture" ring: not gold, which a king's crown and the selection already are. */
const CYAN = "70, 200, 255";
const GREEN = "64, 214, 110";
const ORANGE = "255, 140, 26";
const RED = "235, 48, 40";
const PREVIEW = "250, 250, 240";
/** A lesson's highlights and arrows: a warm yellow, apart from the selection's gold ring. */
const HIGHLIGHT = "255, 236, 120";
const ARROW = "243, 156, 61";

export type MarkerState = Pick<
  BoardState,
  "seatColors" | "selected" | "dests" | "finalDests" | "mustCapture" | "partialPath" | "previewPath" | "lastMoves" | "arrows" | "highlights"
>;

/** The colour a seat's last move is drawn in: its own, or orange for a draughts side (white and black do not show on wood). */
function moveRgb(key: ColorKey | undefined): { rgb: string; seatColored: boolean } {
  if (key === undefined || key === "white" || key === "black") return { rgb: ORANGE, seatColored: false };
  return { rgb: seatRgbTriplet(key), seatColored: true };
}

export class MarkerLayer {
  readonly mesh: THREE.Mesh<THREE.PlaneGeometry, THREE.MeshBasicMaterial>;
  private readonly canvas = document.createElement("canvas");
  private readonly ctx: CanvasRenderingContext2D;
  private texture: THREE.CanvasTexture | null = null;
  private geometry: BoardGeometry | null = null;
  private pixelsPerUnit = PIXELS_PER_SQUARE;

  constructor(
    material: THREE.MeshBasicMaterial,
    private readonly anisotropy: number,
    private readonly highQuality = true,
  ) {
    this.ctx = this.canvas.getContext("2d", CPU_CANVAS)!;
    material.blending = THREE.CustomBlending;
    material.blendSrc = THREE.OneFactor;
    material.blendDst = THREE.OneMinusSrcAlphaFactor;
    this.mesh = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), material);
    this.mesh.rotation.x = -Math.PI / 2;
    this.mesh.position.y = 0.003;
    this.mesh.renderOrder = 1;
  }

  private resize(geometry: BoardGeometry): void {
    if (geometry === this.geometry) return;
    this.geometry = geometry;
    const w = 2 * geometry.halfWidth;
    const d = 2 * geometry.halfDepth;
    const cap = this.highQuality ? PIXELS_PER_SQUARE : LOW_PIXELS_PER_SQUARE;
    this.pixelsPerUnit = Math.min(cap, Math.floor(MAX_PIXELS / Math.max(w, d)));
    this.canvas.width = Math.round(w * this.pixelsPerUnit);
    this.canvas.height = Math.round(d * this.pixelsPerUnit);
    this.mesh.geometry.dispose();
    this.mesh.geometry = new THREE.PlaneGeometry(w, d);
    // The texture is uploaded top row first (below), so the plane's v runs the other way.
    const uv = this.mesh.geometry.getAttribute("uv");
    for (let i = 0; i < uv.count; i++) uv.setY(i, 1 - uv.getY(i));
    this.texture?.dispose();
    this.texture = canvasTexture(this.canvas, this.anisotropy);
    // A 2D canvas keeps its pixels premultiplied and top row first: uploaded as they are, the
    // browser skips a per-pixel conversion that, with every repaint, was most of a move's cost
    // on the main thread when WebGL is rendered in software. The material blends premultiplied.
    this.texture.premultiplyAlpha = true;
    this.texture.flipY = false;
    this.mesh.material.map = this.texture;
    this.mesh.material.needsUpdate = true;
  }

  /**
   * Repaints every marker. `pieceRadius`: the pieces' footprint (rings go round it);
   * `contactShadows`: cells that get a painted soft shadow under their piece (used when there
   * is no real shadow map).
   */
  paint(
    geometry: BoardGeometry,
    state: MarkerState,
    occupied: ReadonlySet<string>,
    pieceRadius: number,
    contactShadows: readonly string[] = [],
  ): void {
    this.resize(geometry);
    const { ctx, canvas } = this;
    const s = this.pixelsPerUnit;
    const at = (cell: string): PlanePoint | null => {
      const p = geometry.position(cell);
      return p ? { x: (p.x + geometry.halfWidth) * s, z: (p.z + geometry.halfDepth) * s } : null;
    };
    const ring = (square: string, radius: number, width: number, rgb: string, alpha: number, glow: number) => {
      const p = at(square);
      if (!p) return;
      ctx.save();
      ctx.shadowColor = `rgba(${rgb}, ${alpha})`;
      ctx.shadowBlur = glow * s;
      ctx.strokeStyle = `rgba(${rgb}, ${alpha})`;
      ctx.lineWidth = width * s;
      ctx.beginPath();
      ctx.arc(p.x, p.z, radius * s, 0, Math.PI * 2);
      ctx.stroke();
      ctx.restore();
    };
    const dot = (square: string, radius: number, rgb: string, alpha: number) => {
      const p = at(square);
      if (!p) return;
      const g = ctx.createRadialGradient(p.x, p.z, 0, p.x, p.z, radius * s);
      g.addColorStop(0, `rgba(${rgb}, ${alpha})`);
      g.addColorStop(0.72, `rgba(${rgb}, ${alpha})`);
      g.addColorStop(1, `rgba(${rgb}, 0)`);
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.arc(p.x, p.z, radius * s, 0, Math.PI * 2);
      ctx.fill();
    };
    /** `edge`: a dark line under the coloured one, so it shows on a camp of its own colour. */
    const route = (squares: readonly string[], width: number, rgb: string, alpha: number, edge = false) => {
      const points = squares.map(at).filter((p): p is PlanePoint => p !== null);
      if (points.length < 2) return;
      ctx.save();
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.beginPath();
      points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.z) : ctx.lineTo(p.x, p.z)));
      if (edge) {
        ctx.strokeStyle = `rgba(20, 10, 4, ${0.6 * alpha})`;
        ctx.lineWidth = (width + 0.05) * s;
        ctx.stroke();
      }
      ctx.shadowColor = `rgba(${rgb}, 0.6)`;
      ctx.shadowBlur = 0.12 * s;
      ctx.strokeStyle = `rgba(${rgb}, ${alpha})`;
      ctx.lineWidth = width * s;
      ctx.stroke();
      ctx.restore();
    };

    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const foot = pieceRadius + 0.055;

    for (const square of contactShadows) {
      const p = at(square);
      if (!p) continue;
      const x = p.x + 0.05 * s;
      const z = p.z - 0.03 * s;
      const g = ctx.createRadialGradient(x, z, pieceRadius * 0.7 * s, x, z, (pieceRadius + 0.1) * s);
      g.addColorStop(0, "rgba(20, 8, 2, 0.5)");
      g.addColorStop(1, "rgba(20, 8, 2, 0)");
      ctx.fillStyle = g;
      ctx.fillRect(x - s / 2, z - s / 2, s, s);
    }

    state.lastMoves.forEach((move, i) => {
      const latest = i === state.lastMoves.length - 1;
      const { rgb, seatColored } = moveRgb(state.seatColors[move.seat]);
      const alpha = latest ? 0.9 : 0.6;
      const from = move.path[0];
      const to = move.path[move.path.length - 1];
      if (from !== undefined) ring(from, 0.17, latest ? 0.05 : 0.035, rgb, alpha, 0.05);
      route(move.path, latest ? 0.085 : 0.05, rgb, alpha, seatColored);
      for (const cell of move.captured) ring(cell, 0.2, 0.055, RED, 0.95, 0.06);
      // The moved piece: a dashed ring round its foot in its seat's colour on a dark one (the
      // selection's ring is whole and gold, so the two differ in shape as well as colour).
      const p = to !== undefined && seatColored ? at(to) : null;
      if (p) {
        const radius = (pieceRadius + 0.07) * s;
        const dashes = 12;
        ctx.save();
        ctx.beginPath();
        ctx.arc(p.x, p.z, radius, 0, Math.PI * 2);
        ctx.strokeStyle = `rgba(20, 10, 4, ${latest ? 0.7 : 0.45})`;
        ctx.lineWidth = (latest ? 0.09 : 0.065) * s;
        ctx.stroke();
        ctx.setLineDash([((Math.PI * 2 * radius) / dashes) * 0.6, ((Math.PI * 2 * radius) / dashes) * 0.4]);
        ctx.strokeStyle = `rgba(${rgb}, ${latest ? 1 : 0.8})`;
        ctx.lineWidth = (latest ? 0.06 : 0.04) * s;
        ctx.stroke();
        ctx.restore();
      }
    });
    for (const square of state.highlights ?? []) {
      const p = at(square);
      if (!p) continue;
      const g = ctx.createRadialGradient(p.x, p.z, 0.1 * s, p.x, p.z, 0.5 * s);
      g.addColorStop(0, `rgba(${HIGHLIGHT}, 0.5)`);
      g.addColorStop(1, `rgba(${HIGHLIGHT}, 0)`);
      ctx.fillStyle = g;
      ctx.fillRect(p.x - s / 2, p.z - s / 2, s, s);
      // Round a piece's foot when one stands there, so that the ring is not hidden under it.
      ring(square, occupied.has(square) ? foot + 0.07 : 0.3, 0.06, HIGHLIGHT, 0.95, 0.1);
    }
    for (const [from, to] of state.arrows ?? []) {
      const a = at(from);
      const b = at(to);
      if (!a || !b) continue;
      const length = Math.hypot(b.x - a.x, b.z - a.z);
      if (length === 0) continue;
      const ux = (b.x - a.x) / length;
      const uz = (b.z - a.z) / length;
      const head = 0.32 * s;
      const tip = { x: b.x - ux * 0.12 * s, z: b.z - uz * 0.12 * s };
      const base = { x: tip.x - ux * head, z: tip.z - uz * head };
      ctx.save();
      ctx.lineCap = "round";
      ctx.strokeStyle = "rgba(20, 10, 4, 0.55)";
      ctx.lineWidth = 0.16 * s;
      ctx.beginPath();
      ctx.moveTo(a.x, a.z);
      ctx.lineTo(base.x, base.z);
      ctx.stroke();
      ctx.strokeStyle = `rgba(${ARROW}, 0.92)`;
      ctx.lineWidth = 0.1 * s;
      ctx.stroke();
      ctx.fillStyle = `rgba(${ARROW}, 0.95)`;
      ctx.strokeStyle = "rgba(20, 10, 4, 0.55)";
      ctx.lineWidth = 0.03 * s;
      ctx.beginPath();
      ctx.moveTo(tip.x, tip.z);
      ctx.lineTo(base.x - uz * head * 0.55, base.z + ux * head * 0.55);
      ctx.lineTo(base.x + uz * head * 0.55, base.z - ux * head * 0.55);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
      ctx.restore();
    }
    for (const square of state.mustCapture) ring(square, foot, 0.055, CYAN, 0.95, 0.08);
    if (state.selected) {
      const p = at(state.selected);
      if (p) {
        const g = ctx.createRadialGradient(p.x, p.z, 0.2 * s, p.x, p.z, 0.5 * s);
        g.addColorStop(0, `rgba(${GOLD}, 0.55)`);
        g.addColorStop(1, `rgba(${GOLD}, 0)`);
        ctx.fillStyle = g;
        ctx.fillRect(p.x - s / 2, p.z - s / 2, s, s);
      }
      ring(state.selected, foot, 0.075, GOLD, 1, 0.12);
    }
    if (state.partialPath.length > 0) {
      const trail = state.selected ? [state.selected, ...state.partialPath] : state.partialPath;
      route(trail, 0.045, GREEN, 0.7);
      for (const square of state.partialPath) {
        const p = at(square);
        if (!p) continue;
        ctx.save();
        ctx.translate(p.x, p.z);
        ctx.rotate(Math.PI / 4);
        ctx.fillStyle = `rgba(${GREEN}, 0.95)`;
        ctx.shadowColor = "rgba(0,0,0,0.5)";
        ctx.shadowBlur = 0.04 * s;
        ctx.fillRect(-0.08 * s, -0.08 * s, 0.16 * s, 0.16 * s);
        ctx.restore();
      }
    }
    if (state.previewPath.length >= 2) {
      route(state.previewPath, 0.06, PREVIEW, 0.95, true);
      for (const cell of state.previewPath.slice(1)) {
        const p = at(cell);
        if (!p) continue;
        ctx.save();
        ctx.fillStyle = `rgba(${PREVIEW}, 1)`;
        ctx.strokeStyle = "rgba(20, 10, 4, 0.7)";
        ctx.lineWidth = 0.025 * s;
        ctx.beginPath();
        ctx.arc(p.x, p.z, 0.1 * s, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
        ctx.restore();
      }
    }
    for (const square of state.finalDests) ring(square, 0.3, 0.06, GREEN, 0.95, 0.06);
    for (const square of state.dests) {
      if (occupied.has(square)) ring(square, foot, 0.06, GREEN, 0.95, 0.08);
      else dot(square, 0.16, GREEN, 0.92);
    }
    this.texture!.needsUpdate = true;
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    this.texture?.dispose();
  }
}
