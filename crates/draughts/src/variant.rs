//! The rule sets, as data.
//!
//! Each variant is a set of answers to the questions in [`RuleSet`]. Adding a variant that
//! plays on the diagonals of an 8×8 or 10×10 board (Pool, Spanish, Czech …) means one more
//! [`Variant`] with its answers, and at most a new [`CaptureChoice`] for its priority rule.

use crate::{Color, Geometry};
use std::fmt;
use std::str::FromStr;

/// A rule set.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// English / American checkers (WCDF), 8×8, Black moves first.
    English,
    /// International draughts (FMJD), 10×10, White moves first.
    International,
    /// Russian draughts, 8×8, White moves first.
    Russian,
    /// Brazilian draughts: International rules on 8×8.
    Brazilian,
}

/// How to choose among several captures.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum CaptureChoice {
    /// Any capture may be chosen.
    Free,
    /// Only a sequence taking the most pieces (kings and men count one each).
    Majority,
}

/// What happens when a man reaches the far rank in the middle of a capture.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum CrowningInCapture {
    /// It is crowned and the move ends there (English).
    EndsMove,
    /// It is crowned at once and goes on capturing as a king (Russian).
    ContinuesAsKing,
    /// It stays a man and goes on capturing; it is crowned only if the move ends there
    /// (International, Brazilian).
    StaysMan,
}

/// Everything that distinguishes one variant from another.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct RuleSet {
    pub geometry: Geometry,
    /// The colour that moves first; its men start on ranks 1, 2, … and move up.
    pub first_mover: Color,
    /// Rows of men per side at the start.
    pub starting_rows: u8,
    /// Kings move and capture any distance along a diagonal.
    pub flying_kings: bool,
    /// Men capture backwards as well as forwards.
    pub men_capture_backwards: bool,
    pub capture_choice: CaptureChoice,
    pub crowning_in_capture: CrowningInCapture,
}

impl Variant {
    /// Every variant, in menu order.
    pub const ALL: [Variant; 4] = [
        Variant::English,
        Variant::International,
        Variant::Russian,
        Variant::Brazilian,
    ];

    /// The variant's rules.
    pub const fn rules(self) -> RuleSet {
        match self {
            Variant::English => RuleSet {
                geometry: Geometry::EIGHT,
                first_mover: Color::Black,
                starting_rows: 3,
                flying_kings: false,
                men_capture_backwards: false,
                capture_choice: CaptureChoice::Free,
                crowning_in_capture: CrowningInCapture::EndsMove,
            },
            Variant::International => RuleSet {
                geometry: Geometry::TEN,
                first_mover: Color::White,
                starting_rows: 4,
                flying_kings: true,
                men_capture_backwards: true,
                capture_choice: CaptureChoice::Majority,
                crowning_in_capture: CrowningInCapture::StaysMan,
            },
            Variant::Russian => RuleSet {
                geometry: Geometry::EIGHT,
                first_mover: Color::White,
                starting_rows: 3,
                flying_kings: true,
                men_capture_backwards: true,
                capture_choice: CaptureChoice::Free,
                crowning_in_capture: CrowningInCapture::ContinuesAsKing,
            },
            Variant::Brazilian => RuleSet {
                geometry: Geometry::EIGHT,
                first_mover: Color::White,
                starting_rows: 3,
                flying_kings: true,
                men_capture_backwards: true,
                capture_choice: CaptureChoice::Majority,
                crowning_in_capture: CrowningInCapture::StaysMan,
            },
        }
    }

    /// The board of the variant.
    #[inline]
    pub const fn geometry(self) -> Geometry {
        self.rules().geometry
    }

    /// The name used on the command line and in URLs.
    pub const fn key(self) -> &'static str {
        match self {
            Variant::English => "english",
            Variant::International => "international",
            Variant::Russian => "russian",
            Variant::Brazilian => "brazilian",
        }
    }

    /// The PDN `GameType` number.
    pub const fn pdn_game_type(self) -> u8 {
        match self {
            Variant::International => 20,
            Variant::English => 21,
            Variant::Russian => 25,
            Variant::Brazilian => 26,
        }
    }

    /// The variant of a PDN `GameType` number (its first field).
    pub fn from_pdn_game_type(n: u8) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.pdn_game_type() == n)
    }

    /// Whether FEN and PDN use square numbers (English, International) rather than algebraic
    /// names (Russian, Brazilian) by default.
    pub const fn numeric_by_default(self) -> bool {
        matches!(self, Variant::English | Variant::International)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.key())
    }
}

/// A text that names no variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVariantError(pub String);

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected english, american, international, russian or brazilian)",
            self.0
        )
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        match s.to_ascii_lowercase().as_str() {
            "english" | "american" | "checkers" => Ok(Variant::English),
            "international" | "10x10" => Ok(Variant::International),
            "russian" => Ok(Variant::Russian),
            "brazilian" => Ok(Variant::Brazilian),
            _ => Err(ParseVariantError(s.into())),
        }
    }
}
