//! A draughts game as the browser sees it: the rules' `Game` plus the views the screen draws.

use crate::errors::ErrorCode;
use crate::session::{coded, rules, SessionError};
use crate::view::{
    BoardLayout, BoardShape, Cell, ColorKey, ComputerTurn, CountdownView, Details, DraughtsDetails,
    GameView, HistoryEntry, LastMoveView, Material, MoveView, PieceView, RecordView, RecordedMove,
    Resignation, ResultView, SearchReport, SeatView,
};
use kingme_draughts::{
    notation, Color, DrawRule, EndReason, Game, Move, Outcome, Position, Variant,
};
use kingme_engine::{Clock, Level, Memory, TimeLeft};

/// One played move as the screen shows it.
#[derive(Clone, Debug)]
struct Played {
    color: Color,
    view: MoveView,
    /// The move in PDN.
    pdn: String,
    offered_draw: bool,
}

/// A game in progress, with the history of its moves' views.
#[derive(Debug, Clone)]
pub struct DraughtsSession {
    game: Game,
    played: Vec<Played>,
}

pub(crate) fn parse_variant(name: &str) -> Result<Variant, SessionError> {
    name.parse::<Variant>().map_err(rules)
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

impl DraughtsSession {
    /// A new game of `variant` (`english`, `international`, `russian`, `brazilian`), from its
    /// starting position or from `fen`.
    pub fn new(variant: &str, fen: Option<&str>) -> Result<DraughtsSession, SessionError> {
        let variant = parse_variant(variant)?;
        let game = match fen.map(str::trim).filter(|f| !f.is_empty()) {
            Some(fen) => Game::from_fen(variant, fen).map_err(rules)?,
            None => Game::new(variant),
        };
        Ok(DraughtsSession {
            game,
            played: Vec::new(),
        })
    }

    /// A game read from PDN text (its moves replayed, so undo works through them); `variant`
    /// is the rules to read it with when it has no `GameType` tag.
    pub fn from_pdn(text: &str, variant: Option<&str>) -> Result<DraughtsSession, SessionError> {
        let fallback = variant.map(parse_variant).transpose()?;
        let pdn = kingme_draughts::pdn::read(text, fallback).map_err(rules)?;
        let recorded = &pdn.game;
        let mut session = DraughtsSession {
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
            }) => session.game.resign(!winner).map_err(rules)?,
            _ if agreed && session.game.draw_offer().is_some() => {
                session.game.accept_draw().map_err(rules)?;
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
            variant: self.game.variant().key().to_owned(),
            players: 2,
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
                .map(|winner| Resignation {
                    seat: self.seat(!winner),
                    after: self.played.len(),
                })
                .into_iter()
                .collect(),
            timed_out: outcome
                .filter(|o| o.reason == EndReason::TimeOut)
                .map(|o| {
                    // Only the side to move's clock runs: a drawn flag is its.
                    let flagged = o.winner.map_or(self.game.position().turn(), |w| !w);
                    Resignation {
                        seat: self.seat(flagged),
                        after: self.played.len(),
                    }
                })
                .into_iter()
                .collect(),
            draw_agreed: outcome.is_some_and(|o| o.reason == EndReason::Draw(DrawRule::Agreement)),
        }
    }

    /// The seat of `color`: 0 for the side whose men start on ranks 1…, 1 for the other.
    pub fn seat(&self, color: Color) -> u8 {
        u8::from(color != self.game.variant().rules().first_mover)
    }

    fn color_of(&self, seat: u8) -> Result<Color, SessionError> {
        let first = self.game.variant().rules().first_mover;
        match seat {
            0 => Ok(first),
            1 => Ok(!first),
            other => Err(coded(
                ErrorCode::SeatNotPlaying,
                format_args!("seat {other} does not play draughts (the seats are 0 and 1)"),
            )
            .with("seat", u16::from(other) + 1)
            .into()),
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
        self.game.play(m, offer_draw).map_err(rules)?;
        self.played.push(Played {
            color: before.turn(),
            view: view.clone(),
            pdn: notation::move_to_pdn(before.variant(), m),
            offered_draw: offer_draw,
        });
        Ok(view)
    }

    /// Plays a move written in notation (`c3-d4`, `c3x e5`, `c3:e5:g7`, shortened forms).
    pub fn play_text(&mut self, text: &str, offer_draw: bool) -> Result<MoveView, SessionError> {
        self.check_not_over()?;
        let m = notation::parse_move(self.game.position(), text).map_err(rules)?;
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
            .map(|name| g.parse_square(name).map_err(rules))
            .collect::<Result<Vec<_>, _>>()?;
        let Some((&from, landings)) = squares.split_first() else {
            return Err(coded(ErrorCode::EmptyPath, "empty move path").into());
        };
        let m = self
            .game
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == from && m.landings() == landings)
            .ok_or_else(|| {
                coded(
                    ErrorCode::NoLegalMove,
                    format_args!("no legal move follows {}", path.join("-")),
                )
                .with("path", path.join("-"))
            })?;
        self.play_move(&m, offer_draw)
    }

    fn check_not_over(&self) -> Result<(), SessionError> {
        match self.game.outcome() {
            Some(_) => Err(coded(ErrorCode::GameOver, "the game is over").into()),
            None => Ok(()),
        }
    }

    /// Takes back the last move; `None` at the start of the game.
    pub fn undo(&mut self) -> Option<MoveView> {
        self.game.undo()?;
        self.played.pop().map(|p| p.view)
    }

    /// The player in `seat` resigns.
    pub fn resign(&mut self, seat: u8) -> Result<(), SessionError> {
        self.check_not_over()?;
        let color = self.color_of(seat)?;
        self.game.resign(color).map_err(rules)
    }

    /// The player in `seat` ran out of time: the other side wins, or the game is drawn when it
    /// could not possibly win.
    pub fn time_out(&mut self, seat: u8) -> Result<(), SessionError> {
        self.check_not_over()?;
        let color = self.color_of(seat)?;
        self.game.time_out(color).map_err(rules)
    }

    /// Accepts the pending draw offer.
    pub fn accept_draw(&mut self) -> Result<(), SessionError> {
        self.check_not_over()?;
        self.game.accept_draw().map_err(rules)
    }

    pub fn fen(&self) -> String {
        self.game.position().to_fen()
    }

    pub fn to_pdn(&self) -> String {
        self.game.to_pdn()
    }

    /// The squares of the board: dark ones playable, from a1 along the ranks.
    pub fn layout(&self) -> BoardLayout {
        let g = self.game.variant().geometry();
        let size = g.size();
        let mut cells = Vec::with_capacity(usize::from(size) * usize::from(size));
        let playable: Vec<(u8, u8)> = g.squares().map(|sq| (g.file(sq), g.rank(sq))).collect();
        for rank in 0..size {
            for file in 0..size {
                cells.push(Cell {
                    name: format!("{}{}", char::from(b'a' + file), rank + 1),
                    x: f64::from(file),
                    y: f64::from(rank),
                    playable: playable.contains(&(file, rank)),
                    camp: None,
                });
            }
        }
        BoardLayout {
            shape: BoardShape::Square,
            cells,
        }
    }

    /// The two seats: the first mover's side at the near edge (0°), the other turned (180°).
    pub fn seats(&self) -> Vec<SeatView> {
        [(0u8, "south", 0.0), (1, "north", 180.0)]
            .into_iter()
            .map(|(index, name, view_angle)| {
                let color = match self.color_of(index) {
                    Ok(Color::Black) => ColorKey::Black,
                    _ => ColorKey::White,
                };
                SeatView {
                    index,
                    color,
                    view_angle,
                    name: name.to_owned(),
                }
            })
            .collect()
    }

    fn last_move_view(&self, p: &Played) -> LastMoveView {
        LastMoveView {
            seat: self.seat(p.color),
            played: p.view.clone(),
            offered_draw: p.offered_draw,
        }
    }

    /// Everything the screen draws.
    pub fn view(&self) -> GameView {
        let pos = self.game.position();
        let g = pos.variant().geometry();
        let name = |sq| g.name(sq).to_string();
        let mut pieces = Vec::new();
        for seat in 0..2 {
            let color = self.color_of(seat).unwrap_or(Color::White);
            for sq in pos.pieces(color) {
                pieces.push(PieceView {
                    cell: name(sq),
                    seat,
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
        let material = |seat: u8| {
            let color = self.color_of(seat).unwrap_or(Color::White);
            Material {
                seat,
                men: pos.men(color).count(),
                kings: pos.kings(color).count(),
            }
        };
        let outcome = self.game.outcome();
        let start = self.played.len().saturating_sub(2);
        GameView {
            variant: pos.variant().key().to_owned(),
            layout: self.layout(),
            seats: self.seats(),
            fen: pos.to_fen(),
            turn: outcome.is_none().then(|| self.seat(pos.turn())),
            ply: self.played.len(),
            pieces,
            last_move: self.played.last().map(|p| self.last_move_view(p)),
            last_moves: self.played[start..]
                .iter()
                .map(|p| self.last_move_view(p))
                .collect(),
            result: outcome.map(|o| ResultView {
                placings: match o.winner {
                    Some(w) => vec![vec![self.seat(w)], vec![self.seat(!w)]],
                    None => vec![vec![0, 1]],
                },
                winner: o.winner.map(|w| self.seat(w)),
                reason: o.reason.key().to_owned(),
                reason_text: o.reason.to_string(),
            }),
            moves: self
                .played
                .iter()
                .map(|p| p.view.notation.clone())
                .collect(),
            history: self.history(),
            details: Details::Draughts(DraughtsDetails {
                must_capture,
                pieces_left: vec![material(0), material(1)],
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
                draw_offer: self.game.draw_offer().map(|c| self.seat(c)),
                may_offer_draw: outcome.is_none() && self.game.may_offer_draw(),
            }),
        }
    }

    /// The moves numbered as PDN numbers them: a move of each side makes one number, and a game
    /// begun with the second side to move begins with its half of move 1.
    fn history(&self) -> Vec<HistoryEntry> {
        let first = self.game.variant().rules().first_mover;
        let offset = usize::from(self.game.start_position().turn() != first);
        self.played
            .iter()
            .enumerate()
            .map(|(i, p)| HistoryEntry {
                number: u32::try_from((i + offset) / 2 + 1).unwrap_or(u32::MAX),
                seat: self.seat(p.color),
                notation: p.view.notation.clone(),
                record: p.pdn.clone(),
                offered_draw: p.offered_draw,
            })
            .collect()
    }

    /// The game as it stood after its first `moves` moves (all of them: as it stands now).
    pub fn view_at(&self, moves: usize) -> Result<GameView, SessionError> {
        if moves > self.played.len() {
            return Err(coded(
                ErrorCode::NoSuchMove,
                format_args!("the game has {} moves, not {moves}", self.played.len()),
            )
            .with("moves", moves)
            .with("total", self.played.len())
            .into());
        }
        let mut earlier = self.clone();
        while earlier.played.len() > moves {
            earlier.undo();
        }
        Ok(earlier.view())
    }

    /// The endgame tables (signature names, e.g. `0201`) the game can reach from here, when
    /// the position has at most `max_pieces` pieces; none otherwise.
    pub fn egdb_tables(&self, max_pieces: u32) -> Vec<String> {
        let pos = self.game.position();
        if self.game.outcome().is_some() || pos.occupied().count() > max_pieces {
            return Vec::new();
        }
        kingme_egdb::Signature::of(pos)
            .reachable()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// What the computer at `level` does on its turn: accept a pending offer, or move (and
    /// perhaps offer a draw with the move). `memory` carries what it learnt on earlier turns.
    /// With `time` (its clock in a timed game) its search is held to the budget its time and
    /// increment give ([`kingme_engine_core::time_budget`]).
    pub fn computer_turn(
        &self,
        level: Level,
        clock: &dyn Clock,
        seed: u64,
        time: Option<TimeLeft>,
        memory: &mut Memory,
    ) -> Result<ComputerTurn, SessionError> {
        self.check_not_over()?;
        let start = clock.now_ms();
        let time_left = || time.map(|t| t.less(clock.now_ms() - start));
        let offer_from_opponent = self.game.draw_offer() == Some(!self.game.position().turn());
        if offer_from_opponent && memory.accepts_draw(&self.game, level, clock, time) {
            return Ok(ComputerTurn {
                accept_draw: true,
                chosen: None,
                offer_draw: false,
            });
        }
        let chosen = memory
            .think_timed(&self.game, level, clock, seed, time_left())
            .and_then(|r| r.best);
        let offer_draw = chosen.is_some()
            && self.game.may_offer_draw()
            && memory.wants_to_offer_draw(&self.game, level, clock, time_left());
        Ok(ComputerTurn {
            accept_draw: false,
            chosen: chosen.map(|m| move_view(self.game.position(), &m)),
            offer_draw,
        })
    }

    /// Searches the current position to a fixed number of nodes (for measuring speed).
    pub fn search_nodes(&self, nodes: u64, clock: &dyn Clock) -> SearchReport {
        self.search_nodes_with(nodes, clock, None)
    }

    /// [`DraughtsSession::search_nodes`] probing the endgame database `egdb`.
    pub fn search_nodes_with(
        &self,
        nodes: u64,
        clock: &dyn Clock,
        egdb: Option<&kingme_egdb::Egdb>,
    ) -> SearchReport {
        let start = clock.now_ms();
        let limits = kingme_engine::Limits::Nodes(nodes);
        let result = kingme_engine::search_with_egdb(&self.game, limits, clock, egdb, &mut |_| {});
        SearchReport {
            nodes: result.nodes,
            depth: result.depth,
            elapsed_ms: clock.now_ms() - start,
            best: result.best.map(|m| move_view(self.game.position(), &m)),
        }
    }
}
