import * as THREE from "three";
import type { BoardState } from "./api";
import { squareToWorld, type PlanePoint } from "./coords";
import { canvasTexture, CPU_CANVAS } from "./materials";
import { PIECE_RADIUS } from "./dims";

/**
 * Flat markers (destination dots and rings, capture rings, the last move's route) painted on a
 * transparent canvas that lies just above the playing surface.
 */

const PIXELS_PER_SQUARE = 128;
const GOLD = "255, 200, 60";
const GREEN = "64, 214, 110";
const ORANGE = "255, 140, 26";
const RED = "235, 48, 40";

export type MarkerState = Pick<
  BoardState,
  "size" | "flipped" | "selected" | "dests" | "finalDests" | "mustCapture" | "partialPath" | "lastMove"
>;

export class MarkerLayer {
  readonly mesh: THREE.Mesh<THREE.PlaneGeometry, THREE.MeshBasicMaterial>;
  private readonly canvas = document.createElement("canvas");
  private readonly ctx: CanvasRenderingContext2D;
  private texture: THREE.CanvasTexture | null = null;
  private size = 0;

  constructor(material: THREE.MeshBasicMaterial, private readonly anisotropy: number) {
    this.ctx = this.canvas.getContext("2d", CPU_CANVAS)!;
    this.mesh = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), material);
    this.mesh.rotation.x = -Math.PI / 2;
    this.mesh.position.y = 0.003;
    this.mesh.renderOrder = 1;
  }

  private resize(size: number): void {
    if (size === this.size) return;
    this.size = size;
    this.canvas.width = this.canvas.height = size * PIXELS_PER_SQUARE;
    this.mesh.geometry.dispose();
    this.mesh.geometry = new THREE.PlaneGeometry(size, size);
    this.texture?.dispose();
    this.texture = canvasTexture(this.canvas, this.anisotropy);
    this.mesh.material.map = this.texture;
    this.mesh.material.needsUpdate = true;
  }

  /**
   * Repaints every marker. `contactShadows`: squares that get a painted soft shadow under their
   * piece (used when there is no real shadow map).
   */
  paint(state: MarkerState, occupied: ReadonlySet<string>, contactShadows: readonly string[] = []): void {
    this.resize(state.size);
    const { ctx, canvas } = this;
    const s = PIXELS_PER_SQUARE;
    const half = state.size / 2;
    const at = (square: string): PlanePoint | null => {
      const p = squareToWorld(square, state.size, state.flipped);
      return p ? { x: (p.x + half) * s, z: (p.z + half) * s } : null;
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
    const route = (squares: readonly string[], width: number, rgb: string, alpha: number) => {
      const points = squares.map(at).filter((p): p is PlanePoint => p !== null);
      if (points.length < 2) return;
      ctx.save();
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.shadowColor = `rgba(${rgb}, 0.6)`;
      ctx.shadowBlur = 0.12 * s;
      ctx.strokeStyle = `rgba(${rgb}, ${alpha})`;
      ctx.lineWidth = width * s;
      ctx.beginPath();
      points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.z) : ctx.lineTo(p.x, p.z)));
      ctx.stroke();
      ctx.restore();
    };

    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const foot = PIECE_RADIUS + 0.055;

    for (const square of contactShadows) {
      const p = at(square);
      if (!p) continue;
      const x = p.x + 0.05 * s;
      const z = p.z - 0.03 * s;
      const g = ctx.createRadialGradient(x, z, PIECE_RADIUS * 0.7 * s, x, z, (PIECE_RADIUS + 0.1) * s);
      g.addColorStop(0, "rgba(20, 8, 2, 0.5)");
      g.addColorStop(1, "rgba(20, 8, 2, 0)");
      ctx.fillStyle = g;
      ctx.fillRect(x - s / 2, z - s / 2, s, s);
    }

    if (state.lastMove) {
      const { path, captured } = state.lastMove;
      for (const square of path.slice(0, 1)) ring(square, 0.17, 0.05, ORANGE, 0.85, 0.05);
      route(path, 0.085, ORANGE, 0.9);
      for (const square of captured) ring(square, 0.2, 0.055, RED, 0.95, 0.06);
    }
    for (const square of state.mustCapture) ring(square, foot, 0.05, GOLD, 0.95, 0.08);
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
