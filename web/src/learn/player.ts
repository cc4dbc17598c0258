/**
 * One exercise on the 3D board of the game screen: the goal, feedback on every move (right,
 * wrong with its reason, the opponent's refutation played out), retry, hints shown on the board,
 * and next. The board is played with the mouse or a finger, with the keyboard on the accessible
 * grid of squares (the star, which has no rows to walk, lists the moves of the pieces the lesson
 * is about), or by typing a move. The opponent's engine replies come from the engine worker.
 */
import { createBoard, type BoardState, type ColorKey } from "../board3d";
import { EngineCancelled, EngineClient } from "../engine/client";
import { viewAngle } from "../game/controller";
import { NOTHING_SELECTED, click, doneRoute, isHalfEntered, reselect, selectionView, type Selection, type SelectionContext } from "../game/selection";
import { t } from "../i18n";
import { ButtonGrid } from "../panel/grid";
import type { SharedBoard } from "../ui/gameScreen";
import { h } from "../ui/dom";
import { errorText } from "../ui/errors";
import { pieceMoveItems } from "../ui/pieceMoves";
import { playMoveSound } from "../ui/sound";
import { draughtsDetails, halmaDetails, RulesGame, type GameView, type LegalMove } from "../wasm/rules";
import { moveSquares, piecesAbout, sameRoute, tr, type Choice, type Exercise, type Located, type Text } from "./lessons";
import { recordStars, starText, starsFor } from "./progress";
import { COLORS, WORDS, type WordKey } from "./words";

function say(key: WordKey, params: Record<string, string | number> = {}): string {
  return tr(WORDS[key], params);
}

export function colorWord(view: Pick<GameView, "seats">, seat: number): string {
  const color = view.seats.find((s) => s.index === seat)?.color ?? "white";
  return tr(COLORS[color]);
}

/** Each seat's colour, indexed by seat (seats not in play get a colour never drawn). */
function seatColors(s: GameView): ColorKey[] {
  const colors: ColorKey[] = [];
  for (const seat of s.seats) {
    while (colors.length < seat.index) colors.push("white");
    colors[seat.index] = seat.color;
  }
  return colors;
}

export interface PlayerActions {
  back(): void;
  next(id: string): void;
  rules(): void;
}

type Feedback = { kind: "right" | "wrong" | "info"; text: string } | null;

export class ExercisePlayer {
  readonly element = h("div", { class: "learn-exercise" });
  private readonly exercise: Exercise;
  private readonly variant: string;
  private readonly head = h("div", { class: "learn-head" });
  private readonly side = h("div", { class: "learn-side" });
  private readonly dynamic = h("div", { class: "learn-dynamic" });
  private readonly status = h("p", { class: "feedback", role: "status", "aria-live": "polite", "data-testid": "feedback" });
  private readonly gridSection = h("section", { class: "learn-grid" });
  private readonly grid: ButtonGrid;
  private readonly moveList = h("ul", { class: "move-list learn-piece-moves", "data-testid": "learn-moves" });
  private readonly moveSection = h("section", { class: "learn-list" });
  private readonly typed = h("input", { type: "text", "data-testid": "learn-move-text", spellcheck: "false", autocomplete: "off" });
  private readonly typedRow = h("p", { class: "typed" });
  private game: RulesGame | null = null;
  private engine: EngineClient | null = null;
  private learner = 0;
  /** The next move of the solution line while the play follows it; null once off it. */
  private lineAt: number | null = 0;
  private learnerMoves = 0;
  private mistakes = 0;
  private hints = 0;
  private found = new Set<number>();
  private feedback: Feedback = null;
  private finished: number | null = null;
  private failed = false;
  private selection: Selection = NOTHING_SELECTED;
  private message: string | null = null;
  /** Moves are being shown or the engine thinks: the board takes no input. */
  private busy = 0;
  /** Bumped by every retry: a reply that arrives for an earlier attempt is dropped. */
  private attempt = 0;
  /** The star's move list shows every piece's moves, not only the lesson's pieces. */
  private allPieces = false;
  private queue: Promise<void> = Promise.resolve();
  private hooks: object | null = null;
  private destroyed = false;

