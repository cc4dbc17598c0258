import * as THREE from "three";
import { mergeVertices } from "three/examples/jsm/utils/BufferGeometryUtils.js";
import { MARBLE_RADIUS, MARBLE_SINK, PIECE_HEIGHT, PIECE_RADIUS } from "./dims";
import type { Materials } from "./materials";

/** Draughts men (also used on square Halma boards) or the star's marbles. */
export type PieceStyle = "disc" | "marble";

/** One piece as drawn this frame. */
export interface PieceInstance {
  cell: string;
  color: THREE.Color;
  style: PieceStyle;
  king: boolean;
  x: number;
  z: number;
  /** Height of the piece's base above the board. */
  y: number;
  scale: number;
}

/** Segments round a disc: 128 in high quality (two per ridge of its side band); 40 in low quality. */
const SEGMENTS = { high: 128, low: 40 } as const;
const RIDGES = 30;
const RIDGE_DEPTH = 0.02;

/**
 * A draughts disc: chamfered edges, a ridged side band and a top with a raised rim and
 * concentric rings, turned on a lathe. Base at y = 0. A disc of 128 segments has about 5000
 * triangles. Software-rendered WebGL pays for every triangle in every frame (40 men: about
 * half of a frame's cost), so `highQuality` false turns a lighter disc of about 1000: 40
 * segments, a smooth side band (its ridges are a pixel or two wide at a software-rendered
 * board's size), one point per chamfer and no underside (the camera never looks below a
 * piece). Seen from above it keeps the profile: the rim, the rings and the chamfers.
 */
export function createDiscGeometry(highQuality = true): THREE.BufferGeometry {
  const R = PIECE_RADIUS;
  const H = PIECE_HEIGHT;
  const top: [number, number][] = [
    [R - 0.062, H],
    [R - 0.074, H - 0.012],
    [R - 0.09, H - 0.016],
    [0.252, H - 0.016],
    [0.244, H - 0.022],
    [0.236, H - 0.016],
    [0.17, H - 0.016],
    [0.158, H - 0.007],
    [0.146, H - 0.016],
  ];
  const profile: [number, number][] = highQuality
    ? [
        [0, 0],
        [R - 0.045, 0],
        [R - 0.014, 0.004],
        [R - 0.003, 0.014],
        [R, 0.026],
        [R, H - 0.026],
        [R - 0.003, H - 0.014],
        [R - 0.014, H - 0.004],
        [R - 0.034, H],
        ...top,
        [0.07, H - 0.016],
        [0.0, H - 0.016],
      ]
    : [[R - 0.022, 0.002], [R - 0.004, 0.012], [R, 0.026], [R, H - 0.026], [R - 0.006, H - 0.01], [R - 0.034, H], ...top, [0.0, H - 0.016]];
  const lathe = new THREE.LatheGeometry(
    profile.map(([r, y]) => new THREE.Vector2(r, y)),
    highQuality ? SEGMENTS.high : SEGMENTS.low,
  );
  lathe.deleteAttribute("uv");
  lathe.deleteAttribute("normal");
  const position = lathe.getAttribute("position") as THREE.BufferAttribute;
  for (let i = 0; highQuality && i < position.count; i++) {
    const x = position.getX(i);
    const y = position.getY(i);
    const z = position.getZ(i);
    const r = Math.hypot(x, z);
    if (r > R - 0.001 && y > 0.02 && y < H - 0.02) {
      const phi = Math.atan2(x, z);
      const k = 1 - RIDGE_DEPTH * (0.5 - 0.5 * Math.cos(RIDGES * phi));
      position.setXYZ(i, x * k, y, z * k);
    }
  }
  const geometry = mergeVertices(lathe, 1e-5);
  lathe.dispose();
  geometry.computeVertexNormals();
  return geometry;
}

export function createCrownGeometry(highQuality = true): THREE.BufferGeometry {
  const torus = highQuality ? new THREE.TorusGeometry(0.235, 0.03, 14, 72) : new THREE.TorusGeometry(0.235, 0.03, 8, 40);
  torus.rotateX(Math.PI / 2);
  torus.translate(0, 0.012, 0);
  return torus;
}

/** Height of a piece's top above its base (where squareToClient points). */
export function pieceTop(style: PieceStyle, king: boolean): number {
  return style === "marble" ? 2 * MARBLE_RADIUS - MARBLE_SINK : PIECE_HEIGHT * (king ? 2 : 1);
}

const MAX_PIECES = 64;

/** A fixed small turn per square, so neighbouring pieces' ridges do not line up like a pattern. */
function squareTurn(square: string): number {
  let hash = 0;
  for (let i = 0; i < square.length; i++) hash = (hash * 31 + square.charCodeAt(i)) % 997;
  return (hash / 997) * ((2 * Math.PI) / RIDGES);
}

