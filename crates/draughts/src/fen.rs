//! PDN FEN: `W:W31-50:B1-20`, kings as `K`, ranges, numeric or algebraic squares.

use crate::notation::{self, SquareStyle};
use crate::{Bitboard, Color, Position, PositionError, Setup, Variant};
use std::fmt;

/// Why a FEN was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// Nothing but white space.
    Empty,
    /// The first field is not `W` or `B`.
    InvalidTurn(String),
    /// A piece field does not start with `W` or `B`.
    InvalidField(String),
    /// The same colour's field appears twice.
    DuplicateColor(char),
    /// A square (or a range end) that the board does not have.
    InvalidSquare { token: String, reason: String },
    /// A range that is not `low-high` with numeric squares, low ≤ high.
    InvalidRange(String),
    /// The same square listed twice.
    DuplicateSquare(String),
    /// The pieces do not form a legal position.
    Position(PositionError),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => write!(f, "empty FEN"),
            ParseFenError::InvalidTurn(t) => {
                write!(f, "invalid FEN: side to move '{t}' must be W or B")
            }
            ParseFenError::InvalidField(t) => write!(
                f,
                "invalid FEN: field '{t}' must start with W or B followed by squares"
            ),
            ParseFenError::DuplicateColor(c) => {
                write!(f, "invalid FEN: pieces of {c} listed twice")
            }
            ParseFenError::InvalidSquare { token, reason } => {
                write!(f, "invalid FEN: square '{token}': {reason}")
            }
            ParseFenError::InvalidRange(t) => write!(f, "invalid FEN: bad range '{t}'"),
            ParseFenError::DuplicateSquare(t) => {
                write!(f, "invalid FEN: square '{t}' listed twice")
            }
            ParseFenError::Position(e) => write!(f, "invalid FEN: {e}"),
        }
    }
}

impl std::error::Error for ParseFenError {}

impl From<PositionError> for ParseFenError {
    fn from(e: PositionError) -> ParseFenError {
        ParseFenError::Position(e)
    }
}

/// Reads a FEN into a [`Setup`], without checking it against the variant's rules.
///
/// # Errors
/// A [`ParseFenError`] naming the token at fault.
pub fn parse_setup(variant: Variant, text: &str) -> Result<Setup, ParseFenError> {
    let text = text.trim().trim_matches('"').trim().trim_end_matches('.');
    if text.is_empty() {
        return Err(ParseFenError::Empty);
    }
    let mut fields = text.split(':');
    let turn_field = fields.next().unwrap_or_default().trim();
    let turn = match turn_field {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        other => return Err(ParseFenError::InvalidTurn(other.into())),
    };
    let mut setup = Setup {
        turn: Some(turn),
        ..Setup::default()
    };
    let mut seen = [false; 2];
    let mut occupied = Bitboard::EMPTY;
    for field in fields {
        let field = field.trim();
        let mut chars = field.chars();
        let color = match chars.next() {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            // Half-move clock and move number fields (`H0`, `F1`) carry nothing we keep.
            Some('H' | 'F') if chars.as_str().bytes().all(|b| b.is_ascii_digit()) => continue,
            _ => return Err(ParseFenError::InvalidField(field.into())),
        };
        if std::mem::replace(&mut seen[color.index()], true) {
            return Err(ParseFenError::DuplicateColor(color.letter()));
        }
        for item in chars
            .as_str()
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let (king, body) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            for sq in expand(variant, body)? {
                if occupied.contains(sq) {
                    return Err(ParseFenError::DuplicateSquare(item.into()));
                }
                occupied.insert(sq);
                setup.pieces[color.index()].insert(sq);
                if king {
                    setup.kings.insert(sq);
                }
            }
        }
    }
    Ok(setup)
}

fn expand(variant: Variant, body: &str) -> Result<Vec<crate::Square>, ParseFenError> {
    let square = |t: &str| {
        notation::parse_square(variant, t).map_err(|e| ParseFenError::InvalidSquare {
            token: t.into(),
            reason: e.to_string(),
        })
    };
    match body.split_once('-') {
        None => Ok(vec![square(body)?]),
        Some((lo, hi)) => {
            let (Ok(lo_n), Ok(hi_n)) = (lo.parse::<u8>(), hi.parse::<u8>()) else {
                return Err(ParseFenError::InvalidRange(body.into()));
            };
            if lo_n > hi_n {
                return Err(ParseFenError::InvalidRange(body.into()));
            }
            square(lo)?;
            square(hi)?;
            (lo_n..=hi_n).map(|n| square(&n.to_string())).collect()
        }
    }
}

impl Position {
    /// Reads a PDN FEN (`W:W31-50:B1-20`; Russian and Brazilian positions may use algebraic
    /// squares, `W:Wa1,c1:Bb8`).
    ///
    /// ```
    /// use kingme_draughts::{Position, Variant};
    /// let pos = Position::from_fen(Variant::International, "W:W31-50:B1-20").unwrap();
    /// assert_eq!(pos, Position::start(Variant::International));
    /// assert!(Position::from_fen(Variant::International, "W:W51").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`ParseFenError`] naming the token and the reason.
    pub fn from_fen(variant: Variant, text: &str) -> Result<Position, ParseFenError> {
        Ok(Position::from_setup(variant, &parse_setup(variant, text)?)?)
    }

    /// The position as a PDN FEN, numeric for English and International, algebraic otherwise.
    pub fn to_fen(&self) -> String {
        let style = if self.variant().numeric_by_default() {
            SquareStyle::Numeric
        } else {
            SquareStyle::Algebraic
        };
        self.to_fen_with(style)
    }

    /// The position as a PDN FEN with squares written in `style`.
    pub fn to_fen_with(&self, style: SquareStyle) -> String {
        let mut out = String::new();
        out.push(self.turn().letter());
        for color in Color::ALL {
            out.push(':');
            out.push(color.letter());
            let items = fen_items(self, color, style);
            out.push_str(&items.join(","));
        }
        out
    }
}

fn fen_items(pos: &Position, color: Color, style: SquareStyle) -> Vec<String> {
    let variant = pos.variant();
    let mut squares: Vec<(u8, crate::Square)> = pos
        .pieces(color)
        .map(|sq| (notation::square_number(variant, sq), sq))
        .collect();
    squares.sort_unstable();
    let mut items = Vec::new();
    let mut i = 0;
    while i < squares.len() {
        let (n, sq) = squares[i];
        if pos.all_kings().contains(sq) {
            items.push(format!(
                "K{}",
                notation::square_to_string(variant, sq, style)
            ));
            i += 1;
            continue;
        }
        let mut j = i;
        while style == SquareStyle::Numeric
            && j + 1 < squares.len()
            && squares[j + 1].0 == squares[j].0 + 1
            && !pos.all_kings().contains(squares[j + 1].1)
        {
            j += 1;
        }
        if j >= i + 2 {
            items.push(format!("{n}-{}", squares[j].0));
            i = j + 1;
        } else {
            items.push(notation::square_to_string(variant, sq, style));
            i += 1;
        }
    }
    items
}
