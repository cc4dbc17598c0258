// Development harness for the 3D board: a fixed position with every kind of marker.
import { createBoard, type Board3D, type BoardState, type PieceView } from "./board3d";

function startPieces(size: 8 | 10): PieceView[] {
  const rows = size === 10 ? 4 : 3;
  const pieces: PieceView[] = [];
  const files = "abcdefghij";
  for (let rank = 0; rank < size; rank++) {
    for (let file = 0; file < size; file++) {
      if ((file + rank) % 2 !== 0) continue;
      const square = `${files[file]}${rank + 1}`;
      if (rank < rows) pieces.push({ square, color: "white", king: false });
      else if (rank >= size - rows) pieces.push({ square, color: "black", king: false });
    }
  }
  return pieces;
}

function demoState(size: 8 | 10): BoardState {
  if (size === 8) {
    const pieces = startPieces(8).filter((p) => !["c3", "f6"].includes(p.square));
    pieces.push({ square: "d4", color: "white", king: false }, { square: "e5", color: "black", king: false });
    pieces.push({ square: "h4", color: "black", king: true });
    return {
      size,
      pieces,
      flipped: false,
      selected: "d4",
      dests: ["f6"],
      finalDests: [],
      mustCapture: ["d4"],
      partialPath: [],
      lastMove: { path: ["f6", "e5"], captured: [] },
      clickable: ["d4", "f6"],
    };
  }
  // International: white has just captured a3×c5; black must capture with d6 or f6.
  const pieces = startPieces(10).filter((p) => !["a3", "b4", "d4", "f4", "c7", "e7", "g7", "e9"].includes(p.square));
  pieces.push(
    { square: "d6", color: "black", king: false },
    { square: "f6", color: "black", king: false },
    { square: "e5", color: "white", king: false },
    { square: "c5", color: "white", king: false },
    { square: "h4", color: "black", king: true },
    { square: "e9", color: "white", king: true },
  );
  return {
    size,
    pieces,
    flipped: false,
    selected: "d6",
    dests: ["f4", "b4"],
    finalDests: ["f4"],
    mustCapture: ["d6", "f6"],
    partialPath: [],
    lastMove: { path: ["a3", "c5"], captured: ["b4"] },
    clickable: ["d6", "f6", "f4", "b4"],
  };
}

const container = document.getElementById("stage")!;
const log = document.getElementById("log")!;
let size: 8 | 10 = 10;
let state = demoState(size);
const started = performance.now();
const requested = new URLSearchParams(location.search).get("quality");
const quality = requested === "low" || requested === "high" ? requested : "auto";
const board: Board3D = createBoard(container, state, { quality });
const created = performance.now() - started;
void board.whenSettled().then(() => {
  log.textContent = `created in ${created.toFixed(0)} ms, first frame after ${(performance.now() - started).toFixed(0)} ms`;
});
const clicks: (string | null)[] = [];
board.onClick((square) => {
  clicks.push(square);
  log.textContent = `clicked: ${square ?? "outside"}`;
});

const actions: Record<string, () => void> = {
  oblique: () => void board.setView("oblique"),
  top: () => void board.setView("top"),
  flip: () => {
    state = { ...state, flipped: !state.flipped };
    board.set({ flipped: state.flipped });
  },
  size: () => {
    size = size === 10 ? 8 : 10;
    state = demoState(size);
    board.set(state);
  },
  move: () => {
    const path = size === 10 ? ["d6", "f4"] : ["d4", "f6"];
    const captured = size === 10 ? ["e5"] : ["e5"];
    board.set({ selected: null, dests: [], finalDests: [], mustCapture: [] });
    void board.animateMove(path, captured).then(() => {
      log.textContent = "move done";
    });
  },
  reset: () => {
    state = demoState(size);
    board.set(state);
  },
};
document.getElementById("bar")!.addEventListener("click", (e) => {
  const action = (e.target as HTMLElement).dataset["action"];
  if (action) actions[action]?.();
});

Object.assign(window, { board, clicks, demoState });