  constructor(
    private readonly located: Located,
    private readonly actions: PlayerActions,
    private readonly shared: SharedBoard,
  ) {
    this.exercise = located.exercise;
    this.variant = this.exercise.variant ?? located.course.variant;
    this.grid = new ButtonGrid((square) => this.onSquare(square));
    const playButton = button(say("play"), () => this.typedMove(), "learn-move-play");
    this.typed.addEventListener("keydown", (e) => {
      if (e.key === "Enter") this.typedMove();
    });
    this.typedRow.append(this.typed, playButton);
    this.reset();
    const snapshot = this.snapshot();
    const star = snapshot.layout.shape === "star";
    this.side.append(
      this.status,
      this.dynamic,
      ...(star ? [this.moveSection] : [this.gridSection]),
      this.typedRow,
    );
    this.element.append(
      this.head,
      h("div", { class: `learn-play${star ? " star" : ""}` }, h("div", { class: "learn-board-frame" }, shared.host), this.side),
    );
    this.render();
  }

  /** Creates (or reuses) the 3D board once the screen is in the document: it needs its size. */
  attach(): void {
    const state = this.boardState(this.snapshot());
    if (this.shared.board) this.shared.board.set(state);
    else this.shared.board = createBoard(this.shared.host, state);
    const board = this.shared.board;
    board.onClick((square) => this.onSquare(square));
    board.onHover(() => {});
    board.canvas.setAttribute("role", "img");
    this.labelBoard();
    this.exposeTestHooks();
    this.render();
    // Where the opponent may answer, the engine's worker loads while the learner thinks.
    const g = this.exercise.goal.kind;
    if (g !== "quiz" && g !== "find_all_captures" && g !== "find_all_destinations") {
      this.engine = new EngineClient();
      this.engine.warmUp().catch(() => {});
    }
  }

  destroy(): void {
    this.destroyed = true;
    this.attempt++;
    this.engine?.destroy();
    this.engine = null;
    this.game?.free();
    this.game = null;
    this.shared.board?.onClick(() => {});
    const w = window as unknown as { __kingme?: unknown };
    if (this.hooks !== null && w.__kingme === this.hooks) w.__kingme = undefined;
  }

  relabel(): void {
    this.labelBoard();
    this.render();
  }

  private labelBoard(): void {
    this.shared.board?.canvas.setAttribute("aria-label", `${t("board.label", { game: tr(this.located.course.title) })}: ${tr(this.exercise.prompt)}`);
  }

  private snapshot(): GameView {
    return this.game!.snapshot();
  }

  private reset(): void {
    this.game?.free();
    this.game = null;
    this.lineAt = 0;
    this.learnerMoves = 0;
    this.failed = false;
    this.selection = NOTHING_SELECTED;
    this.message = null;
    const game = RulesGame.create(this.variant, this.exercise.position, this.exercise.players ?? null);
    for (const move of this.exercise.prelude ?? []) game.playText(move, false);
    this.learner = game.snapshot().turn ?? 0;
    this.game = game;
  }

  private myTurn(s: GameView): boolean {
    return this.finished === null && !this.failed && this.busy === 0 && s.result === null && s.turn === this.learner;
  }

  private context(s: GameView): SelectionContext {
    return {
      moves: this.myTurn(s) ? this.game!.legalMoves().filter((m) => m.path.length > 0) : [],
      own: s.pieces.filter((p) => p.seat === s.turn).map((p) => p.cell),
      anyRoute: s.details.family === "halma",
    };
  }

  private boardState(s: GameView): BoardState {
    return {
      layout: s.layout,
      seatColors: seatColors(s),
      rotation: viewAngle(s, this.orientation(s)),
      pieces: s.pieces,
      selected: null,
      dests: [],
      finalDests: [],
      mustCapture: [],
      partialPath: [],
      previewPath: [],
      lastMoves: s.lastMove ? [{ seat: s.lastMove.seat, path: s.lastMove.path, captured: s.lastMove.captures }] : [],
      clickable: [],
      ...this.marks(),
    };
  }

  /** The lesson's arrows and highlights for the move looked for now, and the hints asked for. */
  private marks(): { arrows: [string, string][]; highlights: string[] } {
    const ex = this.exercise;
    const step = this.finished === null && !this.failed ? (ex.marks ?? []).filter((m) => m.step === this.learnerMoves) : [];
    const highlights = step.flatMap((m) => m.highlights ?? []);
    if (ex.hints && this.learnerMoves === 0 && this.finished === null) {
      if (this.hints >= 1) highlights.push(ex.hints.piece);
      if (this.hints >= 2) highlights.push(ex.hints.square);
    }
    return { arrows: step.flatMap((m) => m.arrows ?? []), highlights };
  }

