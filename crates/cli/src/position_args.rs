//! `--variant V [--players N] [--fen F]`, shared by the commands that start from one position,
//! and the variant names of both game families.

use crate::halma::HalmaPosition;
use crate::CliError;
use kingme_draughts::{Game, ParseFenError, Position, Variant};
use std::fmt;
use std::str::FromStr;

/// A game of either family: draughts or the Halma family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameVariant {
    Draughts(Variant),
    Halma(kingme_halma::Variant),
}

/// Every name `--variant` takes, for messages.
pub const VARIANT_NAMES: &str = "english (american), international, russian, brazilian, \
                                 halma-8, halma-10, halma-16 or chinese-checkers";

/// A text that names no game of either family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant '{}' (expected {VARIANT_NAMES})", self.0)
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for GameVariant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<GameVariant, UnknownVariant> {
        if let Ok(v) = s.parse::<Variant>() {
            return Ok(GameVariant::Draughts(v));
        }
        s.parse::<kingme_halma::Variant>()
            .map(GameVariant::Halma)
            .map_err(|_| UnknownVariant(s.to_string()))
    }
}

impl fmt::Display for GameVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameVariant::Draughts(v) => write!(f, "{v}"),
            GameVariant::Halma(v) => write!(f, "{v}"),
        }
    }
}

/// A game and, for the Halma family, its setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Draughts(Variant),
    Halma(kingme_halma::Setup),
}

impl GameVariant {
    /// The game with `--players` applied: a count the game offers (2 by default) for the Halma
    /// family; none for draughts, which is always played by two.
    pub fn with_players(self, players: Option<u8>) -> Result<Family, CliError> {
        match (self, players) {
            (GameVariant::Draughts(v), None) => Ok(Family::Draughts(v)),
            (GameVariant::Draughts(v), Some(_)) => Err(CliError(format!(
                "--players is for halma-16 and chinese-checkers; {v} is always played by 2"
            ))),
            (GameVariant::Halma(v), n) => {
                Ok(Family::Halma(kingme_halma::Setup::new(v, n.unwrap_or(2))?))
            }
        }
    }
}

#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    /// english (american), international, russian, brazilian, halma-8, halma-10, halma-16 or
    /// chinese-checkers.
    #[arg(long)]
    pub variant: GameVariant,
    /// The number of players (Halma family only): halma-16 2 or 4, chinese-checkers 2, 3, 4 or
    /// 6; 2 by default.
    #[arg(long)]
    pub players: Option<u8>,
    /// The position: PDN FEN for draughts, S:N:CELLS (SPEC §2.4) for the Halma family; the
    /// game's start by default.
    #[arg(long)]
    pub fen: Option<String>,
}

/// A starting point in one of the two families.
pub enum Chosen {
    Draughts(DraughtsPosition),
    Halma(HalmaPosition),
}

impl PositionArgs {
    pub fn choose(&self) -> Result<Chosen, CliError> {
        Ok(match self.variant.with_players(self.players)? {
            Family::Draughts(variant) => Chosen::Draughts(DraughtsPosition {
                variant,
                fen: self.fen.clone(),
            }),
            Family::Halma(setup) => Chosen::Halma(HalmaPosition {
                setup,
                fen: self.fen.clone(),
            }),
        })
    }
}

/// A draughts variant and an optional FEN.
#[derive(Debug)]
pub struct DraughtsPosition {
    pub variant: Variant,
    pub fen: Option<String>,
}

impl DraughtsPosition {
    pub fn position(&self) -> Result<Position, ParseFenError> {
        match &self.fen {
            Some(fen) => Position::from_fen(self.variant, fen),
            None => Ok(Position::start(self.variant)),
        }
    }

    pub fn game(&self) -> Result<Game, ParseFenError> {
        self.position().map(Game::from_position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_families_parse_and_an_unknown_name_lists_all_eight() {
        assert_eq!(
            "american".parse(),
            Ok(GameVariant::Draughts(Variant::English))
        );
        assert_eq!(
            "chinese-checkers".parse(),
            Ok(GameVariant::Halma(kingme_halma::Variant::ChineseCheckers))
        );
        let e = "chess"
            .parse::<GameVariant>()
            .expect_err("chess")
            .to_string();
        for name in [
            "english",
            "international",
            "russian",
            "brazilian",
            "halma-8",
            "halma-10",
            "halma-16",
            "chinese-checkers",
        ] {
            assert!(e.contains(name), "{e}");
        }
    }

    #[test]
    fn players_only_where_the_game_offers_a_choice() {
        let english = GameVariant::Draughts(Variant::English);
        assert_eq!(
            english.with_players(None).ok(),
            Some(Family::Draughts(Variant::English))
        );
        assert!(english.with_players(Some(2)).is_err());
        let star = GameVariant::Halma(kingme_halma::Variant::ChineseCheckers);
        assert!(star.with_players(Some(3)).is_ok());
        let e = star.with_players(Some(5)).expect_err("5").0;
        assert!(e.contains("not played by 5 players"), "{e}");
    }
}
