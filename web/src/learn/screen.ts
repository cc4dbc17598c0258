/**
 * The Learn section: the index of games, each game's stages with the learner's stars, the
 * exercises, the rules pages, and the FAQ with the common confusions. Addresses:
 * `/learn`, `/learn/<course>`, `/learn/ex/<exercise id, its dots written _>` (a last segment
 * with a dot would be taken for a file), `/learn/rules/<variant>`,
 * `/learn/faq/<family>`.
 */
import "./learn.css";
import { h } from "../ui/dom";
import { EngineMemory, RulesGame, type GameView, type LegalMove } from "../wasm/rules";
import { describePieces, drawBoard } from "./diagram";
import {
  LESSON_FILES,
  courseById,
  locate,
  moveSquares,
  sameRoute,
  tr,
  type Choice,
  type Course,
  type Exercise,
  type LessonFile,
  type Located,
  type Text,
} from "./lessons";
import { loadStars, recordStars, starText, starsFor } from "./progress";
import { COLORS, WORDS, type WordKey } from "./words";
import { CoordinatesTrainer, TRAINER_WORDS } from "./trainer";

function say(key: WordKey, params: Record<string, string | number> = {}): string {
  return tr(WORDS[key], params);
}

/** The address of an exercise: its id with `_` for `.`, which ids never contain. */
export function exercisePath(id: string): string {
  return `/learn/ex/${id.replaceAll(".", "_")}`;
}

function courseStars(course: Course, stars: Record<string, number>): { got: number; total: number } {
  const ids = course.stages.flatMap((s) => s.exercises.map((e) => e.id));
  return { got: ids.reduce((sum, id) => sum + (stars[id] ?? 0), 0), total: ids.length * 3 };
}

export class LearnScreen {
  readonly element = h("main", { class: "learn", "data-testid": "learn" });
  private player: ExercisePlayer | CoordinatesTrainer | null = null;

  constructor(private path: string) {}

  start(): void {
    this.render();
  }

  relabel(): void {
    if (this.player) this.player.relabel();
    else this.render();
  }

  destroy(): void {
    this.player?.destroy();
    this.player = null;
  }

  /** Shows the page at `path` (after Back/Forward). */
  showPath(path: string): void {
    this.path = path;
    this.render();
  }

  private go(path: string): void {
    history.pushState(null, "", path + location.search);
    this.showPath(path);
    window.scrollTo(0, 0);
  }

  private link(path: string, label: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
    const a = h("a", { href: path, ...attrs }, label);
    a.addEventListener("click", (e) => {
      e.preventDefault();
      this.go(path);
    });
    return a;
  }

  private render(): void {
    this.player?.destroy();
    this.player = null;
    const parts = this.path.split("/").filter(Boolean).slice(1);
    const [first, second] = parts;
    if (first === "coordinates") {
      this.player = new CoordinatesTrainer(() => [h("p", { class: "crumbs" }, this.link("/learn", say("title")))]);
      this.element.replaceChildren(this.player.element);
      return;
    }
    if (first === "ex" && second) {
      const located = locate(decodeURIComponent(second).replaceAll("_", "."));
      if (located) {
        this.player = new ExercisePlayer(located, {
          back: () => this.go(`/learn/${located.course.id}`),
          next: (id) => this.go(exercisePath(id)),
          rules: () => this.go(`/learn/rules/${located.course.variant}`),
        });
        this.element.replaceChildren(this.player.element);
        return;
      }
    } else if (first === "rules" && second) {
      const page = LESSON_FILES.flatMap((f) => f.rules ?? []).find((p) => p.variant === second);
      if (page) return this.renderRules(page.variant);
    } else if (first === "faq" && second) {
      const file = LESSON_FILES.find((f) => f.family === second);
      if (file) return this.renderFaq(file);
    } else if (first) {
      const found = courseById(first);
      if (found) return this.renderCourse(found.file, found.course);
    }
    this.renderIndex();
  }