  /** The seat at the near edge: the exercise's orientation (a colour, or a seat number), else the learner. */
  private orientation(view: GameView): number {
    const side = this.exercise.orientation;
    if (side === undefined) return this.learner;
    const byColor = view.seats.find((s) => s.color === side);
    if (byColor) return byColor.index;
    const n = Number(side);
    return Number.isInteger(n) && n >= 1 ? n - 1 : this.learner;
  }

  // --- drawing ---------------------------------------------------------------------------------

  private render(): void {
    if (this.destroyed || !this.game) return;
    const s = this.snapshot();
    this.renderHead(s);
    this.status.className = `feedback ${this.feedback?.kind ?? ""}`;
    this.status.textContent = [this.feedback?.text, this.message].filter(Boolean).join(" ");
    this.renderDynamic(s);

    const mine = this.myTurn(s);
    if (!mine) this.selection = NOTHING_SELECTED;
    const ctx = this.context(s);
    const view = selectionView(this.selection, ctx);
    const must = mine ? (draughtsDetails(s)?.mustCapture ?? []) : [];
    const marks = { selected: view.selected, dests: view.dests, finalDests: view.finalDests, partialPath: view.partialPath, mustCapture: must };
    this.shared.board?.set({ ...marks, clickable: view.clickable, ...this.marks() });
    if (s.layout.shape !== "star") {
      this.grid.update({
        cells: s.layout.cells,
        rotation: viewAngle(s, this.orientation(s)),
        pieces: s.pieces,
        seatColor: (seat) => s.seats.find((x) => x.index === seat)?.color ?? "white",
        seatName: (seat) => colorWord(s, seat),
        ...marks,
      });
      this.gridSection.replaceChildren(h("h2", {}, t("panel.buttons")), this.grid.element);
    } else this.renderMoveList(ctx.moves);
    this.typed.setAttribute("aria-label", say("typeMove"));
    this.typed.placeholder = say("typeMove");
    this.typedRow.hidden = !mine;
  }

  private renderHead(s: GameView): void {
    const ex = this.exercise;
    const all = this.located.stage.exercises;
    this.head.replaceChildren(
      h("p", { class: "crumbs" }, linkButton(say("back"), () => this.actions.back(), "learn-back"), " · ", linkButton(say("rulesOf"), () => this.actions.rules(), "learn-rules")),
      h("h1", {}, tr(this.located.course.title), " — ", tr(this.located.stage.title)),
      h("p", { class: "count" }, say("exercise", { n: all.indexOf(ex) + 1, count: all.length }), " · ", say("par", { par: ex.par })),
      h("p", { class: "prompt", "data-testid": "prompt" }, tr(ex.prompt)),
      h("p", { class: "goal" }, this.goalText(), " ", h("span", { class: "side" }, say("youPlay", { color: colorWord(s, this.learner) }))),
    );
  }

  private renderDynamic(s: GameView): void {
    const ex = this.exercise;
    const parts: (Node | null)[] = [];
    if (ex.goal.kind === "quiz") parts.push(this.quizBlock(ex.goal.question, ex.goal.choices));
    if (this.finished !== null) {
      parts.push(
        h(
          "div",
          { class: "learn-done", "data-testid": "done" },
          h("p", { class: "stars got", "data-stars": String(this.finished) }, say("done", { stars: starText(this.finished) })),
          ex.success ? h("p", {}, tr(ex.success)) : null,
          h(
            "p",
            { class: "actions" },
            this.located.next ? button(say("next"), () => this.actions.next(this.located.next!.id), "learn-next") : null,
            button(say("retry"), () => this.retry(true), "learn-retry"),
            button(say("back"), () => this.actions.back(), "learn-back-done"),
          ),
        ),
      );
    } else {
      const tools = h("p", { class: "actions" });
      const mine = this.myTurn(s);
      if (ex.hints && this.hints < 2 && this.learnerMoves === 0 && !this.failed) tools.append(button(say("hint"), () => this.hint(), "learn-hint"));
      if (mine && doneRoute(this.selection, this.context(s)) !== null) tools.append(button(t("controls.done"), () => this.endHops(), "learn-hops-done"));
      if (mine && isHalfEntered(this.selection)) tools.append(button(t("controls.reselect"), () => this.reselectHops(), "learn-reselect"));
      if (this.failed || this.learnerMoves > 0 || this.found.size > 0) tools.append(button(say("retry"), () => this.retry(false), "learn-retry"));
      if (this.busy > 0) tools.append(h("span", { class: "thinking", "data-testid": "learn-busy" }, say("opponentThinks")));
      parts.push(tools);
    }
    // A button rebuilt in its place keeps the keyboard's focus.
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && this.dynamic.contains(active) ? active.dataset["testid"] : undefined;
    this.dynamic.replaceChildren(...parts.filter((n): n is Node => n !== null));
    if (focused) this.dynamic.querySelector<HTMLElement>(`[data-testid="${focused}"]`)?.focus();
  }

