import * as THREE from "three";
import { unrotatePoint, type BoardGeometry, type PlaneHit } from "./geometry";
import type { PieceLayer } from "./pieces";

/** Turns a pointer position into what lies under it: a piece's cell first, else the board's cell. */
export class Picker {
  private readonly raycaster = new THREE.Raycaster();
  private readonly ndc = new THREE.Vector2();
  private readonly surface = new THREE.Plane(new THREE.Vector3(0, 1, 0), 0);
  private readonly hit = new THREE.Vector3();
  private readonly projected = new THREE.Vector3();

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly camera: THREE.Camera,
    private readonly pieces: PieceLayer,
  ) {}

  /** `rotation`: how far the board is turned (degrees), to bring the hit back to board-local coordinates. */
  pick(clientX: number, clientY: number, geometry: BoardGeometry, rotation: number): PlaneHit {
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return { kind: "outside" };
    this.ndc.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.camera.updateMatrixWorld();
    this.raycaster.setFromCamera(this.ndc, this.camera);
    const cell = this.pieces.pick(this.raycaster);
    if (cell !== null) return { kind: "cell", cell };
    if (!this.raycaster.ray.intersectPlane(this.surface, this.hit)) return { kind: "outside" };
    return geometry.pick(unrotatePoint({ x: this.hit.x, z: this.hit.z }, rotation));
  }

  /** Client coordinates of a world point (null when it is behind the camera). */
  toClient(x: number, y: number, z: number): { x: number; y: number } | null {
    const rect = this.canvas.getBoundingClientRect();
    this.camera.updateMatrixWorld();
    const p = this.projected.set(x, y, z).project(this.camera);
    if (p.z > 1) return null;
    return { x: rect.left + ((p.x + 1) / 2) * rect.width, y: rect.top + ((1 - p.y) / 2) * rect.height };
  }
}
