/** The game screen: the 3D board, the controls under it, and the panel beside (or below) it. */
import { createBoard, type Board3D, type BoardLayout, type BoardState, type ColorKey, type LastMoveView, type PieceView } from "../board3d";
import { t, type MessageKey } from "../i18n";
import { drawControls, offerWithMove } from "../game/controls";
import type { ControllerEvent, GameController } from "../game/controller";
import {
  NOTHING_SELECTED,
  click,
  isHalfEntered,
  reselect,
  selectionView,
  type Selection,
  type SelectionContext,
} from "../game/selection";
import { EngineClient } from "../engine/client";
import { ButtonGrid } from "../panel/grid";
import { moveLabels } from "../panel/moves";
import type { Color, LegalMove, Piece, Snapshot } from "../wasm/types";
import { h } from "./dom";
import { playMoveSound } from "./sound";
import { announceMove, colorName, resultReason, resultTitle, ruleName } from "./words";

/** One 3D board kept across games (creating a WebGL scene is the slowest part of a page). */
export interface SharedBoard {
  readonly host: HTMLElement;
  board: Board3D | null;
}

export interface GameScreenActions {
  playAgain(): void;
  chooseMode(): void;
}

/** Elements whose text is a catalog message, refreshed when the language changes. */
function label(el: HTMLElement, key: MessageKey): HTMLElement {
  el.dataset["i18n"] = key;
  el.textContent = t(key);
  return el;
}

export class GameScreen {
  readonly element: HTMLElement;
  private readonly board: Board3D;
  private readonly grid: ButtonGrid;
  private selection: Selection = NOTHING_SELECTED;
  private message: MessageKey | null = null;
  private errorText: string | null = null;
  private animations = 0;
  private boardQueue: Promise<void> = Promise.resolve();
  private movesCache: { ply: number; fen: string; moves: LegalMove[] } | null = null;
  private readonly unsubscribe: () => void;
  private shownResult = false;
  private hooks: object | null = null;

