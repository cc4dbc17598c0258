// Development harness for the 3D board: every board shape with every kind of marker, the
// boards, seats and moves coming from the rules (wasm). `?board=` picks the board (see BOARDS),
// `?view=top` the view, `?seat=N` whose side is near, `?quality=low|high` the renderer.
import { createBoard, type Board3D, type BoardState, type ColorKey, type PieceView } from "./board3d";
import { loadRules, RulesGame, type GameView, type LegalMove } from "./wasm/rules";

const EMPTY_MARKS = { selected: null, dests: [], finalDests: [], mustCapture: [], partialPath: [], previewPath: [], clickable: [] };

/** Each seat's colour, indexed by seat. */
function seatColors(view: GameView): ColorKey[] {
  const colors: ColorKey[] = [];
  for (const seat of view.seats) colors[seat.index] = seat.color;
  return Array.from(colors, (c) => c ?? "white");
}

interface DemoBoard {
  state: () => BoardState;
  /** viewAngle of every seat in play. */
  seatAngles: number[];
  /** The move "Animate" plays: path and captures. */
  move: [string[], string[]];
}

function startPieces(size: 8 | 10): PieceView[] {
  const rows = size === 10 ? 4 : 3;
  const pieces: PieceView[] = [];
  const files = "abcdefghij";
  for (let rank = 0; rank < size; rank++) {
    for (let file = 0; file < size; file++) {
      if ((file + rank) % 2 !== 0) continue;
      const cell = `${files[file]}${rank + 1}`;
      if (rank < rows) pieces.push({ cell, seat: 0, king: false });
      else if (rank >= size - rows) pieces.push({ cell, seat: 1, king: false });
    }
  }
  return pieces;
}

/** A draughts position with every draughts marker: a selection, a capture to make, kings. */
function draughtsBoard(variant: "russian" | "international"): DemoBoard {
  const view = RulesGame.create(variant).snapshot();
  const base = { layout: view.layout, seatColors: seatColors(view), rotation: 0, ...EMPTY_MARKS };
  const angles = view.seats.map((s) => s.viewAngle);
  if (variant === "russian") {
    const pieces = startPieces(8).filter((p) => !["c3", "f6"].includes(p.cell));
    pieces.push({ cell: "d4", seat: 0, king: false }, { cell: "e5", seat: 1, king: false });
    pieces.push({ cell: "h4", seat: 1, king: true });
    return {
      state: () => ({
        ...base,
        pieces,
        selected: "d4",
        dests: ["f6"],
        mustCapture: ["d4"],
        lastMoves: [{ seat: 1, path: ["f6", "e5"], captured: [] }],
        clickable: ["d4", "f6"],
      }),
      seatAngles: angles,
      move: [["d4", "f6"], ["e5"]],
    };
  }
  // White has just captured a3×c5; black must capture with d6 or f6.
  const pieces = startPieces(10).filter((p) => !["a3", "b4", "d4", "f4", "c7", "e7", "g7", "e9"].includes(p.cell));
  pieces.push(
    { cell: "d6", seat: 1, king: false },
    { cell: "f6", seat: 1, king: false },
    { cell: "e5", seat: 0, king: false },
    { cell: "c5", seat: 0, king: false },
    { cell: "h4", seat: 1, king: true },
    { cell: "e9", seat: 0, king: true },
  );
  return {
    state: () => ({
      ...base,
      pieces,
      selected: "d6",
      dests: ["f4", "b4"],
      finalDests: ["f4"],
      mustCapture: ["d6", "f6"],
      lastMoves: [{ seat: 0, path: ["a3", "c5"], captured: ["b4"] }],
      clickable: ["d6", "f6", "f4", "b4"],
    }),
    seatAngles: angles,
    move: [["d6", "f4"], ["e5"]],
  };
}

/**
 * How far a move carries its piece away from the seat's own side: the seat's near edge is
 * where its viewAngle turns the board to, so "away" is the far direction turned back.
 */
function progress(view: GameView, move: LegalMove, angle: number): number {
  const at = (name: string) => view.layout.cells.find((c) => c.name === name)!;
  const from = at(move.path[0]!);
  const to = at(move.path[move.path.length - 1]!);
  const a = (angle * Math.PI) / 180;
  // The far direction (+y of the layout at angle 0) turned back by the seat's angle.
  return (to.x - from.x) * -Math.sin(a) + (to.y - from.y) * Math.cos(a);
}

