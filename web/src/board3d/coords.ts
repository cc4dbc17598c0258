/**
 * Square names ↔ world positions. One square is one world unit; the board's playing surface is
 * centred on the origin in the x/z plane, the viewer of an unflipped board looks from +z.
 */

export interface SquareIndex {
  /** 0-based file: a = 0. */
  file: number;
  /** 0-based rank: rank 1 = 0. */
  rank: number;
}

export interface PlanePoint {
  x: number;
  z: number;
}

const FILES = "abcdefghijklmnopqrstuvwxyz";

export function fileLetter(file: number): string {
  return FILES[file] ?? "?";
}

/** Parses "c3" for a board of `size`; null when the name is malformed or off the board. */
export function parseSquare(name: string, size: number): SquareIndex | null {
  const match = /^([a-z])([1-9][0-9]?)$/.exec(name);
  if (!match) return null;
  const file = FILES.indexOf(match[1]!);
  const rank = Number(match[2]) - 1;
  if (file >= size || rank < 0 || rank >= size) return null;
  return { file, rank };
}

export function squareName(file: number, rank: number): string {
  return `${fileLetter(file)}${rank + 1}`;
}

/** a1 is dark; dark squares are the playing squares. */
export function isDark(file: number, rank: number): boolean {
  return (file + rank) % 2 === 0;
}

/** World x of a file's centre. */
export function fileToX(file: number, size: number, flipped: boolean): number {
  const half = (size - 1) / 2;
  return flipped ? half - file : file - half;
}

/** World z of a rank's centre (rank 1 is near, +z, unless flipped). */
export function rankToZ(rank: number, size: number, flipped: boolean): number {
  const half = (size - 1) / 2;
  return flipped ? rank - half : half - rank;
}

export function indexToWorld(index: SquareIndex, size: number, flipped: boolean): PlanePoint {
  return { x: fileToX(index.file, size, flipped), z: rankToZ(index.rank, size, flipped) };
}

export function squareToWorld(name: string, size: number, flipped: boolean): PlanePoint | null {
  const index = parseSquare(name, size);
  return index ? indexToWorld(index, size, flipped) : null;
}

export type PlaneHit =
  | { kind: "dark"; square: string }
  | { kind: "light"; square: string }
  | { kind: "outside" };

/** Which square lies under a point of the playing surface. */
export function worldToSquare(point: PlanePoint, size: number, flipped: boolean): PlaneHit {
  const half = size / 2;
  if (Math.abs(point.x) >= half || Math.abs(point.z) >= half) return { kind: "outside" };
  const column = Math.floor(point.x + half);
  const row = Math.floor(point.z + half);
  const file = flipped ? size - 1 - column : column;
  const rank = flipped ? row : size - 1 - row;
  const square = squareName(file, rank);
  return isDark(file, rank) ? { kind: "dark", square } : { kind: "light", square };
}

/** Every dark square of the board, a1 first. */
export function darkSquares(size: number): string[] {
  const names: string[] = [];
  for (let rank = 0; rank < size; rank++) {
    for (let file = 0; file < size; file++) {
      if (isDark(file, rank)) names.push(squareName(file, rank));
    }
  }
  return names;
}
