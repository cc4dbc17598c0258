import * as THREE from "three";
import type { BoardQuality } from "./api";
import { RoundedBoxGeometry } from "three/examples/jsm/geometries/RoundedBoxGeometry.js";
import { boardHalfExtent, SLAB_THICKNESS } from "./dims";
import { canvasTexture, CPU_CANVAS, createMaterials, disposeMaterials, type Materials } from "./materials";
import { paintBoardTop, paintSideWood, topLayout } from "./wood";

const TOP_TEXTURE_PIXELS = 2048;
/** Size of the soft shadow under the board relative to the board. */
const GROUND_SCALE = 1.5;

/** A blurred dark square: the board's shadow on the table, baked once (cheaper than a shadow map). */
function paintGroundShadow(ctx: CanvasRenderingContext2D, pixels: number, scale: number): void {
  const board = pixels / scale;
  const offset = (pixels - board) / 2;
  ctx.clearRect(0, 0, pixels, pixels);
  ctx.filter = `blur(${Math.round(board * 0.06)}px)`;
  ctx.fillStyle = "rgba(0, 0, 0, 0.55)";
  ctx.fillRect(offset + board * 0.02, offset + board * 0.04, board, board);
  ctx.filter = "none";
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
  private boardKey = "";

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
    this.materials = createMaterials();

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
    this.scene.add(this.slab, this.top, this.ground);

    const side = document.createElement("canvas");
    side.width = 1024;
    side.height = 128;
    paintSideWood(side.getContext("2d", CPU_CANVAS)!, side.width, side.height);
    const sideTexture = canvasTexture(side, this.anisotropy);
    this.materials.boardSide.map = sideTexture;

    const shadow = document.createElement("canvas");
    shadow.width = shadow.height = 256;
    paintGroundShadow(shadow.getContext("2d", CPU_CANVAS)!, 256, GROUND_SCALE);
    this.materials.ground.map = canvasTexture(shadow, 1);
  }

  /** Rebuilds the board for a size (repainting its top) and turns it for the orientation. */
  setBoard(size: number, flipped: boolean): void {
    const key = `${size}/${flipped}`;
    if (key === this.boardKey) return;
    const sizeChanged = !this.boardKey.startsWith(`${size}/`);
    this.boardKey = key;
    const half = boardHalfExtent(size);
    if (sizeChanged) {
      this.slab.geometry.dispose();
      this.slab.geometry = new RoundedBoxGeometry(2 * half, SLAB_THICKNESS, 2 * half, 4, 0.05);
      this.slab.position.y = -SLAB_THICKNESS / 2 - 0.002;
      this.top.geometry.dispose();
      this.top.geometry = new THREE.PlaneGeometry(2 * half - 0.02, 2 * half - 0.02);
      this.ground.scale.set(GROUND_SCALE * 2 * half, GROUND_SCALE * 2 * half, 1);
      const shadow = this.sun.shadow.camera;
      const reach = half + 0.4;
      shadow.left = -reach;
      shadow.right = reach;
      shadow.top = reach;
      shadow.bottom = -reach;
      shadow.near = 1;
      shadow.far = 30;
      shadow.updateProjectionMatrix();
      this.renderer.shadowMap.needsUpdate = true;
    }
    // A flipped board is the same board turned by 180°, coordinates included.
    this.top.rotation.set(-Math.PI / 2, 0, flipped ? Math.PI : 0);
    if (!sizeChanged) return;
    const layout = topLayout(size, false, TOP_TEXTURE_PIXELS);
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = layout.pixels;
    paintBoardTop(canvas.getContext("2d", CPU_CANVAS)!, layout);
    this.materials.boardTop.map?.dispose();
    this.materials.boardTop.map = canvasTexture(canvas, this.anisotropy);
    this.materials.boardTop.needsUpdate = true;
  }

  /** The playing surface, for picking. */
  get boardTop(): THREE.Object3D {
    return this.top;
  }

  dispose(): void {
    this.slab.geometry.dispose();
    this.top.geometry.dispose();
    this.ground.geometry.dispose();
    disposeMaterials(this.materials);
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}
