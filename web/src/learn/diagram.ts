/**
 * A small draughts board drawn as SVG from a position the rules (wasm) read: the snapshot's size
 * and pieces. Square names are the site's algebraic ones, a1 dark at the first mover's left,
 * as the game screen builds its cells.
 */
import type { Color, Piece, Snapshot } from "../wasm/types";

const SVG = "http://www.w3.org/2000/svg";
const FILES = "abcdefghij";

export interface DiagramMarks {
  highlights?: readonly string[];
  arrows?: readonly (readonly [string, string])[];
  /** The side shown at the bottom. */
  bottom: Color;
  /** The side whose men start at rank 1 (the variant's first mover). */
  firstMover: Color;
  /** A square whose piece is lifted (chosen to move). */
  selected?: string | null;
}

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** Column and row on screen (0 at the top-left) of `square`, or null for a name off the board. */
export function cellOf(square: string, size: number, flipped: boolean): { x: number; y: number } | null {
  const file = FILES.indexOf(square[0] ?? "");
  const rank = Number(square.slice(1)) - 1;
  if (file < 0 || file >= size || !Number.isInteger(rank) || rank < 0 || rank >= size) return null;
  return flipped ? { x: size - 1 - file, y: rank } : { x: file, y: size - 1 - rank };
}

export function drawBoard(snapshot: Pick<Snapshot, "size" | "pieces">, marks: DiagramMarks, label: string): SVGSVGElement {
  const n = snapshot.size;
  const cell = 40;
  const margin = 18;
  const total = n * cell + 2 * margin;
  const flipped = marks.bottom !== marks.firstMover;
  const svg = el("svg", { viewBox: `0 0 ${total} ${total}`, class: "learn-board", role: "img", "aria-label": label });
  svg.append(el("rect", { x: 0, y: 0, width: total, height: total, rx: 8, class: "frame" }));
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      const file = flipped ? n - 1 - x : x;
      const rank = flipped ? y : n - 1 - y;
      const dark = (file + rank) % 2 === 0;
      const rect = el("rect", { x: margin + x * cell, y: margin + y * cell, width: cell, height: cell, class: dark ? "dark" : "light" });
      if (dark) rect.setAttribute("data-square", `${FILES[file]}${rank + 1}`);
      svg.append(rect);
    }
  }
  for (let i = 0; i < n; i++) {
    const file = flipped ? n - 1 - i : i;
    const rank = flipped ? i + 1 : n - i;
    const f = el("text", { x: margin + i * cell + cell / 2, y: total - 4, class: "coord" });
    f.textContent = FILES[file];
    const r = el("text", { x: 9, y: margin + i * cell + cell / 2 + 4, class: "coord" });
    r.textContent = String(rank);
    svg.append(f, r);
  }
  const centre = (square: string) => {
    const c = cellOf(square, n, flipped);
    return c ? { cx: margin + c.x * cell + cell / 2, cy: margin + c.y * cell + cell / 2 } : null;
  };
  for (const square of marks.highlights ?? []) {
    const c = centre(square);
    if (c) svg.append(el("circle", { cx: c.cx, cy: c.cy, r: cell * 0.46, class: "highlight", "data-square": square }));
  }
  for (const piece of snapshot.pieces) drawPiece(svg, piece, centre(piece.square), cell, piece.square === marks.selected);
  for (const [from, to] of marks.arrows ?? []) {
    const a = centre(from);
    const b = centre(to);
    if (a && b) svg.append(el("line", { x1: a.cx, y1: a.cy, x2: b.cx, y2: b.cy, class: "arrow" }));
  }
  return svg;
}

function drawPiece(svg: SVGSVGElement, piece: Piece, c: { cx: number; cy: number } | null, cell: number, selected: boolean): void {
  if (!c) return;
  svg.append(el("circle", { cx: c.cx, cy: c.cy, r: cell * 0.36, class: `piece ${piece.color}${selected ? " selected" : ""}`, "data-square": piece.square }));
  if (piece.king) {
    const crown = el("text", { x: c.cx, y: c.cy + 6, class: `crown ${piece.color}` });
    crown.textContent = "♛";
    svg.append(crown);
  }
}

/** The pieces as words, for screen readers. */
export function describePieces(pieces: readonly Piece[], color: Color): string[] {
  return pieces.filter((p) => p.color === color).map((p) => (p.king ? `K${p.square}` : p.square));
}