/** A Halma game a few rounds in (each seat plays its most forward move), with a jump to preview. */
function halmaBoard(variant: string, players: number, rounds: number): DemoBoard {
  const game = RulesGame.create(variant, null, players);
  const angleOf = (seat: number) => game.snapshot().seats.find((s) => s.index === seat)?.viewAngle ?? 0;
  const best = (view: GameView, moves: LegalMove[]) =>
    moves.reduce((a, b) => (progress(view, b, angleOf(view.turn!)) > progress(view, a, angleOf(view.turn!)) + 1e-9 ? b : a));
  for (let ply = 0; ply < rounds * players; ply++) {
    const view = game.snapshot();
    const moves = game.legalMoves().filter((m) => m.path.length >= 2);
    if (view.turn === null || moves.length === 0) break;
    game.playPath(best(view, moves).path, false);
  }
  const view = game.snapshot();
  const moves = game.legalMoves().filter((m) => m.path.length >= 2);
  // Preview the longest chain; the destinations are every point its piece can reach.
  const chain = moves.reduce((a, b) => (b.path.length > a.path.length ? b : a), moves[0]!);
  const from = chain.path[0]!;
  const dests = moves.filter((m) => m.path[0] === from).map((m) => m.path[m.path.length - 1]!);
  return {
    state: () => ({
      layout: view.layout,
      seatColors: seatColors(view),
      rotation: 0,
      ...EMPTY_MARKS,
      pieces: view.pieces,
      lastMoves: view.lastMoves.map((m) => ({ seat: m.seat, path: m.path, captured: m.captures })),
      selected: from,
      dests,
      previewPath: chain.path,
      clickable: [from, ...dests],
    }),
    seatAngles: view.seats.map((s) => s.viewAngle),
    move: [chain.path, []],
  };
}

const BOARDS: Record<string, () => DemoBoard> = {
  "draughts-8": () => draughtsBoard("russian"),
  "draughts-10": () => draughtsBoard("international"),
  "halma-8": () => halmaBoard("halma-8", 2, 3),
  "halma-10": () => halmaBoard("halma-10", 2, 3),
  "halma-16": () => halmaBoard("halma-16", 2, 3),
  "halma-16-4": () => halmaBoard("halma-16", 4, 3),
  "star-2": () => halmaBoard("chinese-checkers", 2, 3),
  "star-3": () => halmaBoard("chinese-checkers", 3, 3),
  "star-4": () => halmaBoard("chinese-checkers", 4, 3),
  "star-6": () => halmaBoard("chinese-checkers", 6, 3),
};

await loadRules();
const params = new URLSearchParams(location.search);
let boardName = params.get("board") ?? "draughts-10";
if (!(boardName in BOARDS)) boardName = "draughts-10";
let demo = BOARDS[boardName]!();
let seatIndex = Number(params.get("seat") ?? 0) % demo.seatAngles.length;
let state: BoardState = { ...demo.state(), rotation: demo.seatAngles[seatIndex] ?? 0 };

const container = document.getElementById("stage")!;
const log = document.getElementById("log")!;
const picker = document.getElementById("board-select") as HTMLSelectElement;
for (const name of Object.keys(BOARDS)) picker.add(new Option(name, name, false, name === boardName));

const started = performance.now();
const requested = params.get("quality");
const quality = requested === "low" || requested === "high" ? requested : "auto";
const board: Board3D = createBoard(container, state, { quality });
const created = performance.now() - started;
if (params.get("view") === "top") void board.setView("top");
void board.whenSettled().then(() => {
  log.textContent = `created in ${created.toFixed(0)} ms, first frame after ${(performance.now() - started).toFixed(0)} ms`;
});
const clicks: (string | null)[] = [];
const hovers: (string | null)[] = [];
board.onClick((cell) => {
  clicks.push(cell);
  log.textContent = `clicked: ${cell ?? "outside"}`;
});
board.onHover((cell) => {
  hovers.push(cell);
  // A straight line stands in for the hop path the game screen asks the rules for.
  const preview = cell !== null && state.selected !== null && state.dests.includes(cell) ? [state.selected, cell] : demo.state().previewPath;
  board.set({ previewPath: preview });
});

function show(name: string): void {
  boardName = name;
  demo = BOARDS[name]!();
  seatIndex = 0;
  state = { ...demo.state(), rotation: demo.seatAngles[0] ?? 0 };
  board.set(state);
  history.replaceState(null, "", `?board=${name}`);
}

const actions: Record<string, () => void> = {
  oblique: () => void board.setView("oblique"),
  top: () => void board.setView("top"),
  seat: () => {
    seatIndex = (seatIndex + 1) % demo.seatAngles.length;
    state = { ...state, rotation: demo.seatAngles[seatIndex] ?? 0 };
    void board.turnTo(state.rotation);
  },
  move: () => {
    const [path, captured] = demo.move;
    board.set({ selected: null, dests: [], finalDests: [], mustCapture: [], previewPath: [] });
    void board.animateMove(path, captured).then(() => {
      log.textContent = "move done";
    });
  },
  reset: () => {
    state = { ...demo.state(), rotation: state.rotation };
    board.set(state);
  },
};
document.getElementById("bar")!.addEventListener("click", (e) => {
  const action = (e.target as HTMLElement).dataset["action"];
  if (action) actions[action]?.();
});
picker.addEventListener("change", () => show(picker.value));

Object.assign(window, { board, clicks, hovers, show, demoState: () => state, seatAngles: () => demo.seatAngles });