  /**
   * The star's moves, as buttons by piece: only the pieces the lesson is about (its goal's piece,
   * the hint, the solution's next piece, the foreseen tries), unless the learner asks for all.
   */
  private renderMoveList(moves: readonly LegalMove[]): void {
    const focused = this.moveList.contains(document.activeElement);
    const about = this.lessonPieces();
    const shown = this.allPieces || about.size === 0 ? moves : moves.filter((m) => about.has(m.path[0]!));
    this.moveList.replaceChildren(
      ...pieceMoveItems(shown, {
        play: (m) => void this.play(m),
        preview: (path) => this.shared.board?.set({ previewPath: path === null ? [] : [...path] }),
      }),
    );
    const more = moves.length > shown.length;
    this.moveSection.replaceChildren(
      h("h2", {}, say("yourMoves")),
      this.moveList,
      more ? button(say("allPieces"), () => ((this.allPieces = true), this.render()), "learn-all-pieces") : h("span"),
    );
    this.moveSection.hidden = moves.length === 0;
    if (focused && !this.moveList.contains(document.activeElement)) this.moveList.querySelector<HTMLButtonElement>("button")?.focus();
  }

  private lessonPieces(): Set<string> {
    return piecesAbout(this.exercise, this.learnerMoves, this.lineAt !== null ? this.exercise.solution?.[this.lineAt] : undefined);
  }

  private goalText(): string {
    const g = this.exercise.goal;
    switch (g.kind) {
      case "reach":
        return say("goalReach", { squares: g.squares.join(", ") });
      case "capture_all":
        return say("goalCaptureAll");
      case "find_all_captures":
        return say("goalFindAll", { count: g.captures.length }) + (this.found.size ? ` (${this.found.size}/${g.captures.length})` : "");
      case "promote_in":
        return say("goalPromote", { moves: g.moves });
      case "win_in":
        return say("goalWin", { moves: g.moves });
      case "hold_draw_for":
        return say("goalHold", { moves: g.moves });
      case "reach_draw":
        return say("goalDraw");
      case "find_all_destinations":
        return say("goalDestinations", { from: g.from }) + (this.found.size ? ` (${this.found.size}/${g.points.length})` : "");
      case "quiz":
        return say("goalQuiz");
    }
  }

  private quizBlock(question: Text, choices: Choice[]): HTMLElement {
    return h(
      "div",
      { class: "learn-quiz" },
      h("p", { class: "question" }, tr(question)),
      h("p", { class: "choices" }, ...choices.map((c) => button(tr(c.text), () => this.answer(c), `choice-${c.id}`, this.finished !== null))),
    );
  }

  // --- the learner's input ---------------------------------------------------------------------

  private onSquare(square: string | null): void {
    const s = this.snapshot();
    if (!this.myTurn(s)) return;
    const result = click(this.selection, square, this.context(s));
    this.selection = result.selection;
    const messages = { onlyCaptures: "msg.onlyCaptures", continueCapture: "msg.continueCapture", continueHops: "msg.continueHops" } as const;
    this.message = result.message ? t(messages[result.message]) : null;
    const path = result.play?.path ?? result.playPath;
    if (path) {
      const move = this.context(s).moves.find((m) => sameRoute(m.path, path)) ?? this.moveFor(path);
      if (move) void this.play(move);
    } else this.render();
  }

  /** A route the rules take though no listed move has it (a Halma chain ended early). */
  private moveFor(path: readonly string[]): LegalMove | null {
    const game = this.game!;
    try {
      const move = game.playPath(path, false);
      game.undo();
      return move;
    } catch {
      return null;
    }
  }

