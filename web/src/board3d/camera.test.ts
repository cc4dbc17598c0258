import { describe, expect, it } from "vitest";
import * as THREE from "three";
import { angleDelta, boardCenterY, fitDistance, fitView, FOV, FOV_NARROW, MARGIN, MARGIN_NARROW, narrowAspect, OBLIQUE_POLAR_NARROW, OBLIQUE_POLAR_SQUARE, placeCamera, VIEW_POLAR, viewPolar } from "./camera";
import { layoutOf, loadRulesInNode } from "./dev/rules";
import { BoardGeometry, type PlanePoint } from "./geometry";

await loadRulesInNode();

function outlineInView(outline: readonly PlanePoint[], aspect: number, polar: number, distance: number, targetZ: number): boolean {
  const camera = new THREE.PerspectiveCamera(FOV, aspect, 0.1, 1000);
  placeCamera(camera, new THREE.Vector3(0, 0, targetZ), polar, 0, distance);
  camera.updateMatrixWorld(true);
  return outline.every((corner) => {
    const p = new THREE.Vector3(corner.x, 0, corner.z).project(camera);
    return Math.abs(p.x) <= 1 && Math.abs(p.y) <= 1;
  });
}

const BOARDS = {
  "draughts 8×8": new BoardGeometry(layoutOf("english")),
  "draughts 10×10": new BoardGeometry(layoutOf("international")),
  "Halma 16×16": new BoardGeometry(layoutOf("halma-16", 4)),
  star: new BoardGeometry(layoutOf("chinese-checkers", 6)),
};

describe("camera fitting", () => {
  for (const [name, geometry] of Object.entries(BOARDS)) {
    for (const rotation of name === "star" ? [0, 60, 120] : [0, 90, 180]) {
      const outline = geometry.worldOutline(rotation);
      for (const aspect of [0.46, 1, 1.8]) {
        for (const view of ["oblique", "top"] as const) {
          it(`fits the whole ${name} board turned by ${rotation}° at aspect ${aspect} in the ${view} view, and not much farther`, () => {
            const fit = fitView(outline, aspect, VIEW_POLAR[view]);
            expect(outlineInView(outline, aspect, VIEW_POLAR[view], fit.distance, fit.targetZ)).toBe(true);
            expect(outlineInView(outline, aspect, VIEW_POLAR[view], fit.distance * 0.8, fit.targetZ)).toBe(false);
            expect(Math.abs(boardCenterY(outline, aspect, VIEW_POLAR[view], fit))).toBeLessThan(0.02);
          });
        }
      }
    }
  }

  it("needs a larger distance for a larger board", () => {
    expect(fitDistance(BOARDS["draughts 10×10"].outline, 1, 0)).toBeGreaterThan(fitDistance(BOARDS["draughts 8×8"].outline, 1, 0));
    expect(fitDistance(BOARDS["Halma 16×16"].outline, 1, 0)).toBeGreaterThan(fitDistance(BOARDS["draughts 10×10"].outline, 1, 0));
  });

  it("fits the star the same for every seat, its six points being alike", () => {
    const star = BOARDS.star;
    const distances = [0, 60, 120, 180, 240, 300].map((r) => fitDistance(star.worldOutline(r), 1.4, VIEW_POLAR.oblique));
    for (const d of distances) expect(d).toBeCloseTo(distances[0]!, 3);
  });

  it("looks straight at the centre from above and a little nearer when tilted", () => {
    const outline = BOARDS["draughts 10×10"].outline;
    expect(fitView(outline, 1, VIEW_POLAR.top).targetZ).toBe(0);
    expect(fitView(outline, 1, VIEW_POLAR.oblique).targetZ).toBeGreaterThan(0.05);
  });
});

/** The share of a canvas of `aspect` that the board's playing surface covers, fitted at `polar`. */
function filled(outline: readonly PlanePoint[], aspect: number, polar: number): number {
  const fit = fitView(outline, aspect, polar);
  const camera = new THREE.PerspectiveCamera(FOV, aspect, 0.1, 1000);
  placeCamera(camera, new THREE.Vector3(0, 0, fit.targetZ), polar, 0, fit.distance);
  camera.updateMatrixWorld(true);
  const points = outline.map((c) => new THREE.Vector3(c.x, 0, c.z).project(camera));
  let area = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]!;
    area += p.x * q.y - q.x * p.y;
  });
  // NDC spans 2 × 2.
  return Math.abs(area) / 2 / 4;
}

describe("viewPolar", () => {
  it("tilts fully on a wide canvas, less on a square or tall one, and never changes the top view", () => {
    expect(viewPolar("oblique", 1.8)).toBe(VIEW_POLAR.oblique);
    expect(viewPolar("oblique", 1)).toBe(OBLIQUE_POLAR_SQUARE);
    expect(viewPolar("oblique", 0.46)).toBe(OBLIQUE_POLAR_SQUARE);
    const between = viewPolar("oblique", 1.3);
    expect(between).toBeGreaterThan(OBLIQUE_POLAR_SQUARE);
    expect(between).toBeLessThan(VIEW_POLAR.oblique);
    for (const aspect of [0.46, 1, 1.8]) expect(viewPolar("top", aspect)).toBe(0);
    expect(viewPolar("oblique", Number.NaN)).toBe(VIEW_POLAR.oblique);
  });

  it("makes the oblique board fill a square canvas better than the full tilt does (a phone's board)", () => {
    for (const name of ["draughts 8×8", "draughts 10×10", "star"] as const) {
      const outline = BOARDS[name].worldOutline(0);
      const full = filled(outline, 1, VIEW_POLAR.oblique);
      const framed = filled(outline, 1, viewPolar("oblique", 1));
      expect(framed).toBeGreaterThan(full * 1.15);
    }
    expect(filled(BOARDS["draughts 8×8"].worldOutline(0), 1, viewPolar("oblique", 1))).toBeGreaterThan(0.6);
  });
});

