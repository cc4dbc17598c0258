//! Move text: `c3-d4`, `c3×e5×g7`, numeric `32x23`, and parsing of what people type.

use crate::{Bitboard, Direction, Geometry, Move, ParseSquareError, Position, Square, Variant};
use std::fmt;

/// How squares are written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SquareStyle {
    /// `c3`, as shown in play.
    Algebraic,
    /// `1`–`32` or `1`–`50`, as in PDN.
    Numeric,
}

/// The number of `sq` in the variant's official numbering: English 1 = g1 … 32 = b8;
/// International 1 = b10 … 50 = i1; Russian and Brazilian 1 = b8 … 32 = g1.
pub fn square_number(variant: Variant, sq: Square) -> u8 {
    let g = variant.geometry();
    let n = g.size();
    let half = n / 2;
    let (file, rank) = (g.file(sq), g.rank(sq));
    match variant {
        Variant::English => rank * half + (n - 1 - file) / 2 + 1,
        _ => (n - 1 - rank) * half + file / 2 + 1,
    }
}

/// The square with number `number` in the variant's official numbering.
pub fn square_from_number(variant: Variant, number: u8) -> Option<Square> {
    let g = variant.geometry();
    let n = g.size();
    let half = n / 2;
    if number == 0 || u32::from(number) > g.square_count() {
        return None;
    }
    let index = number - 1;
    let (row, col) = (index / half, index % half);
    match variant {
        Variant::English => {
            let rank = row;
            let file = if rank % 2 == 0 {
                n - 2 - 2 * col
            } else {
                n - 1 - 2 * col
            };
            g.square(file, rank)
        }
        _ => {
            let rank = n - 1 - row;
            let file = if rank.is_multiple_of(2) {
                2 * col
            } else {
                2 * col + 1
            };
            g.square(file, rank)
        }
    }
}

/// Parses a square written either way: `c3` or a number.
///
/// # Errors
/// A [`ParseSquareError`] naming the text.
pub fn parse_square(variant: Variant, text: &str) -> Result<Square, ParseSquareError> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text
            .parse::<u8>()
            .ok()
            .and_then(|n| square_from_number(variant, n))
            .ok_or_else(|| ParseSquareError::NumberOutOfRange(text.into()));
    }
    variant.geometry().parse_square(text)
}

/// Writes `sq` in `style`.
pub fn square_to_string(variant: Variant, sq: Square, style: SquareStyle) -> String {
    match style {
        SquareStyle::Algebraic => variant.geometry().name(sq).to_string(),
        SquareStyle::Numeric => square_number(variant, sq).to_string(),
    }
}

/// The move in the site's notation: `c3-d4`, or every landing of a capture, `c3×e5×g7`.
///
/// ```
/// use kingme_draughts::{notation, Position, Variant};
/// let pos = Position::start(Variant::English);
/// let names: Vec<String> =
///     pos.legal_moves().iter().map(|m| notation::move_to_string(Variant::English, m)).collect();
/// assert!(names.contains(&"c3-d4".to_string()));
/// ```
pub fn move_to_string(variant: Variant, m: &Move) -> String {
    write_move(
        variant,
        m,
        SquareStyle::Algebraic,
        if m.is_capture() { "×" } else { "-" },
    )
}

/// The move in PDN: numeric squares for English and International (`32x23x14`), algebraic
/// (`c3:e5:g7`) for Russian and Brazilian.
pub fn move_to_pdn(variant: Variant, m: &Move) -> String {
    if variant.numeric_by_default() {
        write_move(
            variant,
            m,
            SquareStyle::Numeric,
            if m.is_capture() { "x" } else { "-" },
        )
    } else {
        write_move(
            variant,
            m,
            SquareStyle::Algebraic,
            if m.is_capture() { ":" } else { "-" },
        )
    }
}

fn write_move(variant: Variant, m: &Move, style: SquareStyle, sep: &str) -> String {
    let mut s = square_to_string(variant, m.from(), style);
    for &l in m.landings() {
        s.push_str(sep);
        s.push_str(&square_to_string(variant, l, style));
    }
    s
}

/// Every square of the route, starting with the origin: `[c3, e5, g7]`.
pub fn route(m: &Move) -> impl Iterator<Item = Square> + '_ {
    std::iter::once(m.from()).chain(m.landings().iter().copied())
}

/// The squares of the captured pieces, in the order they are jumped.
pub fn captured_in_order(variant: Variant, m: &Move) -> Vec<Square> {
    let g = variant.geometry();
    let mut out = Vec::with_capacity(m.captured().count() as usize);
    let mut prev = m.from();
    for &next in m.landings() {
        if let Some(dir) = direction_between(&g, prev, next) {
            let mut s = g.step(prev, dir);
            while let Some(sq) = s {
                if sq == next {
                    break;
                }
                if m.captured().contains(sq) {
                    out.push(sq);
                }
                s = g.step(sq, dir);
            }
        }
        prev = next;
    }
    out
}

fn direction_between(g: &Geometry, a: Square, b: Square) -> Option<Direction> {
    let (fa, ra) = (i16::from(g.file(a)), i16::from(g.rank(a)));
    let (fb, rb) = (i16::from(g.file(b)), i16::from(g.rank(b)));
    let (df, dr) = (fb - fa, rb - ra);
    if df == 0 || df.abs() != dr.abs() {
        return None;
    }
    Some(match (df > 0, dr > 0) {
        (false, true) => Direction::UpLeft,
        (true, true) => Direction::UpRight,
        (false, false) => Direction::DownLeft,
        (true, false) => Direction::DownRight,
    })
}

