import * as THREE from "three";
import { worldToSquare, type PlaneHit } from "./coords";
import type { PieceLayer } from "./pieces";

/** Turns a pointer position into what lies under it: a piece's square first, else the board's square. */
export class Picker {
  private readonly raycaster = new THREE.Raycaster();
  private readonly ndc = new THREE.Vector2();
  private readonly surface = new THREE.Plane(new THREE.Vector3(0, 1, 0), 0);
  private readonly hit = new THREE.Vector3();

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly camera: THREE.Camera,
    private readonly pieces: PieceLayer,
  ) {}

  pick(clientX: number, clientY: number, size: number, flipped: boolean): PlaneHit {
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return { kind: "outside" };
    this.ndc.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.camera.updateMatrixWorld();
    this.raycaster.setFromCamera(this.ndc, this.camera);
    const square = this.pieces.pick(this.raycaster);
    if (square !== null) return { kind: "dark", square };
    if (!this.raycaster.ray.intersectPlane(this.surface, this.hit)) return { kind: "outside" };
    return worldToSquare({ x: this.hit.x, z: this.hit.z }, size, flipped);
  }

  /** Client coordinates of a world point (null when it is behind the camera). */
  toClient(point: THREE.Vector3): { x: number; y: number } | null {
    const rect = this.canvas.getBoundingClientRect();
    this.camera.updateMatrixWorld();
    const p = point.clone().project(this.camera);
    if (p.z > 1) return null;
    return { x: rect.left + ((p.x + 1) / 2) * rect.width, y: rect.top + ((1 - p.y) / 2) * rect.height };
  }
}
