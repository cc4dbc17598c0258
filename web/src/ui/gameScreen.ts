/** The game screen: the 3D board, the controls under it, and the panel beside (or below) it. */
import { createBoard, type Board3D, type BoardState, type ColorKey, type LastMoveView } from "../board3d";
import { t, type MessageKey } from "../i18n";
import { drawControls, offerWithMove } from "../game/controls";
import { viewAngle, type ControllerEvent, type GameController } from "../game/controller";
import {
  NOTHING_SELECTED,
  candidates,
  click,
  doneRoute,
  isHalfEntered,
  reselect,
  selectionView,
  type Selection,
  type SelectionContext,
} from "../game/selection";
import { EngineClient } from "../engine/client";
import { ButtonGrid } from "../panel/grid";
import { moveLabels } from "../panel/moves";
import { draughtsDetails, halmaDetails, seatView, type GameView, type LegalMove } from "../wasm/rules";
import { h } from "./dom";
import { playMoveSound } from "./sound";
import { gameName } from "./chooser";
import { Announcer, liveRegionLines } from "./announcer";
import { announceMove, resultReason, resultTitle, ruleName, seatName } from "./words";
import { MoveList } from "./moveList";
import { pieceMoveItems } from "./pieceMoves";
import { flipKey, loadFlips, storeFlips } from "./flip";
import { createClocks, type ClockLabel, type Clocks } from "./clock";

type Snapshot = GameView;

/** Each seat's colour, indexed by seat (seats not in play get a colour never drawn). */
function seatColors(s: Snapshot): ColorKey[] {
  const colors: ColorKey[] = [];
  for (const seat of s.seats) {
    while (colors.length < seat.index) colors.push("white");
    colors[seat.index] = seat.color;
  }
  return colors;
}

/** The moves the board draws as played: the last one, or (Halma, when asked) every seat's last. */
function playedMoves(s: Snapshot, everySeat: boolean): LastMoveView[] {
  const moves = s.details.family === "halma" && everySeat ? s.lastMoves : s.lastMove ? [s.lastMove] : [];
  return moves.map((m) => ({ seat: m.seat, path: m.path, captured: m.captures }));
}

/** Switches remembered on this device: checked when stored as "1", else `fallback`. */
function storedSwitch(key: string, fallback: boolean): boolean {
  try {
    const value = globalThis.localStorage?.getItem(key);
    return value === null || value === undefined ? fallback : value === "1";
  } catch {
    return fallback;
  }
}

function storeSwitch(key: string, on: boolean): void {
  try {
    globalThis.localStorage?.setItem(key, on ? "1" : "0");
  } catch {
    /* storage unavailable: the switch still works for this page */
  }
}

