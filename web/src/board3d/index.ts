/**
 * The 3D draughts board. It draws what it is given and reports clicks; it knows no rules.
 *
 *   const board = createBoard(container, state);      // container must have a size
 *   board.onClick((square) => …);                      // "c3", or null outside the board
 *   board.set({ selected: "c3", dests: ["d4"] });      // merged, drawn on the next frame
 *   await board.animateMove(["c3", "e5"], ["d4"]);     // then board.set({ pieces })
 *   board.destroy();                                    // frees the WebGL context
 */
export { createBoard } from "./api";
export type {
  Board3D,
  BoardOptions,
  BoardQuality,
  BoardState,
  BoardViewName,
  LastMoveView,
  PieceColor,
  PieceView,
} from "./api";
