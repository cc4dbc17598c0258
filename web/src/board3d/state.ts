import type { BoardLayout, BoardState, LastMoveView, PieceView } from "./api";

export type StateKey = keyof BoardState;

export interface Merge {
  state: BoardState;
  /** Fields whose value actually changed. */
  changed: Set<StateKey>;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function samePieces(a: readonly PieceView[], b: readonly PieceView[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => {
      const q = b[i]!;
      return p.cell === q.cell && p.seat === q.seat && p.king === q.king;
    })
  );
}

function sameLastMoves(a: readonly LastMoveView[], b: readonly LastMoveView[]): boolean {
  return (
    a.length === b.length &&
    a.every((m, i) => {
      const n = b[i]!;
      return m.seat === n.seat && sameList(m.path, n.path) && sameList(m.captured, n.captured);
    })
  );
}

function sameLayout(a: BoardLayout, b: BoardLayout): boolean {
  if (a === b) return true;
  return (
    a.shape === b.shape &&
    a.cells.length === b.cells.length &&
    a.cells.every((c, i) => {
      const d = b.cells[i]!;
      return c.name === d.name && c.x === d.x && c.y === d.y && c.playable === d.playable && c.camp === d.camp;
    })
  );
}

function sameField<K extends StateKey>(key: K, a: BoardState[K], b: BoardState[K]): boolean {
  switch (key) {
    case "layout":
      return sameLayout(a as BoardLayout, b as BoardLayout);
    case "pieces":
      return samePieces(a as PieceView[], b as PieceView[]);
    case "lastMoves":
      return sameLastMoves(a as LastMoveView[], b as LastMoveView[]);
    case "seatColors":
    case "dests":
    case "finalDests":
    case "mustCapture":
    case "partialPath":
    case "previewPath":
    case "clickable":
    case "highlights":
      return sameList((a ?? []) as string[], (b ?? []) as string[]);
    case "arrows":
      return sameList(((a ?? []) as [string, string][]).flat(), ((b ?? []) as [string, string][]).flat());
    default:
      return a === b;
  }
}

function copyLayout(layout: BoardLayout): BoardLayout {
  return { shape: layout.shape, cells: layout.cells.map((c) => ({ ...c })) };
}

function copyField<K extends StateKey>(key: K, value: BoardState[K]): BoardState[K] {
  switch (key) {
    case "layout":
      return copyLayout(value as BoardLayout) as BoardState[K];
    case "pieces":
      return (value as PieceView[]).map((p) => ({ cell: p.cell, seat: p.seat, king: p.king })) as BoardState[K];
    case "lastMoves":
      return (value as LastMoveView[]).map((m) => ({ seat: m.seat, path: [...m.path], captured: [...m.captured] })) as BoardState[K];
    case "arrows":
      return ((value ?? []) as [string, string][]).map(([a, b]) => [a, b]) as BoardState[K];
    default:
      return (Array.isArray(value) ? [...value] : value) as BoardState[K];
  }
}

function copyState(s: BoardState): BoardState {
  const copy = {} as Record<StateKey, unknown>;
  for (const key of Object.keys(s) as StateKey[]) copy[key] = copyField(key, s[key]);
  return copy as unknown as BoardState;
}

/**
 * Merges a patch into the state. Fields that are absent (or undefined) keep their value; the
 * result owns copies of every changed list, so the caller may reuse its arrays.
 */
export function mergeState(prev: BoardState, patch: Partial<BoardState>): Merge {
  const next = { ...prev };
  const changed = new Set<StateKey>();
  const target = next as unknown as Record<StateKey, unknown>;
  for (const key of Object.keys(patch) as StateKey[]) {
    const value = patch[key];
    if (value === undefined) continue;
    if (!sameField(key, prev[key], value)) {
      target[key] = copyField(key, value);
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
    .filter((p) => !taken.has(p.cell) || p.cell === from)
    .map((p) => (p.cell === from && to !== undefined ? { ...p, cell: to } : { ...p }));
}
