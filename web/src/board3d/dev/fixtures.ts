// Fixture layouts and positions for the board demo and board3d's tests, until the wasm model
// describes every board. The rules stay in Rust: these are examples written down, not derived.
import type { BoardLayout, Cell, ColorKey, LastMoveView, PieceView } from "../api";

const FILES = "abcdefghijklmnop";

/** A draughts board: every square, the dark ones (a1 dark) played. */
export function draughtsLayout(size: 8 | 10): BoardLayout {
  const cells: Cell[] = [];
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) cells.push({ name: `${FILES[x]}${y + 1}`, x, y, playable: (x + y) % 2 === 0, camp: null });
  return { shape: "square", cells };
}

/** Rows of each corner camp, from the corner outwards (SPEC §2.4). */
function campRows(size: 8 | 10 | 16, players: 2 | 4): number[] {
  if (size === 16) return players === 4 ? [4, 4, 3, 2] : [5, 5, 4, 3, 2];
  return size === 8 ? [4, 3, 2, 1] : [5, 4, 3, 2, 1];
}

/** A square Halma board; the seats' corners clockwise from a1 (2 players: a1 and the opposite corner). */
export function halmaLayout(size: 8 | 10 | 16, players: 2 | 4 = 2): BoardLayout {
  const rows = campRows(size, players);
  const last = size - 1;
  const corners: ((x: number, y: number) => [number, number])[] = [
    (x, y) => [x, y],
    (x, y) => [x, last - y],
    (x, y) => [last - x, last - y],
    (x, y) => [last - x, y],
  ];
  const seatCorners = players === 4 ? [0, 1, 2, 3] : [0, 2];
  const cells: Cell[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let camp: number | null = null;
      seatCorners.forEach((corner, seat) => {
        const [cx, cy] = corners[corner]!(x, y);
        if (cy < rows.length && cx < rows[cy]!) camp = seat;
      });
      cells.push({ name: `${FILES[x]}${y + 1}`, x, y, playable: true, camp });
    }
  }
  return { shape: "square", cells };
}

const STAR_ROWS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const STAR_CAMPS: Record<number, string> = {
  1: "e1 e2 e3 e4 f1 f2 f3 g1 g2 h1",
  2: "j1 k1 k2 l1 l2 l3 m1 m2 m3 m4",
  4: "j10 k10 k11 l10 l11 l12 m10 m11 m12 m13",
  5: "e10 e11 e12 e13 f10 f11 f12 g10 g11 h10",
};

/** The Chinese checkers star: rows a (bottom tip) to q, points numbered from the left. */
export function starLayout(): BoardLayout {
  const cells: Cell[] = [];
  STAR_ROWS.forEach((length, row) => {
    for (let i = 1; i <= length; i++) {
      const name = `${"abcdefghijklmnopq"[row]}${i}`;
      let camp: number | null = row <= 3 ? 0 : row >= 13 ? 3 : null;
      for (const [seat, names] of Object.entries(STAR_CAMPS)) if (names.split(" ").includes(name)) camp = Number(seat);
      cells.push({ name, x: (2 * (i - 1) - (length - 1)) / 2, y: (row * Math.sqrt(3)) / 2, playable: true, camp });
    }
  });
  return { shape: "star", cells };
}

export const HALMA_COLORS: ColorKey[] = ["red", "yellow", "green", "blue", "violet", "orange"];

export interface FixturePosition {
  pieces: PieceView[];
  lastMoves: LastMoveView[];
  selected: string;
  previewPath: string[];
  dests: string[];
}

