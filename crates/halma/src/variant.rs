//! The four games and their player counts.

use std::fmt;
use std::str::FromStr;

/// A game of the Halma family.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// BrainKing's 8×8 Halma: 2 players, 10 pieces each, the yard rule after 30 moves.
    Halma8,
    /// BrainKing's 10×10 Halma: 2 players, 15 pieces each, the yard rule after 50 moves.
    Halma10,
    /// The original 16×16 Halma: 2 players with 19 pieces or 4 with 13; anti-spoiling.
    Halma16,
    /// The star of 121 points: 2, 3, 4 or 6 players with 10 pieces each; anti-spoiling.
    ChineseCheckers,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::Halma8,
        Variant::Halma10,
        Variant::Halma16,
        Variant::ChineseCheckers,
    ];

    /// The name used on the command line, in records and URLs.
    pub const fn key(self) -> &'static str {
        match self {
            Variant::Halma8 => "halma-8",
            Variant::Halma10 => "halma-10",
            Variant::Halma16 => "halma-16",
            Variant::ChineseCheckers => "chinese-checkers",
        }
    }

    /// The player counts this game is offered for, smallest first.
    pub const fn player_counts(self) -> &'static [u8] {
        match self {
            Variant::Halma8 | Variant::Halma10 => &[2],
            Variant::Halma16 => &[2, 4],
            Variant::ChineseCheckers => &[2, 3, 4, 6],
        }
    }

    /// The moves after which BrainKing's yard rule applies (30 on 8×8, 50 on 10×10).
    pub const fn yard_limit(self) -> Option<u32> {
        match self {
            Variant::Halma8 => Some(30),
            Variant::Halma10 => Some(50),
            _ => None,
        }
    }

    /// Whether a full target camp holding one of the player's own pieces wins (Parlett).
    pub const fn anti_spoiling(self) -> bool {
        matches!(self, Variant::Halma16 | Variant::ChineseCheckers)
    }

    /// Whether a piece standing in its target camp may only move within it (the star).
    pub const fn target_camp_lock(self) -> bool {
        matches!(self, Variant::ChineseCheckers)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A text that names no game of the Halma family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVariantError(pub String);

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game '{}' (expected halma-8, halma-10, halma-16 or chinese-checkers)",
            self.0
        )
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        let t = s.trim().to_ascii_lowercase().replace('_', "-");
        match t.as_str() {
            "halma-8" | "halma8" => Ok(Variant::Halma8),
            "halma-10" | "halma10" => Ok(Variant::Halma10),
            "halma-16" | "halma16" | "halma" => Ok(Variant::Halma16),
            "chinese-checkers" | "chinesecheckers" | "star" => Ok(Variant::ChineseCheckers),
            _ => Err(ParseVariantError(s.to_string())),
        }
    }
}
