//! A game: positions, history, results, draw offers and undo.

use crate::draw::{Countdown, DrawCounters, DrawRule};
use crate::notation::{self, ParseMoveError};
use crate::{Color, Move, MoveList, Position, Variant};
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum EndReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser's pieces are all blocked.
    NoLegalMove,
    /// The loser resigned.
    Resignation,
    /// A player ran out of time: the other wins, or, when the other could not possibly win
    /// any more ([`Game::could_still_win`]), a draw.
    TimeOut,
    /// A draw, by this rule.
    Draw(DrawRule),
}

impl EndReason {
    /// A short stable name for JSON and translations.
    pub const fn key(self) -> &'static str {
        match self {
            EndReason::NoPieces => "no-pieces",
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::Resignation => "resignation",
            EndReason::TimeOut => "time-out",
            EndReason::Draw(rule) => rule.key(),
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::NoPieces => f.write_str("no pieces left"),
            EndReason::NoLegalMove => f.write_str("no legal move"),
            EndReason::Resignation => f.write_str("resignation"),
            EndReason::TimeOut => f.write_str("out of time"),
            EndReason::Draw(rule) => rule.fmt(f),
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: EndReason,
}

/// Why a game action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over.
    GameOver(Outcome),
    /// Not a legal move here.
    IllegalMove(String),
    /// The move text was not accepted.
    Parse(ParseMoveError),
    /// The side to move may not offer a draw now (its last offer was declined and no man has
    /// moved and nothing was captured since).
    OfferNotAllowed,
    /// There is no draw offer to accept.
    NoOfferToAccept,
    /// Nothing to undo.
    NothingToUndo,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over ({})", o.reason),
            PlayError::IllegalMove(m) => write!(f, "illegal move {m}"),
            PlayError::Parse(e) => e.fmt(f),
            PlayError::OfferNotAllowed => f.write_str(
                "a draw may not be offered again until a man has moved or a piece has been captured",
            ),
            PlayError::NoOfferToAccept => f.write_str("there is no draw offer to accept"),
            PlayError::NothingToUndo => f.write_str("there is no move to undo"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<ParseMoveError> for PlayError {
    fn from(e: ParseMoveError) -> PlayError {
        PlayError::Parse(e)
    }
}

/// Everything that a move changes, so that undo restores it exactly.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct State {
    position: Position,
    counters: DrawCounters,
    /// The side whose draw offer awaits an answer.
    offer: Option<Color>,
    /// Sides whose declined offer bars them from offering again for now.
    offer_barred: [bool; 2],
    outcome: Option<Outcome>,
}

#[derive(Clone, Debug)]
struct Ply {
    mv: Move,
    offered_draw: bool,
    before: State,
}

/// A game of draughts from a starting position.
///
/// ```
/// use kingme_draughts::{Game, Variant};
/// let mut game = Game::new(Variant::English);
/// game.play_text("c3-d4", false).unwrap();
/// game.play_text("f6-e5", true).unwrap(); // White offers a draw with this move
/// assert_eq!(game.draw_offer(), Some(kingme_draughts::Color::White));
/// game.undo();
/// assert_eq!(game.draw_offer(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    state: State,
    plies: Vec<Ply>,
}

