/**
 * The coordinates trainer: find the square, or name it, by algebraic name or by the numbers of
 * PDN (1–32 on 8×8, 1–50 on 10×10), in 30-second rounds; best scores kept in the browser. The
 * squares and their numbers come from the rules: each number is read by the rules' FEN parser.
 */
import { h } from "../ui/dom";
import { RulesGame, type GameView } from "../wasm/rules";
import { drawBoard } from "./diagram";
import { tr, type Text } from "./lessons";

const w = (en: string, hans: string, hant: string): Text => ({ en, "zh-Hans": hans, "zh-Hant": hant });

export const TRAINER_WORDS = {
  title: w("Coordinates trainer", "坐标练习", "座標練習"),
  intro: w(
    "Learn the names of the squares: 30 seconds per round, as many as you can.",
    "记住每个格的名称：每轮 30 秒，答对越多越好。",
    "記住每個格的名稱：每輪 30 秒，答對越多越好。",
  ),
  board8: w("8×8 (English numbers)", "8×8（英美跳棋编号）", "8×8（英美跳棋編號）"),
  board10: w("10×10 (International numbers)", "10×10（国际跳棋编号）", "10×10（國際跳棋編號）"),
  find: w("Find the square", "找出格子", "找出格子"),
  name: w("Name the square", "说出格名", "說出格名"),
  algebraic: w("Names (c3)", "名称（c3）", "名稱（c3）"),
  numeric: w("Numbers (1–50)", "编号（1–50）", "編號（1–50）"),
  start: w("Start a round", "开始一轮", "開始一輪"),
  findThis: w("Click {square}", "点击 {square}", "點擊 {square}"),
  nameThis: w("Which square is marked?", "标出的是哪一格？", "標出的是哪一格？"),
  score: w("Score: {score}", "得分：{score}", "得分：{score}"),
  time: w("{seconds} s left", "还剩 {seconds} 秒", "還剩 {seconds} 秒"),
  over: w("Time! You scored {score}.", "时间到！你得了 {score} 分。", "時間到！你得了 {score} 分。"),
  best: w("Best: {best}", "最高：{best}", "最高：{best}"),
  wrongSquare: w("That was {square}.", "那是 {square}。", "那是 {square}。"),
};

const ROUND_SECONDS = 30;
const BEST_KEY = "kingme.learn.coordinates";

type Board = "8" | "10";
type Task = "find" | "name";
type Style = "algebraic" | "numeric";

/** Square number → algebraic name, as the rules read a FEN with a king on that number. */
export function numbering(variant: string): string[] {
  const names: string[] = [];
  for (let n = 1; ; n++) {
    let game: RulesGame | null = null;
    try {
      game = RulesGame.create(variant, `W:WK${n}:B`);
      names.push(game.snapshot().pieces[0].cell);
    } catch {
      return names;
    } finally {
      game?.free();
    }
  }
}

/** The variant's board as the rules lay it out. */
function emptyBoard(variant: string): Pick<GameView, "layout" | "seats"> {
  const game = RulesGame.create(variant);
  const { layout, seats } = game.snapshot();
  game.free();
  return { layout, seats };
}

