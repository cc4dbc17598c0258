/** Physical proportions of the board and pieces, in world units (one square = 1). */

/** Width of the frame around the playing area (holds the coordinates). */
export const FRAME_WIDTH = 0.8;
/** Thickness of the board slab below the playing surface (y = 0). */
export const SLAB_THICKNESS = 0.42;
export const PIECE_RADIUS = 0.4;
/** Height of one disc; a king is two discs. */
export const PIECE_HEIGHT = 0.17;
/** How far the selected piece is lifted. */
export const SELECTED_LIFT = 0.2;

/** Half the width of the whole board, frame included. */
export function boardHalfExtent(size: number): number {
  return size / 2 + FRAME_WIDTH;
}
