/**
 * The game's move list and review: every move played, numbered as the game's records number them
 * (draughts: a move of each side per number; Halma: a round, one move per seat), the shown one
 * highlighted, draw offers, resignations and the result marked. A click or ←/→/Home/End (with
 * the list focused) shows an earlier position, which comes from the rules (a second game replayed
 * from the record), never from the game being played; End or "Back to the game" returns to it.
 */
import { t, type MessageKey } from "../i18n";
import type { GameRecord } from "../engine/protocol";
import { RulesGame, draughtsDetails, halmaDetails, seatView, type GameView, type HistoryEntry } from "../wasm/rules";
import { h } from "./dom";
import { resultTitle, seatName } from "./words";

export interface MoveListHost {
  /** The game as it stands, and its record (start, moves, resignations). */
  snapshot(): GameView;
  record(): GameRecord;
  /** The board is to show `view` (an earlier position), or the live game again (null). */
  show(view: GameView | null): void;
  /** Tells a screen reader (the screen's live region). */
  announce(text: string): void;
}

/** One row of the list: a move number and the moves under it, one slot per seat in turn order. */
export interface HistoryRow {
  number: number;
  /** The index in the game's moves (0-based) in each slot, or null where that seat did not move. */
  slots: (number | null)[];
}

/** Groups the moves under their numbers, each seat in its column (seats in turn order). */
export function historyRows(history: readonly HistoryEntry[], seatOrder: readonly number[]): HistoryRow[] {
  const rows: HistoryRow[] = [];
  history.forEach((entry, i) => {
    const column = Math.max(0, seatOrder.indexOf(entry.seat));
    let row = rows[rows.length - 1];
    // A new row for a new number, or when this seat's slot is taken (a seat moving twice in a round).
    if (!row || row.number !== entry.number || row.slots[column] !== null) {
      row = { number: entry.number, slots: seatOrder.map(() => null) };
      rows.push(row);
    }
    row.slots[column] = i;
  });
  return rows;
}

/** How a move is written in the list, as the game's records write it (with the draw offer it carried). */
function moveText(entry: HistoryEntry): string {
  return entry.offeredDraw ? `${entry.record} ½?` : entry.record;
}

/** The move for a listener: the record's form, and the board's square names when they differ. */
function spokenMove(entry: HistoryEntry): string {
  return entry.record === entry.notation ? entry.record : `${entry.record} (${entry.notation})`;
}

export class MoveList {
  readonly element: HTMLElement;
  /** Shown above the board while reviewing: where the review stands, and the way back. */
  readonly banner = h("div", { class: "review-banner", "data-testid": "review-banner" });
  private readonly list = h("ol", { class: "history", "data-testid": "move-history" });
  private readonly bannerText = h("span", { "data-testid": "review-text" });
  private readonly backButton = h("button", { type: "button", "data-testid": "review-back" });
  /** Step buttons: under the list, and (while reviewing) beside the banner, near the board on a phone. */
  private readonly steps: { button: HTMLButtonElement; label: MessageKey; to: (at: number, total: number) => number }[] = [];
  /** The number of moves whose position is shown; null: the live game. */
  private shown: number | null = null;
  /** Moves in the game when the review began (more arriving since: the banner says so). */
  private movesAtReview = 0;
  private replayed: { key: string; game: RulesGame } | null = null;
  private signature = "";

  constructor(private readonly host: MoveListHost) {
    this.list.setAttribute("aria-label", t("history.title"));
    this.list.addEventListener("keydown", (e) => this.onKey(e));
    // Back to the game, the focus on its last move in the list.
    this.backButton.addEventListener("click", () => this.goLive(true));
    const bannerSteps = h("span", { class: "history-nav" }, this.step("◀", "history.previous", (at) => at - 1), this.step("▶", "history.next", (at) => at + 1));
    this.banner.append(this.bannerText, h("span", { class: "row" }, bannerSteps, this.backButton));
    this.banner.hidden = true;
    const nav = h(
      "div",
      { class: "history-nav" },
      this.step("|◀", "history.startLabel", () => 0),
      this.step("◀", "history.previous", (at) => at - 1),
      this.step("▶", "history.next", (at) => at + 1),
      this.step("▶|", "history.current", (_, total) => total),
    );
    this.element = h("section", { class: "history-section" }, h("h2", { id: "history-title" }, t("history.title")), this.list, nav);
  }