  private renderIndex(): void {
    const stars = loadStars();
    const games = LESSON_FILES.flatMap((file) =>
      file.courses.map((course) => {
        const { got, total } = courseStars(course, stars);
        return h(
          "li",
          { class: "learn-game" },
          this.link(`/learn/${course.id}`, tr(course.title), { "data-course": course.id, class: "title" }),
          h("span", { class: "stars", "aria-label": say("starsOf", { stars: got, total }) }, `★ ${got} / ${total}`),
          h(
            "span",
            { class: "more" },
            this.link(`/learn/rules/${course.variant}`, say("rules"), { "data-rules": course.variant }),
          ),
        );
      }),
    );
    this.element.replaceChildren(
      h("h1", {}, say("title")),
      h("p", { class: "lead" }, say("intro")),
      h("ul", { class: "learn-games" }, ...games),
      h("p", { class: "more" }, this.link("/learn/coordinates", `⌖ ${tr(TRAINER_WORDS.title)}`, { "data-testid": "trainer-link" })),
      h(
        "ul",
        { class: "more learn-faq-links" },
        ...LESSON_FILES.map((f) =>
          h("li", {}, this.link(`/learn/faq/${f.family}`, `${say("faq")}: ${f.courses.map((c) => tr(c.title)).join(", ")}`, { "data-faq": f.family })),
        ),
      ),
    );
  }

  private renderCourse(file: LessonFile, course: Course): void {
    const stars = loadStars();
    const stages = course.stages.map((stage) =>
      h(
        "section",
        { class: "learn-stage", "data-stage": stage.id },
        h("h2", {}, tr(stage.title)),
        h("p", {}, tr(stage.intro)),
        h(
          "ol",
          { class: "learn-exercises" },
          ...stage.exercises.map((ex) => {
            const got = stars[ex.id] ?? 0;
            return h(
              "li",
              {},
              this.link(exercisePath(ex.id), tr(ex.prompt), { "data-exercise": ex.id }),
              h("span", { class: got ? "stars got" : "stars", "data-stars": String(got), "aria-label": say("starsOf", { stars: got, total: 3 }) }, starText(got)),
            );
          }),
        ),
      ),
    );
    this.element.replaceChildren(
      h("p", { class: "crumbs" }, this.link("/learn", say("title"))),
      h("h1", {}, tr(course.title)),
      h("p", { class: "more" }, this.link(`/learn/rules/${course.variant}`, say("rules")), " · ", this.link(`/learn/faq/${file.family}`, say("faq"))),
      ...stages,
    );
  }

  private renderRules(variant: string): void {
    const page = LESSON_FILES.flatMap((f) => f.rules ?? []).find((p) => p.variant === variant);
    if (!page) return this.renderIndex();
    const sections = page.sections.map((s) => {
      const diagram = s.diagram ? diagramFor(variant, s.diagram.position, s.diagram) : null;
      return h("section", { class: "learn-rule", id: s.id }, h("h2", {}, tr(s.title)), diagram, h("p", {}, tr(s.body)));
    });
    const course = LESSON_FILES.flatMap((f) => f.courses).find((c) => c.variant === variant);
    this.element.replaceChildren(
      h("p", { class: "crumbs" }, this.link("/learn", say("title")), course ? " · " : "", course ? this.link(`/learn/${course.id}`, tr(course.title)) : ""),
      h("h1", {}, tr(page.title)),
      ...sections,
    );
  }

  private renderFaq(file: LessonFile): void {
    const faq = (file.faq ?? []).map((f) => h("details", { class: "learn-faq", "data-faq-item": f.id }, h("summary", {}, tr(f.question)), h("p", {}, tr(f.answer))));
    const confusions = (file.confusions ?? []).map((c) =>
      h(
        "li",
        { "data-confusion": c.id },
        h("p", { class: "claim" }, `“${tr(c.claim)}”`),
        h("p", {}, h("strong", {}, say("claimWrong")), " ", tr(c.answer), " ", c.exercise ? this.link(exercisePath(c.exercise), "→") : ""),
      ),
    );
    this.element.replaceChildren(
      h("p", { class: "crumbs" }, this.link("/learn", say("title"))),
      h("h1", {}, say("faq")),
      ...faq,
      ...(confusions.length ? [h("h2", {}, say("confusions")), h("ul", { class: "learn-confusions" }, ...confusions)] : []),
    );
  }
}

function diagramFor(variant: string, position: string, marks: { arrows?: [string, string][]; highlights?: string[]; players?: number }): SVGSVGElement | null {
  try {
    const game = RulesGame.create(variant, position, marks.players ?? null);
    const view = game.snapshot();
    game.free();
    return drawBoard(view, { ...marks, bottom: 0 }, boardLabel(view));
  } catch {
    return null;
  }
}

function colorWord(view: Pick<GameView, "seats">, seat: number): string {
  const color = view.seats.find((s) => s.index === seat)?.color ?? "white";
  return tr(COLORS[color]);
}

