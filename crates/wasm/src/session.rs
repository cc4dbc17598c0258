//! A game as the browser sees it: the rules' `Game` plus the views the screen draws.
//!
//! Plain Rust, so it is tested natively; `bindings` only converts these values for JavaScript.

use crate::view::{
    ComputerTurn, CountdownView, LastMoveView, Material, MoveView, PieceView, PiecesLeft,
    RecordView, RecordedMove, ResultView, SearchReport, Snapshot,
};
use kingme_draughts::{
    notation, Color, DrawRule, EndReason, Game, Move, Outcome, Position, Variant,
};
use kingme_engine::{Clock, Level, Memory};
use std::fmt;

/// A problem with what the page asked for; its message names the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionError(pub String);

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SessionError {}

fn fail(message: impl fmt::Display) -> SessionError {
    SessionError(message.to_string())
}

/// One played move as the screen shows it.
#[derive(Clone, Debug)]
struct Played {
    color: Color,
    view: MoveView,
    offered_draw: bool,
}

/// A game in progress, with the history of its moves' views.
#[derive(Debug, Clone)]
pub struct Session {
    game: Game,
    played: Vec<Played>,
}

/// Parses a level name: `beginner`, `intermediate`, `advanced` or `expert`.
pub fn parse_level(name: &str) -> Result<Level, SessionError> {
    name.trim().parse::<Level>().map_err(fail)
}

fn parse_variant(name: &str) -> Result<Variant, SessionError> {
    name.parse::<Variant>().map_err(fail)
}

/// Describes `m`, played from `before`, with squares named on `before`'s board.
pub fn move_view(before: &Position, m: &Move) -> MoveView {
    let g = before.variant().geometry();
    let mut path = Vec::with_capacity(m.landings().len() + 1);
    path.push(g.name(m.from()).to_string());
    path.extend(m.landings().iter().map(|&sq| g.name(sq).to_string()));
    MoveView {
        path,
        captures: notation::captured_in_order(before.variant(), m)
            .into_iter()
            .map(|sq| g.name(sq).to_string())
            .collect(),
        notation: notation::move_to_string(before.variant(), m),
        promotes: m.promotes(),
    }
}

impl Session {
    /// A new game of `variant` (`english`, `international`, `russian`, `brazilian`), from its
    /// starting position or from `fen`.
    pub fn new(variant: &str, fen: Option<&str>) -> Result<Session, SessionError> {
        let variant = parse_variant(variant)?;
        let game = match fen.map(str::trim).filter(|f| !f.is_empty()) {
            Some(fen) => Game::from_fen(variant, fen).map_err(fail)?,
            None => Game::new(variant),
        };
        Ok(Session {
            game,
            played: Vec::new(),
        })
    }

    /// A game read from PDN text (its moves replayed, so undo works through them); `variant`
    /// is the rules to read it with when it has no `GameType` tag.
    pub fn from_pdn(text: &str, variant: Option<&str>) -> Result<Session, SessionError> {
        let fallback = variant.map(parse_variant).transpose()?;
        let pdn = kingme_draughts::pdn::read(text, fallback).map_err(fail)?;
        let recorded = &pdn.game;
        let mut session = Session {
            game: Game::from_position(*recorded.start_position()),
            played: Vec::new(),
        };
        // PDN keeps no draw offers; a declared draw that no rule made was agreed, so the last
        // move carried the offer that was accepted.
        let declared = pdn.outcome().filter(|_| recorded.outcome().is_none());
        let agreed = declared.is_some_and(|o| o.reason == EndReason::Draw(DrawRule::Agreement));
        let last = recorded.moves().len().checked_sub(1);
        for (i, m) in recorded.moves().enumerate() {
            let offer = agreed && Some(i) == last && session.game.may_offer_draw();
            session.play_move(m, offer)?;
        }
        match declared {
            Some(Outcome {
                reason: EndReason::Resignation,
                winner: Some(winner),
            }) => session.game.resign(!winner).map_err(fail)?,
            _ if agreed && session.game.draw_offer().is_some() => {
                session.game.accept_draw().map_err(fail)?;
            }
            _ => {}
        }
        Ok(session)
    }

