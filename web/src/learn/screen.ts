/**
 * The Learn section: the index of games, each game's stages with the learner's stars, the
 * exercises, the rules pages, and the FAQ with the common confusions. Addresses:
 * `/learn`, `/learn/<course>`, `/learn/ex/<exercise id, its dots written _>` (a last segment
 * with a dot would be taken for a file), `/learn/rules/<variant>`,
 * `/learn/faq/<family>`.
 */
import "./learn.css";
import { h } from "../ui/dom";
import { RulesGame, type GameView } from "../wasm/rules";
import type { SharedBoard } from "../ui/gameScreen";
import { ExercisePlayer, colorWord } from "./player";
import { describePieces, drawBoard } from "./diagram";
import {
  LESSON_FILES,
  courseById,
  locate,
  tr,
  type Course,
  type LessonFile,
} from "./lessons";
import { loadStars, starText } from "./progress";
import { WORDS, type WordKey } from "./words";
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
  /** One 3D board for every exercise (a WebGL scene is slow to create). */
  private readonly shared: SharedBoard = { host: h("div", { class: "learn-board3d", "data-testid": "learn-board" }), board: null };

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
    this.shared.board?.destroy();
    this.shared.board = null;
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
    this.element.classList.remove("wide");
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
        const player = new ExercisePlayer(
          located,
          {
            back: () => this.go(`/learn/${located.course.id}`),
            next: (id) => this.go(exercisePath(id)),
            rules: () => this.go(`/learn/rules/${located.course.variant}`),
          },
          this.shared,
        );
        this.player = player;
        this.element.classList.add("wide");
        this.element.replaceChildren(player.element);
        player.attach();
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

function boardLabel(view: Pick<GameView, "pieces" | "seats">): string {
  return view.seats
    .map((s) => `${colorWord(view, s.index)}: ${describePieces(view.pieces, s.index).join(", ") || say("none")}`)
    .join("; ");
}
