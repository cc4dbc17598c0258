/**
 * "Move with buttons": the board as an ARIA grid. One tab stop; arrow keys move between squares,
 * Enter or Space (or a click) acts on the focused square, like a click on the 3D board.
 */
import { t } from "../i18n";
import type { Piece } from "../wasm/types";
import { h } from "../ui/dom";

export interface GridState {
  size: 8 | 10;
  flipped: boolean;
  pieces: readonly Piece[];
  selected: string | null;
  dests: readonly string[];
  finalDests: readonly string[];
  mustCapture: readonly string[];
  partialPath: readonly string[];
}

/** The square shown at a display row (0 = top) and column (0 = left). */
export function squareAt(size: number, flipped: boolean, row: number, col: number): string {
  const file = flipped ? size - 1 - col : col;
  const rank = flipped ? row : size - 1 - row;
  return `${String.fromCharCode(97 + file)}${rank + 1}`;
}

export class ButtonGrid {
  readonly element: HTMLTableElement;
  private cells: HTMLTableCellElement[][] = [];
  private focusRow = 0;
  private focusCol = 0;
  private state: GridState | null = null;

  constructor(private readonly onActivate: (square: string) => void) {
    this.element = h("table", { class: "button-grid", role: "grid" });
    this.element.addEventListener("keydown", (e) => this.onKey(e));
  }

  update(state: GridState): void {
    const rebuild = this.state?.size !== state.size;
    this.state = state;
    this.element.setAttribute("aria-label", t("panel.buttons"));
    if (rebuild) this.build(state.size);
    const bySquare = new Map(state.pieces.map((p) => [p.square, p]));
    for (let row = 0; row < state.size; row++) {
      for (let col = 0; col < state.size; col++) {
        const cell = this.cells[row]![col]!;
        const square = squareAt(state.size, state.flipped, row, col);
        cell.dataset["square"] = square;
        const isDark = this.isDark(square);
        cell.className = isDark ? "dark" : "light";
        const piece = bySquare.get(square);
        const words: string[] = [];
        if (piece) {
          words.push(
            t("grid.piece", {
              square,
              color: t(piece.color === "white" ? "color.white" : "color.black"),
              piece: t(piece.king ? "piece.king" : "piece.man"),
            }),
          );
          cell.replaceChildren(h("span", { class: `piece ${piece.color}${piece.king ? " king" : ""}`, "aria-hidden": "true" }));
        } else {
          words.push(isDark ? t("grid.empty", { square }) : "");
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
        cell.setAttribute("aria-label", words.filter(Boolean).join(", ") || " ");
      }
    }
    this.moveFocusTo(this.focusRow, this.focusCol, false);
  }

  private isDark(square: string): boolean {
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square.slice(1)) - 1;
    return (file + rank) % 2 === 0;
  }

  private build(size: number): void {
    this.element.replaceChildren();
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
    this.element.append(body);
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