  private endHops(): void {
    const s = this.snapshot();
    const route = doneRoute(this.selection, this.context(s));
    const move = route ? this.moveFor(route) : null;
    if (move) void this.play(move);
  }

  private reselectHops(): void {
    this.selection = reselect(this.selection);
    this.message = null;
    this.render();
  }

  private hint(): void {
    const hints = this.exercise.hints;
    if (!hints) return;
    this.hints = Math.min(2, this.hints + 1);
    this.feedback = { kind: "info", text: this.hints === 1 ? say("hintPiece", { square: hints.piece }) : say("hintSquare", { square: hints.square }) };
    this.render();
  }

  private retry(fresh: boolean): void {
    if (fresh) {
      this.mistakes = 0;
      this.hints = 0;
      this.finished = null;
      this.found.clear();
    }
    this.attempt++;
    // A search still running for the attempt given up is stopped (the worker is started anew).
    if (this.busy > 0) this.engine?.cancel();
    this.feedback = null;
    this.reset();
    this.showPosition();
    this.render();
  }

  /** The board jumps to the game as it stands (after a retry, or a found answer set up again). */
  private showPosition(): void {
    const board = this.shared.board;
    if (!board) return;
    const s = this.snapshot();
    this.queue = this.queue.then(() => board.set({ pieces: s.pieces, lastMoves: this.boardState(s).lastMoves }));
  }

  private answer(choice: Choice): void {
    if (this.finished !== null) return;
    // A right answer's explanation begins by saying so.
    if (choice.correct) this.succeed(tr(choice.explain));
    else this.miss(`${say("wrong")} ${tr(choice.explain)}`);
  }

  private quizChoiceFor(route: string[], legal: boolean): Choice | undefined {
    const g = this.exercise.goal;
    if (g.kind !== "quiz") return undefined;
    return g.choices.find((c) => c.move !== undefined && (c.legal ?? true) === legal && sameRoute(moveSquares(c.move), route));
  }

  /** A move typed by the learner: the rules find it, or say why it is refused. */
  private typedMove(): void {
    const game = this.game;
    const text = this.typed.value.trim();
    if (!game || text === "" || this.busy > 0 || this.finished !== null) return;
    const foreseen = (this.exercise.wrong ?? []).find((w) => w.legal === false && sameRoute(moveSquares(w.move), moveSquares(text)));
    const choice = this.quizChoiceFor(moveSquares(text), false);
    let move: LegalMove;
    try {
      move = game.playText(text, false);
      game.undo();
    } catch (e) {
      if (choice) return this.answer(choice);
      const reason = errorText(e, game.snapshot());
      if (foreseen) return this.miss(`${tr(foreseen.reason)} (${say("refused", { reason })})`);
      this.feedback = { kind: "wrong", text: say("refused", { reason }) };
      this.render();
      return;
    }
    this.typed.value = "";
    if (!this.myTurn(this.snapshot())) return;
    void this.play(move);
  }

  // --- playing -----------------------------------------------------------------------------------

  /** Plays a move on the game and shows it on the board (sound, slide or hops, captures). */
  private async show(move: LegalMove): Promise<void> {
    const board = this.shared.board;
    const after = this.snapshot();
    playMoveSound(move.promotes ? "crown" : move.captures.length > 0 ? "capture" : "move");
    this.queue = this.queue.then(async () => {
      if (!board) return;
      try {
        await board.animateMove([...move.path], [...move.captures]);
      } finally {
        board.set({ pieces: after.pieces, lastMoves: this.boardState(after).lastMoves, previewPath: [] });
      }
    });
    await this.queue;
  }

