/**
 * A small board drawn as SVG from what the rules (wasm) say of a position: the layout's cells
 * (their names, places, playable squares and camps), the seats' colours and view angles, and
 * the pieces. Square boards draw squares, the star draws its points.
 */
import type { GameView, PieceView } from "../wasm/rules";

const SVG = "http://www.w3.org/2000/svg";

export interface DiagramMarks {
  highlights?: readonly string[];
  arrows?: readonly (readonly [string, string])[];
  /** The seat shown at the near edge (0 when absent). */
  bottom?: number;
  /** A cell whose piece is lifted (chosen to move). */
  selected?: string | null;
}

type Board = Pick<GameView, "layout" | "seats" | "pieces">;

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

export function drawBoard(board: Board, marks: DiagramMarks, label: string): SVGSVGElement {
  const { layout, seats } = board;
  const angle = ((seats.find((s) => s.index === (marks.bottom ?? 0))?.viewAngle ?? 0) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  // Board plane (y away from the first seat) turned by the seat's angle; screen y grows downwards.
  const turned = layout.cells.map((c) => ({ cell: c, x: c.x * cos - c.y * sin, y: -(c.x * sin + c.y * cos) }));
  const xs = turned.map((t) => t.x);
  const ys = turned.map((t) => t.y);
  const square = layout.shape === "square";
  const unit = square ? 40 : 26;
  const margin = square ? 24 : 18;
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const width = (Math.max(...xs) - minX + 1) * unit + 2 * margin;
  const height = (Math.max(...ys) - minY + 1) * unit + 2 * margin;
  const at = new Map<string, { cx: number; cy: number }>();
  for (const t of turned) at.set(t.cell.name, { cx: margin + (t.x - minX + 0.5) * unit, cy: margin + (t.y - minY + 0.5) * unit });

  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, class: `learn-board ${layout.shape}`, role: "img", "aria-label": label });
  svg.append(el("rect", { x: 0, y: 0, width, height, rx: 8, class: "frame" }));
  const colorOf = (seat: number | null) => seats.find((s) => s.index === seat)?.color ?? "none";
  for (const { cell } of turned) {
    const c = at.get(cell.name)!;
    const camp = cell.camp === null ? "" : ` camp c-${colorOf(cell.camp)}`;
    if (square) {
      const kind = cell.playable ? "dark" : "light";
      const rect = el("rect", { x: c.cx - unit / 2, y: c.cy - unit / 2, width: unit, height: unit, class: `${kind}${camp}` });
      if (cell.playable) rect.setAttribute("data-square", cell.name);
      svg.append(rect);
    } else {
      svg.append(el("circle", { cx: c.cx, cy: c.cy, r: unit * 0.36, class: `hole${camp}`, "data-square": cell.name }));
    }
  }
  if (square) drawCoordinates(svg, turned, at, unit);
  for (const name of marks.highlights ?? []) {
    const c = at.get(name);
    if (c) svg.append(el("circle", { cx: c.cx, cy: c.cy, r: unit * 0.46, class: "highlight", "data-mark": name }));
  }
  for (const piece of board.pieces) drawPiece(svg, piece, at.get(piece.cell), unit, colorOf(piece.seat), piece.cell === marks.selected);
  for (const [from, to] of marks.arrows ?? []) {
    const a = at.get(from);
    const b = at.get(to);
    if (a && b) svg.append(el("line", { x1: a.cx, y1: a.cy, x2: b.cx, y2: b.cy, class: "arrow" }));
  }
  return svg;
}

/** File letters under the near row, rank numbers left of the left column (square boards). */
function drawCoordinates(svg: SVGSVGElement, turned: { cell: { name: string }; x: number; y: number }[], at: Map<string, { cx: number; cy: number }>, unit: number): void {
  const maxY = Math.max(...turned.map((t) => t.y));
  const minX = Math.min(...turned.map((t) => t.x));
  for (const t of turned) {
    const c = at.get(t.cell.name)!;
    const [, letters, digits] = /^([a-z]+)(\d+)$/.exec(t.cell.name) ?? [];
    if (letters && Math.abs(t.y - maxY) < 0.01) {
      const text = el("text", { x: c.cx, y: c.cy + unit / 2 + 14, class: "coord" });
      text.textContent = letters;
      svg.append(text);
    }
    if (digits && Math.abs(t.x - minX) < 0.01) {
      const text = el("text", { x: c.cx - unit / 2 - 10, y: c.cy + 4, class: "coord" });
      text.textContent = digits;
      svg.append(text);
    }
  }
}

function drawPiece(svg: SVGSVGElement, piece: PieceView, c: { cx: number; cy: number } | undefined, unit: number, color: string, selected: boolean): void {
  if (!c) return;
  svg.append(el("circle", { cx: c.cx, cy: c.cy, r: unit * 0.36, class: `piece c-${color}${selected ? " selected" : ""}`, "data-square": piece.cell }));
  if (piece.king) {
    const crown = el("text", { x: c.cx, y: c.cy + 6, class: `crown c-${color}` });
    crown.textContent = "♛";
    svg.append(crown);
  }
}

/** Each seat's pieces as words, for screen readers. */
export function describePieces(pieces: readonly PieceView[], seat: number): string[] {
  return pieces.filter((p) => p.seat === seat).map((p) => (p.king ? `K${p.cell}` : p.cell));
}