/// Why a move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Nothing but white space.
    Empty,
    /// Not a list of squares joined by `-`, `x`, `×` or `:`.
    Syntax { text: String, reason: String },
    /// One of the squares is not a square of this board.
    Square {
        text: String,
        error: ParseSquareError,
    },
    /// Well-formed, but no legal move matches.
    Illegal { text: String, reason: String },
    /// Several legal moves match; more landing squares are needed.
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Empty => write!(f, "empty move text"),
            ParseMoveError::Syntax { text, reason } => {
                write!(f, "cannot read move '{text}': {reason}")
            }
            ParseMoveError::Square { text, error } => {
                write!(f, "cannot read move '{text}': {error}")
            }
            ParseMoveError::Illegal { text, reason } => {
                write!(f, "illegal move '{text}': {reason}")
            }
            ParseMoveError::Ambiguous { text, candidates } => write!(
                f,
                "ambiguous move '{text}': it matches {}; give more landing squares",
                candidates.join(", ")
            ),
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Reads a move typed by a person or found in a PDN file, and finds the one legal move it names.
/// Squares are algebraic (`c3`) or numeric (`22`); separators `-`, `x`, `×` or `:`; any
/// shortened form that names exactly one legal move is accepted (`c3×g7`, or just the start and
/// end of a capture). A text that spells out every landing of a move names that move, even when
/// it also shortens a longer capture that ends on the same square.
///
/// # Errors
/// [`ParseMoveError`]: malformed text, a bad square, no matching legal move (with the reason), or
/// several matching moves (listed).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    let variant = pos.variant();
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let syntax = |reason: &str| ParseMoveError::Syntax {
        text: trimmed.into(),
        reason: reason.into(),
    };
    let mut squares = Vec::new();
    for token in trimmed.split(['-', '×', ':', 'x', 'X']) {
        if token.is_empty() {
            return Err(syntax("a separator must stand between two squares"));
        }
        if token.len() > 3 {
            return Err(syntax("expected squares such as c3 or 22 joined by - or ×"));
        }
        let sq = parse_square(variant, token).map_err(|error| ParseMoveError::Square {
            text: trimmed.into(),
            error,
        })?;
        squares.push(sq);
    }
    if squares.len() < 2 {
        return Err(syntax("a move names at least two squares"));
    }
    let (first, last) = (squares[0], squares[squares.len() - 1]);
    let middle = &squares[1..squares.len() - 1];
    let legal = pos.legal_moves();
    let matching: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from() == first && m.to() == last && is_subsequence(middle, m.landings()))
        .collect();
    let exact = |m: &&&Move| m.landings() == &squares[1..];
    match matching.as_slice() {
        [m] => Ok(**m),
        many if many.iter().filter(exact).count() == 1 => {
            Ok(**many.iter().find(exact).expect("counted one"))
        }
        [] => Err(ParseMoveError::Illegal {
            text: trimmed.into(),
            reason: why_illegal(pos, &legal, first, last),
        }),
        many => Err(ParseMoveError::Ambiguous {
            text: trimmed.into(),
            candidates: many.iter().map(|m| move_to_string(variant, m)).collect(),
        }),
    }
}

fn is_subsequence(wanted: &[Square], landings: &[Square]) -> bool {
    let inner = &landings[..landings.len().saturating_sub(1)];
    let mut it = inner.iter();
    wanted.iter().all(|w| it.any(|l| l == w))
}

fn why_illegal(pos: &Position, legal: &[Move], from: Square, to: Square) -> String {
    let g = pos.variant().geometry();
    let (f, t) = (g.name(from), g.name(to));
    if legal.is_empty() {
        return format!("{} has no legal move", pos.turn());
    }
    match pos.piece_at(from) {
        None => return format!("there is no piece on {f}"),
        Some((c, _)) if c != pos.turn() => {
            return format!("the piece on {f} is {c}'s, and it is {}'s turn", pos.turn())
        }
        _ => {}
    }
    if legal.iter().all(|m| m.from() != from) {
        return if legal[0].is_capture() {
            format!("a capture is compulsory and the piece on {f} cannot capture")
        } else {
            format!("the piece on {f} cannot move")
        };
    }
    if legal.iter().any(|m| m.from() == from && m.to() == to) {
        return format!("no capture route from {f} to {t} passes the given squares");
    }
    if legal[0].is_capture() {
        let majority = pos.variant().rules().capture_choice == crate::CaptureChoice::Majority;
        if majority {
            return format!(
                "the piece on {f} cannot end on {t}; a capture must take the most pieces ({})",
                legal[0].captured().count()
            );
        }
        return format!("the piece on {f} cannot end a capture on {t}; a started capture must go on while it can");
    }
    format!("the piece on {f} cannot move to {t}")
}

/// The pieces of the side to move that can capture (for highlighting).
pub fn capturing_pieces(pos: &Position) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for m in pos.legal_moves().iter().filter(|m| m.is_capture()) {
        bb.insert(m.from());
    }
    bb
}