  private async play(move: LegalMove): Promise<void> {
    const game = this.game;
    if (!game || this.finished !== null || this.busy > 0) return;
    const ex = this.exercise;
    const goal = ex.goal;
    const attempt = this.attempt;
    this.selection = NOTHING_SELECTED;
    this.message = null;
    if (goal.kind === "quiz") {
      // A question answered by playing its move.
      const choice = this.quizChoiceFor(move.path, true);
      if (choice) return this.answer(choice);
      this.feedback = { kind: "info", text: say("answerFirst") };
      this.render();
      return;
    }
    this.busy++;
    try {
      if (goal.kind === "find_all_captures" || goal.kind === "find_all_destinations") {
        const played = game.playPath(move.path, false);
        this.render();
        await this.show(played);
        if (attempt !== this.attempt) return;
        const end = move.path[move.path.length - 1];
        const i =
          goal.kind === "find_all_captures"
            ? goal.captures.findIndex((c) => sameRoute(moveSquares(c), move.path))
            : move.path[0] === goal.from
              ? goal.points.indexOf(end!)
              : -1;
        const total = goal.kind === "find_all_captures" ? goal.captures.length : goal.points.length;
        this.foundOne(i, total);
        return;
      }
      const wrong = (ex.wrong ?? []).find((w) => (w.legal ?? true) && sameRoute(moveSquares(w.move), move.path));
      const played = game.playPath(move.path, false);
      this.learnerMoves += 1;
      const next = this.lineAt !== null ? ex.solution?.[this.lineAt] : undefined;
      const followed = next !== undefined && sameRoute(moveSquares(next), played.path);
      this.lineAt = followed ? this.lineAt! + 1 : null;
      this.feedback = null;
      this.render();
      await this.show(played);
      if (attempt !== this.attempt) return;
      if (wrong) {
        // The foreseen mistake is played out: the opponent's answer shows why it fails.
        this.mistakes += 1;
        this.failed = true;
        this.feedback = { kind: "wrong", text: tr(wrong.reason) };
        this.render();
        const answered = await this.replies(attempt);
        if (attempt !== this.attempt) return;
        this.feedback = { kind: "wrong", text: [tr(wrong.reason), answered].filter(Boolean).join(" ") };
        return;
      }
      if (goal.kind === "hold_draw_for") {
        if (this.ended()) return this.lost() ? this.fail() : this.succeed();
        const answered = await this.replies(attempt);
        if (attempt !== this.attempt) return;
        if (this.ended()) return this.lost() ? this.fail(answered) : this.succeed();
        if (this.learnerMoves >= goal.moves) return this.succeed();
        this.feedback = answered ? { kind: "info", text: answered } : null;
        return;
      }
      if (this.reached(played, this.snapshot())) return this.succeed();
      if (this.over()) return this.fail();
      const answered = await this.replies(attempt);
      if (attempt !== this.attempt) return;
      if (this.over()) return this.fail(answered);
      // A move of the solution is said to be right; any other legal one goes on unjudged.
      if (followed) this.feedback = { kind: "right", text: [say("goodMove"), answered].filter(Boolean).join(" ") };
      else this.feedback = answered ? { kind: "info", text: answered } : null;
    } catch (e) {
      if (e instanceof EngineCancelled || attempt !== this.attempt) return;
      this.feedback = { kind: "wrong", text: t("msg.error", { message: errorText(e) }) };
    } finally {
      this.busy--;
      if (attempt === this.attempt) this.render();
    }
  }

  /**
   * The other seats' moves until the learner is to move again: the scripted ones while the
   * learner follows the solution, else the engine's (in the worker). Says what they played.
   */
  private async replies(attempt: number): Promise<string> {
    const said: string[] = [];
    const game = this.game!;
    const ex = this.exercise;
    for (let guard = 0; guard < 6; guard++) {
      const s = this.snapshot();
      if (s.result !== null || s.turn === null || s.turn === this.learner || !this.learnerPlays(s)) break;
      const seat = s.turn;
      const scripted = this.lineAt !== null ? ex.solution?.[this.lineAt] : undefined;
      let move: LegalMove | null = null;
      if (scripted !== undefined) {
        move = game.playText(scripted, false);
        this.lineAt! += 1;
      } else {
        this.lineAt = null;
        this.render();
        const level = ex.opponent?.kind === "engine" ? ex.opponent.level : "intermediate";
        const record = game.record();
        this.engine ??= new EngineClient();
        const turn = await this.engine.computerTurn(
          { variant: record.variant, players: record.players, startFen: record.startFen, moves: record.moves },
          level,
          record.moves.length,
        );
        if (attempt !== this.attempt || this.destroyed) return "";
        if (!turn.move) break;
        move = game.playPath(turn.move.path, false);
      }
      const who = s.seats.length > 2 ? colorWord(s, seat) : null;
      const notation = move.path.length === 0 ? say("passed") : move.notation;
      said.push(who ? say("seatPlayed", { seat: who, move: notation }) : say("opponentPlayed", { move: notation }));
      this.feedback = { kind: "info", text: said.join(" ") };
      this.render();
      await this.show(move);
      if (attempt !== this.attempt) return "";
    }
    return said.join(" ");
  }

