import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import type { BoardViewName } from "./api";
import { easeInOut } from "./anim";
import { SLAB_THICKNESS } from "./dims";
import type { PlanePoint } from "./geometry";

export const FOV = 32;
/**
 * The field of view on a narrow screen: a camera farther away sees the board's far rows almost
 * as large as its near ones, and the board's width (all a phone has) decides the size of all.
 */
export const FOV_NARROW = 10;
/** Polar angle (from straight above) of each named view on a wide canvas. */
export const VIEW_POLAR: Record<BoardViewName, number> = { oblique: 0.72, top: 0 };
/** The oblique view's polar angle on a square (or taller) canvas. */
export const OBLIQUE_POLAR_SQUARE = 0.5;
/** From this aspect ratio (width / height) on, the oblique view has its full tilt. */
const OBLIQUE_FULL_ASPECT = 1.6;

/**
 * The polar angle of a named view for a canvas of `aspect` (width / height). A tilted board is
 * wider than tall on screen, and its width is what must fit: on a square canvas (a phone's, or
 * the game screen's) the full tilt leaves half the canvas empty, so the oblique view tilts less
 * there (from 0.72 at aspect 1.6 down to 0.5 at aspect 1 and below), and the board fills more
 * of the canvas, its far rows and pieces drawn larger.
 */
export function viewPolar(view: BoardViewName, aspect: number, narrow = false): number {
  if (view === "top") return VIEW_POLAR.top;
  if (narrow) return OBLIQUE_POLAR_NARROW;
  const a = Number.isFinite(aspect) ? aspect : OBLIQUE_FULL_ASPECT;
  const t = Math.min(1, Math.max(0, (a - 1) / (OBLIQUE_FULL_ASPECT - 1)));
  return OBLIQUE_POLAR_SQUARE + (VIEW_POLAR.oblique - OBLIQUE_POLAR_SQUARE) * t;
}
/**
 * The oblique view's polar angle on a narrow canvas (a phone's, edge to edge): the board's
 * width is all there is, and a flatter look keeps its far rows almost as large as its near ones.
 */
export const OBLIQUE_POLAR_NARROW = 0.36;
/** A narrow screen (as style.css has it): the board's canvas spans it from edge to edge. */
export const NARROW_SCREEN = "(max-width: 640px)";
/** Lowest the camera may go: the board never tips over or shows its underside. */
export const MAX_POLAR = 1.2;
const VIEW_MS = 650;
/** Fraction of the viewport the board may fill; on a narrow canvas all but a pixel or two. */
export const MARGIN = 0.96;
export const MARGIN_NARROW = 0.99;

/** The board's outline (world x/z, turned as the board is) at the height of the pieces and of the slab's bottom. */
function boardCorners(outline: readonly PlanePoint[]): THREE.Vector3[] {
  const corners: THREE.Vector3[] = [];
  for (const p of outline) for (const y of [0.3, -SLAB_THICKNESS]) corners.push(new THREE.Vector3(p.x, y, p.z));
  return corners;
}

function outlineRadius(outline: readonly PlanePoint[]): number {
  return outline.reduce((r, p) => Math.max(r, Math.hypot(p.x, p.z)), 0.5);
}

/** Vertical extent (NDC) of the board seen from the given pose, and whether it fits the viewport. */
function projectBoard(outline: readonly PlanePoint[], aspect: number, polar: number, distance: number, targetZ: number, fov: number, margin = MARGIN): { fits: boolean; centerY: number } {
  const camera = new THREE.PerspectiveCamera(fov, aspect, 0.1, 1000);
  placeCamera(camera, new THREE.Vector3(0, 0, targetZ), polar, 0, distance);
  camera.updateMatrixWorld(true);
  let fits = true;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const corner of boardCorners(outline)) {
    const p = corner.project(camera);
    if (Math.abs(p.x) > margin || Math.abs(p.y) > margin || p.z >= 1) fits = false;
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  return { fits, centerY: (minY + maxY) / 2 };
}

/**
 * Camera distance at which the whole board (frame included) fits in the viewport when seen
 * from `polar` (azimuth 0), looking at (0, 0, targetZ), with the given aspect ratio.
 */
export function fitDistance(outline: readonly PlanePoint[], aspect: number, polar: number, targetZ = 0, fov = FOV, margin = MARGIN): number {
  const half = outlineRadius(outline);
  let lo = half * 0.3;
  let hi = half * 40;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (projectBoard(outline, aspect, polar, mid, targetZ, fov, margin).fits) hi = mid;
    else lo = mid;
  }
  return hi;
}