/** Positions a few rounds into a game (pieces "cell:seat"), with a jump chain to preview. */
const POSITIONS = {
  "star-2": {
    pieces: "b1:0 b2:0 c3:0 d1:0 d2:0 d3:0 d4:0 e7:0 e8:0 e9:0 m4:3 m5:3 m7:3 n1:3 n2:3 n3:3 n4:3 o3:3 p1:3 p2:3",
    lastMoves: [{ seat: 0, path: ["a1", "c1", "e7"] }, { seat: 3, path: ["o2", "m6", "m4"] }],
    selected: "c3",
    previewPath: ["c3", "a1", "c1", "e5"],
    dests: ["a1", "c1", "c2", "e5"],
  },
  "star-3": {
    pieces: "b1:0 b2:0 c3:0 d1:0 d2:0 d3:0 d4:0 e7:0 e8:0 e9:0 i1:2 j1:2 j2:2 k1:2 k2:2 k3:2 l1:2 l3:2 m2:2 m4:2 h10:4 i9:4 j10:4 k10:4 k9:4 l10:4 l12:4 m10:4 m11:4 m12:4",
    lastMoves: [{ seat: 0, path: ["a1", "c1", "e7"] }, { seat: 2, path: ["m1", "m3", "k3"] }, { seat: 4, path: ["l11", "j9", "h10"] }],
    selected: "c3",
    previewPath: ["c3", "a1", "c1", "e5"],
    dests: ["a1", "c1", "c2", "e5"],
  },
  "star-4": {
    pieces: "b1:0 b2:0 c3:0 d1:0 d2:0 d3:0 d4:0 e7:0 e8:0 e9:0 c2:1 e2:1 e5:1 f1:1 f2:1 f3:1 g1:1 g2:1 g3:1 h1:1 m4:3 m5:3 m7:3 n1:3 n2:3 n3:3 n4:3 o3:3 p1:3 p2:3 h10:4 i9:4 j10:4 k10:4 k9:4 l10:4 l12:4 m10:4 m11:4 m12:4",
    lastMoves: [{ seat: 0, path: ["a1", "c1", "e7"] }, { seat: 1, path: ["e4", "e6", "c2"] }, { seat: 3, path: ["o2", "m6", "m4"] }, { seat: 4, path: ["l11", "j9", "h10"] }],
    selected: "d1",
    previewPath: ["d1", "f4", "h2"],
    dests: ["c1", "e6", "f4", "h2"],
  },
  "star-6": {
    pieces: "a1:0 b1:0 b2:0 c1:0 d2:0 d3:0 d4:0 e8:0 g9:0 h2:0 d1:1 e2:1 e4:1 e5:1 f1:1 f3:1 g1:1 g2:1 g3:1 h1:1 i1:2 j1:2 j2:2 k1:2 k2:2 k3:2 l1:2 l3:2 m2:2 m4:2 l2:3 m5:3 m7:3 n2:3 n3:3 n4:3 o2:3 o3:3 p1:3 p2:3 f9:4 i9:4 k10:4 k9:4 l10:4 l11:4 l12:4 m10:4 m11:4 m12:4 c3:5 e10:5 e12:5 e7:5 f10:5 f11:5 f12:5 g10:5 g11:5 l9:5",
    lastMoves: [{ seat: 0, path: ["d1", "f4", "h2"] }, { seat: 1, path: ["f2", "f4", "d1"] }, { seat: 2, path: ["m1", "m3", "k3"] }, { seat: 3, path: ["n1", "l4", "l2"] }, { seat: 4, path: ["j10", "h9", "f9"] }, { seat: 5, path: ["h10", "j9", "l9"] }],
    selected: "g9",
    previewPath: ["g9", "e11", "e13"],
    dests: ["e11", "e13", "e9", "g8", "h8", "h9"],
  },
  "halma-8": {
    pieces: "a3:0 a4:0 b2:0 b3:0 c1:0 c2:0 d1:0 d3:0 e3:0 e4:0 d2:1 e8:1 f2:1 f5:1 f7:1 f8:1 g6:1 g7:1 g8:1 h5:1",
    lastMoves: [{ seat: 0, path: ["a2", "c4", "e2", "e4"] }, { seat: 1, path: ["h6", "f6", "f4", "d4", "f2"] }],
    selected: "c1",
    previewPath: ["c1", "e1", "g3"],
    dests: ["a1", "b1", "c3", "e1", "g3"],
  },
  "halma-10": {
    pieces: "a1:0 a4:0 a5:0 b1:0 b2:0 b4:0 c1:0 c2:0 c3:0 c5:0 c6:0 d1:0 d2:0 e1:0 f9:0 e7:1 e8:1 f10:1 f8:1 g10:1 g9:1 h8:1 h9:1 i7:1 i8:1 j10:1 j6:1 j7:1 j8:1 j9:1",
    lastMoves: [{ seat: 0, path: ["b3", "b5", "d7", "f9"] }, { seat: 1, path: ["i9", "g7", "e9", "e7"] }],
    selected: "b1",
    previewPath: ["b1", "b3", "b5", "d7", "f7"],
    dests: ["a2", "b3", "b5", "b7", "d3", "d5", "d7", "d9", "f7"],
  },
  "halma-16": {
    pieces: "a1:0 a2:0 a5:0 b1:0 b2:0 b4:0 b5:0 c1:0 c2:0 c3:0 c4:0 c6:0 c7:0 d1:0 d2:0 d3:0 d7:0 e1:0 e2:0 j13:1 j14:1 k14:1 l15:1 l16:1 m14:1 m15:1 n13:1 n14:1 o12:1 o13:1 o14:1 o15:1 o16:1 p12:1 p13:1 p14:1 p15:1 p16:1",
    lastMoves: [{ seat: 0, path: ["b3", "d5", "b7", "d7"] }, { seat: 1, path: ["n15", "l13", "j15", "j13"] }],
    selected: "a1",
    previewPath: ["a1", "a3", "c5"],
    dests: ["a3", "c5"],
  },
  "halma-16-4": {
    pieces: "a1:0 a2:0 a3:0 a4:0 b3:0 b4:0 c2:0 c3:0 d1:0 d2:0 e3:0 f3:0 f4:0 a13:1 a16:1 b13:1 b14:1 b16:1 c11:1 c12:1 c14:1 c15:1 c16:1 d11:1 d15:1 d16:1 m15:2 m16:2 n11:2 n13:2 n14:2 n15:2 n16:2 o12:2 o13:2 o14:2 o15:2 p14:2 p16:2 k3:3 k4:3 l3:3 m1:3 m2:3 n2:3 n3:3 o3:3 o4:3 p1:3 p2:3 p3:3 p4:3",
    lastMoves: [{ seat: 0, path: ["b2", "d4", "f2", "f4"] }, { seat: 1, path: ["b15", "d13", "b11", "d11"] }, { seat: 2, path: ["p13", "n11"] }, { seat: 3, path: ["o2", "m4", "k2", "k4"] }],
    selected: "c2",
    previewPath: ["c2", "e2", "g4"],
    dests: ["b1", "b2", "c1", "c4", "d3", "e2", "e4", "g2", "g4"],
  },
} as const;

export type FixtureName = keyof typeof POSITIONS;

export function fixturePosition(name: FixtureName): FixturePosition {
  const p = POSITIONS[name];
  return {
    pieces: p.pieces.split(" ").map((entry) => {
      const [cell, seat] = entry.split(":");
      return { cell: cell!, seat: Number(seat), king: false };
    }),
    lastMoves: p.lastMoves.map((m) => ({ seat: m.seat, path: [...m.path], captured: [] })),
    selected: p.selected,
    previewPath: [...p.previewPath],
    dests: [...p.dests],
  };
}
