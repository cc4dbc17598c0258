import { describe, expect, it } from "vitest";
import * as THREE from "three";
import { angleDelta, fitDistance, FOV, placeCamera, VIEW_POLAR } from "./camera";
import { boardHalfExtent } from "./dims";

function cornersInView(size: number, aspect: number, polar: number, distance: number): boolean {
  const camera = new THREE.PerspectiveCamera(FOV, aspect, 0.1, 1000);
  placeCamera(camera, new THREE.Vector3(), polar, 0, distance);
  camera.updateMatrixWorld(true);
  const half = boardHalfExtent(size);
  return [-half, half].every((x) =>
    [-half, half].every((z) => {
      const p = new THREE.Vector3(x, 0, z).project(camera);
      return Math.abs(p.x) <= 1 && Math.abs(p.y) <= 1;
    }),
  );
}

describe("camera fitting", () => {
  for (const size of [8, 10]) {
    for (const aspect of [0.6, 1, 1.8]) {
      for (const view of ["oblique", "top"] as const) {
        it(`fits the whole ${size}×${size} board at aspect ${aspect} in the ${view} view, and not much farther`, () => {
          const d = fitDistance(size, aspect, VIEW_POLAR[view]);
          expect(cornersInView(size, aspect, VIEW_POLAR[view], d)).toBe(true);
          expect(cornersInView(size, aspect, VIEW_POLAR[view], d * 0.8)).toBe(false);
        });
      }
    }
  }

  it("needs a larger distance for a larger board", () => {
    expect(fitDistance(10, 1, 0)).toBeGreaterThan(fitDistance(8, 1, 0));
  });
});

describe("angleDelta", () => {
  it("takes the short way round", () => {
    expect(angleDelta(0, 0.5)).toBeCloseTo(0.5);
    expect(angleDelta(3, -3)).toBeCloseTo(2 * Math.PI - 6);
    expect(angleDelta(-3, 3)).toBeCloseTo(6 - 2 * Math.PI);
    expect(angleDelta(7, 0)).toBeCloseTo(-(7 - 2 * Math.PI));
  });
});
