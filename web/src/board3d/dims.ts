/** Physical proportions of the board and pieces, in world units (one cell = 1). */

/** Width of the frame around a square board's playing area (holds the coordinates). */
export const FRAME_WIDTH = 0.8;
/**
 * The frame of an 8×8 board on a narrow screen (a phone): the board's width is all a phone has,
 * so a narrower frame (its coordinates a little smaller) leaves more of it to the squares and
 * the pieces.
 */
export const FRAME_WIDTH_NARROW = 0.5;

/**
 * The frame of a board `columns` wide on a narrow screen. Its coordinates are sized to the
 * frame, and a bigger board has smaller cells on the same screen, so the frame grows with the
 * board (less than in proportion: 0.59 of a cell on 10×10; on 16×16 the wide screen's 0.8) to
 * keep the coordinates readable — on a phone about 11 px on 8×8 and 10×10 and 9.5 px on 16×16.
 */
export function narrowFrameWidth(columns: number): number {
  return Math.min(FRAME_WIDTH, FRAME_WIDTH_NARROW * Math.max(1, columns / 8) ** 0.7);
}

/** Height of the coordinates on a narrow screen's frame, as a share of the frame's width. */
export const NARROW_LABEL_SHARE = 0.54;
/** Wood beyond the star's outermost holes (on a narrow screen, less). */
export const STAR_MARGIN = 0.75;
export const STAR_MARGIN_NARROW = 0.45;
/** Thickness of the board slab below the playing surface (y = 0). */
export const SLAB_THICKNESS = 0.42;
export const PIECE_RADIUS = 0.4;
/** Height of one disc; a king is two discs. */
export const PIECE_HEIGHT = 0.17;
/** A Chinese checkers marble, and how deep it sits in its hole. */
export const MARBLE_RADIUS = 0.36;
export const MARBLE_SINK = 0.08;
/** Radius of a hole in the star. */
export const HOLE_RADIUS = 0.24;
/** How far the selected piece is lifted. */
export const SELECTED_LIFT = 0.2;
