import * as THREE from "three";
import type { ColorKey } from "./api";

/** A lit surface: physically based in high quality, Lambert (diffuse only) in low quality. */
export type LitMaterial = THREE.MeshStandardMaterial | THREE.MeshLambertMaterial;

/** Every material of the scene, created once and disposed together. */
export interface Materials {
  boardTop: LitMaterial;
  boardSide: LitMaterial;
  /** Shared by every colour (per-instance colour). */
  piece: LitMaterial;
  marble: LitMaterial;
  gold: LitMaterial;
  overlay: THREE.MeshBasicMaterial;
  ground: THREE.MeshBasicMaterial;
}

/**
 * `highQuality` false (software-rendered WebGL, where every pixel's shader runs on the CPU):
 * Lambert materials, whose per-pixel lighting costs a fraction of the physically based one's;
 * with the same lights and colours the board and the pieces look almost the same, only
 * without the soft gloss.
 */
export function createMaterials(highQuality = true): Materials {
  const lit = (standard: THREE.MeshStandardMaterialParameters): LitMaterial => {
    if (highQuality) return new THREE.MeshStandardMaterial(standard);
    const { color, emissive } = standard;
    return new THREE.MeshLambertMaterial({ ...(color !== undefined && { color }), ...(emissive !== undefined && { emissive }) });
  };
  return {
    boardTop: lit({ roughness: 0.42, metalness: 0 }),
    boardSide: lit({ roughness: 0.42, metalness: 0 }),
    piece: lit({ roughness: 0.4, metalness: 0 }),
    marble: lit({ roughness: 0.16, metalness: 0 }),
    gold: lit({ color: 0xf2c24e, metalness: 0.55, roughness: 0.28, emissive: 0x4a3000 }),
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

/**
 * The seat colours, apart in hue and in lightness (yellow lightest, then orange, violet, green,
 * red, blue darkest), so that colour-blind players can tell them apart too.
 */
export const SEAT_RGB: Record<ColorKey, string> = {
  white: "#e4cfa6",
  black: "#5a2218",
  yellow: "#f4ea4a",
  orange: "#ff9f1a",
  violet: "#b283e4",
  red: "#b8121b",
  green: "#0d8a5a",
  blue: "#143a80",
};

export const PIECE_COLORS: Record<ColorKey, THREE.Color> = Object.fromEntries(
  Object.entries(SEAT_RGB).map(([key, hex]) => [key, new THREE.Color(hex)]),
) as Record<ColorKey, THREE.Color>;

/** "r, g, b" of a seat colour, for the markers painted on a 2D canvas. */
export function seatRgbTriplet(key: ColorKey): string {
  const hex = SEAT_RGB[key];
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ");
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

/**
 * Texture canvases are painted once and uploaded: a CPU-backed canvas paints faster than a
 * GPU-backed one on software-rendered WebGL and uploads without a read-back.
 */
export const CPU_CANVAS: CanvasRenderingContext2DSettings = { willReadFrequently: true };
