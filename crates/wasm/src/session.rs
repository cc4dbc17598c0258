//! A game of any family as the browser sees it: one surface over the draughts and the Halma
//! sessions, so that the page never asks which family it holds.
//!
//! Plain Rust, so it is tested natively; `bindings` only converts these values for JavaScript.

use crate::draughts::DraughtsSession;
use crate::errors::{Coded, ErrorCode, ErrorView};
use crate::halma::HalmaSession;
use crate::view::{ComputerTurn, Family, GameInfo, GameView, MoveView, RecordView, SearchReport};
use kingme_engine_core::{Clock, Level, TimeLeft};
use std::fmt;

/// A problem with what the page asked for: its code and parameters, and a message naming it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionError(pub ErrorView);

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for SessionError {}

/// An error of this crate's own with `code` (parameters added with [`ErrorView::with`]).
pub(crate) fn coded(code: ErrorCode, message: impl fmt::Display) -> ErrorView {
    ErrorView::new(code, message)
}

/// A rules crate's error, with its code.
pub(crate) fn rules(e: impl Coded) -> SessionError {
    SessionError(e.error_view())
}

impl From<ErrorView> for SessionError {
    fn from(view: ErrorView) -> SessionError {
        SessionError(view)
    }
}

/// Parses a level name: `beginner`, `intermediate`, `advanced` or `expert`.
pub fn parse_level(name: &str) -> Result<Level, SessionError> {
    name.trim().parse::<Level>().map_err(rules)
}

/// Every game the site offers, draughts first.
pub fn games() -> Vec<GameInfo> {
    let draughts = kingme_draughts::Variant::ALL.into_iter().map(|v| GameInfo {
        key: v.key().to_owned(),
        name: match v {
            kingme_draughts::Variant::English => "English checkers",
            kingme_draughts::Variant::International => "International draughts",
            kingme_draughts::Variant::Russian => "Russian draughts",
            kingme_draughts::Variant::Brazilian => "Brazilian draughts",
        }
        .to_owned(),
        family: Family::Draughts,
        players: vec![2],
    });
    let halma = kingme_halma::Variant::ALL.into_iter().map(|v| GameInfo {
        key: v.key().to_owned(),
        name: match v {
            kingme_halma::Variant::Halma8 => "Halma 8×8",
            kingme_halma::Variant::Halma10 => "Halma 10×10",
            kingme_halma::Variant::Halma16 => "Halma 16×16",
            kingme_halma::Variant::ChineseCheckers => "Chinese checkers",
        }
        .to_owned(),
        family: Family::Halma,
        players: v.player_counts().to_vec(),
    });
    draughts.chain(halma).collect()
}

