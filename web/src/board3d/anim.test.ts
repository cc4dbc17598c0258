import { describe, expect, it } from "vitest";
import { captureScaleAt, passesOver, planRoute, poseAt, REMOVE_MS } from "./anim";

const a = { x: 0, z: 0 };
const b = { x: 2, z: -2 };
const c = { x: 4, z: 0 };

describe("move animation plan", () => {
  it("starts at the origin and ends at the last landing on the board", () => {
    const plan = planRoute([a, b, c], true, true);
    expect(poseAt(plan, 0)).toEqual({ x: 0, y: 0, z: 0 });
    expect(poseAt(plan, plan.arrival)).toEqual({ x: 4, y: 0, z: 0 });
    expect(poseAt(plan, plan.total + 1000)).toEqual({ x: 4, y: 0, z: 0 });
  });

  it("passes through every landing square in order", () => {
    const plan = planRoute([a, b, c], true, true);
    const atFirstLanding = poseAt(plan, plan.segmentEnds[0]!);
    expect(atFirstLanding.x).toBeCloseTo(2);
    expect(atFirstLanding.z).toBeCloseTo(-2);
    expect(atFirstLanding.y).toBeCloseTo(0);
    expect(plan.segmentEnds).toHaveLength(2);
  });

  it("hops over captured pieces but slides quiet moves", () => {
    const hop = planRoute([a, b], true, true);
    const slide = planRoute([a, b], false, false);
    expect(poseAt(hop, hop.arrival / 2).y).toBeGreaterThan(0.2);
    expect(poseAt(slide, slide.arrival / 2).y).toBeLessThan(0.1);
  });

  it("removes captured pieces only after the piece has arrived", () => {
    const plan = planRoute([a, b], true, true);
    expect(plan.total).toBe(plan.arrival + REMOVE_MS);
    expect(captureScaleAt(plan, plan.arrival)).toBe(1);
    expect(captureScaleAt(plan, plan.arrival + REMOVE_MS / 2)).toBeGreaterThan(0);
    expect(captureScaleAt(plan, plan.arrival + REMOVE_MS / 2)).toBeLessThan(1);
    expect(captureScaleAt(plan, plan.total)).toBe(0);
  });

  it("takes longer for longer routes", () => {
    expect(planRoute([a, b, c], true, true).arrival).toBeGreaterThan(planRoute([a, b], true, true).arrival);
    expect(planRoute([a, { x: 5, z: -5 }], false, false).arrival).toBeGreaterThan(planRoute([a, { x: 1, z: -1 }], false, false).arrival);
  });
});

describe("hops", () => {
  it("hops over a piece between two landings and slides past empty points", () => {
    expect(passesOver({ x: 0, z: 0 }, { x: 2, z: 0 }, [{ x: 1, z: 0 }])).toBe(true);
    expect(passesOver({ x: 0, z: 0 }, { x: 1, z: 0.87 }, [{ x: 2, z: 0 }])).toBe(false);
    // A flying king's capture: the taken piece anywhere along the line.
    expect(passesOver({ x: 0, z: 0 }, { x: 5, z: -5 }, [{ x: 3, z: -3 }])).toBe(true);
    // Pieces at the ends are not in the way.
    expect(passesOver({ x: 0, z: 0 }, { x: 2, z: 0 }, [{ x: 2, z: 0 }, { x: 0, z: 0 }])).toBe(false);
  });

  it("gives each segment its own way of moving", () => {
    const plan = planRoute([a, b, c], [false, true], false);
    expect(poseAt(plan, plan.segmentEnds[0]! / 2).y).toBeLessThan(0.1);
    expect(poseAt(plan, (plan.segmentEnds[0]! + plan.segmentEnds[1]!) / 2).y).toBeGreaterThan(0.2);
  });
});
