import { describe, expect, it } from "vitest";
import { layoutOf, loadRulesInNode } from "./dev/rules";
import type { BoardLayout } from "./api";
import { FRAME_WIDTH_NARROW, NARROW_LABEL_SHARE, STAR_MARGIN_NARROW, narrowFrameWidth } from "./dims";
import { BoardGeometry, rotatePoint, unrotatePoint } from "./geometry";

await loadRulesInNode();

const near = (a: { x: number; z: number }, b: { x: number; z: number }) => {
  expect(a.x).toBeCloseTo(b.x, 9);
  expect(a.z).toBeCloseTo(b.z, 9);
};

describe("square boards", () => {
  it("put a1 near-left and the last square far-right, centred on the origin", () => {
    const eight = new BoardGeometry(layoutOf("english"));
    expect(eight.position("a1")).toEqual({ x: -3.5, z: 3.5 });
    expect(eight.position("h8")).toEqual({ x: 3.5, z: -3.5 });
    const ten = new BoardGeometry(layoutOf("international"));
    expect(ten.position("j10")).toEqual({ x: 4.5, z: -4.5 });
    const sixteen = new BoardGeometry(layoutOf("halma-16", 2));
    expect(sixteen.position("a1")).toEqual({ x: -7.5, z: 7.5 });
    expect(sixteen.position("p16")).toEqual({ x: 7.5, z: -7.5 });
    expect(sixteen.position("q1")).toBeNull();
  });

  it("have the playing area plus the frame as their bounds", () => {
    for (const [layout, half] of [
      [layoutOf("english"), 4],
      [layoutOf("international"), 5],
      [layoutOf("halma-8"), 4],
      [layoutOf("halma-16", 2), 8],
    ] as const) {
      const g = new BoardGeometry(layout);
      expect(g.halfWidth).toBe(half);
      expect(g.halfDepth).toBe(half);
      expect(g.outline).toHaveLength(4);
      for (const p of g.outline) {
        expect(Math.abs(p.x)).toBeCloseTo(half + 0.8);
        expect(Math.abs(p.z)).toBeCloseTo(half + 0.8);
      }
    }
  });

  it("have a narrower frame on a narrow screen, the cells where they were", () => {
    for (const layout of [layoutOf("english"), layoutOf("halma-16", 4)]) {
      const wide = new BoardGeometry(layout);
      const narrow = new BoardGeometry(layout, true);
      expect(narrow.frameWidth).toBe(narrowFrameWidth(2 * wide.halfWidth));
      expect(narrow.frameWidth).toBeLessThanOrEqual(wide.frameWidth);
      for (const p of narrow.outline) expect(Math.abs(p.x)).toBeCloseTo(wide.halfWidth + narrow.frameWidth);
      for (const cell of layout.cells) expect(narrow.position(cell.name)).toEqual(wide.position(cell.name));
    }
    // On a phone the board fills the screen's width, so a coordinate's height on screen is its
    // share of the board's width: 16×16's stay at least 0.8 of 8×8's, not half.
    const labelShare = (layout: BoardLayout) => {
      const narrow = new BoardGeometry(layout, true);
      return (narrow.frameWidth * NARROW_LABEL_SHARE) / (2 * (narrow.halfWidth + narrow.frameWidth));
    };
    expect(new BoardGeometry(layoutOf("english"), true).frameWidth).toBe(FRAME_WIDTH_NARROW);
    expect(labelShare(layoutOf("halma-16", 2))).toBeGreaterThan(0.8 * labelShare(layoutOf("english")));
    const star = new BoardGeometry(layoutOf("chinese-checkers", 6));
    const narrowStar = new BoardGeometry(layoutOf("chinese-checkers", 6), true);
    expect(narrowStar.frameWidth).toBe(STAR_MARGIN_NARROW);
    expect(narrowStar.radius).toBeLessThan(star.radius);
  });

  it("read their coordinates from the cell names", () => {
    const { files, ranks } = new BoardGeometry(layoutOf("halma-16", 2)).squareLabels();
    expect(files.map((f) => f.text).join("")).toBe("abcdefghijklmnop");
    expect(files[0]!.at).toBe(-7.5);
    // Ranks from the far side (−z) to the near one.
    expect(ranks[0]).toEqual({ text: "16", at: -7.5 });
    expect(ranks[15]).toEqual({ text: "1", at: 7.5 });
  });

  for (const [name, layout] of [
    ["draughts 8×8", layoutOf("english")],
    ["draughts 10×10", layoutOf("international")],
    ["Halma 10×10", layoutOf("halma-10")],
    ["Halma 16×16", layoutOf("halma-16", 4)],
  ] as const) {
    it(`pick every square of ${name} back from its centre and near its corners, light squares as unplayable`, () => {
      const g = new BoardGeometry(layout);
      for (const cell of layout.cells) {
        const p = g.position(cell.name)!;
        const kind = cell.playable ? "cell" : "unplayable";
        for (const [dx, dz] of [[0, 0], [0.45, 0.45], [-0.45, 0.45], [0.45, -0.45], [-0.45, -0.45]] as const) {
          expect(g.pick({ x: p.x + dx, z: p.z + dz })).toEqual({ kind, cell: cell.name });
        }
      }
    });
  }

  it("report points beyond the playing area as outside", () => {
    const g = new BoardGeometry(layoutOf("english"));
    expect(g.pick({ x: 4.01, z: 0 })).toEqual({ kind: "outside" });
    expect(g.pick({ x: 0, z: -4.2 })).toEqual({ kind: "outside" });
    expect(g.pick({ x: -3.9, z: 3.9 })).toEqual({ kind: "cell", cell: "a1" });
    expect(g.pick({ x: 3.9, z: 3.9 })).toEqual({ kind: "unplayable", cell: "h1" });
  });
});