    /// The game as a record to replay: start, moves with their draw offers, and how it ended
    /// when no move ended it (a resignation or an accepted draw).
    pub fn record(&self) -> RecordView {
        let outcome = self.game.outcome();
        RecordView {
            variant: self.game.variant().key(),
            start_fen: self.start_fen(),
            moves: self
                .played
                .iter()
                .map(|p| RecordedMove {
                    path: p.view.path.clone(),
                    offer: p.offered_draw,
                })
                .collect(),
            resigned: outcome
                .filter(|o| o.reason == EndReason::Resignation)
                .and_then(|o| o.winner)
                .map(|winner| (!winner).name()),
            draw_agreed: outcome.is_some_and(|o| o.reason == EndReason::Draw(DrawRule::Agreement)),
        }
    }

    /// The position the game started from, as FEN.
    pub fn start_fen(&self) -> String {
        self.game.start_position().to_fen()
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every legal move with its full route (none once the game is over), in reading order: by starting square (file, then rank), then by the
    /// squares landed on, then by the pieces taken (two captures may share their route).
    pub fn legal_moves(&self) -> Vec<MoveView> {
        let pos = self.game.position();
        let g = pos.variant().geometry();
        let place = |sq: kingme_draughts::Square| (g.file(sq), g.rank(sq));
        let mut moves = self.game.legal_moves();
        moves.sort_by_cached_key(|m| {
            let landings: Vec<_> = m.landings().iter().map(|&sq| place(sq)).collect();
            let captured: Vec<_> = m.captured().into_iter().map(place).collect();
            (place(m.from()), landings, captured)
        });
        moves.iter().map(|m| move_view(pos, m)).collect()
    }

    fn play_move(&mut self, m: &Move, offer_draw: bool) -> Result<MoveView, SessionError> {
        let before = *self.game.position();
        let view = move_view(&before, m);
        self.game.play(m, offer_draw).map_err(fail)?;
        self.played.push(Played {
            color: before.turn(),
            view: view.clone(),
            offered_draw: offer_draw,
        });
        Ok(view)
    }

    /// Plays a move written in notation (`c3-d4`, `c3x e5`, `c3:e5:g7`, shortened forms).
    pub fn play_text(&mut self, text: &str, offer_draw: bool) -> Result<MoveView, SessionError> {
        self.check_not_over()?;
        let m = notation::parse_move(self.game.position(), text).map_err(fail)?;
        self.play_move(&m, offer_draw)
    }

    /// Plays the legal move whose route is exactly `path` (its first square is the start).
    pub fn play_path(
        &mut self,
        path: &[String],
        offer_draw: bool,
    ) -> Result<MoveView, SessionError> {
        self.check_not_over()?;
        let pos = *self.game.position();
        let g = pos.variant().geometry();
        let squares = path
            .iter()
            .map(|name| g.parse_square(name).map_err(fail))
            .collect::<Result<Vec<_>, _>>()?;
        let Some((&from, landings)) = squares.split_first() else {
            return Err(fail("empty move path"));
        };
        let m = self
            .game
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == from && m.landings() == landings)
            .ok_or_else(|| fail(format_args!("no legal move follows {}", path.join("-"))))?;
        self.play_move(&m, offer_draw)
    }

    fn check_not_over(&self) -> Result<(), SessionError> {
        match self.game.outcome() {
            Some(_) => Err(fail("the game is over")),
            None => Ok(()),
        }
    }

    /// Takes back the last move; `None` at the start of the game.
    pub fn undo(&mut self) -> Option<MoveView> {
        self.game.undo()?;
        self.played.pop().map(|p| p.view)
    }

    /// `color` (`white` or `black`) resigns.
    pub fn resign(&mut self, color: &str) -> Result<(), SessionError> {
        self.check_not_over()?;
        let color = match color {
            "white" => Color::White,
            "black" => Color::Black,
            other => return Err(fail(format_args!("unknown color \"{other}\""))),
        };
        self.game.resign(color).map_err(fail)
    }

