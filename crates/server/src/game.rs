//! The game a room holds, over the two rules crates: draughts (`kingme-draughts`) and Halma /
//! Chinese checkers (`kingme-halma`). Players are numbered by turn order in the current game
//! (player 0 moves first); which seat is which player is the room's business. Every rule —
//! legality, notation, results, player counts — is the rules crates'; this only translates.

use kingme_draughts as draughts;
use kingme_engine_core::{Level, TimeLeft};
use kingme_halma as halma;
use std::time::Instant;

/// What a room is made for: a draughts variant, or a Halma game and its player count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    Draughts(draughts::Variant),
    Halma(halma::Setup),
}

impl GameKind {
    /// The game `key` names (a draughts variant, `halma-8`, `halma-10`, `halma-16` or
    /// `chinese-checkers`) played by `players` (`None`: the game's smallest count).
    ///
    /// # Errors
    /// An unknown key, or a player count the game is not played by, named in the message.
    pub fn new(key: &str, players: Option<u8>) -> Result<GameKind, String> {
        if let Ok(variant) = key.parse::<halma::Variant>() {
            let players = players.unwrap_or(2);
            return halma::Setup::new(variant, players)
                .map(GameKind::Halma)
                .map_err(|e| e.to_string());
        }
        let variant: draughts::Variant = key.parse().map_err(|e| format!("{e}"))?;
        match players {
            None | Some(2) => Ok(GameKind::Draughts(variant)),
            Some(n) => Err(format!("{} is played by 2 players, not {n}", variant.key())),
        }
    }

    /// The game's key, as [`GameKind::new`] reads it.
    pub fn key(self) -> &'static str {
        match self {
            GameKind::Draughts(v) => v.key(),
            GameKind::Halma(s) => s.variant().key(),
        }
    }

    /// How many players (and seats).
    pub fn players(self) -> u8 {
        match self {
            GameKind::Draughts(_) => 2,
            GameKind::Halma(s) => s.players(),
        }
    }
}

/// A move or action the rules refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesRefusal {
    IllegalMove(String),
    GameOver(String),
    DrawOfferNotAllowed(String),
    NoDrawOffer(String),
}

impl RulesRefusal {
    pub fn message(&self) -> &str {
        match self {
            RulesRefusal::IllegalMove(m)
            | RulesRefusal::GameOver(m)
            | RulesRefusal::DrawOfferNotAllowed(m)
            | RulesRefusal::NoDrawOffer(m) => m,
        }
    }
}

fn draughts_refusal(e: draughts::PlayError) -> RulesRefusal {
    let message = e.to_string();
    match e {
        draughts::PlayError::OfferNotAllowed => RulesRefusal::DrawOfferNotAllowed(message),
        draughts::PlayError::GameOver(_) => RulesRefusal::GameOver(message),
        draughts::PlayError::NoOfferToAccept => RulesRefusal::NoDrawOffer(message),
        _ => RulesRefusal::IllegalMove(message),
    }
}

/// How a game ended, by player (turn order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The places: `ranking[0]` are the first (several when they share it). A draw is one
    /// place shared by everyone.
    pub ranking: Vec<Vec<usize>>,
    /// The rules crate's key for the reason (`no-pieces`, `target filled`, …).
    pub reason: String,
    /// The reason in words.
    pub description: String,
}

impl GameEnd {
    /// The one winner, if the first place is not shared.
    pub fn winner(&self) -> Option<usize> {
        match self.ranking.first() {
            Some(first) if first.len() == 1 => Some(first[0]),
            _ => None,
        }
    }
}

/// A game in progress or over. (A room holds one for as long as it lives: the size of the
/// larger variant costs nothing worth a box.)
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum RoomGame {
    Draughts(draughts::Game),
    Halma(halma::Game),
}

/// The engines' clock: milliseconds since the search started.
struct EngineClock(Instant);

impl kingme_engine_core::Clock for EngineClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

impl RoomGame {
    /// A game of `kind` from its start, or from `start` (a FEN for draughts, a position string
    /// for Halma).
    ///
    /// # Errors
    /// The start position does not read, named in the message.
    pub fn new(kind: GameKind, start: Option<&str>) -> Result<RoomGame, String> {
        Ok(match (kind, start) {
            (GameKind::Draughts(v), None) => RoomGame::Draughts(draughts::Game::new(v)),
            (GameKind::Draughts(v), Some(fen)) => {
                RoomGame::Draughts(draughts::Game::from_fen(v, fen).map_err(|e| e.to_string())?)
            }
            (GameKind::Halma(s), None) => RoomGame::Halma(halma::Game::new(s)),
            (GameKind::Halma(s), Some(text)) => RoomGame::Halma(halma::Game::from_position(
                halma::Position::parse(s, text).map_err(|e| e.to_string())?,
            )),
        })
    }