describe("the star", () => {
  const g = new BoardGeometry(layoutOf("chinese-checkers", 6));
  const h = Math.sqrt(3) / 2;

  it("has 121 points centred on i5, a1 the near tip and q1 the far one", () => {
    expect(g.cells).toHaveLength(121);
    near(g.position("i5")!, { x: 0, z: 0 });
    near(g.position("a1")!, { x: 0, z: 8 * h });
    near(g.position("q1")!, { x: 0, z: -8 * h });
    near(g.position("e1")!, { x: -6, z: 4 * h });
    near(g.position("m13")!, { x: 6, z: -4 * h });
  });

  it("puts every point's six neighbours one unit away", () => {
    const ids = g.cells.map((c) => g.position(c.name)!);
    for (const p of ids) {
      const neighbours = ids.filter((q) => Math.abs(Math.hypot(q.x - p.x, q.z - p.z) - 1) < 1e-9);
      expect(neighbours.length).toBeGreaterThanOrEqual(2);
      expect(neighbours.length).toBeLessThanOrEqual(6);
    }
    // Points on the rim lack some; the six tip holes have only two.
    const counts = ids.map((p) => ids.filter((q) => Math.abs(Math.hypot(q.x - p.x, q.z - p.z) - 1) < 1e-9).length);
    expect(counts.filter((n) => n === 2)).toHaveLength(6);
    expect(counts.filter((n) => n === 6)).toHaveLength(73);
  });

  it("is a hexagram whose six tips lie beyond the tip holes, with every hole inside", () => {
    expect(g.outline).toHaveLength(12);
    const tips = g.outline.filter((_, i) => i % 2 === 1);
    for (const tip of tips) expect(Math.hypot(tip.x, tip.z)).toBeGreaterThan(8 * h + 0.75);
    // The near tip points to the first seat.
    expect(tips.some((t) => Math.abs(t.x) < 1e-9 && t.z > 0)).toBe(true);
    expect(g.radius).toBeCloseTo(8 * h + 1.5);
  });

  it("picks every point from anywhere within half a unit of it, and nothing between the tips", () => {
    for (const cell of g.cells) {
      const p = g.position(cell.name)!;
      for (let k = 0; k < 6; k++) {
        const a = (k * Math.PI) / 3 + 0.2;
        expect(g.pick({ x: p.x + 0.45 * Math.cos(a), z: p.z + 0.45 * Math.sin(a) })).toEqual({ kind: "cell", cell: cell.name });
      }
    }
    // Between two tips (beyond the notch) there are no holes.
    expect(g.pick({ x: 6, z: 0 })).toEqual({ kind: "outside" });
    expect(g.pick({ x: 0, z: 8 * h + 0.7 })).toEqual({ kind: "outside" });
  });
});

describe("rotation", () => {
  it("turns counter-clockwise seen from above: the right side comes to the far side at 90°", () => {
    near(rotatePoint({ x: 1, z: 0 }, 90), { x: 0, z: -1 });
    near(rotatePoint({ x: 0, z: 1 }, 180), { x: 0, z: -1 });
  });

  it("brings each seat's camp to the near edge at its viewAngle", () => {
    // Square Halma with four players: corners a1, a16, p16, p1 at 0°, 90°, 180°, 270°.
    const square = new BoardGeometry(layoutOf("halma-16", 4));
    for (const [cell, angle] of [["a1", 0], ["a16", 90], ["p16", 180], ["p1", 270]] as const) {
      const p = rotatePoint(square.position(cell)!, angle);
      near(p, { x: -7.5, z: 7.5 });
    }
    // The star's seats k = 1…6 at (k − 1)·60°: each camp's tip hole comes to the near tip.
    const star = new BoardGeometry(layoutOf("chinese-checkers", 6));
    const tipHoles = ["a1", "e1", "m1", "q1", "m13", "e13"];
    tipHoles.forEach((cell, seat) => {
      expect(star.cell(cell)!.camp).toBe(seat);
      near(rotatePoint(star.position(cell)!, seat * 60), star.position("a1")!);
    });
  });

  it("round-trips through unrotatePoint and picks the same cell after turning", () => {
    const star = new BoardGeometry(layoutOf("chinese-checkers", 6));
    for (const angle of [0, 60, 120, 180, 240, 300]) {
      for (const cell of star.cells) {
        const world = rotatePoint(star.position(cell.name)!, angle);
        expect(star.pick(unrotatePoint(world, angle))).toEqual({ kind: "cell", cell: cell.name });
      }
    }
  });
});