  private readonly banner = h("div", { class: "banner", role: "status", "data-testid": "banner" });
  private readonly messageLine = h("div", { class: "message", "data-testid": "message" });
  private readonly countdownLine = h("div", { class: "countdown", "data-testid": "countdown" });
  private readonly reselectButton = h("button", { type: "button", "data-testid": "reselect" });
  private readonly acceptButtons: HTMLButtonElement[] = [];
  private readonly offerBox = h("input", { type: "checkbox", id: "offer-draw", "data-testid": "offer-draw" });
  private readonly offerRow = h("label", { class: "offer", for: "offer-draw" });
  private readonly offerHint = h("div", { class: "hint" });
  private readonly undoButton = h("button", { type: "button", "data-testid": "undo" });
  private readonly resignButton = h("button", { type: "button", "data-testid": "resign" });
  private readonly moveList = h("ul", { class: "move-list", "data-testid": "legal-moves" });
  private readonly piecesLeft = h("dl", { class: "pieces-left", "data-testid": "pieces-left" });
  private readonly countdowns = h("ul", { class: "countdowns", "data-testid": "countdowns" });
  private readonly lastMove = h("div", { class: "last-move", "data-testid": "last-move" });
  private readonly fenField = h("input", { type: "text", readonly: true, class: "fen", "data-testid": "fen" });
  private readonly copied = h("span", { class: "copied", "aria-live": "polite" });
  private readonly live = h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "announcer" });
  private readonly dialog = h("dialog", { class: "game-over", "data-testid": "game-over" });

  constructor(
    private readonly controller: GameController,
    private readonly actions: GameScreenActions,
    shared: SharedBoard,
  ) {
    const boardHost = shared.host;
    const views = h(
      "div",
      { class: "view-buttons" },
      label(h("button", { type: "button", "data-testid": "view-oblique", onclick: () => void this.board.setView("oblique") }), "view.oblique"),
      label(h("button", { type: "button", "data-testid": "view-top", onclick: () => void this.board.setView("top") }), "view.top"),
    );
    label(this.reselectButton, "controls.reselect");
    this.reselectButton.addEventListener("click", () => {
      this.selection = reselect(this.selection);
      this.message = null;
      this.render();
    });
    this.offerRow.append(this.offerBox, label(h("span"), "draw.offerNext"));
    label(this.undoButton, "controls.undo");
    this.undoButton.addEventListener("click", () => this.controller.undo());
    label(this.resignButton, "controls.resign");
    this.resignButton.addEventListener("click", () => {
      if (window.confirm(t("controls.confirmResign"))) this.controller.resign();
    });
    const acceptUnder = this.acceptButton("accept-draw");
    const acceptPanel = this.acceptButton("accept-draw-panel");

    this.grid = new ButtonGrid((square) => this.onSquare(square));

    const boardArea = h(
      "section",
      { class: "board-area" },
      this.banner,
      h("div", { class: "board-frame" }, boardHost, views),
      h("div", { class: "under-board" }, this.messageLine, this.countdownLine, h("div", { class: "row" }, this.reselectButton, acceptUnder)),
      h(
        "div",
        { class: "controls" },
        this.undoButton,
        this.resignButton,
        label(h("button", { type: "button", "data-testid": "play-again", onclick: () => this.actions.playAgain() }), "controls.playAgain"),
        label(h("button", { type: "button", "data-testid": "choose-mode", onclick: () => this.actions.chooseMode() }), "controls.chooseMode"),
      ),
      h("div", { class: "draw-row" }, this.offerRow, this.offerHint),
    );

    const copyButton = label(h("button", { type: "button", "data-testid": "copy-pdn" }), "game.copyPdn");
    copyButton.addEventListener("click", () => void this.copyPdn());
    const downloadButton = label(h("button", { type: "button", "data-testid": "download-pdn" }), "game.downloadPdn");
    downloadButton.addEventListener("click", () => this.downloadPdn());

    const panel = h(
      "aside",
      { class: "panel" },
      label(h("h2"), "panel.buttons"),
      this.grid.element,
      acceptPanel,
      label(h("h2"), "panel.legalMoves"),
      this.moveList,
      label(h("h2"), "panel.piecesLeft"),
      this.piecesLeft,
      label(h("h2"), "panel.countdowns"),
      this.countdowns,
      label(h("h2"), "panel.lastMove"),
      this.lastMove,
      label(h("h2"), "game.pdn"),
      h("div", { class: "row" }, copyButton, downloadButton, this.copied),
      label(h("label", { for: "fen-field" }), "game.fen"),
      this.fenField,
    );
    this.fenField.id = "fen-field";

    this.element = h("main", { class: "game-screen" }, boardArea, panel, this.live, this.dialog);

    if (shared.board) shared.board.set(this.boardState(controller.snapshot()));
    else shared.board = createBoard(boardHost, this.boardState(controller.snapshot()));
    this.board = shared.board;
    this.board.onClick((square) => this.onSquare(square));
    this.unsubscribe = controller.subscribe((event) => this.onEvent(event));
    this.exposeTestHooks();
    this.render();
  }

  private acceptButton(testId: string): HTMLButtonElement {
    const button = h("button", { type: "button", class: "accept", "data-testid": testId });
    label(button, "draw.accept");
    button.addEventListener("click", () => this.controller.acceptDraw());
    this.acceptButtons.push(button);
    return button;
  }

  /** Starts the game once the screen is in the document (the board needs its size). */
  start(): void {
    this.controller.start();
  }

  destroy(): void {
    this.unsubscribe();
    this.controller.destroy();
    const w = window as unknown as { __kingme?: unknown };
    if (this.hooks !== null && w.__kingme === this.hooks) w.__kingme = undefined;
  }

  /** Re-reads every label after a language change. */
  relabel(): void {
    for (const el of this.element.querySelectorAll<HTMLElement>("[data-i18n]")) {
      el.textContent = t(el.dataset["i18n"] as MessageKey);
    }
    this.render();
  }

  private legalMoves(s: Snapshot): LegalMove[] {
    if (this.movesCache?.ply !== s.ply || this.movesCache.fen !== s.fen) {
      this.movesCache = { ply: s.ply, fen: s.fen, moves: this.controller.legalMoves() };
    }
    return this.movesCache.moves;
  }

  private humanToMove(s: Snapshot): boolean {
    return s.result === null && !this.controller.thinking && this.controller.humans.includes(s.turn);
  }

  private context(s: Snapshot): SelectionContext {
    return {
      moves: this.legalMoves(s),
      own: s.pieces.filter((p) => p.color === s.turn).map((p) => p.square),
    };
  }

  private onSquare(square: string | null): void {
    const s = this.controller.snapshot();
    if (!this.humanToMove(s) || this.animations > 0) return;
    const result = click(this.selection, square, this.context(s));
    this.selection = result.selection;
    this.message = result.message ? (result.message === "onlyCaptures" ? "msg.onlyCaptures" : "msg.continueCapture") : null;
    this.errorText = null;
    if (result.play) this.playHuman(result.play.path);
    else this.render();
  }

  private playHuman(path: readonly string[]): void {
    const s = this.controller.snapshot();
    const offer = offerWithMove(s, this.controller.humans, this.offerBox.checked);
    this.offerBox.checked = false;
    this.selection = NOTHING_SELECTED;
    this.controller.play(path, offer);
  }

  private onEvent(event: ControllerEvent): void {
    switch (event.kind) {
      case "played": {
        const { move, color, offeredDraw, after } = event.played;
        this.selection = NOTHING_SELECTED;
        this.message = null;
        playMoveSound(move.promotes ? "crown" : move.captures.length > 0 ? "capture" : "move");
        this.live.textContent = announceMove(move, color, offeredDraw);
        this.animations++;
        this.boardQueue = this.boardQueue.then(async () => {
          try {
            await this.board.animateMove([...move.path], [...move.captures]);
          } finally {
            this.board.set({
              pieces: boardPieces(after.pieces),
              lastMoves: [{ seat: boardSeat(color), path: move.path, captured: move.captures }],
            });
            this.animations--;
            this.render();
          }
        });
        break;
      }
      case "undone":
        this.selection = NOTHING_SELECTED;
        this.message = null;
        this.shownResult = false;
        this.live.textContent = t("announce.undo");
        this.boardQueue = this.boardQueue.then(() => {
          const s = this.controller.snapshot();
          this.board.set({ pieces: boardPieces(s.pieces), lastMoves: this.lastMoveView(s) });
        });
        break;
      case "error":
        this.errorText = t("msg.error", { message: event.message });
        break;
      case "changed":
        break;
    }
    this.render();
  }

  private lastMoveView(s: Snapshot): LastMoveView[] {
    return s.lastMove ? [{ seat: boardSeat(s.lastMove.color), path: s.lastMove.path, captured: s.lastMove.captures }] : [];
  }

  private boardState(s: Snapshot): BoardState {
    return {
      layout: draughtsLayout(s.size),
      seatColors: BOARD_SEAT_COLORS,
      rotation: this.controller.flipped ? 180 : 0,
      pieces: boardPieces(s.pieces),
      selected: null,
      dests: [],
      finalDests: [],
      mustCapture: [],
      partialPath: [],
      previewPath: [],
      lastMoves: this.lastMoveView(s),
      clickable: [],
    };
  }

  private render(): void {
    const s = this.controller.snapshot();
    const interactive = this.humanToMove(s) && this.animations === 0;
    if (!this.humanToMove(s)) this.selection = NOTHING_SELECTED;
    const ctx = this.context(s);
    const view = selectionView(this.selection, ctx);
    const marks = {
      selected: interactive ? view.selected : null,
      dests: interactive ? view.dests : [],
      finalDests: interactive ? view.finalDests : [],
      partialPath: interactive ? view.partialPath : [],
      mustCapture: interactive ? s.mustCapture : [],
    };
    this.board.set({ ...marks, clickable: interactive ? view.clickable : [] });
    this.grid.update({ size: s.size, flipped: this.controller.flipped, pieces: s.pieces, ...marks });

    this.renderBanner(s);
    this.messageLine.textContent = this.errorText ?? (this.message ? t(this.message) : "");
    const soon = s.countdowns.filter((c) => c.movesLeft <= 5);
    this.countdownLine.textContent = soon
      .map((c) => t("countdown.soon", { rule: ruleName(c.rule, c.ruleName), moves: c.movesLeft }))
      .join(" · ");
    this.countdownLine.hidden = soon.length === 0 || s.result !== null;
    this.reselectButton.hidden = !(interactive && isHalfEntered(this.selection));

    const draw = drawControls(s, this.controller.humans, this.controller.thinking);
    for (const b of this.acceptButtons) b.hidden = !draw.acceptShown;
    this.offerRow.hidden = !draw.offerShown;
    this.offerBox.disabled = !draw.offerEnabled;
    if (!draw.offerEnabled) this.offerBox.checked = false;
    this.offerHint.textContent = draw.offerBlocked ? t("draw.notAgain") : "";
    this.offerHint.hidden = !draw.offerBlocked;

    this.undoButton.disabled = !this.controller.canUndo();
    this.resignButton.disabled = s.result !== null;

    this.renderMoveList(s, interactive);
    this.renderInfo(s);
    this.renderResult(s);
  }

  private renderBanner(s: Snapshot): void {
    let text: string;
    if (s.result !== null) text = `${t("turn.over")} — ${resultTitle(s.result)}`;
    else if (this.controller.thinking) text = t("turn.thinking");
    else {
      const mine = this.controller.humans.length === 1 && this.controller.humans[0] === s.turn;
      text = mine ? t("turn.yours", { color: colorName(s.turn) }) : t("turn.toMove", { color: colorName(s.turn) });
      if (s.mustCapture.length > 0) text += ` — ${t("turn.mustCapture")}`;
    }
    if (s.result === null && s.drawOffer !== null && s.drawOffer !== s.turn) {
      text += ` · ${t("draw.offered", { color: colorName(s.drawOffer) })}`;
    }
    this.banner.textContent = text;
    this.banner.classList.toggle("thinking", this.controller.thinking);
  }

  private renderMoveList(s: Snapshot, interactive: boolean): void {
    const moves = interactive ? this.legalMoves(s) : [];
    const labels = moveLabels(moves);
    this.moveList.replaceChildren(
      ...moves.map((m, i) =>
        h(
          "li",
          {},
          h("button", { type: "button", class: "move", onclick: () => this.playHuman(m.path) }, labels[i]!),
        ),
      ),
    );
  }

  private renderInfo(s: Snapshot): void {
    this.piecesLeft.replaceChildren(
      ...(["white", "black"] as const).flatMap((c) => [
        h("dt", {}, colorName(c)),
        h("dd", {}, t("panel.material", { men: s.piecesLeft[c].men, kings: s.piecesLeft[c].kings })),
      ]),
    );
    this.countdowns.replaceChildren(
      ...(s.countdowns.length === 0
        ? [h("li", {}, t("panel.noCountdown"))]
        : s.countdowns.map((c) => h("li", {}, t("panel.movesLeft", { rule: ruleName(c.rule, c.ruleName), moves: c.movesLeft })))),
    );
    this.lastMove.textContent = s.lastMove
      ? `${colorName(s.lastMove.color)}: ${s.lastMove.notation}`
      : t("panel.noMove");
    this.fenField.value = s.fen;
  }

  private renderResult(s: Snapshot): void {
    if (s.result === null) {
      if (this.dialog.open) this.dialog.close();
      this.shownResult = false;
      return;
    }
    const result = s.result;
    const humans = this.controller.humans;
    const personal =
      humans.length === 1 && result.winner !== null
        ? t(result.winner === humans[0] ? "result.youWin" : "result.youLose")
        : null;
    this.dialog.replaceChildren(
      h("h2", { "data-testid": "result-title" }, resultTitle(result)),
      h("p", { "data-testid": "result-reason" }, resultReason(result)),
      ...(personal ? [h("p", {}, personal)] : []),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", onclick: () => this.actions.playAgain() }, t("controls.playAgain")),
        h("button", { type: "button", onclick: () => this.actions.chooseMode() }, t("controls.chooseMode")),
        h("button", { type: "button", "data-testid": "close-dialog", onclick: () => this.dialog.close() }, t("dialog.close")),
      ),
    );
    if (!this.shownResult && this.animations === 0) {
      this.shownResult = true;
      if (!this.dialog.open) this.dialog.showModal();
    }
  }

  private async copyPdn(): Promise<void> {
    const pdn = this.controller.pdn();
    try {
      await navigator.clipboard.writeText(pdn);
    } catch {
      const area = h("textarea", {}, pdn);
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    this.copied.textContent = t("game.copied");
  }

  private downloadPdn(): void {
    const blob = new Blob([this.controller.pdn()], { type: "application/x-chess-pdn" });
    const url = URL.createObjectURL(blob);
    const link = h("a", { href: url, download: `kingme-${this.controller.variant}.pdn` });
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  }

  /** With `?test` in the address: hooks for end-to-end tests (coordinates, settled state). */
  private exposeTestHooks(): void {
    if (!new URLSearchParams(location.search).has("test")) return;
    this.hooks = {
      squareToClient: (square: string) => this.board.squareToClient(square),
      settled: async () => {
        await this.boardQueue;
        await this.board.whenSettled();
        return this.animations === 0 && !this.controller.thinking;
      },
      snapshot: () => this.controller.snapshot(),
      legalMoves: () => this.controller.legalMoves(),
      humans: () => [...this.controller.humans],
      thinking: () => this.controller.thinking,
      searchInWorker: async (nodes: number) => {
        const engine = new EngineClient();
        try {
          return await engine.search(this.controller.record(), nodes);
        } finally {
          engine.destroy();
        }
      },
    };
    (window as unknown as { __kingme: unknown }).__kingme = this.hooks;
  }
}

// Temporary, until the wasm snapshot describes the board by cells and the pieces by seat: the
// draughts board's cells rebuilt from the snapshot's size and square names (a1 dark), and the
// colours used as seats in a fixed order that only decides how each side is drawn.
const BOARD_SEAT_COLORS: ColorKey[] = ["white", "black"];
const draughtsLayouts = new Map<number, BoardLayout>();

function draughtsLayout(size: number): BoardLayout {
  let layout = draughtsLayouts.get(size);
  if (!layout) {
    const cells = [];
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        cells.push({ name: `${"abcdefghij"[x]}${y + 1}`, x, y, playable: (x + y) % 2 === 0, camp: null });
      }
    }
    layout = { shape: "square", cells };
    draughtsLayouts.set(size, layout);
  }
  return layout;
}

function boardSeat(color: Color): number {
  return BOARD_SEAT_COLORS.indexOf(color);
}

function boardPieces(pieces: readonly Piece[]): PieceView[] {
  return pieces.map((p) => ({ cell: p.square, seat: boardSeat(p.color), king: p.king }));
}
