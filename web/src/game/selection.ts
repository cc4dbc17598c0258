/**
 * Choosing a move by clicking squares: select a piece, then its landing squares one by one.
 *
 * Pure state over the legal-move list the rules hand over; it knows no rules of its own.
 */
import type { LegalMove } from "../wasm/rules";

export interface Selection {
  /** The selected piece's square, or null. */
  readonly selected: string | null;
  /** The route entered so far: the selected square, then each landing clicked. */
  readonly partial: readonly string[];
}

export interface SelectionContext {
  /** Every legal move in the position. */
  readonly moves: readonly LegalMove[];
  /** Squares of the side to move's pieces. */
  readonly own: readonly string[];
  /**
   * The rules take any legal route to a point, not only the listed one (Halma: a chain of hops
   * may end at any landing), so a route entered hop by hop can be ended with "Done".
   */
  readonly anyRoute?: boolean;
}

export type SelectionMessage = "onlyCaptures" | "continueCapture" | "continueHops";

export interface ClickResult {
  readonly selection: Selection;
  /** The move to play, when the click completes one. */
  readonly play?: LegalMove;
  /** A route to play that is no listed move's own (a chain ended where it stands). */
  readonly playPath?: readonly string[];
  readonly message?: SelectionMessage;
}

export interface SelectionView {
  selected: string | null;
  /** Squares that the next click may land on (green dots). */
  dests: string[];
  /** Final squares reachable by exactly one route, clickable directly (green rings). */
  finalDests: string[];
  /** The route entered so far (empty when nothing is half-entered). */
  partialPath: string[];
  /** Squares where a click does something (the pointer shows a hand over them). */
  clickable: string[];
}

export const NOTHING_SELECTED: Selection = { selected: null, partial: [] };

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.every((sq, i) => path[i] === sq);
}

/** Legal moves that continue the route entered so far. */
export function candidates(sel: Selection, ctx: SelectionContext): LegalMove[] {
  if (sel.selected === null) return [];
  return ctx.moves.filter((m) => startsWith(m.path, sel.partial));
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/** Final squares reached by exactly one of `moves`, beyond the next landing. */
function uniqueFinals(moves: readonly LegalMove[], nextIndex: number): string[] {
  const counts = new Map<string, number>();
  for (const m of moves) {
    const last = m.path[m.path.length - 1]!;
    counts.set(last, (counts.get(last) ?? 0) + 1);
  }
  return moves
    .filter((m) => m.path.length > nextIndex + 1 && counts.get(m.path[m.path.length - 1]!) === 1)
    .map((m) => m.path[m.path.length - 1]!);
}

export function selectionView(sel: Selection, ctx: SelectionContext): SelectionView {
  const routes = candidates(sel, ctx);
  const next = sel.partial.length;
  const dests = unique(routes.filter((m) => m.path.length > next).map((m) => m.path[next]!));
  const finalDests = unique(uniqueFinals(routes, next));
  // Half-way through a capture only its next landings (or a final square) can be clicked;
  // otherwise any piece that can move, and the selected one (to put it down).
  const pieces = isHalfEntered(sel) ? [] : ctx.moves.map((m) => m.path[0]!);
  return {
    selected: sel.selected,
    dests,
    finalDests,
    partialPath: sel.partial.length > 1 ? [...sel.partial] : [],
    clickable: unique([...pieces, ...dests, ...finalDests]),
  };
}

/** Whether a capture has been entered part of the way. */
export function isHalfEntered(sel: Selection): boolean {
  return sel.partial.length > 1;
}

/**
 * The route "Done" plays: the one entered so far, when a legal move goes from its start to where
 * it stands (and the rules take that route); otherwise null.
 */
export function doneRoute(sel: Selection, ctx: SelectionContext): string[] | null {
  if (!isHalfEntered(sel)) return null;
  const from = sel.partial[0];
  const end = sel.partial[sel.partial.length - 1];
  const exact = ctx.moves.some((m) => m.path.length === sel.partial.length && startsWith(m.path, sel.partial));
  const sameEnds = ctx.moves.some((m) => m.path.length > 1 && m.path[0] === from && m.path[m.path.length - 1] === end);
  return exact || (ctx.anyRoute === true && sameEnds) ? [...sel.partial] : null;
}

/** Cancels a half-entered capture, keeping its piece selected. */
export function reselect(sel: Selection): Selection {
  return sel.selected === null ? sel : { selected: sel.selected, partial: [sel.selected] };
}

/**
 * Extends the route by one landing; plays it when one route remains (and, where a chain may stop
 * at any landing, only when that route ends here).
 */
function step(sel: Selection, routes: LegalMove[], square: string, ctx: SelectionContext): ClickResult {
  const partial = [...sel.partial, square];
  const remaining = routes.filter((m) => startsWith(m.path, partial));
  const only = remaining.length === 1 ? remaining[0]! : null;
  if (only && (!ctx.anyRoute || only.path.length === partial.length)) return { selection: NOTHING_SELECTED, play: only };
  return { selection: { selected: sel.selected, partial } };
}

function finalClick(routes: LegalMove[], square: string): LegalMove | undefined {
  const ending = routes.filter((m) => m.path[m.path.length - 1] === square);
  return ending.length === 1 ? ending[0] : undefined;
}

/** The effect of clicking `square` (null: outside the board). */
export function click(sel: Selection, square: string | null, ctx: SelectionContext): ClickResult {
  const routes = candidates(sel, ctx);
  const next = sel.partial.length;

  if (isHalfEntered(sel)) {
    if (square !== null && routes.some((m) => m.path[next] === square)) {
      return step(sel, routes, square, ctx);
    }
    const final = square === null ? undefined : finalClick(routes, square);
    if (final) return { selection: NOTHING_SELECTED, play: final };
    const done = doneRoute(sel, ctx);
    // Clicking the point where the entered hops stand ends the chain there, as "Done" does.
    if (done !== null && square === done[done.length - 1]) return { selection: NOTHING_SELECTED, playPath: done };
    return { selection: sel, message: ctx.anyRoute ? "continueHops" : "continueCapture" };
  }

  if (square === null) return { selection: NOTHING_SELECTED };

  if (sel.selected !== null) {
    if (square === sel.selected) {
      const loops = routes.filter((m) => m.path.length > 1 && m.path[m.path.length - 1] === square);
      if (loops.length === 1) return { selection: NOTHING_SELECTED, play: loops[0]! };
      if (loops.length > 1) return { selection: sel };
      return { selection: NOTHING_SELECTED };
    }
    if (routes.some((m) => m.path[next] === square)) return step(sel, routes, square, ctx);
    const final = finalClick(routes, square);
    if (final) return { selection: NOTHING_SELECTED, play: final };
  }

  if (ctx.own.includes(square)) {
    if (ctx.moves.some((m) => m.path[0] === square)) {
      return { selection: { selected: square, partial: [square] } };
    }
    if (ctx.moves.some((m) => m.captures.length > 0)) {
      return { selection: NOTHING_SELECTED, message: "onlyCaptures" };
    }
  }
  return { selection: NOTHING_SELECTED };
}