/** Width (NDC) of the playing surface's far and near edges, on a square canvas fitted as a phone or a desktop frames it. */
function rowWidths(outline: readonly PlanePoint[], narrow: boolean): { far: number; near: number } {
  const polar = viewPolar("oblique", 1, narrow);
  const fov = narrow ? FOV_NARROW : FOV;
  const fit = fitView(outline, 1, polar, fov, narrow ? MARGIN_NARROW : MARGIN);
  const camera = new THREE.PerspectiveCamera(fov, 1, 0.1, 1000);
  placeCamera(camera, new THREE.Vector3(0, 0, fit.targetZ), polar, 0, fit.distance);
  camera.updateMatrixWorld(true);
  const x = Math.max(...outline.map((p) => p.x));
  const z = Math.max(...outline.map((p) => p.z));
  const width = (zEdge: number) => new THREE.Vector3(x, 0, zEdge).project(camera).x - new THREE.Vector3(-x, 0, zEdge).project(camera).x;
  return { far: width(-z), near: width(z) };
}

describe("a narrow screen's view", () => {
  it("tilts less, and draws the board wider with its far row nearly as wide as its near one", () => {
    expect(viewPolar("oblique", 1, true)).toBe(OBLIQUE_POLAR_NARROW);
    expect(viewPolar("oblique", 1, true)).toBeLessThan(viewPolar("oblique", 1));
    expect(viewPolar("top", 1, true)).toBe(0);
    for (const name of ["draughts 8×8", "draughts 10×10", "Halma 16×16"] as const) {
      const outline = BOARDS[name].worldOutline(0);
      const wide = rowWidths(outline, false);
      const narrow = rowWidths(outline, true);
      expect(narrow.far).toBeGreaterThan(wide.far * 1.1);
      expect(narrow.far / narrow.near).toBeGreaterThan(0.88);
      expect(narrow.far / narrow.near).toBeGreaterThan(wide.far / wide.near);
      expect(narrow.near).toBeLessThanOrEqual(2 * MARGIN_NARROW);
    }
  });
});

/** The board's extent (NDC) on a canvas of `aspect`, fitted as a narrow screen's oblique view. */
function narrowExtent(outline: readonly PlanePoint[], aspect: number): { width: number; height: number } {
  const fit = fitView(outline, aspect, OBLIQUE_POLAR_NARROW, FOV_NARROW, MARGIN_NARROW);
  const camera = new THREE.PerspectiveCamera(FOV_NARROW, aspect, 0.1, 1000);
  placeCamera(camera, new THREE.Vector3(0, 0, fit.targetZ), OBLIQUE_POLAR_NARROW, 0, fit.distance);
  camera.updateMatrixWorld(true);
  const points = outline.flatMap((p) => [new THREE.Vector3(p.x, 0.4, p.z), new THREE.Vector3(p.x, -0.42, p.z)]).map((v) => v.project(camera));
  const span = (values: number[]) => (Math.max(...values) - Math.min(...values)) / 2;
  return { width: span(points.map((p) => p.x)), height: span(points.map((p) => p.y)) };
}

describe("a narrow screen's canvas shape", () => {
  for (const [name, layout] of [
    ["draughts 8×8", layoutOf("english")],
    ["Halma 16×16", layoutOf("halma-16", 4)],
    ["star", layoutOf("chinese-checkers", 6)],
  ] as const) {
    it(`holds the ${name} board as large as a square canvas does, with no empty band above or below it`, () => {
      const geometry = new BoardGeometry(layout, true);
      const aspect = narrowAspect(geometry.worldOutline(0));
      const shaped = narrowExtent(geometry.worldOutline(0), aspect);
      // The board spans (nearly) the whole height and still fills the width.
      expect(shaped.height).toBeGreaterThan(0.94);
      expect(shaped.width).toBeGreaterThan(0.96);
      // Turned, it needs the same shape.
      const turned = narrowAspect(geometry.worldOutline(name === "star" ? 60 : 90));
      expect(turned).toBeCloseTo(aspect, 3);
      if (name !== "star") {
        // A square board seen at a slant is wider than tall, so the canvas is too; the board as
        // wide as on a square canvas of the same width.
        expect(aspect).toBeGreaterThan(1);
        expect(shaped.width).toBeGreaterThan(0.99 * narrowExtent(geometry.worldOutline(0), 1).width);
      }
    });
  }
});

describe("angleDelta", () => {
  it("takes the short way round", () => {
    expect(angleDelta(0, 0.5)).toBeCloseTo(0.5);
    expect(angleDelta(3, -3)).toBeCloseTo(2 * Math.PI - 6);
    expect(angleDelta(-3, 3)).toBeCloseTo(6 - 2 * Math.PI);
    expect(angleDelta(7, 0)).toBeCloseTo(-(7 - 2 * Math.PI));
  });
});