    /// How many players.
    pub fn players(&self) -> usize {
        match self {
            RoomGame::Draughts(_) => 2,
            RoomGame::Halma(g) => g.setup().layout().seats.len(),
        }
    }

    fn halma_seat(g: &halma::Game, player: usize) -> Option<halma::Seat> {
        g.setup().layout().seats.get(player).copied()
    }

    fn halma_player(g: &halma::Game, seat: halma::Seat) -> usize {
        g.setup()
            .layout()
            .seats
            .iter()
            .position(|&s| s == seat)
            .unwrap_or(0)
    }

    /// In Halma, the board seat (1–6) `player` plays.
    pub fn halma_board_seat(&self, player: usize) -> Option<u8> {
        match self {
            RoomGame::Draughts(_) => None,
            RoomGame::Halma(g) => RoomGame::halma_seat(g, player).map(|s| s.number()),
        }
    }

    /// The draughts colour of `player` (player 0 has the start position's side to move).
    pub fn draughts_color(&self, player: usize) -> Option<draughts::Color> {
        match self {
            RoomGame::Draughts(g) => {
                let first = g.start_position().turn();
                Some(if player == 0 { first } else { !first })
            }
            RoomGame::Halma(_) => None,
        }
    }

    fn draughts_player(g: &draughts::Game, color: draughts::Color) -> usize {
        usize::from(color != g.start_position().turn())
    }

    /// The player to move; `None` once the game is over.
    pub fn to_move(&self) -> Option<usize> {
        if self.end().is_some() {
            return None;
        }
        Some(match self {
            RoomGame::Draughts(g) => RoomGame::draughts_player(g, g.position().turn()),
            RoomGame::Halma(g) => RoomGame::halma_player(g, g.position().to_move()),
        })
    }

    /// Plays `text` (any notation the rules crate reads) for the player to move; returns the
    /// move in full notation.
    ///
    /// # Errors
    /// The rules refuse it; the game is unchanged.
    pub fn play(&mut self, text: &str, offer_draw: bool) -> Result<String, RulesRefusal> {
        match self {
            RoomGame::Draughts(g) => {
                let m = g.play_text(text, offer_draw).map_err(draughts_refusal)?;
                Ok(draughts::notation::move_to_string(g.variant(), &m))
            }
            RoomGame::Halma(g) => {
                if offer_draw {
                    return Err(RulesRefusal::DrawOfferNotAllowed(
                        "there are no draw offers in this game".into(),
                    ));
                }
                let before = *g.position();
                let m = g.play_text(text).map_err(|e| match e {
                    halma::ParseMoveError::GameOver => RulesRefusal::GameOver(e.to_string()),
                    _ => RulesRefusal::IllegalMove(e.to_string()),
                })?;
                Ok(halma::notation::move_to_string(&before, m))
            }
        }
    }

    /// `player` resigns: in draughts the other wins; in Halma with more than two players its
    /// pieces stay as obstacles and the others play on for the places.
    ///
    /// # Errors
    /// The game is over or the player no longer plays.
    pub fn resign(&mut self, player: usize) -> Result<(), RulesRefusal> {
        self.leave(player, draughts::Game::resign, halma::Game::resign)
    }

    /// `player` ran out of time: in draughts the other wins unless it could not possibly win
    /// (a draw); in Halma it leaves as a resigner does (the rules crates decide).
    ///
    /// # Errors
    /// The game is over or the player no longer plays.
    pub fn time_out(&mut self, player: usize) -> Result<(), RulesRefusal> {
        self.leave(player, draughts::Game::time_out, halma::Game::time_out)
    }

    /// `player` leaves the game by `in_draughts` or `in_halma` (resigning, running out of time).
    fn leave(
        &mut self,
        player: usize,
        in_draughts: fn(&mut draughts::Game, draughts::Color) -> Result<(), draughts::PlayError>,
        in_halma: fn(&mut halma::Game, halma::Seat) -> Result<(), halma::PlayError>,
    ) -> Result<(), RulesRefusal> {
        match self {
            RoomGame::Draughts(g) => {
                let first = g.start_position().turn();
                let color = if player == 0 { first } else { !first };
                in_draughts(g, color).map_err(draughts_refusal)
            }
            RoomGame::Halma(g) => {
                let seat = RoomGame::halma_seat(g, player)
                    .ok_or_else(|| RulesRefusal::IllegalMove("no such player".into()))?;
                in_halma(g, seat).map_err(|e| match e {
                    halma::PlayError::GameOver => RulesRefusal::GameOver(e.to_string()),
                    _ => RulesRefusal::IllegalMove(e.to_string()),
                })
            }
        }
    }

