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
