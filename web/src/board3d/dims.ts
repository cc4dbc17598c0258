/** Physical proportions of the board and pieces, in world units (one cell = 1). */

/** Width of the frame around a square board's playing area (holds the coordinates). */
export const FRAME_WIDTH = 0.8;
/**
 * The frame on a narrow screen (a phone): the board's width is all a phone has, so a narrower
 * frame (its coordinates a little smaller) leaves more of it to the squares and the pieces.
 */
export const FRAME_WIDTH_NARROW = 0.5;
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