impl Game {
    /// A game from the variant's starting position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::start(variant))
    }

    /// A game from `position`.
    pub fn from_position(position: Position) -> Game {
        let mut state = State {
            position,
            counters: DrawCounters::new(&position),
            offer: None,
            offer_barred: [false; 2],
            outcome: None,
        };
        state.outcome = decide(&state, &[]);
        Game {
            start: position,
            state,
            plies: Vec::new(),
        }
    }

    /// A game from a FEN.
    ///
    /// # Errors
    /// The FEN's [`crate::ParseFenError`].
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Game, crate::ParseFenError> {
        Ok(Game::from_position(Position::from_fen(variant, fen)?))
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.state.position
    }

    /// Legal moves, none when the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.state.outcome.is_some() {
            MoveList::new()
        } else {
            self.state.position.legal_moves()
        }
    }

    /// The moves played so far.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = &Move> + '_ {
        self.plies.iter().map(|p| &p.mv)
    }

    /// Whether the move at `index` carried a draw offer.
    pub fn offered_draw_at(&self, index: usize) -> bool {
        self.plies.get(index).is_some_and(|p| p.offered_draw)
    }

    /// Number of moves played.
    pub fn ply(&self) -> usize {
        self.plies.len()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// The draw counters after the last move.
    pub fn counters(&self) -> DrawCounters {
        self.state.counters
    }

    /// Every counting rule in force and what is left of it.
    pub fn countdowns(&self) -> Vec<Countdown> {
        self.state.counters.countdowns()
    }

    /// The side whose draw offer awaits an answer from the side to move.
    pub fn draw_offer(&self) -> Option<Color> {
        self.state.offer
    }

    /// Whether the side to move may attach a draw offer to its next move.
    pub fn may_offer_draw(&self) -> bool {
        self.state.outcome.is_none() && !self.state.offer_barred[self.state.position.turn().index()]
    }

    /// Hashes of the positions since the last man move or capture, oldest first, ending with the
    /// current position: the positions that can still repeat.
    pub fn repetition_hashes(&self) -> Vec<u64> {
        let window = self.state.counters.reversible_plies() as usize;
        let mut hashes: Vec<u64> = self
            .plies
            .iter()
            .rev()
            .take(window)
            .map(|p| p.before.position.hash())
            .collect();
        hashes.reverse();
        hashes.push(self.state.position.hash());
        hashes
    }

    /// How many times the current position has occurred (same side to move), counting now.
    pub fn repetition_count(&self) -> usize {
        let current = self.state.position.hash();
        self.repetition_hashes()
            .iter()
            .filter(|&&h| h == current)
            .count()
    }

    /// Plays `m`, optionally with a draw offer; moving also declines a pending offer.
    ///
    /// # Errors
    /// [`PlayError`] if the game is over, the move is not legal, or an offer is not allowed now.
    pub fn play(&mut self, m: &Move, offer_draw: bool) -> Result<(), PlayError> {
        if let Some(outcome) = self.state.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        let legal = self.state.position.legal_moves();
        let Some(m) = legal.iter().find(|l| *l == m).copied() else {
            return Err(PlayError::IllegalMove(notation::move_to_string(
                self.variant(),
                m,
            )));
        };
        if offer_draw && !self.may_offer_draw() {
            return Err(PlayError::OfferNotAllowed);
        }
        let before = self.state;
        let us = before.position.turn();
        let mut position = before.position;
        position.play_unchecked(&m);
        let irreversible = m.is_capture() || !before.position.all_kings().contains(m.from());
        let mut offer_barred = before.offer_barred;
        if before.offer == Some(!us) {
            offer_barred[(!us).index()] = true;
        }
        if irreversible && !offer_draw {
            offer_barred = [false; 2];
        }
        self.state = State {
            position,
            counters: before.counters.after(&before.position, &m, &position),
            offer: offer_draw.then_some(us),
            offer_barred,
            outcome: None,
        };
        self.plies.push(Ply {
            mv: m,
            offered_draw: offer_draw,
            before,
        });
        self.state.outcome = decide(&self.state, &self.plies);
        Ok(())
    }

    /// Reads a move in any accepted notation and plays it.
    ///
    /// # Errors
    /// [`PlayError`], including [`PlayError::Parse`] for unreadable or ambiguous text.
    pub fn play_text(&mut self, text: &str, offer_draw: bool) -> Result<Move, PlayError> {
        if let Some(outcome) = self.state.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        let m = notation::parse_move(&self.state.position, text)?;
        self.play(&m, offer_draw)?;
        Ok(m)
    }

    /// Takes back the last move, with the draw offer it carried; also undoes a resignation or
    /// agreed draw that followed it.
    pub fn undo(&mut self) -> Option<Move> {
        let ply = self.plies.pop()?;
        self.state = ply.before;
        Some(ply.mv)
    }

    /// Whether some sequence of legal moves from here could still end with `color` winning,
    /// its opponent helping: the test for a player whose opponent ran out of time (a draw when
    /// it cannot). In draughts that is whenever `color` has a piece left and the game is not
    /// over: the opponent can walk its pieces into `color`'s captures (capturing is
    /// compulsory) until it has none. A capture resets the move-counting draw rules (40, 25 and
    /// 30 moves), and the endgame limits (International 5 and 16 moves, Russian three kings in
    /// 18) apply only with a lone king on one side and at most three pieces on the other, which
    /// leaves enough moves to give those few pieces away. A finished game answers whether
    /// `color` won.
    pub fn could_still_win(&self, color: Color) -> bool {
        match self.state.outcome {
            Some(outcome) => outcome.winner == Some(color),
            None => !self.state.position.pieces(color).is_empty(),
        }
    }

    /// `color` resigns.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has already ended.
    pub fn resign(&mut self, color: Color) -> Result<(), PlayError> {
        if let Some(outcome) = self.state.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        self.state.outcome = Some(Outcome {
            winner: Some(!color),
            reason: EndReason::Resignation,
        });
        Ok(())
    }

    /// `color` ran out of time: the other side wins, unless it could not possibly win any more
    /// (then the game is drawn). Undone with the move before it, like a resignation.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has already ended.
    pub fn time_out(&mut self, color: Color) -> Result<(), PlayError> {
        if let Some(outcome) = self.state.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        let winner = self.could_still_win(!color).then_some(!color);
        self.state.outcome = Some(Outcome {
            winner,
            reason: EndReason::TimeOut,
        });
        Ok(())
    }

    /// The side to move accepts the pending draw offer.
    ///
    /// # Errors
    /// [`PlayError::NoOfferToAccept`] without a pending offer by the opponent.
    pub fn accept_draw(&mut self) -> Result<(), PlayError> {
        if let Some(outcome) = self.state.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        if self.state.offer != Some(!self.state.position.turn()) {
            return Err(PlayError::NoOfferToAccept);
        }
        self.state.offer = None;
        self.state.outcome = Some(Outcome {
            winner: None,
            reason: EndReason::Draw(DrawRule::Agreement),
        });
        Ok(())
    }
}

/// The result reached in `state`: a side without a legal move loses, even on the last move of a
/// limit; then repetition; then the counting rules.
fn decide(state: &State, plies: &[Ply]) -> Option<Outcome> {
    let pos = &state.position;
    let to_move = pos.turn();
    if pos.pieces(to_move).is_empty() {
        return Some(Outcome {
            winner: Some(!to_move),
            reason: EndReason::NoPieces,
        });
    }
    if pos.is_lost() {
        return Some(Outcome {
            winner: Some(!to_move),
            reason: EndReason::NoLegalMove,
        });
    }
    let window = state.counters.reversible_plies() as usize;
    let repeats = plies
        .iter()
        .rev()
        .take(window)
        .filter(|p| p.before.position.hash() == pos.hash())
        .count();
    if repeats >= 2 {
        return Some(Outcome {
            winner: None,
            reason: EndReason::Draw(DrawRule::Repetition),
        });
    }
    state.counters.verdict().map(|rule| Outcome {
        winner: None,
        reason: EndReason::Draw(rule),
    })
}