  /** Whether the learner still moves in this game (not out by the yard rule, not finished). */
  private learnerPlays(s: GameView): boolean {
    const seat = halmaDetails(s)?.seats.find((x) => x.seat === this.learner);
    return !seat || seat.state === "playing";
  }

  private ended(): boolean {
    return this.snapshot().result !== null;
  }

  private lost(): boolean {
    const result = this.snapshot().result;
    return !!result && result.winner !== null && result.winner !== this.learner;
  }

  private limit(): number {
    const g = this.exercise.goal;
    return g.kind === "promote_in" || g.kind === "win_in" || g.kind === "hold_draw_for" ? g.moves : this.exercise.par;
  }

  /** Whether the attempt can no longer reach the goal: the game ended, or the moves ran out. */
  private over(): boolean {
    const s = this.snapshot();
    if (s.result !== null || !this.learnerPlays(s)) return true;
    return s.turn === this.learner && this.learnerMoves >= this.limit();
  }

  /** Whether the learner has won: the winner, or (more than two players) finished, whatever its place. */
  private first(s: GameView): boolean {
    if (s.result?.winner === this.learner) return true;
    return halmaDetails(s)?.seats.find((x) => x.seat === this.learner)?.state === "finished";
  }

  private reached(move: LegalMove, s: GameView): boolean {
    const g = this.exercise.goal;
    switch (g.kind) {
      case "reach":
        return g.squares.includes(move.path[move.path.length - 1]!);
      case "capture_all":
        return !s.pieces.some((p) => p.seat !== this.learner);
      case "promote_in":
        return move.promotes;
      case "win_in":
        return this.first(s);
      case "reach_draw":
        return s.result !== null && s.result.winner === null && s.result.reason === g.rule;
      default:
        return false;
    }
  }

  /** A "find every …" goal: answer `i` of `total` (−1: not one of them) was played. */
  private foundOne(i: number, total: number): void {
    if (i < 0) {
      this.mistakes += 1;
      this.feedback = { kind: "wrong", text: say("notAsked") };
    } else if (this.found.has(i)) {
      this.feedback = { kind: "info", text: say("already") };
    } else {
      this.found.add(i);
      if (this.found.size === total) {
        this.reset();
        this.showPosition();
        return this.succeed();
      }
      this.feedback = { kind: "right", text: say("found", { found: this.found.size, total }) };
    }
    this.reset();
    this.showPosition();
    this.render();
  }

  private succeed(text?: string): void {
    const stars = starsFor(this.mistakes, this.hints);
    recordStars(this.exercise.id, stars);
    this.finished = stars;
    this.feedback = { kind: "right", text: text ?? say("right") };
    const focused = document.activeElement;
    const wasHere = focused === document.body || focused === null || this.element.contains(focused);
    this.render();
    // The keyboard goes on from the exercise to the next one.
    if (wasHere) this.element.querySelector<HTMLButtonElement>('[data-testid="learn-next"], [data-testid="learn-retry"]')?.focus();
  }

  private fail(answered = ""): void {
    this.mistakes += 1;
    this.failed = true;
    this.feedback = { kind: "wrong", text: [answered, say("failed")].filter(Boolean).join(" ") };
    this.render();
  }

  private miss(text: string): void {
    this.mistakes += 1;
    this.feedback = { kind: "wrong", text };
    this.render();
  }

  /** With `?test` in the address: the board's coordinates and whether it has settled. */
  private exposeTestHooks(): void {
    if (!new URLSearchParams(location.search).has("test")) return;
    this.hooks = {
      squareToClient: (square: string) => this.shared.board?.squareToClient(square) ?? null,
      settled: async () => {
        await this.queue;
        await this.shared.board?.whenSettled();
        return this.busy === 0;
      },
      snapshot: () => this.snapshot(),
      legalMoves: () => this.game?.legalMoves() ?? [],
      /** The cells the board highlights now (the lesson's marks and the hints). */
      highlights: () => this.marks().highlights,
    };
    (window as unknown as { __kingme: unknown }).__kingme = this.hooks;
  }
}

function button(label: string, onclick: () => void, testid: string, disabled = false): HTMLButtonElement {
  return h("button", { type: "button", onclick, "data-testid": testid, disabled }, label);
}

function linkButton(label: string, onclick: () => void, testid: string): HTMLButtonElement {
  return h("button", { type: "button", class: "link", onclick, "data-testid": testid }, label);
}