function loadBest(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(BEST_KEY) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function saveBest(key: string, score: number): number {
  const all = loadBest();
  const best = Math.max(all[key] ?? 0, score);
  all[key] = best;
  try {
    localStorage.setItem(BEST_KEY, JSON.stringify(all));
  } catch {
    // Private browsing: the best score lives only this round.
  }
  return best;
}

export class CoordinatesTrainer {
  readonly element = h("div", { class: "learn-trainer", "data-testid": "trainer" });
  private board: Board = "8";
  private task: Task = "find";
  private style: Style = "algebraic";
  private names: Record<Board, string[]> = { "8": [], "10": [] };
  private layouts: Record<Board, Pick<GameView, "layout" | "seats">>;
  private target = "";
  private score = 0;
  private endsAt = 0;
  private timer: number | null = null;
  private message = "";
  private finished: number | null = null;

  constructor(private readonly header: () => Node[]) {
    this.names = { "8": numbering("english"), "10": numbering("international") };
    this.layouts = { "8": emptyBoard("english"), "10": emptyBoard("international") };
    this.render();
  }

  destroy(): void {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
  }

  relabel(): void {
    this.render();
  }

  private get running(): boolean {
    return this.timer !== null;
  }

  private key(): string {
    return `${this.board}.${this.task}.${this.style}`;
  }

  private label(square: string): string {
    return this.style === "numeric" ? String(this.names[this.board].indexOf(square) + 1) : square;
  }

  private pick(): void {
    const squares = this.names[this.board];
    let next = this.target;
    while (next === this.target) next = squares[Math.floor(Math.random() * squares.length)];
    this.target = next;
  }

  private start(): void {
    this.destroy();
    this.score = 0;
    this.finished = null;
    this.message = "";
    this.endsAt = Date.now() + ROUND_SECONDS * 1000;
    this.pick();
    this.timer = window.setInterval(() => this.tick(), 250);
    this.render();
  }

  private tick(): void {
    if (Date.now() < this.endsAt) {
      const left = this.element.querySelector('[data-testid="trainer-time"]');
      if (left) left.textContent = tr(TRAINER_WORDS.time, { seconds: Math.ceil((this.endsAt - Date.now()) / 1000) });
      return;
    }
    this.destroy();
    this.finished = this.score;
    saveBest(this.key(), this.score);
    this.render();
  }

  private answer(square: string): void {
    if (!this.running) return;
    if (square === this.target) {
      this.score += 1;
      this.message = "";
    } else {
      this.message = tr(TRAINER_WORDS.wrongSquare, { square: this.label(square) });
    }
    this.pick();
    this.render();
  }

  private option<T extends string>(current: T, value: T, text: Text, set: (v: T) => void, testid: string): HTMLButtonElement {
    return h(
      "button",
      {
        type: "button",
        "aria-pressed": String(current === value),
        class: current === value ? "on" : "",
        "data-testid": testid,
        disabled: this.running,
        onclick: () => {
          set(value);
          this.render();
        },
      },
      tr(text),
    );
  }

  private render(): void {
    const W = TRAINER_WORDS;
    const settings = h(
      "div",
      { class: "trainer-settings" },
      h("p", { class: "choices" }, this.option(this.board, "8", W.board8, (v) => (this.board = v), "trainer-8"), this.option(this.board, "10", W.board10, (v) => (this.board = v), "trainer-10")),
      h("p", { class: "choices" }, this.option(this.task, "find", W.find, (v) => (this.task = v), "trainer-find"), this.option(this.task, "name", W.name, (v) => (this.task = v), "trainer-name")),
      h("p", { class: "choices" }, this.option(this.style, "algebraic", W.algebraic, (v) => (this.style = v), "trainer-algebraic"), this.option(this.style, "numeric", W.numeric, (v) => (this.style = v), "trainer-numeric")),
    );
    const marked = this.running && this.task === "name" ? [this.target] : [];
    const svg = drawBoard({ ...this.layouts[this.board], pieces: [] }, { highlights: marked }, tr(W.title));
    if (this.running && this.task === "find") {
      for (const cell of svg.querySelectorAll<SVGRectElement>("rect.dark")) {
        const square = cell.getAttribute("data-square");
        if (square) cell.addEventListener("click", () => this.answer(square));
      }
    }
    const status: (Node | null)[] = [];
    if (this.running) {
      status.push(
        h("p", { class: "trainer-task", "data-testid": "trainer-task", "data-target": this.task === "find" ? this.target : "" }, this.task === "find" ? tr(W.findThis, { square: this.label(this.target) }) : tr(W.nameThis)),
        h("p", { class: "trainer-score" }, h("span", { "data-testid": "trainer-score" }, tr(W.score, { score: this.score })), " · ", h("span", { "data-testid": "trainer-time" }, tr(W.time, { seconds: Math.ceil((this.endsAt - Date.now()) / 1000) }))),
      );
      if (this.task === "name") status.push(this.nameChoices());
    } else {
      status.push(h("p", { class: "actions" }, h("button", { type: "button", "data-testid": "trainer-start", onclick: () => this.start() }, tr(W.start))));
    }
    if (this.finished !== null) status.push(h("p", { class: "feedback right", "data-testid": "trainer-over" }, tr(W.over, { score: this.finished })));
    status.push(h("p", { class: "feedback wrong", role: "status" }, this.message));
    status.push(h("p", { class: "count", "data-testid": "trainer-best" }, tr(W.best, { best: loadBest()[this.key()] ?? 0 })));
    this.element.replaceChildren(
      ...this.header(),
      h("h1", {}, tr(W.title)),
      h("p", { class: "lead" }, tr(W.intro)),
      settings,
      h("div", { class: "trainer-play" }, h("div", { class: "learn-board-wrap" }, svg), h("div", {}, ...status.filter((n): n is Node => n !== null))),
    );
  }

  /** Four names to choose from, the right one among them. */
  private nameChoices(): HTMLElement {
    const squares = this.names[this.board];
    const options = new Set([this.target]);
    while (options.size < 4) options.add(squares[Math.floor(Math.random() * squares.length)]);
    const sorted = [...options].sort(() => Math.random() - 0.5);
    return h(
      "p",
      { class: "choices" },
      ...sorted.map((sq) => h("button", { type: "button", "data-testid": `trainer-answer-${sq}`, "data-right": String(sq === this.target), onclick: () => this.answer(sq) }, this.label(sq))),
    );
  }
}
