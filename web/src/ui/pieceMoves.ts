import { t } from "../i18n";
import type { LegalMove } from "../wasm/rules";
import { h } from "./dom";

/** What a list of moves by piece does when a move is chosen, or hovered and focused. */
export interface PieceMoveActions {
  play(move: LegalMove): void;
  /** The hop path to draw while a move's button is hovered or focused; `null` when it no longer is. */
  preview(path: readonly string[] | null): void;
}

/**
 * Halma and Chinese checkers moves as list items: one per piece that can move (named by its
 * point), with a button for every point it reaches; a pass (a move with no path) as its own item.
 */
export function pieceMoveItems(moves: readonly LegalMove[], actions: PieceMoveActions): HTMLLIElement[] {
  const byPiece = new Map<string, LegalMove[]>();
  for (const m of moves) {
    const from = m.path[0] ?? "";
    byPiece.set(from, [...(byPiece.get(from) ?? []), m]);
  }
  return [...byPiece.entries()].map(([from, list]) => {
    if (from === "") {
      return h("li", {}, h("button", { type: "button", class: "move", onclick: () => actions.play(list[0]!) }, t("panel.pass")));
    }
    const title = t("panel.pieceAt", { cell: from });
    return h(
      "li",
      { class: "piece-moves", "data-from": from },
      h("span", { class: "piece-label" }, title),
      ...list.map((m) => {
        const to = m.path[m.path.length - 1]!;
        const button = h(
          "button",
          {
            type: "button",
            class: "move",
            "data-testid": `move-${from}-${to}`,
            "aria-label": `${title}: ${t("panel.moveTo", { cell: to })} (${m.notation})`,
            onclick: () => actions.play(m),
          },
          to,
        );
        button.addEventListener("focus", () => actions.preview(m.path));
        button.addEventListener("mouseenter", () => actions.preview(m.path));
        button.addEventListener("blur", () => actions.preview(null));
        button.addEventListener("mouseleave", () => actions.preview(null));
        return button;
      }),
    );
  });
}
