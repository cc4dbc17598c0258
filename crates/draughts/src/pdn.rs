//! PDN games: tags, move text in numeric or algebraic notation, comments and results.
//!
//! Results are written from White's side as the PDN standard says: `2-0` White wins, `0-2`
//! Black wins, `1-1` draw (English: `1-0`, `0-1`, `1/2-1/2`).

use crate::{
    notation, Color, EndReason, Game, Outcome, ParseFenError, PlayError, Position, Variant,
};
use std::fmt;

/// A game read from PDN.
#[derive(Clone, Debug)]
pub struct PdnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The game with every move played.
    pub game: Game,
    /// The result the file declares (`2-0`, `1-1`, `*` …), if any.
    pub declared_result: Option<String>,
}

impl PdnGame {
    /// The outcome: the rules' own result if the moves end the game, otherwise the one the file
    /// declares (a declared win is a resignation, a declared draw an agreement).
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().or_else(|| {
            let declared = self.declared_result.as_deref()?;
            let winner = parse_result(declared)?;
            Some(match winner {
                Some(c) => Outcome {
                    winner: Some(c),
                    reason: EndReason::Resignation,
                },
                None => Outcome {
                    winner: None,
                    reason: EndReason::Draw(crate::DrawRule::Agreement),
                },
            })
        })
    }
}

/// Why a PDN text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnError {
    /// A tag pair that is not `[Name "value"]`.
    Tag { line: usize, reason: String },
    /// A comment or variation that never closes.
    Unterminated { line: usize, what: &'static str },
    /// A `GameType` tag naming a variant kingme does not play.
    UnknownGameType(String),
    /// No `GameType` tag and no variant given.
    NoVariant,
    /// The `FEN` tag is malformed.
    Fen(ParseFenError),
    /// A move that cannot be read or played: the ply (from 1), the token and why.
    Move {
        ply: usize,
        token: String,
        error: PlayError,
    },
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnError::Tag { line, reason } => write!(f, "PDN line {line}: bad tag: {reason}"),
            PdnError::Unterminated { line, what } => {
                write!(f, "PDN line {line}: {what} is never closed")
            }
            PdnError::UnknownGameType(t) => {
                write!(f, "PDN GameType '{t}' is not a variant kingme plays")
            }
            PdnError::NoVariant => f.write_str("PDN has no GameType tag; name the variant"),
            PdnError::Fen(e) => write!(f, "PDN FEN tag: {e}"),
            PdnError::Move { ply, token, error } => write!(f, "ply {ply} ('{token}'): {error}"),
        }
    }
}

impl std::error::Error for PdnError {}

const RESULTS: [&str; 8] = ["2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "0-0", "*"];

/// The winner a result token declares: `Some(None)` for a draw, `None` for `*` or unknown.
fn parse_result(token: &str) -> Option<Option<Color>> {
    match token {
        "2-0" | "1-0" => Some(Some(Color::White)),
        "0-2" | "0-1" => Some(Some(Color::Black)),
        "1-1" | "1/2-1/2" => Some(None),
        _ => None,
    }
}

fn result_token(variant: Variant, outcome: Option<Outcome>) -> &'static str {
    let english = variant == Variant::English;
    match outcome.map(|o| o.winner) {
        None => "*",
        Some(Some(Color::White)) => {
            if english {
                "1-0"
            } else {
                "2-0"
            }
        }
        Some(Some(Color::Black)) => {
            if english {
                "0-1"
            } else {
                "0-2"
            }
        }
        Some(None) => {
            if english {
                "1/2-1/2"
            } else {
                "1-1"
            }
        }
    }
}