    /// Whether `player` has left the game (resigned, finished or out) while it goes on.
    pub fn has_left(&self, player: usize) -> bool {
        match self {
            RoomGame::Draughts(_) => false,
            RoomGame::Halma(g) => {
                RoomGame::halma_seat(g, player).is_some_and(|s| !g.position().active().contains(s))
            }
        }
    }

    /// The player to move accepts the pending draw offer.
    ///
    /// # Errors
    /// No offer is pending, or the game has none.
    pub fn accept_draw(&mut self) -> Result<(), RulesRefusal> {
        match self {
            RoomGame::Draughts(g) => g.accept_draw().map_err(draughts_refusal),
            RoomGame::Halma(_) => Err(RulesRefusal::NoDrawOffer(
                "there are no draw offers in this game".into(),
            )),
        }
    }

    /// How the game ended, once it has.
    pub fn end(&self) -> Option<GameEnd> {
        match self {
            RoomGame::Draughts(g) => g.outcome().map(|o| GameEnd {
                ranking: match o.winner {
                    Some(w) => {
                        let winner = RoomGame::draughts_player(g, w);
                        vec![vec![winner], vec![1 - winner]]
                    }
                    None => vec![vec![0, 1]],
                },
                reason: o.reason.key().to_string(),
                description: o.reason.to_string(),
            }),
            RoomGame::Halma(g) => g.outcome().map(|o| GameEnd {
                ranking: o
                    .ranking
                    .iter()
                    .map(|group| {
                        group
                            .iter()
                            .map(|&s| RoomGame::halma_player(g, s))
                            .collect()
                    })
                    .collect(),
                reason: o.reason.key().to_string(),
                description: o.reason.key().to_string(),
            }),
        }
    }

    /// The draughts game, for what only draughts has (colours, draw offers).
    pub fn draughts(&self) -> Option<&draughts::Game> {
        match self {
            RoomGame::Draughts(g) => Some(g),
            RoomGame::Halma(_) => None,
        }
    }

    /// The start position as text (FEN, or the Halma position string).
    pub fn start_text(&self) -> String {
        match self {
            RoomGame::Draughts(g) => g.start_position().to_fen(),
            RoomGame::Halma(g) => g.start().to_string(),
        }
    }

    /// The current position as text.
    pub fn position_text(&self) -> String {
        match self {
            RoomGame::Draughts(g) => g.position().to_fen(),
            RoomGame::Halma(g) => g.position().to_string(),
        }
    }

    /// The moves played, in full notation (a Halma resignation is written `resigns:S` and a
    /// time-out `time:S`, S the board seat, as the rules crate's records write them).
    pub fn moves_text(&self) -> Vec<String> {
        match self {
            RoomGame::Draughts(g) => g
                .moves()
                .map(|m| draughts::notation::move_to_string(g.variant(), m))
                .collect(),
            RoomGame::Halma(g) => g
                .turns()
                .map(|(before, turn)| halma::notation::turn_to_string(before, turn))
                .collect(),
        }
    }

    /// The legal moves of the player to move (none once over).
    pub fn legal_moves_text(&self) -> Vec<String> {
        if self.end().is_some() {
            return Vec::new();
        }
        match self {
            RoomGame::Draughts(g) => g
                .legal_moves()
                .iter()
                .map(|m| draughts::notation::move_to_string(g.variant(), m))
                .collect(),
            RoomGame::Halma(g) => {
                let pos = g.position();
                g.legal_moves()
                    .iter()
                    .map(|&m| halma::notation::move_to_string(pos, m))
                    .collect()
            }
        }
    }

    /// The move the computer at `level` plays here, in full notation; `None` once over. With
    /// `time` (its clock in a timed room) it thinks no longer than its share of that. Runs the
    /// engine: seconds at the strongest levels, so call it off the async threads.
    pub fn computer_move(&self, level: Level, seed: u64, time: Option<TimeLeft>) -> Option<String> {
        let clock = EngineClock(Instant::now());
        match self {
            RoomGame::Draughts(g) => {
                let result = kingme_engine::Memory::with_shipped_books()
                    .think_timed(g, level, &clock, seed, time)?;
                Some(draughts::notation::move_to_string(
                    g.variant(),
                    &result.best?,
                ))
            }
            RoomGame::Halma(g) => {
                let pos = g.position();
                let earlier = g.position_hashes();
                let earlier = &earlier[..earlier.len().saturating_sub(1)];
                let result = kingme_halma_engine::Memory::new()
                    .think_timed(pos, earlier, level, &clock, seed, time)?;
                Some(halma::notation::move_to_string(pos, result.best?))
            }
        }
    }
}
