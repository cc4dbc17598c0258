import * as THREE from "three";
import type { BoardQuality, ColorKey } from "./api";
import { RoundedBoxGeometry } from "three/examples/jsm/geometries/RoundedBoxGeometry.js";
import { SLAB_THICKNESS } from "./dims";
import type { BoardGeometry, PlanePoint } from "./geometry";
import { canvasTexture, CPU_CANVAS, createMaterials, disposeMaterials, type LitMaterial, type Materials } from "./materials";
import { paintBoardTop, paintSideWood, topLayout } from "./wood";

const TOP_TEXTURE_PIXELS = 2048;
/**
 * Size of the soft shadow's square under the board relative to the board's width (its blur
 * and offset reach about a fifth of the width beyond the edge). It is drawn with blending
 * over every pixel it covers, so a square no larger than the shadow keeps that cost down on
 * software-rendered WebGL.
 */
const GROUND_SCALE = 1.5;

/**
 * The board's outline blurred: its shadow on the table, baked once (cheaper than a shadow map).
 * The canvas covers a square of `extent` world units centred on the board.
 */
function paintGroundShadow(ctx: CanvasRenderingContext2D, pixels: number, outline: readonly PlanePoint[], extent: number): void {
  const scale = pixels / extent;
  const board = 2 * outline.reduce((r, p) => Math.max(r, Math.abs(p.x), Math.abs(p.z)), 0) * scale;
  ctx.clearRect(0, 0, pixels, pixels);
  ctx.filter = `blur(${Math.round(board * 0.06)}px)`;
  ctx.fillStyle = "rgba(0, 0, 0, 0.55)";
  ctx.beginPath();
  outline.forEach((p, i) => {
    const x = pixels / 2 + p.x * scale + board * 0.02;
    const y = pixels / 2 + p.z * scale + board * 0.04;
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  });
  ctx.closePath();
  ctx.fill();
  ctx.filter = "none";
}

/** The star's slab: its outline extruded downwards, with a small bevel. */
function starSlab(outline: readonly PlanePoint[]): THREE.BufferGeometry {
  // Shape space (x, y) = board-local (x, −z); rotating by −90° about x lays it flat.
  const shape = new THREE.Shape(outline.map((p) => new THREE.Vector2(p.x, -p.z)));
  const bevel = 0.05;
  const geometry = new THREE.ExtrudeGeometry(shape, {
    depth: SLAB_THICKNESS - 2 * bevel,
    bevelEnabled: true,
    bevelThickness: bevel,
    bevelSize: bevel,
    bevelSegments: 2,
  });
  geometry.rotateX(-Math.PI / 2);
  geometry.translate(0, -SLAB_THICKNESS + bevel, 0);
  return geometry;
}

/** A flat shape for the board's top, with UVs spanning the outline's bounding box. */
function topGeometry(outline: readonly PlanePoint[]): THREE.BufferGeometry {
  const shape = new THREE.Shape(outline.map((p) => new THREE.Vector2(p.x, -p.z)));
  const geometry = new THREE.ShapeGeometry(shape);
  geometry.rotateX(-Math.PI / 2);
  const xs = outline.map((p) => p.x);
  const zs = outline.map((p) => p.z);
  const minX = Math.min(...xs);
  const minZ = Math.min(...zs);
  const w = Math.max(...xs) - minX;
  const h = Math.max(...zs) - minZ;
  const position = geometry.getAttribute("position");
  const uv = geometry.getAttribute("uv") as THREE.BufferAttribute;
  for (let i = 0; i < position.count; i++) uv.setXY(i, (position.getX(i) - minX) / w, 1 - (position.getZ(i) - minZ) / h);
  return geometry;
}

/** True when WebGL is rendered by the CPU (SwiftShader, llvmpipe…): every pixel is expensive there. */
export function isSoftwareWebGL(): boolean {
  const probe = document.createElement("canvas");
  const gl = probe.getContext("webgl2") ?? probe.getContext("webgl");
  if (!gl) return false;
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension("WEBGL_lose_context")?.loseContext();
  return /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
}

/** Renderer, lights and the wooden board itself (slab, top with squares and coordinates, shadow beneath). */
export class Stage {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly materials: Materials;
  readonly anisotropy: number;
  private readonly sun: THREE.DirectionalLight;
  private readonly slab: THREE.Mesh;
  private readonly top: THREE.Mesh;
  private readonly ground: THREE.Mesh;
  private readonly groundShadow = document.createElement("canvas");
  private readonly starSide: LitMaterial;
  private geometryShown: BoardGeometry | null = null;
  private colorsShown = "";
  /** Everything that turns with the board: slab, top, shadow, and (added by the view) pieces and markers. */
  readonly board = new THREE.Group();

  /** Whether the high-quality settings are in use. */
  readonly highQuality: boolean;