  private step(text: string, label: MessageKey, to: (at: number, total: number) => number): HTMLButtonElement {
    const button = h("button", { type: "button", "aria-label": t(label), title: t(label), "data-step": label }, text);
    button.addEventListener("click", () => {
      const total = this.host.snapshot().history.length;
      this.goTo(to(this.shown ?? total, total), false);
    });
    this.steps.push({ button, label, to });
    return button;
  }

  isReviewing(): boolean {
    return this.shown !== null;
  }

  /** The earlier view being shown, or null when the board shows the game as it stands. */
  reviewing(): GameView | null {
    return this.shown === null ? null : this.viewAt(this.shown);
  }

  /** Redraws after the game changed (or the language): a review past the game's end returns to it. */
  update(force = false): void {
    const s = this.host.snapshot();
    if (this.shown !== null && this.shown >= s.history.length) this.goLive(false);
    const signature = `${s.history.length}|${s.fen}|${s.result?.reason ?? ""}|${this.shown}`;
    if (!force && signature === this.signature) return;
    this.signature = signature;
    const focused = this.list.contains(document.activeElement);
    this.render(s);
    if (focused) this.currentButton()?.focus();
    this.renderBanner(s);
  }

  relabel(): void {
    this.element.querySelector("h2")!.textContent = t("history.title");
    this.list.setAttribute("aria-label", t("history.title"));
    this.update(true);
  }

  destroy(): void {
    this.replayed?.game.free();
    this.replayed = null;
  }

  /** Shows the position after `moves` moves; all of them: back to the game. */
  goTo(moves: number, focus: boolean): void {
    const total = this.host.snapshot().history.length;
    const target = Math.max(0, Math.min(moves, total));
    if (target === total) {
      this.goLive(focus);
      return;
    }
    const view = this.viewAt(target);
    if (view === null) return;
    if (this.shown === null) this.movesAtReview = total;
    this.shown = target;
    this.host.show(view);
    this.update();
    if (focus) this.currentButton()?.focus();
    // The move is the focused button's name; the live region adds where the review stands.
    this.host.announce(this.bannerText.textContent ?? "");
  }

