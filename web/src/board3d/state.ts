import type { BoardState, LastMoveView, PieceView } from "./api";

export type StateKey = keyof BoardState;

export interface Merge {
  state: BoardState;
  /** Fields whose value actually changed. */
  changed: Set<StateKey>;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function samePieces(a: readonly PieceView[], b: readonly PieceView[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => {
      const q = b[i]!;
      return p.square === q.square && p.color === q.color && p.king === q.king;
    })
  );
}

function sameLastMove(a: LastMoveView | null, b: LastMoveView | null): boolean {
  if (a === null || b === null) return a === b;
  return sameList(a.path, b.path) && sameList(a.captured, b.captured);
}

function sameField<K extends StateKey>(key: K, a: BoardState[K], b: BoardState[K]): boolean {
  switch (key) {
    case "pieces":
      return samePieces(a as PieceView[], b as PieceView[]);
    case "lastMove":
      return sameLastMove(a as LastMoveView | null, b as LastMoveView | null);
    case "dests":
    case "finalDests":
    case "mustCapture":
    case "partialPath":
    case "clickable":
      return sameList(a as string[], b as string[]);
    default:
      return a === b;
  }
}

function copyState(s: BoardState): BoardState {
  return {
    size: s.size,
    pieces: s.pieces.map((p) => ({ square: p.square, color: p.color, king: p.king })),
    flipped: s.flipped,
    selected: s.selected,
    dests: [...s.dests],
    finalDests: [...s.finalDests],
    mustCapture: [...s.mustCapture],
    partialPath: [...s.partialPath],
    lastMove: s.lastMove ? { path: [...s.lastMove.path], captured: [...s.lastMove.captured] } : null,
    clickable: [...s.clickable],
  };
}

/**
 * Merges a patch into the state. Fields that are absent (or undefined) keep their value; the
 * result owns copies of every list, so the caller may reuse its arrays.
 */
export function mergeState(prev: BoardState, patch: Partial<BoardState>): Merge {
  const next = copyState(prev);
  const changed = new Set<StateKey>();
  const keys = Object.keys(patch) as StateKey[];
  const target = next as unknown as Record<StateKey, unknown>;
  for (const key of keys) {
    const value = patch[key];
    if (value === undefined) continue;
    const copy = copyState({ ...prev, [key]: value } as BoardState)[key];
    if (!sameField(key, prev[key], copy)) {
      target[key] = copy;
      changed.add(key);
    }
  }
  return { state: next, changed };
}

/** A fresh copy of a complete state (the initial one), with every field changed. */
export function initialState(state: BoardState): Merge {
  return { state: copyState(state), changed: new Set(Object.keys(state) as StateKey[]) };
}

/** Moves the piece at path[0] to the route's end and removes the captured pieces. */
export function applyMove(pieces: readonly PieceView[], path: readonly string[], captured: readonly string[]): PieceView[] {
  const from = path[0];
  const to = path[path.length - 1];
  const taken = new Set(captured);
  return pieces
    .filter((p) => !taken.has(p.square) || p.square === from)
    .map((p) => (p.square === from && to !== undefined ? { ...p, square: to } : { ...p }));
}
