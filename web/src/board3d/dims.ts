/** Physical proportions of the board and pieces, in world units (one cell = 1). */

/** Width of the frame around a square board's playing area (holds the coordinates). */
export const FRAME_WIDTH = 0.8;
/** Wood beyond the star's outermost holes. */
export const STAR_MARGIN = 0.75;
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
