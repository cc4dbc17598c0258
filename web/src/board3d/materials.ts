import * as THREE from "three";

/** Every material of the scene, created once and disposed together. */
export interface Materials {
  boardTop: THREE.MeshStandardMaterial;
  boardSide: THREE.MeshStandardMaterial;
  /** Shared by both colours (per-instance colour). */
  piece: THREE.MeshStandardMaterial;
  gold: THREE.MeshStandardMaterial;
  overlay: THREE.MeshBasicMaterial;
  ground: THREE.MeshBasicMaterial;
}

export function createMaterials(): Materials {
  return {
    boardTop: new THREE.MeshStandardMaterial({ roughness: 0.42, metalness: 0 }),
    boardSide: new THREE.MeshStandardMaterial({ roughness: 0.42, metalness: 0 }),
    piece: new THREE.MeshStandardMaterial({ roughness: 0.4, metalness: 0 }),
    gold: new THREE.MeshStandardMaterial({ color: 0xf2c24e, metalness: 0.55, roughness: 0.28, emissive: 0x4a3000 }),
    overlay: new THREE.MeshBasicMaterial({
      transparent: true,
      depthWrite: false,
      toneMapped: false,
      polygonOffset: true,
      polygonOffsetFactor: -2,
      polygonOffsetUnits: -2,
    }),
    ground: new THREE.MeshBasicMaterial({ transparent: true, depthWrite: false, toneMapped: false }),
  };
}

export const PIECE_COLORS = { white: new THREE.Color(0xe4cfa6), black: new THREE.Color(0x5a2218) };

export function canvasTexture(canvas: HTMLCanvasElement, anisotropy: number): THREE.CanvasTexture {
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.anisotropy = anisotropy;
  return texture;
}

export function disposeMaterials(materials: Materials): void {
  for (const material of Object.values(materials) as THREE.Material[]) {
    const mapped = material as THREE.Material & { map?: THREE.Texture | null };
    mapped.map?.dispose();
    material.dispose();
  }
}

/**
 * Texture canvases are painted once and uploaded: a CPU-backed canvas paints faster than a
 * GPU-backed one on software-rendered WebGL and uploads without a read-back.
 */
export const CPU_CANVAS: CanvasRenderingContext2DSettings = { willReadFrequently: true };