export interface ViewFit {
  distance: number;
  /** The camera looks at (0, 0, targetZ): slightly towards the viewer so a tilted board sits in the middle. */
  targetZ: number;
}

/** Where to put the camera so the board fills the viewport and is centred vertically. */
export function fitView(outline: readonly PlanePoint[], aspect: number, polar: number, fov = FOV, margin = MARGIN): ViewFit {
  let lo = 0;
  let hi = outlineRadius(outline) * 0.5;
  if (polar > 1e-3) {
    for (let i = 0; i < 20; i++) {
      const mid = (lo + hi) / 2;
      const distance = fitDistance(outline, aspect, polar, mid, fov, margin);
      if (projectBoard(outline, aspect, polar, distance, mid, fov, margin).centerY < 0) lo = mid;
      else hi = mid;
    }
  } else {
    hi = 0;
  }
  const targetZ = (lo + hi) / 2;
  return { distance: fitDistance(outline, aspect, polar, targetZ, fov, margin), targetZ };
}

/**
 * The width/height of a narrow screen's canvas that holds the board in its oblique view without
 * an empty band above or below it: the board then fills the canvas' width, as it does on a
 * square one, and the canvas is no taller than the board (a hair of slack keeps the width the
 * binding side). The same for every turn of a board (a square's or the star's symmetry).
 */
export function narrowAspect(outline: readonly PlanePoint[]): number {
  const polar = OBLIQUE_POLAR_NARROW;
  const fit = fitView(outline, 1, polar, FOV_NARROW, MARGIN_NARROW);
  const camera = new THREE.PerspectiveCamera(FOV_NARROW, 1, 0.1, 1000);
  placeCamera(camera, new THREE.Vector3(0, 0, fit.targetZ), polar, 0, fit.distance);
  camera.updateMatrixWorld(true);
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const corner of boardCorners(outline)) {
    const p = corner.project(camera);
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  return ((maxX - minX) / (maxY - minY)) * 0.98;
}

/** Vertical centre (NDC) of the board for a pose; exported for tests. */
export function boardCenterY(outline: readonly PlanePoint[], aspect: number, polar: number, fit: ViewFit, fov = FOV): number {
  return projectBoard(outline, aspect, polar, fit.distance, fit.targetZ, fov).centerY;
}

export function placeCamera(camera: THREE.Camera, target: THREE.Vector3, polar: number, azimuth: number, distance: number): void {
  const offset = new THREE.Vector3().setFromSpherical(new THREE.Spherical(distance, Math.max(polar, 1e-4), azimuth));
  camera.position.copy(target).add(offset);
  camera.lookAt(target);
}

/** Shortest signed turn from angle a to angle b. */
export function angleDelta(a: number, b: number): number {
  const d = (b - a) % (Math.PI * 2);
  return d > Math.PI ? d - Math.PI * 2 : d < -Math.PI ? d + Math.PI * 2 : d;
}

interface ViewTween {
  from: THREE.Spherical;
  to: THREE.Spherical;
  fromZ: number;
  toZ: number;
  start: number;
  resolve: () => void;
}

/** The perspective camera, orbit/zoom controls, named views and their animated transitions. */
export class CameraRig {
  readonly camera = new THREE.PerspectiveCamera(FOV, 1, 1, 200);
  readonly controls: OrbitControls;
  /** The orbit centre (shared with the controls). */
  private readonly target: THREE.Vector3;
  private outline: PlanePoint[] = [{ x: -5.8, z: 5.8 }, { x: 5.8, z: 5.8 }, { x: 5.8, z: -5.8 }, { x: -5.8, z: -5.8 }];
  private aspect = 1;
  /** Whether the screen is narrow (NARROW_SCREEN): a flatter oblique view, a tighter margin. */
  private narrow = false;
  private view: BoardViewName = "oblique";
  private tween: ViewTween | null = null;

  constructor(dom: HTMLElement, onChange: () => void) {
    this.controls = new OrbitControls(this.camera, dom);
    this.target = this.controls.target;
    const c = this.controls;
    c.enablePan = false;
    c.enableDamping = true;
    c.dampingFactor = 0.14;
    c.rotateSpeed = 0.75;
    c.zoomSpeed = 0.9;
    c.minPolarAngle = 0;
    c.maxPolarAngle = MAX_POLAR;
    c.touches = { ONE: THREE.TOUCH.ROTATE, TWO: THREE.TOUCH.DOLLY_ROTATE };
    c.mouseButtons = { LEFT: THREE.MOUSE.ROTATE, MIDDLE: THREE.MOUSE.DOLLY, RIGHT: THREE.MOUSE.ROTATE };
    c.addEventListener("change", onChange);
    c.addEventListener("start", () => this.cancelTween());
    placeCamera(this.camera, this.target, VIEW_POLAR.oblique, 0, 20);
    c.update();
  }