function boardLabel(view: Pick<GameView, "pieces" | "seats">): string {
  return view.seats
    .map((s) => `${colorWord(view, s.index)}: ${describePieces(view.pieces, s.index).join(", ") || say("none")}`)
    .join("; ");
}

interface PlayerActions {
  back(): void;
  next(id: string): void;
  rules(): void;
}

type Feedback = { kind: "right" | "wrong" | "info"; text: string } | null;

/** One exercise: the board (a diagram kept up to date), the goal, moves, hints and feedback. */
class ExercisePlayer {
  readonly element = h("div", { class: "learn-exercise" });
  private readonly exercise: Exercise;
  private readonly variant: string;
  private game: RulesGame | null = null;
  private memory: EngineMemory | null = null;
  private learner = 0;
  private played: string[][] = [];
  private learnerMoves = 0;
  private mistakes = 0;
  private hints = 0;
  private found = new Set<number>();
  private feedback: Feedback = null;
  private finished: number | null = null;
  private failed = false;
  private selected: string | null = null;

  constructor(private readonly located: Located, private readonly actions: PlayerActions) {
    this.exercise = located.exercise;
    this.variant = this.exercise.variant ?? located.course.variant;
    this.reset();
    this.render();
  }

  destroy(): void {
    this.game?.free();
    this.game = null;
    this.memory?.free();
    this.memory = null;
  }

  relabel(): void {
    this.render();
  }

  private reset(): void {
    this.game?.free();
    this.game = null;
    this.played = [];
    this.learnerMoves = 0;
    this.failed = false;
    this.selected = null;
    const game = RulesGame.create(this.variant, this.exercise.position, this.exercise.players ?? null);
    for (const move of this.exercise.prelude ?? []) game.playText(move, false);
    this.learner = game.snapshot().turn ?? 0;
    this.game = game;
  }