  /** "low" drops multisampling, shadows and anisotropic filtering (for software-rendered WebGL). */
  constructor(canvas: HTMLCanvasElement, quality: BoardQuality) {
    const high = quality === "high" || (quality === "auto" && !isSoftwareWebGL());
    this.highQuality = high;
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: high, alpha: true, powerPreference: "high-performance" });
    this.renderer.setClearColor(0x000000, 0);
    this.renderer.outputColorSpace = THREE.SRGBColorSpace;
    this.renderer.toneMapping = THREE.NeutralToneMapping;
    this.renderer.toneMappingExposure = 1.0;
    this.renderer.shadowMap.enabled = high;
    // Only pieces cast shadows and the light never moves: redraw the shadow map when they change.
    this.renderer.shadowMap.autoUpdate = false;
    this.renderer.shadowMap.needsUpdate = true;
    this.renderer.shadowMap.type = THREE.PCFShadowMap;
    this.anisotropy = high ? Math.min(4, this.renderer.capabilities.getMaxAnisotropy()) : 1;
    this.materials = createMaterials(high);

    // No image-based lighting: prefiltering an environment map costs many seconds on
    // software-rendered WebGL; a hemisphere light and two directional lights do the work.
    this.scene.add(new THREE.HemisphereLight(0xfff3e0, 0x4a3020, 1.1));
    this.sun = new THREE.DirectionalLight(0xfff1dc, 2.9);
    this.sun.position.set(-5.5, 9, 5);
    this.sun.castShadow = true;
    this.sun.shadow.mapSize.set(1024, 1024);
    this.sun.shadow.radius = 3;
    this.sun.shadow.bias = -0.0004;
    this.sun.shadow.normalBias = 0.015;
    this.scene.add(this.sun, this.sun.target);
    const fill = new THREE.DirectionalLight(0xdfe8ff, 0.7);
    fill.position.set(6, 5, -4);
    this.scene.add(fill);

    this.slab = new THREE.Mesh(new THREE.BufferGeometry(), this.materials.boardSide);
    this.top = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), this.materials.boardTop);
    this.top.receiveShadow = true;
    this.ground = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), this.materials.ground);
    this.ground.rotation.x = -Math.PI / 2;
    this.ground.position.y = -SLAB_THICKNESS - 0.001;
    this.ground.renderOrder = -1;
    // The soft shadow under the board is blended over every pixel of its square, which costs
    // software-rendered WebGL about a third of a frame; on the page's dark background it is
    // hardly seen, so the low quality goes without it.
    this.ground.visible = high;
    this.board.add(this.slab, this.top, this.ground);
    this.scene.add(this.board);

    const side = document.createElement("canvas");
    side.width = 1024;
    side.height = 128;
    paintSideWood(side.getContext("2d", CPU_CANVAS)!, side.width, side.height);
    const sideTexture = canvasTexture(side, this.anisotropy);
    this.materials.boardSide.map = sideTexture;
    // The star's extruded sides have UVs in world units: the same wood, repeated along them.
    const starTexture = sideTexture.clone();
    starTexture.wrapS = starTexture.wrapT = THREE.RepeatWrapping;
    starTexture.repeat.set(0.15, 1);
    this.starSide = this.materials.boardSide.clone();
    this.starSide.map = starTexture;

    this.groundShadow.width = this.groundShadow.height = 256;
    this.materials.ground.map = canvasTexture(this.groundShadow, 1);
  }

  /**
   * Rebuilds the board for a layout and its camps' colours, indexed by seat (null: left
   * untinted), repainting its top when they changed.
   */
  setBoard(geometry: BoardGeometry, campColors: readonly (ColorKey | null)[]): void {
    const colors = campColors.join(",");
    if (geometry === this.geometryShown && colors === this.colorsShown) return;
    this.geometryShown = geometry;
    this.colorsShown = colors;
    const outline = geometry.outline;
    this.slab.geometry.dispose();
    this.top.geometry.dispose();
    if (geometry.shape === "star") {
      this.slab.geometry = starSlab(outline);
      this.slab.material = this.starSide;
      this.slab.position.y = -0.01;
      this.top.geometry = topGeometry(outline);
      this.top.rotation.set(0, 0, 0);
    } else {
      const w = 2 * Math.max(...outline.map((p) => p.x));
      const d = 2 * Math.max(...outline.map((p) => p.z));
      this.slab.geometry = new RoundedBoxGeometry(w, SLAB_THICKNESS, d, 4, 0.05);
      this.slab.material = this.materials.boardSide;
      this.slab.position.y = -SLAB_THICKNESS / 2 - 0.002;
      this.top.geometry = new THREE.PlaneGeometry(w - 0.02, d - 0.02);
      this.top.rotation.set(-Math.PI / 2, 0, 0);
    }
    const reach = geometry.radius;
    const extent = GROUND_SCALE * 2 * outline.reduce((r, p) => Math.max(r, Math.abs(p.x), Math.abs(p.z)), 0);
    this.ground.scale.set(extent, extent, 1);
    if (this.highQuality) {
      paintGroundShadow(this.groundShadow.getContext("2d", CPU_CANVAS)!, this.groundShadow.width, outline, extent);
      this.materials.ground.map!.needsUpdate = true;
    }
    const shadow = this.sun.shadow.camera;
    shadow.left = -(reach + 0.4);
    shadow.right = reach + 0.4;
    shadow.top = reach + 0.4;
    shadow.bottom = -(reach + 0.4);
    shadow.near = 1;
    shadow.far = 40;
    shadow.updateProjectionMatrix();
    this.renderer.shadowMap.needsUpdate = true;

    const layout = topLayout(geometry, campColors, TOP_TEXTURE_PIXELS);
    const canvas = document.createElement("canvas");
    canvas.width = layout.width;
    canvas.height = layout.height;
    paintBoardTop(canvas.getContext("2d", CPU_CANVAS)!, layout);
    this.materials.boardTop.map?.dispose();
    this.materials.boardTop.map = canvasTexture(canvas, this.anisotropy);
    this.materials.boardTop.needsUpdate = true;
  }

  /** Turns the board (degrees, counter-clockwise seen from above). */
  setRotation(degrees: number): void {
    const radians = (degrees * Math.PI) / 180;
    if (radians === this.board.rotation.y) return;
    this.board.rotation.y = radians;
    this.renderer.shadowMap.needsUpdate = true;
  }

  /** The playing surface, for picking. */
  get boardTop(): THREE.Object3D {
    return this.top;
  }

  dispose(): void {
    this.slab.geometry.dispose();
    this.top.geometry.dispose();
    this.ground.geometry.dispose();
    this.starSide.map?.dispose();
    this.starSide.dispose();
    disposeMaterials(this.materials);
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}