/// The family of the game called `variant`.
pub fn family_of(variant: &str) -> Result<Family, SessionError> {
    if variant.parse::<kingme_draughts::Variant>().is_ok() {
        Ok(Family::Draughts)
    } else if variant.parse::<kingme_halma::Variant>().is_ok() {
        Ok(Family::Halma)
    } else {
        Err(coded(
            ErrorCode::UnknownGame,
            format_args!(
                "unknown game '{variant}' (expected one of {})",
                games()
                    .iter()
                    .map(|g| g.key.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .with("name", variant)
        .into())
    }
}

/// What the computer remembers between its turns, for both families.
#[derive(Debug, Default)]
pub struct Memory {
    pub draughts: kingme_engine::Memory,
    pub halma: kingme_halma_engine::Memory,
}

/// A game in progress of either family.
#[derive(Debug, Clone)]
pub enum Session {
    Draughts(DraughtsSession),
    Halma(Box<HalmaSession>),
}

impl Session {
    /// A new game of `variant` for `players` (the game's smallest count when absent), from its
    /// start or from `position` (a FEN for draughts, a position string for Halma).
    pub fn new(
        variant: &str,
        players: Option<u8>,
        position: Option<&str>,
    ) -> Result<Session, SessionError> {
        match family_of(variant)? {
            Family::Draughts => {
                if let Some(n) = players.filter(|&n| n != 2) {
                    return Err(coded(
                        ErrorCode::PlayerCount,
                        format_args!("{variant} is played by 2 players, not {n}"),
                    )
                    .with("game", variant)
                    .with("players", n)
                    .with("counts", 2)
                    .into());
                }
                DraughtsSession::new(variant, position).map(Session::Draughts)
            }
            Family::Halma => {
                let v = crate::halma::parse_variant(variant)?;
                HalmaSession::new(v, players, position).map(|s| Session::Halma(Box::new(s)))
            }
        }
    }

    /// A game read from a record: PDN for draughts, the Halma record format for the Halma
    /// family (a record with a `Variant` tag, or read as `variant`'s when that is a Halma game).
    pub fn from_record(
        text: &str,
        variant: Option<&str>,
        players: Option<u8>,
    ) -> Result<Session, SessionError> {
        let halma_given = match variant.map(family_of).transpose()? {
            Some(Family::Halma) => variant.map(crate::halma::parse_variant).transpose()?,
            _ => None,
        };
        let has_variant_tag = text
            .lines()
            .any(|l| l.trim_start().to_ascii_lowercase().starts_with("[variant "));
        if halma_given.is_some() || has_variant_tag {
            HalmaSession::from_record(text, halma_given, players)
                .map(|s| Session::Halma(Box::new(s)))
        } else {
            let draughts = variant.filter(|v| family_of(v).ok() == Some(Family::Draughts));
            DraughtsSession::from_pdn(text, draughts).map(Session::Draughts)
        }
    }

    pub fn family(&self) -> Family {
        match self {
            Session::Draughts(_) => Family::Draughts,
            Session::Halma(_) => Family::Halma,
        }
    }

    pub fn record(&self) -> RecordView {
        match self {
            Session::Draughts(s) => s.record(),
            Session::Halma(s) => s.record(),
        }
    }

    pub fn legal_moves(&self) -> Vec<MoveView> {
        match self {
            Session::Draughts(s) => s.legal_moves(),
            Session::Halma(s) => s.legal_moves(),
        }
    }

    /// Plays a move written in the game's notation; a draw offer only exists in draughts.
    pub fn play_text(&mut self, text: &str, offer_draw: bool) -> Result<MoveView, SessionError> {
        match self {
            Session::Draughts(s) => s.play_text(text, offer_draw),
            Session::Halma(s) => s.play_text(text),
        }
    }

    /// Plays the legal move whose route is `path`.
    pub fn play_path(
        &mut self,
        path: &[String],
        offer_draw: bool,
    ) -> Result<MoveView, SessionError> {
        match self {
            Session::Draughts(s) => s.play_path(path, offer_draw),
            Session::Halma(s) => s.play_path(path),
        }
    }

    pub fn undo(&mut self) -> Option<MoveView> {
        match self {
            Session::Draughts(s) => s.undo(),
            Session::Halma(s) => s.undo(),
        }
    }

    /// The player in `seat` (0-based) resigns.
    pub fn resign(&mut self, seat: u8) -> Result<(), SessionError> {
        match self {
            Session::Draughts(s) => s.resign(seat),
            Session::Halma(s) => s.resign(seat),
        }
    }

    /// The player in `seat` (0-based) ran out of time; the rules say what follows.
    pub fn time_out(&mut self, seat: u8) -> Result<(), SessionError> {
        match self {
            Session::Draughts(s) => s.time_out(seat),
            Session::Halma(s) => s.time_out(seat),
        }
    }

    pub fn accept_draw(&mut self) -> Result<(), SessionError> {
        match self {
            Session::Draughts(s) => s.accept_draw(),
            Session::Halma(_) => Err(coded(
                ErrorCode::NoDrawOffers,
                "there are no draw offers in this game",
            )
            .into()),
        }
    }

    pub fn view(&self) -> GameView {
        match self {
            Session::Draughts(s) => s.view(),
            Session::Halma(s) => s.view(),
        }
    }

    /// The view after the first `moves` moves of the game, for looking back at it.
    pub fn view_at(&self, moves: usize) -> Result<GameView, SessionError> {
        match self {
            Session::Draughts(s) => s.view_at(moves),
            Session::Halma(s) => s.view_at(moves),
        }
    }

    pub fn fen(&self) -> String {
        match self {
            Session::Draughts(s) => s.fen(),
            Session::Halma(s) => s.fen(),
        }
    }

    pub fn start_fen(&self) -> String {
        match self {
            Session::Draughts(s) => s.start_fen(),
            Session::Halma(s) => s.start_fen(),
        }
    }

    /// The game as text: PDN, or the Halma record.
    pub fn record_text(&self) -> String {
        match self {
            Session::Draughts(s) => s.to_pdn(),
            Session::Halma(s) => s.record_text(),
        }
    }

    /// What the computer at `level` does on its turn. With `time` (its clock in a timed game)
    /// its search is held to the budget its time and increment give
    /// ([`kingme_engine_core::time_budget`]).
    pub fn computer_turn(
        &self,
        level: Level,
        clock: &dyn Clock,
        seed: u64,
        time: Option<TimeLeft>,
        memory: &mut Memory,
    ) -> Result<ComputerTurn, SessionError> {
        match self {
            Session::Draughts(s) => s.computer_turn(level, clock, seed, time, &mut memory.draughts),
            Session::Halma(s) => s.computer_turn(level, clock, seed, time, &mut memory.halma),
        }
    }

    pub fn search_nodes(&self, nodes: u64, clock: &dyn Clock) -> SearchReport {
        match self {
            Session::Draughts(s) => s.search_nodes(nodes, clock),
            Session::Halma(s) => s.search_nodes(nodes, clock),
        }
    }

    /// [`Session::search_nodes`] with the endgame databases `memory` holds (draughts).
    pub fn search_nodes_with(
        &self,
        nodes: u64,
        clock: &dyn Clock,
        memory: &Memory,
    ) -> SearchReport {
        match self {
            Session::Draughts(s) => {
                let egdb = memory.draughts.egdb(s.game().variant());
                s.search_nodes_with(nodes, clock, egdb)
            }
            Session::Halma(s) => s.search_nodes(nodes, clock),
        }
    }

    /// The endgame tables the game can reach from its position with at most `max_pieces`
    /// pieces (draughts; none for the Halma family, which has no tables).
    pub fn egdb_tables(&self, max_pieces: u32) -> Vec<String> {
        match self {
            Session::Draughts(s) => s.egdb_tables(max_pieces),
            Session::Halma(_) => Vec::new(),
        }
    }
}