  private render(): void {
    const ex = this.exercise;
    const all = this.located.stage.exercises;
    const index = all.indexOf(ex);
    const snapshot = this.game?.snapshot() ?? null;
    const body: (Node | null)[] = [
      h("p", { class: "crumbs" }, linkButton(say("back"), () => this.actions.back(), "learn-back"), " · ", linkButton(say("rulesOf"), () => this.actions.rules(), "learn-rules")),
      h("h1", {}, tr(this.located.course.title), " — ", tr(this.located.stage.title)),
      h("p", { class: "count" }, say("exercise", { n: index + 1, count: all.length }), " · ", say("par", { par: ex.par })),
      h("p", { class: "prompt", "data-testid": "prompt" }, tr(ex.prompt)),
      h("p", { class: "goal" }, this.goalText()),
    ];
    if (snapshot) {
      body.push(h("p", { class: "side" }, say("youPlay", { color: colorWord(snapshot, this.learner) })));
      body.push(h("div", { class: "learn-board-wrap" }, this.boardOf(snapshot)));
    }
    if (ex.goal.kind === "quiz") body.push(this.quizBlock(ex.goal.question, ex.goal.choices));
    const status = h("p", { class: `feedback ${this.feedback?.kind ?? ""}`, role: "status", "aria-live": "polite", "data-testid": "feedback" }, this.feedback?.text ?? "");
    body.push(status);
    if (this.finished !== null) {
      body.push(
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
      if (ex.hints && this.hints < 2 && this.learnerMoves === 0) tools.append(button(say("hint"), () => this.hint(), "learn-hint"));
      if (this.failed || this.learnerMoves > 0 || this.found.size > 0) tools.append(button(say("retry"), () => this.retry(false), "learn-retry"));
      body.push(tools);
      if (snapshot && !this.failed && snapshot.result === null && snapshot.turn === this.learner) body.push(this.moveBlock());
    }
    this.element.replaceChildren(...body.filter((n): n is Node => n !== null));
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

  private boardOf(snapshot: GameView): SVGSVGElement {
    const ex = this.exercise;
    const marks = (ex.marks ?? []).filter((m) => m.step === this.learnerMoves);
    const highlights = marks.flatMap((m) => m.highlights ?? []);
    if (ex.hints && this.hints >= 1 && this.learnerMoves === 0) highlights.push(ex.hints.piece);
    if (ex.hints && this.hints >= 2 && this.learnerMoves === 0) highlights.push(ex.hints.square);
    const myTurn = this.finished === null && !this.failed && snapshot.result === null && snapshot.turn === this.learner;
    const moves = myTurn ? (this.game?.legalMoves() ?? []).filter((m) => m.path.length > 0) : [];
    const chosen = moves.filter((m) => m.path[0] === this.selected);
    const targets = chosen.map((m) => m.path[m.path.length - 1]);
    const svg = drawBoard(
      snapshot,
      {
        highlights: [...highlights, ...targets],
        arrows: marks.flatMap((m) => m.arrows ?? []),
        bottom: this.orientation(snapshot),
        selected: this.selected,
      },
      boardLabel(snapshot),
    );
    if (myTurn) {
      // Click one of your pieces that can move, then where it ends; the rules' moves decide.
      svg.classList.add("clickable");
      for (const cell of svg.querySelectorAll<SVGElement>("[data-square]")) {
        const square = cell.getAttribute("data-square") ?? "";
        cell.addEventListener("click", () => {
          const ending = chosen.filter((m) => m.path[m.path.length - 1] === square);
          if (ending.length >= 1) {
            this.selected = null;
            this.play(ending[0]);
          } else {
            this.selected = moves.some((m) => m.path[0] === square) && this.selected !== square ? square : null;
            this.render();
          }
        });
      }
    }
    return svg;
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

  private quizBlock(question: Text, choices: Choice[]): HTMLElement {
    return h(
      "div",
      { class: "learn-quiz" },
      h("p", { class: "question" }, tr(question)),
      h(
        "p",
        { class: "choices" },
        ...choices.map((c) => button(tr(c.text), () => this.answer(c), `choice-${c.id}`, this.finished !== null)),
      ),
    );
  }

  private moveBlock(): HTMLElement {
    const moves = (this.game?.legalMoves() ?? []).filter((m) => m.path.length > 0);
    const typed = h("input", { type: "text", "data-testid": "learn-move-text", "aria-label": say("typeMove"), placeholder: say("typeMove"), spellcheck: "false" });
    const submit = () => this.typed(typed.value.trim());
    typed.addEventListener("keydown", (e) => {
      if (e.key === "Enter") submit();
    });
    return h(
      "div",
      { class: "learn-moves" },
      h("h2", {}, say("legalMoves")),
      h("p", { class: "moves" }, ...moves.map((m) => button(m.notation, () => this.play(m), `move-${m.path.join("-")}`))),
      h("p", { class: "typed" }, typed, button(say("play"), submit, "learn-move-play")),
    );
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
    this.feedback = null;
    this.reset();
    this.render();
  }

  /** A "find every …" goal: answer `i` of `total` (−1: not one of them) was played. */
  private foundOne(i: number, total: number): void {
    if (i < 0) return this.miss(say("notAsked"));
    if (this.found.has(i)) {
      this.feedback = { kind: "info", text: say("already") };
      this.render();
      return;
    }
    this.found.add(i);
    if (this.found.size === total) return this.succeed();
    this.feedback = { kind: "right", text: say("found", { found: this.found.size, total }) };
    this.reset();
    this.render();
  }

  private succeed(text?: string): void {
    const stars = starsFor(this.mistakes, this.hints);
    recordStars(this.exercise.id, stars);
    this.finished = stars;
    this.feedback = { kind: "right", text: text ?? say("right") };
    this.render();
  }

  private miss(text: string, failed = false): void {
    this.mistakes += 1;
    this.failed = failed;
    this.feedback = { kind: "wrong", text };
    this.render();
  }

  private answer(choice: Choice): void {
    if (this.finished !== null) return;
    if (choice.correct) this.succeed(`${say("right")} ${tr(choice.explain)}`);
    else this.miss(`${say("wrong")} ${tr(choice.explain)}`);
  }

  /** A move typed by the learner: the rules find it, or say why it is refused. */
  private typed(text: string): void {
    const game = this.game;
    if (!game || text === "") return;
    const foreseen = (this.exercise.wrong ?? []).find((w) => w.legal === false && sameRoute(moveSquares(w.move), moveSquares(text)));
    const choice = this.quizChoiceFor(moveSquares(text), false);
    let move: LegalMove;
    try {
      move = game.playText(text, false);
      game.undo();
    } catch (e) {
      if (choice) return this.answer(choice);
      const reason = e instanceof Error ? e.message : String(e);
      if (foreseen) return this.miss(`${tr(foreseen.reason)} (${say("refused", { reason })})`);
      this.feedback = { kind: "wrong", text: say("refused", { reason }) };
      this.render();
      return;
    }
    this.play(move);
  }

  private quizChoiceFor(route: string[], legal: boolean): Choice | undefined {
    const g = this.exercise.goal;
    if (g.kind !== "quiz") return undefined;
    return g.choices.find((c) => c.move !== undefined && (c.legal ?? true) === legal && sameRoute(moveSquares(c.move), route));
  }

  private play(move: LegalMove): void {
    const game = this.game;
    if (!game || this.finished !== null) return;
    const ex = this.exercise;
    const goal = ex.goal;
    if (goal.kind === "quiz") {
      const choice = this.quizChoiceFor(move.path, true);
      if (choice) return this.answer(choice);
      this.feedback = { kind: "info", text: say("answerFirst") };
      this.render();
      return;
    }
    if (goal.kind === "find_all_captures") {
      return this.foundOne(goal.captures.findIndex((c) => sameRoute(moveSquares(c), move.path)), goal.captures.length);
    }
    if (goal.kind === "find_all_destinations") {
      const end = move.path[move.path.length - 1];
      return this.foundOne(move.path[0] === goal.from ? goal.points.indexOf(end) : -1, goal.points.length);
    }
    const wrong = (ex.wrong ?? []).find((w) => (w.legal ?? true) && sameRoute(moveSquares(w.move), move.path));
    if (wrong) return this.miss(tr(wrong.reason));
    const played = game.playPath(move.path, false);
    this.played.push(played.path);
    this.learnerMoves += 1;
    if (goal.kind === "hold_draw_for") {
      // Held: a draw (or a win) at any moment, or no loss through the reply to the last move.
      const ended = () => game.snapshot().result !== null;
      if (ended()) return this.lost() ? this.miss(say("failed"), true) : this.succeed();
      this.reply();
      if (ended()) return this.lost() ? this.miss(say("failed"), true) : this.succeed();
      if (this.learnerMoves >= goal.moves) return this.succeed();
      this.render();
      return;
    }
    if (this.reached(played, game.snapshot())) return this.succeed();
    if (this.over()) return this.miss(say("failed"), true);
    this.reply();
    if (this.over()) return this.miss(say("failed"), true);
    this.render();
  }

  private lost(): boolean {
    const result = this.game?.snapshot().result;
    return !!result && result.winner !== null && result.winner !== this.learner;
  }

  private limit(): number {
    const g = this.exercise.goal;
    return g.kind === "promote_in" || g.kind === "win_in" || g.kind === "hold_draw_for" ? g.moves : this.exercise.par;
  }

  /** Whether the attempt can no longer reach the goal: the game ended, or the moves ran out. */
  private over(): boolean {
    const s = this.game?.snapshot();
    if (!s) return true;
    if (s.result !== null) return true;
    return s.turn === this.learner && this.learnerMoves >= this.limit();
  }

  private reached(move: LegalMove, s: GameView): boolean {
    const g = this.exercise.goal;
    switch (g.kind) {
      case "reach":
        return g.squares.includes(move.path[move.path.length - 1]);
      case "capture_all":
        return !s.pieces.some((p) => p.seat !== this.learner);
      case "promote_in":
        return move.promotes;
      case "win_in":
        return s.result?.winner === this.learner;
      case "reach_draw":
        return s.result !== null && s.result.winner === null && s.result.reason === g.rule;
      default:
        return false;
    }
  }

  /** The opponent's reply: the scripted one while the learner follows the solution, else the engine's. */
  private reply(): void {
    const game = this.game;
    if (!game || game.snapshot().result !== null) return;
    const line = this.exercise.solution ?? [];
    const onLine = this.played.every((p, i) => i * 2 < line.length && sameRoute(moveSquares(line[i * 2]), p));
    const scripted = onLine ? line[this.played.length * 2 - 1] : undefined;
    let move: LegalMove | null = null;
    if (scripted !== undefined) move = game.playText(scripted, false);
    else {
      const opponent = this.exercise.opponent;
      const level = opponent?.kind === "engine" ? opponent.level : "intermediate";
      this.memory ??= new EngineMemory();
      const turn = game.computerTurn(level, this.played.length, this.memory);
      if (turn.move) move = game.playPath(turn.move.path, false);
    }
    if (move) this.feedback = { kind: "info", text: say("opponentPlayed", { move: move.notation }) };
  }
}

function button(label: string, onclick: () => void, testid: string, disabled = false): HTMLButtonElement {
  return h("button", { type: "button", onclick, "data-testid": testid, disabled }, label);
}

function linkButton(label: string, onclick: () => void, testid: string): HTMLButtonElement {
  return h("button", { type: "button", class: "link", onclick, "data-testid": testid }, label);
}
