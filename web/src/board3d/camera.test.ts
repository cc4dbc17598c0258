import { describe, expect, it } from "vitest";
import * as THREE from "three";
import { angleDelta, boardCenterY, fitDistance, fitView, FOV, placeCamera, VIEW_POLAR } from "./camera";
import { boardHalfExtent } from "./dims";

function cornersInView(size: number, aspect: number, polar: number, distance: number, targetZ: number): boolean {
  const camera = new THREE.PerspectiveCamera(FOV, aspect, 0.1, 1000);
  placeCamera(camera, new THREE.Vector3(0, 0, targetZ), polar, 0, distance);
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
          const fit = fitView(size, aspect, VIEW_POLAR[view]);
          expect(cornersInView(size, aspect, VIEW_POLAR[view], fit.distance, fit.targetZ)).toBe(true);
          expect(cornersInView(size, aspect, VIEW_POLAR[view], fit.distance * 0.8, fit.targetZ)).toBe(false);
          expect(Math.abs(boardCenterY(size, aspect, VIEW_POLAR[view], fit))).toBeLessThan(0.02);
        });
      }
    }
  }

  it("needs a larger distance for a larger board", () => {
    expect(fitDistance(10, 1, 0)).toBeGreaterThan(fitDistance(8, 1, 0));
  });

  it("looks straight at the centre from above and a little nearer when tilted", () => {
    expect(fitView(10, 1, VIEW_POLAR.top).targetZ).toBe(0);
    expect(fitView(10, 1, VIEW_POLAR.oblique).targetZ).toBeGreaterThan(0.05);
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