  /** Back to the game as it stands. */
  goLive(focus: boolean): void {
    const was = this.shown;
    this.shown = null;
    if (was !== null) this.host.show(null);
    this.update();
    if (focus) this.currentButton()?.focus();
    if (was !== null) this.host.announce(`${t("review.live")} ${positionSummary(this.host.snapshot())}`);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const total = this.host.snapshot().history.length;
    const at = this.shown ?? total;
    const target = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: total }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    this.goTo(target, true);
  }

  /** The rules' view after `moves` moves, from a game replayed from the record (kept while it grows). */
  private viewAt(moves: number): GameView | null {
    const record = this.host.record();
    const key = `${record.variant}|${record.players}|${record.startFen}|${JSON.stringify(record.moves)}|${JSON.stringify(record.resigned ?? [])}|${JSON.stringify(record.timedOut ?? [])}`;
    try {
      if (this.replayed?.key !== key) {
        this.replayed?.game.free();
        this.replayed = null;
        const game = RulesGame.create(record.variant, record.startFen || null, record.players);
        try {
          const resigned = record.resigned ?? [];
          const timedOut = record.timedOut ?? [];
          const leave = (after: number) => {
            for (const r of resigned) if (r.after === after) game.resign(r.seat);
            for (const r of timedOut) if (r.after === after) game.timeOut(r.seat);
          };
          record.moves.forEach((m, i) => {
            leave(i);
            game.playPath(m.path, m.offer);
          });
          leave(record.moves.length);
        } catch (e) {
          game.free();
          throw e;
        }
        this.replayed = { key, game };
      }
      return this.replayed.game.viewAt(moves);
    } catch {
      return null;
    }
  }

  private currentButton(): HTMLButtonElement | null {
    return this.list.querySelector<HTMLButtonElement>('button[tabindex="0"]');
  }

  private render(s: GameView): void {
    const current = this.shown ?? s.history.length;
    const order = s.seats.map((seat) => seat.index);
    const halma = s.details.family === "halma";
    const button = (moves: number, text: string, name: string, extra: string[] = []): HTMLButtonElement => {
      const b = h("button", { type: "button", class: ["history-move", ...extra].join(" "), "data-moves": String(moves), "aria-label": name }, text);
      b.tabIndex = moves === current ? 0 : -1;
      if (moves === current) b.setAttribute("aria-current", "step");
      b.addEventListener("click", () => this.goTo(moves, true));
      return b;
    };
    const items: HTMLElement[] = [h("li", { class: "history-start" }, button(0, t("history.start"), t("history.startLabel")))];
    const record = this.host.record();
    const resigned = record.resigned ?? [];
    const timedOut = record.timedOut ?? [];
    const rows = historyRows(s.history, order);
    for (const row of rows) {
      const cells: (HTMLElement | string)[] = [h("span", { class: "history-number", "aria-hidden": "true" }, `${row.number}.`)];
      for (const slot of row.slots) {
        if (slot === null) {
          cells.push(h("span", { class: "history-gap", "aria-hidden": "true" }, "…"));
          continue;
        }
        const entry = s.history[slot]!;
        const who = seatName(s, entry.seat);
        const name = [t("history.moveLabel", { number: entry.number, seat: who, move: spokenMove(entry) }), ...(entry.offeredDraw ? [t("history.offer")] : [])].join(", ");
        const b = button(slot + 1, moveText(entry), name, entry.offeredDraw ? ["offer"] : []);
        if (halma) b.prepend(h("span", { class: `swatch ${seatView(s, entry.seat)?.color ?? ""}`, "aria-hidden": "true" }));
        cells.push(b);
      }
      items.push(h("li", { class: order.length > 2 ? "history-row wide" : "history-row", style: `--slots: ${order.length}` }, ...cells));
      const last = Math.max(...row.slots.map((slot) => slot ?? -1)) + 1;
      for (const r of resigned.filter((r) => r.after === last && last > 0)) {
        items.push(h("li", { class: "history-note" }, t("history.resigned", { seat: seatName(s, r.seat) })));
      }
      for (const r of timedOut.filter((r) => r.after === last && last > 0)) {
        items.push(h("li", { class: "history-note" }, t("history.timedOut", { seat: seatName(s, r.seat) })));
      }
    }
    if (s.result !== null) items.push(h("li", { class: "history-result", "data-testid": "history-result" }, resultTitle(s, s.result)));
    this.list.replaceChildren(...items);
    // Keeps the shown move in sight inside the list (never scrolls the page).
    const shown = this.list.querySelector<HTMLElement>('[aria-current="step"]');
    if (shown) {
      const top = shown.offsetTop;
      const bottom = top + shown.offsetHeight;
      if (top < this.list.scrollTop) this.list.scrollTop = top;
      else if (bottom > this.list.scrollTop + this.list.clientHeight) this.list.scrollTop = bottom - this.list.clientHeight;
    }
    const total = s.history.length;
    for (const { button, label, to } of this.steps) {
      button.setAttribute("aria-label", t(label));
      button.title = t(label);
      const target = Math.max(0, Math.min(to(current, total), total));
      button.disabled = target === current;
    }
  }

  private renderBanner(s: GameView): void {
    this.backButton.textContent = t("review.back");
    if (this.shown === null) {
      this.banner.hidden = true;
      this.bannerText.textContent = "";
      return;
    }
    const view = this.viewAt(this.shown);
    const entry = this.shown > 0 ? s.history[this.shown - 1] : undefined;
    const parts = [entry ? t("review.after", { number: entry.number, seat: seatName(s, entry.seat), move: spokenMove(entry) }) : t("review.atStart")];
    if (view) parts.push(positionSummary(view));
    const newMoves = s.history.length - this.movesAtReview;
    if (newMoves > 0) parts.push(t("review.newMoves", { count: newMoves }));
    this.bannerText.textContent = parts.join(" ");
    this.banner.hidden = false;
    this.banner.classList.toggle("new-moves", newMoves > 0);
  }
}

/** What a listener needs to picture a position: who moves, and the pieces each side has. */
export function positionSummary(view: GameView): string {
  const draughts = draughtsDetails(view);
  const halma = halmaDetails(view);
  const pieces = [
    ...(draughts?.piecesLeft ?? []).map((m) => t("review.pieces", { seat: seatName(view, m.seat), count: t("panel.material", { men: m.men, kings: m.kings }) })),
    ...(halma?.seats ?? []).map((seat) => t("review.pieces", { seat: seatName(view, seat.seat), count: t("panel.outside", { count: seat.outsideTarget }) })),
  ].join(t("review.join"));
  const turn = view.turn === null ? t("turn.over") : t("turn.toMove", { color: seatName(view, view.turn) });
  return t("review.position", { turn, pieces });
}
