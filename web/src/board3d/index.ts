export { createBoard } from "./api";
export type {
  Board3D,
  BoardState,
  BoardViewName,
  LastMoveView,
  PieceColor,
  PieceView,
} from "./api";
