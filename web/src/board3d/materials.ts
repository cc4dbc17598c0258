import * as THREE from "three";

/** Every material of the scene, created once and disposed together. */
export interface Materials {
  boardTop: THREE.MeshPhysicalMaterial;
  boardSide: THREE.MeshStandardMaterial;
  whitePiece: THREE.MeshPhysicalMaterial;
  blackPiece: THREE.MeshPhysicalMaterial;
  gold: THREE.MeshStandardMaterial;
  overlay: THREE.MeshBasicMaterial;
  ground: THREE.ShadowMaterial;
}

export function createMaterials(): Materials {
  return {
    boardTop: new THREE.MeshPhysicalMaterial({
      roughness: 0.5,
      metalness: 0,
      clearcoat: 0.55,
      clearcoatRoughness: 0.22,
    }),
    boardSide: new THREE.MeshStandardMaterial({ roughness: 0.45, metalness: 0 }),
    whitePiece: new THREE.MeshPhysicalMaterial({
      color: 0xf1e2c2,
      roughness: 0.42,
      clearcoat: 0.5,
      clearcoatRoughness: 0.3,
      sheen: 0.25,
      sheenColor: new THREE.Color(0xfff4dc),
    }),
    blackPiece: new THREE.MeshPhysicalMaterial({
      color: 0x4a1c12,
      roughness: 0.38,
      clearcoat: 0.7,
      clearcoatRoughness: 0.2,
    }),
    gold: new THREE.MeshStandardMaterial({ color: 0xf0c050, metalness: 1, roughness: 0.26 }),
    overlay: new THREE.MeshBasicMaterial({
      transparent: true,
      depthWrite: false,
      toneMapped: false,
      polygonOffset: true,
      polygonOffsetFactor: -2,
      polygonOffsetUnits: -2,
    }),
    ground: new THREE.ShadowMaterial({ opacity: 0.32 }),
  };
}

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
