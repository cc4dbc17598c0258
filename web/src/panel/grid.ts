/**
 * "Move with buttons": the board as an ARIA grid. One tab stop; arrow keys move between squares,
 * Enter or Space (or a click) acts on the focused square, like a click on the 3D board.
 */
import { t } from "../i18n";
import type { Cell, ColorKey, PieceView } from "../wasm/rules";
import { h } from "../ui/dom";

export interface GridState {
  /** The board's cells (a square board: x and y are file and rank). */
  cells: readonly Cell[];
  /** Degrees counter-clockwise that bring the near player's side to the bottom (0, 90, 180, 270). */
  rotation: number;
  pieces: readonly PieceView[];
  /** The colour key each seat plays with, and how each seat is called. */
  seatColor: (seat: number) => ColorKey;
  seatName: (seat: number) => string;
  selected: string | null;
  dests: readonly string[];
  finalDests: readonly string[];
  mustCapture: readonly string[];
  partialPath: readonly string[];
}

/**
 * The board place (x = file, y = rank) shown at a display row (0 = top) and column (0 = left)
 * of a `size`×`size` board turned by `rotation` degrees.
 */
export function placeAt(size: number, rotation: number, row: number, col: number): { x: number; y: number } {
  const last = size - 1;
  const quarter = ((Math.round(rotation / 90) % 4) + 4) % 4;
  const [x, y] = [col, last - row];
  switch (quarter) {
    case 1:
      return { x: y, y: last - x };
    case 2:
      return { x: last - x, y: last - y };
    case 3:
      return { x: last - y, y: x };
    default:
      return { x, y };
  }
}

export class ButtonGrid {
  /** The grid in a box whose width sizes its rows: square cells on any board. */
  readonly element: HTMLDivElement;
  private readonly table: HTMLTableElement;
  private cells: HTMLTableCellElement[][] = [];
  private focusRow = 0;
  private focusCol = 0;

  constructor(private readonly onActivate: (square: string) => void) {
    this.table = h("table", { class: "button-grid", role: "grid" });
    this.table.addEventListener("keydown", (e) => this.onKey(e));
    this.element = h("div", { class: "button-grid-box" }, this.table);
  }

  update(state: GridState): void {
    const size = Math.max(0, ...state.cells.map((c) => c.x + 1));
    const rebuild = this.cells.length !== size;
    this.table.setAttribute("aria-label", t("panel.buttons"));
    if (rebuild) this.build(size);
    const byPlace = new Map(state.cells.map((c) => [`${c.x},${c.y}`, c]));
    const byCell = new Map(state.pieces.map((p) => [p.cell, p]));
    this.playable = new Set(state.cells.filter((c) => c.playable).map((c) => c.name));
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const cell = this.cells[row]![col]!;
        const { x, y } = placeAt(size, state.rotation, row, col);
        const place = byPlace.get(`${x},${y}`);
        const square = place?.name ?? "";
        cell.dataset["square"] = square;
        const isDark = place?.playable ?? false;
        cell.className = isDark ? "dark" : "light";
        if (place?.camp != null) cell.classList.add("camp", `camp-${state.seatColor(place.camp)}`);
        const piece = byCell.get(square);
        const words: string[] = [];
        if (piece) {
          const color = state.seatColor(piece.seat);
          words.push(
            t("grid.piece", {
              square,
              color: state.seatName(piece.seat),
              piece: t(piece.king ? "piece.king" : "piece.man"),
            }),
          );
          cell.replaceChildren(h("span", { class: `piece ${color}${piece.king ? " king" : ""}`, "aria-hidden": "true" }));
        } else {
          words.push(isDark ? t("grid.empty", { square }) : [square, t("grid.light")].filter(Boolean).join(", "));
          cell.textContent = "";
        }
        const selected = state.selected === square;
        const dest = state.dests.includes(square) || state.finalDests.includes(square);
        cell.classList.toggle("selected", selected);
        cell.classList.toggle("dest", state.dests.includes(square));
        cell.classList.toggle("final", state.finalDests.includes(square));
        cell.classList.toggle("must", state.mustCapture.includes(square));
        cell.classList.toggle("partial", state.partialPath.includes(square));
        if (selected) words.push(t("grid.selected"));
        if (dest) words.push(t("grid.destination"));
        cell.setAttribute("aria-selected", selected ? "true" : "false");
        cell.setAttribute("aria-label", words.filter(Boolean).join(", "));
      }
    }
    this.moveFocusTo(this.focusRow, this.focusCol, false);
  }

  private playable = new Set<string>();

  private isDark(square: string): boolean {
    return this.playable.has(square);
  }

  private build(size: number): void {
    this.table.replaceChildren();
    this.table.style.setProperty("--columns", String(size));
    this.cells = [];
    const body = h("tbody");
    for (let row = 0; row < size; row++) {
      const tr = h("tr", { role: "row" });
      const cells: HTMLTableCellElement[] = [];
      for (let col = 0; col < size; col++) {
        const td = h("td", { role: "gridcell", tabindex: -1 });
        td.addEventListener("click", () => {
          this.moveFocusTo(row, col, true);
          this.activate(td);
        });
        cells.push(td);
        tr.append(td);
      }
      this.cells.push(cells);
      body.append(tr);
    }
    this.table.append(body);
    this.focusRow = size - 1;
    this.focusCol = 0;
  }

  private activate(cell: HTMLTableCellElement): void {
    const square = cell.dataset["square"];
    if (square && this.isDark(square)) this.onActivate(square);
  }

  private moveFocusTo(row: number, col: number, focus: boolean): void {
    const size = this.cells.length;
    if (size === 0) return;
    this.focusRow = Math.max(0, Math.min(size - 1, row));
    this.focusCol = Math.max(0, Math.min(size - 1, col));
    for (const [r, cells] of this.cells.entries()) {
      for (const [c, cell] of cells.entries()) {
        cell.tabIndex = r === this.focusRow && c === this.focusCol ? 0 : -1;
      }
    }
    if (focus) this.cells[this.focusRow]![this.focusCol]!.focus();
  }

  private onKey(e: KeyboardEvent): void {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const delta = moves[e.key];
    if (delta) {
      e.preventDefault();
      this.moveFocusTo(this.focusRow + delta[0], this.focusCol + delta[1], true);
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      this.moveFocusTo(this.focusRow, e.key === "Home" ? 0 : this.cells.length - 1, true);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.activate(this.cells[this.focusRow]![this.focusCol]!);
    }
  }
}
