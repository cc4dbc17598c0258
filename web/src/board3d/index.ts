/**
 * The 3D board of every game. It draws what it is given and reports clicks; it knows no rules.
 *
 *   const board = createBoard(container, state);      // container must have a size
 *   board.onClick((cell) => …);                        // "c3", or null outside the board
 *   board.onHover((cell) => …);                        // the playable cell under the mouse, or null
 *   board.set({ selected: "c3", dests: ["d4"] });      // merged, drawn on the next frame
 *   await board.animateMove(["c3", "e5"], ["d4"]);     // then board.set({ pieces })
 *   board.destroy();                                    // frees the WebGL context
 */
export { createBoard } from "./api";
export type {
  Board3D,
  BoardLayout,
  BoardOptions,
  BoardQuality,
  BoardShape,
  BoardState,
  BoardViewName,
  Cell,
  ColorKey,
  LastMoveView,
  PieceView,
} from "./api";