/** The pieces as instanced meshes: one draw call for all discs plus one for the kings' crowns. */
export class PieceLayer {
  readonly group = new THREE.Group();
  private readonly disc: THREE.BufferGeometry;
  private readonly crown: THREE.BufferGeometry;
  private readonly discs: THREE.InstancedMesh;
  private readonly crowns: THREE.InstancedMesh;
  private readonly sphere: THREE.BufferGeometry;
  private readonly marbles: THREE.InstancedMesh;
  private readonly meshes: THREE.InstancedMesh[];
  /** instanceId → square, per mesh. */
  private readonly owners = new Map<THREE.Object3D, string[]>();
  private readonly matrix = new THREE.Matrix4();
  private readonly position = new THREE.Vector3();
  private readonly rotation = new THREE.Quaternion();
  private readonly scaleVector = new THREE.Vector3();
  private readonly up = new THREE.Vector3(0, 1, 0);

  /** `highQuality` false: fewer triangles per piece (for software-rendered WebGL). */
  constructor(materials: Materials, highQuality = true) {
    this.disc = createDiscGeometry(highQuality);
    this.crown = createCrownGeometry(highQuality);
    this.sphere = (highQuality ? new THREE.SphereGeometry(MARBLE_RADIUS, 28, 18) : new THREE.SphereGeometry(MARBLE_RADIUS, 20, 12)).translate(0, MARBLE_RADIUS - MARBLE_SINK, 0);
    this.discs = this.mesh(this.disc, materials.piece, MAX_PIECES * 2);
    this.discs.setColorAt(0, new THREE.Color(0xffffff));
    this.crowns = this.mesh(this.crown, materials.gold, MAX_PIECES);
    this.crowns.receiveShadow = false;
    this.marbles = this.mesh(this.sphere, materials.marble, MAX_PIECES);
    this.marbles.setColorAt(0, new THREE.Color(0xffffff));
    this.meshes = [this.discs, this.crowns, this.marbles];
  }

  private mesh(geometry: THREE.BufferGeometry, material: THREE.Material, capacity: number): THREE.InstancedMesh {
    const mesh = new THREE.InstancedMesh(geometry, material, capacity);
    mesh.count = 0;
    mesh.castShadow = true;
    mesh.receiveShadow = true;
    mesh.frustumCulled = false;
    this.owners.set(mesh, []);
    this.group.add(mesh);
    return mesh;
  }

  private put(mesh: THREE.InstancedMesh, square: string, x: number, y: number, z: number, scale: number, turn: number): void {
    const owners = this.owners.get(mesh)!;
    if (mesh.count >= mesh.instanceMatrix.count) return;
    this.position.set(x, y, z);
    this.rotation.setFromAxisAngle(this.up, turn);
    this.scaleVector.setScalar(scale);
    this.matrix.compose(this.position, this.rotation, this.scaleVector);
    mesh.setMatrixAt(mesh.count, this.matrix);
    owners[mesh.count] = square;
    mesh.count++;
  }

  /** Places the first `count` instances of `pieces` (the array may be a reused pool). */
  layout(pieces: readonly PieceInstance[], count = pieces.length): void {
    for (const mesh of this.meshes) {
      mesh.count = 0;
      this.owners.get(mesh)!.length = 0;
    }
    for (let i = 0; i < count; i++) {
      const piece = pieces[i]!;
      if (piece.scale <= 0.001) continue;
      if (piece.style === "marble") {
        if (this.marbles.count >= MAX_PIECES) continue;
        this.marbles.setColorAt(this.marbles.count, piece.color);
        this.put(this.marbles, piece.cell, piece.x, piece.y, piece.z, piece.scale, 0);
        continue;
      }
      const mesh = this.discs;
      if (mesh.count + 2 > mesh.instanceMatrix.count) continue;
      const turn = squareTurn(piece.cell);
      const h = PIECE_HEIGHT * piece.scale;
      mesh.setColorAt(mesh.count, piece.color);
      this.put(mesh, piece.cell, piece.x, piece.y, piece.z, piece.scale, turn);
      if (piece.king) {
        mesh.setColorAt(mesh.count, piece.color);
        this.put(mesh, piece.cell, piece.x, piece.y + h, piece.z, piece.scale, turn + 0.1);
        this.put(this.crowns, piece.cell, piece.x, piece.y + 2 * h - 0.016 * piece.scale, piece.z, piece.scale, 0);
      }
    }
    this.discs.instanceColor!.needsUpdate = true;
    this.marbles.instanceColor!.needsUpdate = true;
    for (const mesh of this.meshes) {
      mesh.instanceMatrix.needsUpdate = true;
      // Made again by the next pick (a ray cast), not in every frame of a slide.
      mesh.boundingSphere = null;
    }
  }

  /** The square of the piece hit by the ray, if any. */
  pick(raycaster: THREE.Raycaster): string | null {
    const hits = raycaster.intersectObjects(this.meshes, false);
    for (const hit of hits) {
      const square = hit.instanceId !== undefined ? this.owners.get(hit.object)?.[hit.instanceId] : undefined;
      if (square !== undefined) return square;
    }
    return null;
  }

  dispose(): void {
    this.disc.dispose();
    this.crown.dispose();
    this.sphere.dispose();
    for (const mesh of this.meshes) mesh.dispose();
  }
}