const SHOW_ALL_LAST_MOVES = "kingme.showAllLastMoves";
const TURN_BOARD = "kingme.turnBoard";

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
  private readonly doneButton = h("button", { type: "button", "data-testid": "done" });
  private readonly hopButtons = h("div", { class: "row hop-buttons", "data-testid": "hop-buttons" });
  private readonly hopsSection = h("section", {}, label(h("h2"), "panel.hops"), this.hopButtons);
  private readonly allLastMovesBox = h("input", { type: "checkbox", id: "all-last-moves", "data-testid": "all-last-moves" });
  private readonly turnBoardBox = h("input", { type: "checkbox", id: "turn-board", "data-testid": "turn-board" });
  /** The rotation the board was last turned to (the near seat's, or the player to move's). */
  private shownRotation = 0;
  private readonly acceptButtons: HTMLButtonElement[] = [];
  private readonly offerBox = h("input", { type: "checkbox", id: "offer-draw", "data-testid": "offer-draw" });
  private readonly offerRow = h("label", { class: "offer", for: "offer-draw" });
  private readonly offerHint = h("div", { class: "hint" });
  private readonly undoButton = h("button", { type: "button", "data-testid": "undo" });
  private readonly resignButton = h("button", { type: "button", "data-testid": "resign" });
  private readonly moveList = h("ul", { class: "move-list", "data-testid": "legal-moves", tabindex: -1 });
  /** A move was played from the list: keep the focus on it, then on the next move's buttons. */
  private focusMovesAfterPlay = false;
  private readonly piecesLeft = h("dl", { class: "pieces-left", "data-testid": "pieces-left" });
  private readonly players = h("ul", { class: "players", "data-testid": "players" });
  private readonly piecesLeftSection = h("section", {}, label(h("h2"), "panel.piecesLeft"), this.piecesLeft);
  private readonly playersSection = h("section", {}, label(h("h2"), "panel.players"), this.players);
  private readonly countdowns = h("ul", { class: "countdowns", "data-testid": "countdowns" });
  private readonly lastMove = h("div", { class: "last-move", "data-testid": "last-move" });
  private readonly fenField = h("input", { type: "text", readonly: true, class: "fen", "data-testid": "fen" });
  private readonly copied = h("span", { class: "copied", "aria-live": "polite" });
  private readonly live = h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "announcer" });
  private readonly announcer = new Announcer(liveRegionLines(this.live));
  private readonly dialog = h("dialog", { class: "game-over", "data-testid": "game-over" });
  /** The clocks of a timed game, above the board. */
  private readonly clockHost = h("div", { class: "clock-host" });
  private clocks: Clocks | null = null;
  private readonly undoOff = h("p", { class: "hint undo-off", "data-testid": "undo-off" });
  /** The game's moves, and the earlier position shown while reviewing them. */
  private readonly history: MoveList;
  /** Seats the board is turned on by "Flip board" from the seat it would face. */
  private flips = 0;
  private readonly onFlipKey = (e: KeyboardEvent) => {
    if (flipKey(e)) {
      e.preventDefault();
      this.flip();
    }
  };

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
      label(h("button", { type: "button", "data-testid": "flip", "aria-keyshortcuts": "F", title: "F", onclick: () => this.flip() }), "view.flip"),
    );
    this.flips = loadFlips(controller.variant, controller.snapshot().seats.length);
    this.history = new MoveList({
      snapshot: () => this.controller.snapshot(),
      record: () => this.controller.record(),
      show: (view) => this.showReview(view),
      announce: (text) => this.announcer.say(text),
    });
    label(this.reselectButton, "controls.reselect");
    this.reselectButton.addEventListener("click", () => this.reselectHops());
    label(this.doneButton, "controls.done");
    this.doneButton.addEventListener("click", () => this.endHops());
    const reselectPanel = label(h("button", { type: "button", "data-testid": "reselect-panel" }), "controls.reselect");
    reselectPanel.addEventListener("click", () => this.reselectHops());
    const donePanel = label(h("button", { type: "button", "data-testid": "done-panel" }), "controls.done");
    donePanel.addEventListener("click", () => this.endHops());
    this.hopButtons.append(donePanel, reselectPanel);
    // With more than two players several moves come between one's turns: show them all by default.
    this.allLastMovesBox.checked = storedSwitch(SHOW_ALL_LAST_MOVES, controller.snapshot().seats.length > 2);
    this.allLastMovesBox.addEventListener("change", () => {
      storeSwitch(SHOW_ALL_LAST_MOVES, this.allLastMovesBox.checked);
      this.board.set({ lastMoves: playedMoves(this.controller.snapshot(), this.allLastMovesBox.checked) });
    });
    this.turnBoardBox.checked = storedSwitch(TURN_BOARD, false);
    this.turnBoardBox.addEventListener("change", () => {
      storeSwitch(TURN_BOARD, this.turnBoardBox.checked);
      this.boardQueue = this.boardQueue.then(() => this.turnToMover());
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
      { class: "board-area", "aria-labelledby": "game-title" },
      // For heading navigation: the screen starts with the game's name.
      h("h1", { class: "sr-only", id: "game-title" }, gameName(controller.variant)),
      // The view buttons sit beside the banner, not on the board, where they hid its far row of coordinates.
      h("div", { class: "board-head" }, this.banner, views),
      this.clockHost,
      this.history.banner,
      h("div", { class: "board-frame" }, boardHost),
      h("div", { class: "under-board" }, this.messageLine, this.countdownLine, h("div", { class: "row" }, this.doneButton, this.reselectButton, acceptUnder)),
      h(
        "div",
        { class: "controls" },
        this.undoButton,
        this.resignButton,
        label(h("button", { type: "button", "data-testid": "play-again", onclick: () => this.actions.playAgain() }), "controls.playAgain"),
        label(h("button", { type: "button", "data-testid": "choose-mode", onclick: () => this.actions.chooseMode() }), "controls.chooseMode"),
        // The rules open beside the game, which stays as it is.
        label(
          h("a", { class: "button-link", href: `/learn/rules/${controller.variant}${location.search}`, target: "_blank", rel: "noopener", "data-testid": "how-to-play" }),
          "controls.howToPlay",
        ),
      ),
      this.undoOff,
      h("div", { class: "draw-row" }, this.offerRow, this.offerHint),
    );
    const clocks = controller.clocks?.() ?? null;
    if (clocks !== null) this.clocks = createClocks(this.clockHost, this.clockLabels(controller.snapshot(), clocks.seats));
    this.clockHost.hidden = clocks === null;
    label(this.undoOff, "clock.undoOff");
    this.undoOff.hidden = clocks === null;

    const halma = controller.snapshot().details.family === "halma";
    const star = controller.snapshot().layout.shape === "star";
    const copyButton = label(h("button", { type: "button", "data-testid": "copy-pdn" }), halma ? "game.copyRecord" : "game.copyPdn");
    copyButton.addEventListener("click", () => void this.copyPdn());
    const downloadButton = label(h("button", { type: "button", "data-testid": "download-pdn" }), halma ? "game.downloadRecord" : "game.downloadPdn");
    downloadButton.addEventListener("click", () => this.downloadPdn());

    const panel = h(
      "aside",
      { class: "panel", "aria-label": t("panel.label") },
      this.history.element,
      // The star has no rows and columns to walk with arrow keys: its pieces are listed instead.
      ...(star ? [] : [label(h("h2"), "panel.buttons"), this.grid.element]),
      acceptPanel,
      ...(halma ? [this.hopsSection] : []),
      label(h("h2"), "panel.legalMoves"),
      this.moveList,
      this.piecesLeftSection,
      this.playersSection,
      ...(halma ? [] : [label(h("h2"), "panel.countdowns"), this.countdowns]),
      label(h("h2"), "panel.lastMove"),
      this.lastMove,
      ...(halma ? [h("label", { class: "offer", for: "all-last-moves" }, this.allLastMovesBox, label(h("span"), "panel.showAllLastMoves"))] : []),
      ...(controller.humans.length > 1 ? [h("label", { class: "offer", for: "turn-board" }, this.turnBoardBox, label(h("span"), "panel.turnBoard"))] : []),
      label(h("h2"), halma ? "game.record" : "game.pdn"),
      h("div", { class: "row" }, copyButton, downloadButton, this.copied),
      label(h("label", { for: "fen-field" }), halma ? "game.position" : "game.fen"),
      this.fenField,
    );
    this.fenField.id = "fen-field";

    this.element = h("main", { class: "game-screen" }, boardArea, panel, this.live, this.dialog);

    this.shownRotation = this.rotation(controller.snapshot());
    if (shared.board) shared.board.set(this.boardState(controller.snapshot()));
    else shared.board = createBoard(boardHost, this.boardState(controller.snapshot()));
    this.board = shared.board;
    this.labelBoard();
    this.board.onClick((square) => this.onSquare(square));
    this.board.onHover((cell) => this.onHover(cell));
    this.unsubscribe = controller.subscribe((event) => this.onEvent(event));
    document.addEventListener("keydown", this.onFlipKey);
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

  /** Whether leaving would throw away a game in progress: a move played and no result yet. */
  inProgress(): boolean {
    const s = this.controller.snapshot();
    return s.result === null && s.moves.length > 0;
  }

  /** Starts the game once the screen is in the document (the board needs its size). */
  start(): void {
    this.controller.start();
  }

  destroy(): void {
    this.unsubscribe();
    this.clocks?.stop();
    document.removeEventListener("keydown", this.onFlipKey);
    this.history.destroy();
    this.controller.destroy();
    const w = window as unknown as { __kingme?: unknown };
    if (this.hooks !== null && w.__kingme === this.hooks) w.__kingme = undefined;
  }

  /** Re-reads every label after a language change. */
  /** The canvas is an image named after the game; playing it is done with the buttons or the grid. */
  private labelBoard(): void {
    this.board.canvas.setAttribute("role", "img");
    this.board.canvas.setAttribute("aria-label", t("board.label", { game: gameName(this.controller.variant) }));
  }

  relabel(): void {
    this.labelBoard();
    this.element.querySelector("#game-title")!.textContent = gameName(this.controller.variant);
    this.element.querySelector("aside.panel")!.setAttribute("aria-label", t("panel.label"));
    for (const el of this.element.querySelectorAll<HTMLElement>("[data-i18n]")) {
      el.textContent = t(el.dataset["i18n"] as MessageKey);
    }
    this.history.relabel();
    this.render();
  }

  private legalMoves(s: Snapshot): LegalMove[] {
    if (this.movesCache?.ply !== s.ply || this.movesCache.fen !== s.fen) {
      this.movesCache = { ply: s.ply, fen: s.fen, moves: this.controller.legalMoves() };
    }
    return this.movesCache.moves;
  }

  private humanToMove(s: Snapshot): boolean {
    return s.result === null && s.turn !== null && !this.controller.thinking && this.controller.humans.includes(s.turn) && !this.history.isReviewing();
  }

  private context(s: Snapshot): SelectionContext {
    return {
      moves: this.legalMoves(s),
      own: s.pieces.filter((p) => p.seat === s.turn).map((p) => p.cell),
      // The Halma rules take any legal chain of hops, so one may be ended where it stands.
      anyRoute: s.details.family === "halma",
    };
  }

  /** "Done": plays the hops entered so far. */
  private endHops(): void {
    const s = this.controller.snapshot();
    if (!this.humanToMove(s) || this.animations > 0) return;
    const route = doneRoute(this.selection, this.context(s));
    if (route !== null) this.playHuman(route);
  }

  /** "Reselect": cancels the hops (or capture landings) entered, keeping the piece selected. */
  private reselectHops(): void {
    this.selection = reselect(this.selection);
    this.message = null;
    this.board.set({ previewPath: [] });
    this.render();
  }

  /** "Flip board": the board turns to the next seat's side (draughts: the other side), remembered for this game. */
  private flip(): void {
    const seats = this.controller.snapshot().seats.length;
    this.flips = (this.flips + 1) % Math.max(1, seats);
    storeFlips(this.controller.variant, seats, this.flips);
    this.boardQueue = this.boardQueue.then(() => this.turnToMover());
    this.render();
  }

  /** Reviewing: the board shows `view` (an earlier position), or the game as it stands (null). */
  private showReview(view: GameView | null): void {
    this.selection = NOTHING_SELECTED;
    this.boardQueue = this.boardQueue.then(() => {
      const shown = view ?? this.controller.snapshot();
      this.board.set({ pieces: shown.pieces, lastMoves: playedMoves(shown, this.allLastMovesBox.checked), previewPath: [] });
      return this.turnToMover();
    });
    this.render();
  }

  /** With the switch on, turns the board to the player to move when that is a player here. */
  private async turnToMover(): Promise<void> {
    const rotation = this.rotation(this.controller.snapshot());
    if (rotation === this.shownRotation) return;
    this.shownRotation = rotation;
    await this.board.turnTo(rotation);
  }


  private onSquare(square: string | null): void {
    const s = this.controller.snapshot();
    if (!this.humanToMove(s) || this.animations > 0) return;
    const result = click(this.selection, square, this.context(s));
    this.selection = result.selection;
    const messages = { onlyCaptures: "msg.onlyCaptures", continueCapture: "msg.continueCapture", continueHops: "msg.continueHops" } as const;
    this.message = result.message ? messages[result.message] : null;
    this.errorText = null;
    if (result.play) this.playHuman(result.play.path);
    else if (result.playPath) this.playHuman(result.playPath);
    else {
      if (isHalfEntered(this.selection)) this.announceHop(s);
      this.render();
    }
  }

  /** Tells a screen reader where the entered hops stand and where they may go on. */
  private announceHop(s: Snapshot): void {
    if (s.details.family !== "halma") return;
    const view = selectionView(this.selection, this.context(s));
    const cell = this.selection.partial[this.selection.partial.length - 1] ?? "";
    this.live.textContent = view.dests.length > 0 ? t("announce.hop", { cell, next: view.dests.join(", ") }) : t("announce.hopEnd", { cell });
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
        const { move, seat, offeredDraw, after } = event.played;
        this.selection = NOTHING_SELECTED;
        this.message = null;
        playMoveSound(move.promotes ? "crown" : move.captures.length > 0 ? "capture" : "move");
        this.announcer.say(announceMove(move, seatName(after, seat), offeredDraw, after.details.family === "halma"));
        // While reviewing, the board stays on the earlier position; the move list says a move came.
        if (this.history.isReviewing()) break;
        this.animations++;
        this.boardQueue = this.boardQueue.then(async () => {
          try {
            try {
              await this.board.animateMove([...move.path], [...move.captures]);
            } finally {
              const shown = this.history.reviewing() ?? after;
              this.board.set({ pieces: shown.pieces, lastMoves: playedMoves(shown, this.allLastMovesBox.checked), previewPath: [] });
            }
            await this.turnToMover();
          } finally {
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
        this.announcer.say(t("announce.undo"));
        this.boardQueue = this.boardQueue.then(() => {
          const s = this.history.reviewing() ?? this.controller.snapshot();
          this.board.set({ pieces: s.pieces, lastMoves: playedMoves(s, this.allLastMovesBox.checked) });
          return this.turnToMover();
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

  /**
   * The rotation that brings the near seat's side to the front — or, with "turn the board" on at
   * a shared screen, the side of the player to move (when that player plays here).
   */
  private rotation(s: Snapshot): number {
    const turn = s.turn;
    const mover = this.turnBoardBox.checked && this.controller.humans.length > 1 && turn !== null && this.controller.humans.includes(turn);
    const facing = mover ? turn : this.controller.nearSeat;
    const order = s.seats.map((seat) => seat.index);
    const at = Math.max(0, order.indexOf(facing));
    return viewAngle(s, order[(at + this.flips) % Math.max(1, order.length)]);
  }

  private boardState(s: Snapshot): BoardState {
    return {
      layout: s.layout,
      seatColors: seatColors(s),
      rotation: this.rotation(s),
      pieces: s.pieces,
      selected: null,
      dests: [],
      finalDests: [],
      mustCapture: [],
      partialPath: [],
      previewPath: [],
      lastMoves: playedMoves(s, this.allLastMovesBox.checked),
      clickable: [],
    };
  }

  private render(): void {
    const s = this.controller.snapshot();
    this.history.update();
    const review = this.history.reviewing();
    const interactive = this.humanToMove(s) && this.animations === 0 && review === null;
    this.element.classList.toggle("reviewing", review !== null);
    if (!this.humanToMove(s)) this.selection = NOTHING_SELECTED;
    const ctx = this.context(s);
    const view = selectionView(this.selection, ctx);
    const marks = {
      selected: interactive ? view.selected : null,
      dests: interactive ? view.dests : [],
      finalDests: interactive ? view.finalDests : [],
      partialPath: interactive ? view.partialPath : [],
      mustCapture: interactive ? (draughtsDetails(s)?.mustCapture ?? []) : [],
    };
    this.board.set({ ...marks, clickable: interactive ? view.clickable : [] });
    this.grid.update({
      cells: s.layout.cells,
      rotation: this.rotation(s),
      pieces: (review ?? s).pieces,
      seatColor: (seat) => seatView(s, seat)?.color ?? "white",
      seatName: (seat) => seatName(s, seat),
      ...marks,
    });

    this.renderBanner(s);
    this.messageLine.textContent = this.errorText ?? (this.message ? t(this.message) : "");
    const soon = this.warnings(s);
    this.countdownLine.textContent = soon.join(" · ");
    this.countdownLine.hidden = soon.length === 0 || s.result !== null;
    const halfEntered = interactive && isHalfEntered(this.selection);
    this.reselectButton.hidden = !halfEntered;
    const done = interactive ? doneRoute(this.selection, ctx) : null;
    this.doneButton.hidden = done === null;
    this.hopsSection.hidden = !halfEntered;
    for (const button of this.hopButtons.querySelectorAll("button")) {
      button.disabled = button.dataset["testid"] === "done-panel" ? done === null : !halfEntered;
    }

    const draw = drawControls(s, this.controller.humans, this.controller.thinking);
    for (const b of this.acceptButtons) b.hidden = !draw.acceptShown;
    this.offerRow.hidden = !draw.offerShown;
    this.offerBox.disabled = !draw.offerEnabled;
    if (!draw.offerEnabled) this.offerBox.checked = false;
    this.offerHint.textContent = draw.offerBlocked ? t("draw.notAgain") : "";
    this.offerHint.hidden = !draw.offerBlocked;

    this.undoButton.disabled = !this.controller.canUndo();
    this.renderClocks(s);
    this.resignButton.disabled = s.result !== null || this.controller.canResign?.() === false;

    this.renderMoveList(s, interactive);
    // The panel describes the position shown: an earlier one while reviewing.
    this.renderInfo(review ?? s);
    this.renderResult(s);
  }

  private clockLabels(s: Snapshot, seats: readonly number[]): ClockLabel[] {
    return seats.map((seat) => {
      const color = seatView(s, seat)?.color;
      return color === undefined ? { text: this.who(s, seat) } : { text: this.who(s, seat), color };
    });
  }

  private renderClocks(s: Snapshot): void {
    const view = this.controller.clocks?.() ?? null;
    this.clockHost.hidden = view === null;
    if (view === null) return;
    // A room tells its clocks with its first snapshot, after the screen is built.
    this.clocks ??= createClocks(this.clockHost, this.clockLabels(s, view.seats));
    this.clocks.setLabels(this.clockLabels(s, view.seats));
    this.clocks.update(view.state, view.measuredAt);
  }

  /** Warnings under the board: draw rules about to end the game, the yard rule, the move limit. */
  private warnings(s: Snapshot): string[] {
    const draughts = draughtsDetails(s);
    if (draughts) {
      return draughts.countdowns
        .filter((c) => c.movesLeft <= 5)
        .map((c) => t("countdown.soon", { rule: ruleName(c.rule, c.ruleName), moves: c.movesLeft }));
    }
    const halma = halmaDetails(s);
    if (!halma) return [];
    const lines: string[] = [];
    for (const seat of halma.seats) {
      if (seat.yardMovesLeft === null || seat.yardMovesLeft > 5) continue;
      const mine = this.controller.humans.length === 1 && this.controller.humans[0] === seat.seat;
      const moves = seat.yardMovesLeft;
      const name = seatName(s, seat.seat);
      if (moves === 1) lines.push(mine ? t("yard.lastMove") : t("yard.lastMoveSeat", { seat: name }));
      else lines.push(mine ? t("yard.countdown", { moves }) : t("yard.countdownSeat", { seat: name, moves }));
    }
    const left = halma.moveLimit - halma.round + 1;
    if (left <= 20) lines.push(t("limit.near", { moves: left }));
    return lines;
  }

  /** How a seat is called here: its place and colour, after its player's name in a room. */
  private who(s: Snapshot, seat: number): string {
    const name = this.controller.playerName?.(seat) ?? null;
    return name === null ? seatName(s, seat) : `${name} (${seatName(s, seat)})`;
  }

  private renderBanner(s: Snapshot): void {
    let text: string;
    const draughts = draughtsDetails(s);
    const who = (seat: number) => this.who(s, seat);
    if (s.result !== null) text = `${t("turn.over")} — ${resultTitle(s, s.result, who)}`;
    else if (this.controller.thinking) text = t("turn.thinking");
    else if (s.turn !== null) {
      const mine = this.controller.humans.length === 1 && this.controller.humans[0] === s.turn;
      text = mine ? t("turn.yours", { color: seatName(s, s.turn) }) : t("turn.toMove", { color: this.who(s, s.turn) });
      if ((draughts?.mustCapture.length ?? 0) > 0) text += ` — ${t("turn.mustCapture")}`;
    } else text = t("turn.notStarted");
    const offer = draughts?.drawOffer ?? null;
    if (s.result === null && offer !== null && offer !== s.turn) {
      text += ` · ${t("draw.offered", { color: this.who(s, offer) })}`;
    }
    // While an earlier position is on the board, the banner still tells the game's state, as such.
    this.banner.textContent = this.history.isReviewing() ? t("turn.live", { text }) : text;
    this.banner.classList.toggle("thinking", this.controller.thinking);
  }

  private renderMoveList(s: Snapshot, interactive: boolean): void {
    const moves = interactive ? this.legalMoves(s) : [];
    if (s.details.family === "halma") this.renderPieceList(moves);
    else this.renderDraughtsList(moves);
    if (this.history.isReviewing()) this.moveList.replaceChildren(h("li", { class: "hint" }, t("panel.reviewing")));
    const focusLost = document.activeElement === document.body || this.moveList.contains(document.activeElement);
    if (this.focusMovesAfterPlay && !focusLost) this.focusMovesAfterPlay = false;
    if (this.focusMovesAfterPlay) {
      const next = this.moveList.querySelector<HTMLButtonElement>("button.move");
      (next ?? this.moveList).focus();
      if (next) this.focusMovesAfterPlay = false;
    }
  }

  private playFromList(path: readonly string[]): void {
    this.focusMovesAfterPlay = true;
    this.moveList.focus();
    this.playHuman(path);
  }

  private renderDraughtsList(moves: readonly LegalMove[]): void {
    const labels = moveLabels(moves);
    this.moveList.replaceChildren(
      ...moves.map((m, i) =>
        h(
          "li",
          {},
          h("button", { type: "button", class: "move", onclick: () => this.playFromList(m.path) }, labels[i]!),
        ),
      ),
    );
  }

  /** Halma: each of the mover's pieces that can move, with a button for every point it reaches. */
  private renderPieceList(moves: readonly LegalMove[]): void {
    this.moveList.replaceChildren(
      ...pieceMoveItems(moves, {
        play: (m) => this.playFromList(m.path),
        preview: (path) => this.board.set({ previewPath: path === null ? [] : [...path] }),
      }),
    );
  }

  /** Hovering a point the chosen piece can reach draws the hop path it would take. */
  private onHover(cell: string | null): void {
    const s = this.controller.snapshot();
    if (cell === null || this.selection.selected === null || !this.humanToMove(s)) {
      this.board.set({ previewPath: [] });
      return;
    }
    const ctx = this.context(s);
    const done = doneRoute(this.selection, ctx);
    if (done !== null && cell === done[done.length - 1]) {
      this.board.set({ previewPath: done });
      return;
    }
    // Only routes that go on from the hops entered so far.
    const route = candidates(this.selection, ctx).find((m) => m.path[m.path.length - 1] === cell && m.path.length > 1);
    this.board.set({ previewPath: route && s.details.family === "halma" ? [...route.path] : [] });
  }

  private renderInfo(s: Snapshot): void {
    const draughts = draughtsDetails(s);
    const halma = halmaDetails(s);
    this.piecesLeft.replaceChildren(
      ...(draughts?.piecesLeft ?? []).flatMap((m) => [
        h("dt", {}, seatName(s, m.seat)),
        h("dd", {}, t("panel.material", { men: m.men, kings: m.kings })),
      ]),
    );
    const countdowns = draughts?.countdowns ?? [];
    this.countdowns.replaceChildren(
      ...(countdowns.length === 0
        ? [h("li", {}, t("panel.noCountdown"))]
        : countdowns.map((c) => h("li", {}, t("panel.movesLeft", { rule: ruleName(c.rule, c.ruleName), moves: c.movesLeft })))),
    );
    this.players.replaceChildren(
      ...(halma?.seats ?? []).map((p) => {
        const facts = [t("panel.outside", { count: p.outsideTarget }), t("panel.movesMade", { count: p.movesMade })];
        if (p.yardMovesLeft !== null) facts.push(p.yardMovesLeft === 1 ? t("panel.yardLast") : t("panel.yardLeft", { moves: p.yardMovesLeft }));
        if (p.state === "finished") facts.push(t("panel.finished", { place: p.place ?? "" }));
        else if (p.state === "resigned") facts.push(t("panel.resigned"));
        else if (p.state === "timedOut") facts.push(t("panel.timedOut"));
        else if (p.state === "yardRule") facts.push(t("panel.outYard"));
        const item = h(
          "li",
          { class: `player${p.seat === s.turn ? " to-move" : ""}`, "data-seat": String(p.seat) },
          h("span", { class: `swatch ${seatView(s, p.seat)?.color ?? ""}`, "aria-hidden": "true" }),
          h("strong", {}, this.who(s, p.seat)),
          ` ${p.seat === s.turn ? "◀ " : ""}· ${facts.join(" · ")}`,
        );
        if (p.seat === s.turn) item.setAttribute("aria-current", "true");
        return item;
      }),
    );
    this.piecesLeftSection.hidden = draughts === null;
    this.playersSection.hidden = halma === null;
    this.lastMove.textContent = s.lastMove ? `${this.who(s, s.lastMove.seat)}: ${s.lastMove.notation}` : t("panel.noMove");
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
    const halma = s.details.family === "halma";
    const me = humans.length === 1 ? humans[0]! : null;
    let personal: string | null = null;
    if (me !== null && halma && result.placings.length > 2) {
      let place = 1;
      for (const group of result.placings) {
        if (group.includes(me)) personal = t("result.youPlace", { place });
        place += group.length;
      }
    } else if (me !== null && result.winner !== null) {
      // In a room the winner is a friend (or a computer seat): only against the computer is the winner named so.
      personal = t(result.winner === me ? "result.youWin" : this.controller.mode === "online" ? "result.youLost" : "result.youLose");
    }
    const placings: HTMLElement[] = [];
    if (halma) {
      let place = 1;
      const items: HTMLElement[] = [];
      for (const group of result.placings) {
        for (const seat of group) items.push(h("li", { "data-seat": String(seat) }, t("result.place", { place, seat: this.who(s, seat) })));
        place += group.length;
      }
      placings.push(h("h3", {}, t("result.placings")), h("ul", { class: "placings", "data-testid": "placings" }, ...items));
    }
    this.dialog.replaceChildren(
      h("h2", { "data-testid": "result-title" }, resultTitle(s, result, (seat) => this.who(s, seat))),
      h("p", { "data-testid": "result-reason" }, resultReason(s, result, (seat) => this.who(s, seat))),
      ...(personal ? [h("p", {}, personal)] : []),
      ...placings,
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
    const blob = new Blob([this.controller.pdn()], { type: "application/x-draughts-pdn" });
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
      /** Frames the board has drawn so far (none while idle). */
      framesDrawn: () => this.board.framesDrawn,
      /** Draws the board `count` times; each frame's time (ms). */
      timeFrames: (count: number) => this.board.timeFrames(count),
      humans: () => [...this.controller.humans],
      thinking: () => this.controller.thinking,
      /** The computer's turn at `level` in a fresh worker (with `clock`: its time left and increment), with the time it took (ms). */
      turnInWorker: async (level: string, clock?: { remainingMs: number; incrementMs: number }) => {
        const engine = new EngineClient();
        try {
          const start = performance.now();
          const turn = await engine.computerTurn(this.controller.record(), level, undefined, clock);
          return { turn, ms: performance.now() - start, knowledge: engine.knowledge };
        } finally {
          engine.destroy();
        }
      },
      searchInWorker: async (nodes: number) => {
        const engine = new EngineClient();
        try {
          const report = await engine.search(this.controller.record(), nodes);
          return { ...report, knowledge: engine.knowledge };
        } finally {
          engine.destroy();
        }
      },
    };
    (window as unknown as { __kingme: unknown }).__kingme = this.hooks;
  }
}