/// Writes `game` as PDN with the given extra tags (`Event`, `White`, …).
///
/// ```
/// use kingme_draughts::{pdn, Game, Variant};
/// let mut game = Game::new(Variant::International);
/// game.play_text("32-28", false).unwrap();
/// let text = pdn::write(&game, &[]);
/// assert!(text.contains("[GameType \"20\"]") && text.contains("1. 32-28 *"));
/// let back = pdn::read(&text, None).unwrap();
/// assert_eq!(back.game.position(), game.position());
/// ```
pub fn write(game: &Game, extra_tags: &[(&str, &str)]) -> String {
    let variant = game.variant();
    let mut out = String::new();
    for (name, value) in extra_tags {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    let result = result_token(variant, game.outcome());
    out.push_str(&format!("[Result \"{result}\"]\n"));
    out.push_str(&format!("[GameType \"{}\"]\n", variant.pdn_game_type()));
    let start = game.start_position();
    if *start != Position::start(variant) {
        out.push_str(&format!("[FEN \"{}\"]\n", start.to_fen()));
    }
    out.push('\n');
    let first_mover = variant.rules().first_mover;
    let mut number = 1;
    let mut line = String::new();
    let mut to_move = start.turn();
    for (i, m) in game.moves().enumerate() {
        if to_move == first_mover {
            line.push_str(&format!("{number}. "));
        } else if i == 0 {
            line.push_str(&format!("{number}... "));
        }
        line.push_str(&notation::move_to_pdn(variant, m));
        line.push(' ');
        if to_move != first_mover {
            number += 1;
        }
        to_move = !to_move;
        if line.len() > 70 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
    }
    line.push_str(result);
    out.push_str(&line);
    out.push('\n');
    out
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Reads one PDN game (or plain move text). The variant comes from the `GameType` tag, else
/// from `default_variant`.
///
/// # Errors
/// [`PdnError`] naming the line or ply, the token and the reason.
pub fn read(text: &str, default_variant: Option<Variant>) -> Result<PdnGame, PdnError> {
    let tokens = tokenize(text)?;
    let mut tags = Vec::new();
    let mut moves = Vec::new();
    let mut declared_result = None;
    for token in tokens {
        match token {
            Token::Tag(name, value) => tags.push((name, value)),
            Token::Word(word) => {
                if RESULTS.contains(&word.as_str()) {
                    declared_result = Some(word);
                } else {
                    moves.push(word);
                }
            }
        }
    }
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    let variant = match tag("GameType") {
        Some(gt) => {
            let number = gt.split(',').next().unwrap_or_default().trim();
            number
                .parse::<u8>()
                .ok()
                .and_then(Variant::from_pdn_game_type)
                .ok_or_else(|| PdnError::UnknownGameType(gt.into()))?
        }
        None => default_variant.ok_or(PdnError::NoVariant)?,
    };
    let mut game = match tag("FEN") {
        Some(fen) => Game::from_fen(variant, fen).map_err(PdnError::Fen)?,
        None => Game::new(variant),
    };
    if declared_result.is_none() {
        declared_result = tag("Result").map(str::to_string);
    }
    for (i, token) in moves.iter().enumerate() {
        game.play_text(token, false)
            .map_err(|error| PdnError::Move {
                ply: i + 1,
                token: token.clone(),
                error,
            })?;
    }
    Ok(PdnGame {
        tags,
        game,
        declared_result,
    })
}

enum Token {
    Tag(String, String),
    Word(String),
}

fn tokenize(text: &str) -> Result<Vec<Token>, PdnError> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line = 1;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '[' => {
                let start_line = line;
                let end = chars[i..]
                    .iter()
                    .position(|&c| c == ']')
                    .map(|p| i + p)
                    .ok_or(PdnError::Unterminated {
                        line: start_line,
                        what: "tag",
                    })?;
                let inner: String = chars[i + 1..end].iter().collect();
                line += inner.matches('\n').count();
                out.push(parse_tag(&inner, start_line)?);
                i = end + 1;
            }
            '{' => {
                let end = chars[i..]
                    .iter()
                    .position(|&c| c == '}')
                    .map(|p| i + p)
                    .ok_or(PdnError::Unterminated {
                        line,
                        what: "comment",
                    })?;
                line += chars[i..end].iter().filter(|&&c| c == '\n').count();
                i = end + 1;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '(' => {
                let start_line = line;
                let mut depth = 0;
                loop {
                    let Some(&c) = chars.get(i) else {
                        return Err(PdnError::Unterminated {
                            line: start_line,
                            what: "variation",
                        });
                    };
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        '\n' => line += 1,
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            _ => {
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && !"[{(;".contains(chars[i]) {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if let Some(w) = clean_word(&word) {
                    out.push(Token::Word(w));
                }
            }
        }
    }
    Ok(out)
}

/// Strips move numbers (`12.`, `12...`), NAGs (`$3`) and annotation marks (`!`, `?`); `None`
/// if nothing of a move or result is left.
fn clean_word(word: &str) -> Option<String> {
    if word.starts_with('$') {
        return None;
    }
    if RESULTS.contains(&word) {
        return Some(word.into());
    }
    let without_number = match word.find('.') {
        Some(dot) if word[..dot].bytes().all(|b| b.is_ascii_digit()) => {
            word[dot..].trim_start_matches('.')
        }
        _ => word,
    };
    let trimmed = without_number.trim_end_matches(['!', '?', '*']);
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

fn parse_tag(inner: &str, line: usize) -> Result<Token, PdnError> {
    let inner = inner.trim();
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| PdnError::Tag {
            line,
            reason: format!("'{inner}' has no value"),
        })?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(PdnError::Tag {
            line,
            reason: format!("'{name}' is not a tag name"),
        });
    }
    let rest = rest.trim();
    let body = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| PdnError::Tag {
            line,
            reason: format!("value of {name} must be in quotes"),
        })?;
    let mut value = String::new();
    let mut escaped = false;
    for c in body.chars() {
        if escaped {
            value.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else {
            value.push(c);
        }
    }
    Ok(Token::Tag(name.into(), value))
}

impl Game {
    /// The game as PDN (see [`write`]).
    pub fn to_pdn(&self) -> String {
        write(self, &[])
    }

    /// Reads a game from PDN (see [`read`]).
    ///
    /// # Errors
    /// [`PdnError`] naming the line or ply, the token and the reason.
    pub fn from_pdn(text: &str, default_variant: Option<Variant>) -> Result<Game, PdnError> {
        read(text, default_variant).map(|g| g.game)
    }
}
