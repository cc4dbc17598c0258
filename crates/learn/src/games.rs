//! The two game families behind the checks: positions, moves and engines, all from the rules
//! crates (nothing about the rules is decided here).

use crate::search::{Play, Verdict};
use kingme_draughts as dr;
use kingme_engine_core::{Clock, Limits};
use kingme_halma as ha;

/// The engines search to a fixed depth; the clock is never read for it.
struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// What the checks need of a game family.
pub trait Rules {
    type State: Play<Move = Self::Move> + Clone;
    type Move: Copy + PartialEq;

    /// The exercise's position after its prelude, with the learner to move.
    fn start(&self, position: &str, prelude: &[String]) -> Result<Self::State, String>;
    /// The legal move `text` names, its route given in full; otherwise why not.
    fn legal(&self, state: &Self::State, text: &str) -> Result<Self::Move, String>;
    /// A point of the board, as a number for comparisons.
    fn point(&self, name: &str) -> Result<u16, String>;
    fn point_name(&self, point: u16) -> String;
    fn ends(&self, m: Self::Move) -> (u16, u16);
    fn promotes(&self, m: Self::Move) -> bool;
    /// Pieces of the learner's opponents.
    fn opponent_pieces(&self, state: &Self::State) -> u32;
    /// Whether the learner may be shown at the bottom as `side`.
    fn orientation_ok(&self, side: &str) -> bool;
    /// The legal captures (draughts), or `None` for a family without captures.
    fn captures(&self, state: &Self::State) -> Option<Vec<Self::Move>>;
    /// Where the piece on `from` can go (Halma family), or `None` for draughts.
    fn destinations(&self, state: &Self::State, from: u16) -> Option<Vec<u16>>;
    fn learner_owns(&self, state: &Self::State, point: u16) -> bool;
    fn name_move(&self, state: &Self::State, m: Self::Move) -> String;
    /// The engine's verdict at a fixed depth: whether the side to move wins within `plies`.
    fn engine_wins(&self, state: &Self::State, plies: u32) -> bool;
    /// The number of players (seats in play).
    fn players(&self) -> usize;
}

// --- draughts ---------------------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct DraughtsState {
    pub game: dr::Game,
    pub learner: dr::Color,
}

impl Play for DraughtsState {
    type Move = dr::Move;

    fn moves(&self) -> Vec<dr::Move> {
        self.game.legal_moves().into_vec()
    }

    fn after(&self, m: dr::Move) -> DraughtsState {
        let mut next = self.clone();
        next.game
            .play(&m, false)
            .expect("only legal moves are searched");
        next
    }

    fn verdict(&self) -> Option<Verdict> {
        let outcome = self.game.outcome()?;
        Some(match (outcome.winner, outcome.reason) {
            (Some(w), _) if w == self.learner => Verdict::Won,
            (Some(_), _) => Verdict::Lost,
            (None, reason) => Verdict::Drawn(reason.key().to_string()),
        })
    }

