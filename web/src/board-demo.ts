// Development harness for the 3D board: every board shape in a fixed position with every kind
// of marker. `?board=` picks the board (see BOARDS), `?view=top` the view, `?seat=N` whose side
// is near, `?quality=low|high` the renderer.
import { createBoard, type Board3D, type BoardState, type ColorKey, type PieceView } from "./board3d";
import { draughtsLayout, fixturePosition, halmaLayout, HALMA_COLORS, starLayout, type FixtureName } from "./board3d/dev/fixtures";

const DRAUGHTS_COLORS: ColorKey[] = ["white", "black"];

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

const EMPTY_MARKS = { selected: null, dests: [], finalDests: [], mustCapture: [], partialPath: [], previewPath: [], clickable: [] };

function draughtsState(size: 8 | 10): BoardState {
  const base = { layout: draughtsLayout(size), seatColors: DRAUGHTS_COLORS, rotation: 0, ...EMPTY_MARKS };
  if (size === 8) {
    const pieces = startPieces(8).filter((p) => !["c3", "f6"].includes(p.cell));
    pieces.push({ cell: "d4", seat: 0, king: false }, { cell: "e5", seat: 1, king: false });
    pieces.push({ cell: "h4", seat: 1, king: true });
    return {
      ...base,
      pieces,
      selected: "d4",
      dests: ["f6"],
      mustCapture: ["d4"],
      lastMoves: [{ seat: 1, path: ["f6", "e5"], captured: [] }],
      clickable: ["d4", "f6"],
    };
  }
  // International: white has just captured a3×c5; black must capture with d6 or f6.
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
    ...base,
    pieces,
    selected: "d6",
    dests: ["f4", "b4"],
    finalDests: ["f4"],
    mustCapture: ["d6", "f6"],
    lastMoves: [{ seat: 0, path: ["a3", "c5"], captured: ["b4"] }],
    clickable: ["d6", "f6", "f4", "b4"],
  };
}

interface DemoBoard {
  state: () => BoardState;
  /** viewAngle of every seat in play. */
  seatAngles: number[];
  /** The move "Animate" plays: path and captures. */
  move: [string[], string[]];
}

function halmaBoard(name: FixtureName, layout: BoardState["layout"], seatColors: ColorKey[], seatAngles: number[]): DemoBoard {
  const position = fixturePosition(name);
  return {
    state: () => ({
      layout,
      seatColors,
      rotation: 0,
      ...EMPTY_MARKS,
      pieces: position.pieces,
      lastMoves: position.lastMoves,
      selected: position.selected,
      dests: position.dests,
      previewPath: position.previewPath,
      clickable: [position.selected, ...position.dests],
    }),
    seatAngles,
    move: [position.previewPath, []],
  };
}

const STAR_ANGLES = [0, 60, 120, 180, 240, 300];
const BOARDS: Record<string, () => DemoBoard> = {
  "draughts-8": () => ({ state: () => draughtsState(8), seatAngles: [0, 180], move: [["d4", "f6"], ["e5"]] }),
  "draughts-10": () => ({ state: () => draughtsState(10), seatAngles: [0, 180], move: [["d6", "f4"], ["e5"]] }),
  "halma-8": () => halmaBoard("halma-8", halmaLayout(8), ["red", "blue"], [0, 180]),
  "halma-10": () => halmaBoard("halma-10", halmaLayout(10), ["red", "blue"], [0, 180]),
  "halma-16": () => halmaBoard("halma-16", halmaLayout(16), ["red", "blue"], [0, 180]),
  "halma-16-4": () => halmaBoard("halma-16-4", halmaLayout(16, 4), ["red", "yellow", "green", "blue"], [0, 90, 180, 270]),
  "star-2": () => halmaBoard("star-2", starLayout(), HALMA_COLORS, [0, 180]),
  "star-3": () => halmaBoard("star-3", starLayout(), HALMA_COLORS, [0, 120, 240]),
  "star-4": () => halmaBoard("star-4", starLayout(), HALMA_COLORS, [0, 60, 180, 240]),
  "star-6": () => halmaBoard("star-6", starLayout(), HALMA_COLORS, STAR_ANGLES),
};

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
  // A straight line stands in for the hop path the rules would give for a hovered destination.
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
    board.set({ rotation: state.rotation });
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