  private fit(polar: number): ViewFit {
    return fitView(this.outline, this.aspect, polar, this.camera.fov, this.narrow ? MARGIN_NARROW : MARGIN);
  }

  private updateLimits(): void {
    const reference = Math.max(this.fit(VIEW_POLAR.top).distance, this.fit(viewPolar("oblique", this.aspect, this.narrow)).distance);
    this.controls.minDistance = reference * 0.4;
    this.controls.maxDistance = reference * 1.8;
  }

  /**
   * Sets the board's outline (world x/z), the viewport aspect and whether it is narrow; keeps the
   * current zoom relative to a fitted board.
   */
  configure(outline: readonly PlanePoint[], aspect: number, reset: boolean, narrow = this.narrow): void {
    const spherical = this.spherical();
    const oldFit = this.fit(spherical.phi).distance;
    this.outline = outline.map((p) => ({ x: p.x, z: p.z }));
    this.aspect = aspect;
    // A canvas that becomes narrow or wide again changes its named view's tilt: start it afresh.
    if (narrow !== this.narrow) reset = true;
    this.narrow = narrow;
    this.camera.fov = narrow ? FOV_NARROW : FOV;
    this.camera.aspect = aspect;
    this.camera.updateProjectionMatrix();
    this.updateLimits();
    if (reset || this.tween) {
      const polar = viewPolar(this.view, aspect, narrow);
      const fit = this.fit(polar);
      const to = new THREE.Spherical(fit.distance, polar, 0);
      if (this.tween) {
        this.tween.to = to;
        this.tween.toZ = fit.targetZ;
      } else {
        this.target.set(0, 0, fit.targetZ);
        this.apply(to);
      }
    } else {
      const zoom = spherical.radius / oldFit;
      const fit = this.fit(spherical.phi);
      this.target.set(0, 0, fit.targetZ);
      this.apply(new THREE.Spherical(zoom * fit.distance, spherical.phi, spherical.theta));
    }
  }

  private spherical(): THREE.Spherical {
    return new THREE.Spherical().setFromVector3(this.camera.position.clone().sub(this.target));
  }

  private apply(s: THREE.Spherical): void {
    placeCamera(this.camera, this.target, s.phi, s.theta, s.radius);
    this.controls.update();
  }

  /** Moves the camera to a named view: animated, or at the next frame when `instant`. */
  setView(view: BoardViewName, now: number, instant = false): Promise<void> {
    this.view = view;
    this.cancelTween();
    const from = this.spherical();
    const polar = viewPolar(view, this.aspect, this.narrow);
    const fit = this.fit(polar);
    const to = new THREE.Spherical(fit.distance, polar, from.theta + angleDelta(from.theta, 0));
    // Already there (the view's button pressed again): one frame, not a glide on the spot.
    const there =
      Math.abs(from.radius - to.radius) < 1e-3 * to.radius && Math.abs(from.phi - to.phi) < 1e-3 && Math.abs(from.theta - to.theta) < 1e-3 && Math.abs(this.target.z - fit.targetZ) < 1e-3;
    return new Promise((resolve) => {
      this.tween = { from, to, fromZ: this.target.z, toZ: fit.targetZ, start: instant || there ? now - VIEW_MS : now, resolve };
    });
  }

  private cancelTween(): void {
    const tween = this.tween;
    this.tween = null;
    tween?.resolve();
  }

  get animating(): boolean {
    return this.tween !== null;
  }

  /** Advances the view transition and the controls' damping; true while the camera still moves. */
  update(now: number): boolean {
    const tween = this.tween;
    if (tween) {
      const t = Math.min(1, Math.max(0, now - tween.start) / VIEW_MS);
      const k = easeInOut(t);
      const lerp = (a: number, b: number) => a + (b - a) * k;
      this.target.set(0, 0, lerp(tween.fromZ, tween.toZ));
      placeCamera(
        this.camera,
        this.target,
        lerp(tween.from.phi, tween.to.phi),
        lerp(tween.from.theta, tween.to.theta),
        lerp(tween.from.radius, tween.to.radius),
      );
      if (t >= 1) {
        this.tween = null;
        tween.resolve();
      }
      this.controls.update();
      return true;
    }
    return this.controls.update();
  }

  dispose(): void {
    this.cancelTween();
    this.controls.dispose();
  }
}