    fn learner_to_move(&self) -> bool {
        self.game.position().turn() == self.learner
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Draughts(pub dr::Variant);

fn draughts_squares(variant: dr::Variant, text: &str) -> Result<Vec<dr::Square>, String> {
    text.trim()
        .split(['-', 'x', '×', ':'])
        .map(|t| {
            dr::notation::parse_square(variant, t.trim()).map_err(|e| format!("'{text}': {e}"))
        })
        .collect()
}

impl Rules for Draughts {
    type State = DraughtsState;
    type Move = dr::Move;

    fn start(&self, position: &str, prelude: &[String]) -> Result<DraughtsState, String> {
        let mut game = dr::Game::from_fen(self.0, position).map_err(|e| e.to_string())?;
        for text in prelude {
            game.play_text(text, false)
                .map_err(|e| format!("prelude move {text}: {e}"))?;
        }
        if game.outcome().is_some() {
            return Err("the game is over before the learner moves".into());
        }
        if game.legal_moves().is_empty() {
            return Err("the side to move has no move".into());
        }
        let learner = game.position().turn();
        Ok(DraughtsState { game, learner })
    }

    fn legal(&self, state: &DraughtsState, text: &str) -> Result<dr::Move, String> {
        let squares = draughts_squares(self.0, text)?;
        if squares.len() < 2 {
            return Err(format!("'{text}' names fewer than two squares"));
        }
        let (from, route) = (squares[0], &squares[1..]);
        let legal = state.game.legal_moves();
        if let Some(m) = legal
            .iter()
            .find(|m| m.from() == from && m.landings() == route)
        {
            return Ok(*m);
        }
        let same_ends: Vec<String> = legal
            .iter()
            .filter(|m| m.from() == from && m.to() == route[route.len() - 1])
            .map(|m| dr::notation::move_to_string(self.0, m))
            .collect();
        if !same_ends.is_empty() {
            return Err(format!(
                "'{text}' is not the route of a legal move; the legal moves between these squares are {}",
                same_ends.join(", ")
            ));
        }
        Err(
            match dr::notation::parse_move(state.game.position(), text) {
                Err(e) => e.to_string(),
                Ok(m) => format!(
                    "'{text}' is not a legal move (did you mean {}?)",
                    dr::notation::move_to_string(self.0, &m)
                ),
            },
        )
    }

    fn point(&self, name: &str) -> Result<u16, String> {
        dr::notation::parse_square(self.0, name)
            .map(|sq| u16::from(sq.index()))
            .map_err(|e| e.to_string())
    }

    fn point_name(&self, point: u16) -> String {
        let g = self.0.geometry();
        (0..g.size())
            .flat_map(|file| (0..g.size()).map(move |rank| (file, rank)))
            .filter_map(|(file, rank)| g.square(file, rank))
            .find(|sq| u16::from(sq.index()) == point)
            .map_or_else(|| point.to_string(), |sq| g.name(sq).to_string())
    }

    fn ends(&self, m: dr::Move) -> (u16, u16) {
        (u16::from(m.from().index()), u16::from(m.to().index()))
    }

    fn promotes(&self, m: dr::Move) -> bool {
        m.promotes()
    }

    fn opponent_pieces(&self, state: &DraughtsState) -> u32 {
        state.game.position().pieces(!state.learner).count()
    }

    fn orientation_ok(&self, side: &str) -> bool {
        matches!(side, "white" | "black")
    }

    fn captures(&self, state: &DraughtsState) -> Option<Vec<dr::Move>> {
        Some(
            state
                .game
                .legal_moves()
                .into_iter()
                .filter(|m| m.is_capture())
                .collect(),
        )
    }

    fn destinations(&self, _: &DraughtsState, _: u16) -> Option<Vec<u16>> {
        None
    }

    fn learner_owns(&self, state: &DraughtsState, point: u16) -> bool {
        state
            .game
            .position()
            .pieces(state.learner)
            .any(|sq| u16::from(sq.index()) == point)
    }

    fn name_move(&self, _: &DraughtsState, m: dr::Move) -> String {
        dr::notation::move_to_string(self.0, &m)
    }

    fn engine_wins(&self, state: &DraughtsState, plies: u32) -> bool {
        let r = kingme_engine::search(&state.game, Limits::Depth(plies), &NoClock, &mut |_| {});
        r.score >= kingme_engine::score::DECIDED
            && kingme_engine::score::plies_to_end(r.score) <= plies
    }

    fn players(&self) -> usize {
        2
    }
}

// --- Halma and Chinese checkers ------------------------------------------------------------------

#[derive(Clone, Debug)]
pub struct HalmaState {
    pub game: ha::Game,
    pub learner: ha::Seat,
}

impl Play for HalmaState {
    type Move = ha::Move;

    fn moves(&self) -> Vec<ha::Move> {
        self.game.legal_moves().into_vec()
    }

    fn after(&self, m: ha::Move) -> HalmaState {
        let mut next = self.clone();
        next.game.play(m).expect("only legal moves are searched");
        next
    }

    /// With more than two players the game goes on after the first to finish: for the learner
    /// it is won once the learner has finished (its place is the lesson's to say), and lost once
    /// the yard rule has put it out.
    fn verdict(&self) -> Option<Verdict> {
        let pos = self.game.position();
        if pos.layout().seats.len() > 2 {
            if pos.finished().contains(self.learner) {
                return Some(Verdict::Won);
            }
            if pos.lost().contains(self.learner) {
                return Some(Verdict::Lost);
            }
        }
        let outcome = self.game.outcome()?;
        Some(match outcome.winner() {
            Some(w) if w == self.learner => Verdict::Won,
            Some(_) => Verdict::Lost,
            None if outcome.is_draw() => Verdict::Drawn(outcome.reason.key().to_string()),
            None => Verdict::Lost,
        })
    }

    fn learner_to_move(&self) -> bool {
        self.game.position().to_move() == self.learner
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Halma {
    pub setup: ha::Setup,
}

impl Rules for Halma {
    type State = HalmaState;
    type Move = ha::Move;

    fn start(&self, position: &str, prelude: &[String]) -> Result<HalmaState, String> {
        let pos = ha::Position::parse(self.setup, position).map_err(|e| e.to_string())?;
        let mut game = ha::Game::from_position(pos);
        for text in prelude {
            game.play_text(text)
                .map_err(|e| format!("prelude move {text}: {e}"))?;
        }
        if game.outcome().is_some() {
            return Err("the game is over before the learner moves".into());
        }
        let moves = game.legal_moves();
        if moves.is_empty() || moves[0].is_pass() {
            return Err("the seat to move has no move".into());
        }
        let learner = game.position().to_move();
        Ok(HalmaState { game, learner })
    }

    fn legal(&self, state: &HalmaState, text: &str) -> Result<ha::Move, String> {
        ha::notation::parse_move(state.game.position(), text).map_err(|e| e.to_string())
    }

    fn point(&self, name: &str) -> Result<u16, String> {
        self.setup
            .layout()
            .board
            .point(name)
            .map(|p| u16::from(p.0))
            .ok_or_else(|| format!("'{name}' is not a point of the board"))
    }

    fn point_name(&self, point: u16) -> String {
        u8::try_from(point).map_or_else(
            |_| point.to_string(),
            |p| self.setup.layout().board.name(ha::Point(p)).to_string(),
        )
    }

    fn ends(&self, m: ha::Move) -> (u16, u16) {
        (u16::from(m.from().0), u16::from(m.to().0))
    }

    fn promotes(&self, _: ha::Move) -> bool {
        false
    }

    fn opponent_pieces(&self, state: &HalmaState) -> u32 {
        let pos = state.game.position();
        pos.layout()
            .seats
            .iter()
            .filter(|&&s| s != state.learner)
            .map(|&s| pos.pieces(s).len())
            .sum()
    }

    fn orientation_ok(&self, side: &str) -> bool {
        side.parse::<u8>()
            .ok()
            .and_then(ha::Seat::new)
            .is_some_and(|s| self.setup.layout().in_play.contains(s))
    }

    fn captures(&self, _: &HalmaState) -> Option<Vec<ha::Move>> {
        None
    }

    fn destinations(&self, state: &HalmaState, from: u16) -> Option<Vec<u16>> {
        let from = ha::Point(u8::try_from(from).ok()?);
        Some(
            state
                .game
                .position()
                .destinations(from)
                .iter()
                .map(|p| u16::from(p.0))
                .collect(),
        )
    }

    fn learner_owns(&self, state: &HalmaState, point: u16) -> bool {
        u8::try_from(point)
            .ok()
            .and_then(|p| state.game.position().seat_at(ha::Point(p)))
            .is_some_and(|s| s == state.learner)
    }

    fn name_move(&self, state: &HalmaState, m: ha::Move) -> String {
        ha::notation::move_to_string(state.game.position(), m)
    }

    fn engine_wins(&self, state: &HalmaState, plies: u32) -> bool {
        let earlier = earlier_hashes(&state.game);
        let r = kingme_halma_engine::search(
            state.game.position(),
            &earlier,
            Limits::Depth(plies),
            &NoClock,
            &mut |_| {},
        );
        r.score >= HALMA_WIN - plies as i32
    }

    fn players(&self) -> usize {
        self.setup.layout().seats.len()
    }
}

/// The Halma engine's score of a win on the board (see its `SearchResult::score`).
const HALMA_WIN: i32 = 30_000;

fn earlier_hashes(game: &ha::Game) -> Vec<u64> {
    let mut hashes = game.position_hashes();
    hashes.pop();
    hashes
}