    /// Accepts the pending draw offer.
    pub fn accept_draw(&mut self) -> Result<(), SessionError> {
        self.check_not_over()?;
        self.game.accept_draw().map_err(fail)
    }

    pub fn fen(&self) -> String {
        self.game.position().to_fen()
    }

    pub fn to_pdn(&self) -> String {
        self.game.to_pdn()
    }

    /// Everything the screen draws.
    pub fn snapshot(&self) -> Snapshot {
        let pos = self.game.position();
        let g = pos.variant().geometry();
        let name = |sq| g.name(sq).to_string();
        let mut pieces = Vec::new();
        for color in Color::ALL {
            for sq in pos.pieces(color) {
                pieces.push(PieceView {
                    square: name(sq),
                    color: color.name(),
                    king: pos.kings(color).contains(sq),
                });
            }
        }
        let legal = self.game.legal_moves();
        let mut must_capture: Vec<String> = Vec::new();
        if legal.iter().any(Move::is_capture) {
            for m in legal.iter() {
                let from = name(m.from());
                if !must_capture.contains(&from) {
                    must_capture.push(from);
                }
            }
        }
        let material = |color| Material {
            men: pos.men(color).count(),
            kings: pos.kings(color).count(),
        };
        Snapshot {
            variant: pos.variant().key(),
            size: g.size(),
            fen: pos.to_fen(),
            turn: pos.turn().name(),
            ply: self.played.len(),
            pieces,
            must_capture,
            pieces_left: PiecesLeft {
                white: material(Color::White),
                black: material(Color::Black),
            },
            countdowns: self
                .game
                .countdowns()
                .into_iter()
                .map(|c| CountdownView {
                    rule: c.rule.key().to_owned(),
                    rule_name: c.rule.to_string(),
                    moves_left: c.moves_left,
                })
                .collect(),
            last_move: self.played.last().map(|p| LastMoveView {
                color: p.color.name(),
                played: p.view.clone(),
                offered_draw: p.offered_draw,
            }),
            result: self.game.outcome().map(|o| ResultView {
                winner: o.winner.map(Color::name),
                reason: o.reason.key().to_owned(),
                reason_text: o.reason.to_string(),
            }),
            draw_offer: self.game.draw_offer().map(Color::name),
            may_offer_draw: self.game.outcome().is_none() && self.game.may_offer_draw(),
            moves: self
                .played
                .iter()
                .map(|p| p.view.notation.clone())
                .collect(),
        }
    }

    /// What the computer at `level` does on its turn: accept a pending offer, or move (and
    /// perhaps offer a draw with the move). `memory` carries what it learnt on earlier turns.
    pub fn computer_turn(
        &self,
        level: Level,
        clock: &dyn Clock,
        seed: u64,
        memory: &mut Memory,
    ) -> Result<ComputerTurn, SessionError> {
        self.check_not_over()?;
        let offer_from_opponent = self.game.draw_offer() == Some(!self.game.position().turn());
        if offer_from_opponent && kingme_engine::accepts_draw(&self.game, level, clock) {
            return Ok(ComputerTurn {
                accept_draw: true,
                chosen: None,
                offer_draw: false,
            });
        }
        let chosen = memory.choose_move(&self.game, level, clock, seed);
        let offer_draw = chosen.is_some()
            && self.game.may_offer_draw()
            && kingme_engine::wants_to_offer_draw(&self.game, level, clock);
        Ok(ComputerTurn {
            accept_draw: false,
            chosen: chosen.map(|m| move_view(self.game.position(), &m)),
            offer_draw,
        })
    }

    /// Searches the current position to a fixed number of nodes (for measuring speed).
    pub fn search_nodes(&self, nodes: u64, clock: &dyn Clock) -> SearchReport {
        let start = clock.now_ms();
        let limits = kingme_engine::Limits::Nodes(nodes);
        let result = kingme_engine::search(&self.game, limits, clock, &mut |_| {});
        SearchReport {
            nodes: result.nodes,
            depth: result.depth,
            elapsed_ms: clock.now_ms() - start,
            best: result.best.map(|m| move_view(self.game.position(), &m)),
        }
    }
}
