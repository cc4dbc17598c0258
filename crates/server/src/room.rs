//! One room: its game, its seats, its recent events, who is connected. No I/O: the hub
//! ([`crate::state`]) persists and broadcasts what this module decides.

use crate::ids::is_valid_id;
use crate::protocol::{
    ClientMessage, Colors, ErrorCode, Event, EventKind, OutcomeView, Presence, Seat, Side, Snapshot,
};
use crate::store::{RoomRecord, StoredRoom};
use kingme_draughts::{notation, Color, Game, Outcome, ParseFenError, PlayError};
use std::collections::{HashMap, VecDeque};

/// How many recent events a room keeps for reconnecting clients.
pub const REPLAY_EVENTS: usize = 256;
/// How long a player must be away before the opponent may continue against the computer.
pub const ABSENCE_MS: u64 = 2 * 60 * 1000;
/// A room with no player connected for this long is deleted.
pub const IDLE_EXPIRY_MS: u64 = 30 * 60 * 1000;
/// Every room is deleted this long after its creation.
pub const LIFETIME_MS: u64 = 24 * 60 * 60 * 1000;

/// A refused request: nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        code,
        message: message.into(),
    })
}

/// What a request leads to.
#[derive(Debug)]
pub enum Decision {
    /// Store this event, then apply it.
    Apply(Box<Change>),
    /// The move with this ack id was already applied (as version `v`): ack it again.
    AlreadyApplied { ack: u64, v: u64 },
}

/// A new event with the state it leads to.
#[derive(Debug)]
pub struct Change {
    pub kind: EventKind,
    game: Option<Game>,
    /// The joiner's new seat token (for [`EventKind::Joined`]).
    pub joiner_token: Option<String>,
}

/// A room in memory.
#[derive(Debug)]
pub struct Room {
    pub record: RoomRecord,
    /// The version of the last event.
    pub v: u64,
    game_no: u32,
    game: Game,
    /// The version at which the current game started.
    game_start_v: u64,
    left_for_computer: Option<Seat>,
    /// Applied moves by (seat, ack id) → version.
    acks: HashMap<(Seat, u64), u64>,
    recent: VecDeque<Event>,
    connections: [u32; 2],
    spectators: u32,
    away_since: [Option<u64>; 2],
    away_signalled: [bool; 2],
    /// Since when no player has been connected (`None` while one is).
    idle_since: Option<u64>,
}

impl Room {
    /// A new room, as created by its creator at `record.created_at`.
    ///
    /// # Errors
    /// The record's start position is not a valid FEN.
    pub fn new(record: RoomRecord) -> Result<Room, ParseFenError> {
        let created = record.created_at;
        Ok(Room {
            game: new_game(&record)?,
            record,
            v: 0,
            game_no: 1,
            game_start_v: 0,
            left_for_computer: None,
            acks: HashMap::new(),
            recent: VecDeque::new(),
            connections: [0, 0],
            spectators: 0,
            away_since: [Some(created), None],
            away_signalled: [false; 2],
            idle_since: Some(created),
        })
    }

    /// Rebuilds a stored room by replaying its events. Nobody is connected yet: absence and
    /// idle time count from `now`.
    ///
    /// # Errors
    /// An event that does not apply (a damaged store), named in the message.
    pub fn restore(stored: StoredRoom, now: u64) -> Result<Room, String> {
        let mut room = Room::new(stored.record).map_err(|e| e.to_string())?;
        for event in stored.events {
            if event.v != room.v + 1 {
                return Err(format!(
                    "room {}: event {} follows version {}",
                    room.record.id, event.v, room.v
                ));
            }
            let game = room.replay(&event.kind).map_err(|e| {
                format!(
                    "room {}: event {} does not apply: {e}",
                    room.record.id, event.v
                )
            })?;
            room.commit(event, game);
        }
        room.away_since = [Some(now), room.joined().then_some(now)];
        room.idle_since = Some(now);
        Ok(room)
    }

    fn replay(&self, kind: &EventKind) -> Result<Option<Game>, PlayError> {
        let mut game = self.game.clone();
        match kind {
            EventKind::Joined { .. } | EventKind::LeftForComputer { .. } => return Ok(None),
            EventKind::Moved {
                notation,
                offer_draw,
                ..
            } => {
                game.play_text(notation, *offer_draw)?;
            }
            EventKind::DrawAccepted { .. } => game.accept_draw()?,
            EventKind::Resigned { seat, .. } => game.resign(self.color_of(*seat))?,
            EventKind::Rematch { .. } => game = self.fresh_game(),
        }
        Ok(Some(game))
    }

    /// Applies a stored event.
    pub fn apply(&mut self, event: Event, change: Change) {
        let game = change.game;
        if let Some(token) = change.joiner_token {
            self.record.joiner_token = Some(token);
        }
        self.commit(event, game);
    }

    fn commit(&mut self, event: Event, game: Option<Game>) {
        if let Some(game) = game {
            self.game = game;
        }
        match &event.kind {
            EventKind::Joined { .. } => {
                if self.connections[1] == 0 {
                    self.away_since[1] = Some(event.at);
                }
            }
            EventKind::Moved { seat, ack, .. } => {
                self.acks.insert((*seat, *ack), event.v);
            }
            EventKind::Rematch { game, .. } => {
                self.game_no = *game;
                self.game_start_v = event.v;
                self.left_for_computer = None;
                self.away_signalled = [false; 2];
            }
            EventKind::LeftForComputer { seat } => self.left_for_computer = Some(*seat),
            EventKind::DrawAccepted { .. } | EventKind::Resigned { .. } => {}
        }
        self.v = event.v;
        self.recent.push_back(event);
        if self.recent.len() > REPLAY_EVENTS {
            self.recent.pop_front();
        }
    }

    /// Whether the second seat is taken.
    pub fn joined(&self) -> bool {
        self.record.joiner_token.is_some()
    }

    /// The seat a token opens, if any.
    pub fn seat_for_token(&self, token: &str) -> Option<Seat> {
        if token == self.record.creator_token {
            Some(Seat::Creator)
        } else if self.record.joiner_token.as_deref() == Some(token) {
            Some(Seat::Joiner)
        } else {
            None
        }
    }

    /// The colour `seat` plays in the current game.
    pub fn color_of(&self, seat: Seat) -> Color {
        let first = self.game.start_position().turn();
        let creator_first = self.game_no % 2 == 1;
        if (seat == Seat::Creator) == creator_first {
            first
        } else {
            !first
        }
    }

    fn seat_of(&self, color: Color) -> Seat {
        if self.color_of(Seat::Creator) == color {
            Seat::Creator
        } else {
            Seat::Joiner
        }
    }

    fn outcome_view(&self, outcome: Outcome) -> OutcomeView {
        OutcomeView {
            winner: outcome.winner.map(|c| self.seat_of(c)),
            winner_side: outcome.winner.map(Side::from),
            reason: outcome.reason.key().to_string(),
            description: outcome.reason.to_string(),
        }
    }

    fn in_progress(&self, seat: Seat) -> Result<(), Refusal> {
        if !self.joined() {
            return refuse(
                ErrorCode::WaitingForOpponent,
                "the game starts when the second player joins",
            );
        }
        if let Some(left) = self.left_for_computer {
            let who = if left == seat { "you" } else { "your opponent" };
            return refuse(
                ErrorCode::GameLeftRoom,
                format!("{who} went on with this game against the computer"),
            );
        }
        if let Some(outcome) = self.game.outcome() {
            return refuse(
                ErrorCode::GameOver,
                format!("the game is over ({})", outcome.reason),
            );
        }
        Ok(())
    }

    fn current_game_at(&self, v: u64) -> Result<(), Refusal> {
        if v < self.game_start_v || v > self.v {
            return refuse(
                ErrorCode::StaleVersion,
                format!(
                    "version {v} is not in the current game (the room is at {})",
                    self.v
                ),
            );
        }
        Ok(())
    }

    /// Decides what `msg` from a connection holding `seat` (`None`: a spectator) does.
    /// `new_token` is called for the joiner's seat token.
    ///
    /// # Errors
    /// A [`Refusal`] naming why nothing happens.
    pub fn decide(
        &self,
        seat: Option<Seat>,
        msg: &ClientMessage,
        now: u64,
        new_token: impl FnOnce() -> String,
    ) -> Result<Decision, Refusal> {
        if let ClientMessage::Join { token } = msg {
            if let Some(seat) = seat {
                return refuse(
                    ErrorCode::AlreadySeated,
                    format!("you already hold the {} seat", seat_name(seat)),
                );
            }
            if self.joined() {
                return refuse(ErrorCode::SeatTaken, "both seats are taken: you can watch");
            }
            let token = match token {
                Some(t) if is_valid_id(t) && *t != self.record.creator_token => t.clone(),
                Some(_) => {
                    return refuse(
                        ErrorCode::BadToken,
                        "a seat token is 32 random hexadecimal digits",
                    )
                }
                None => new_token(),
            };
            return Ok(apply(
                EventKind::Joined { seat: Seat::Joiner },
                None,
                Some(token),
            ));
        }
        let Some(seat) = seat else {
            return refuse(ErrorCode::NotAPlayer, "spectators cannot play in this room");
        };
        match msg {
            ClientMessage::Move {
                ack,
                v,
                notation: text,
                offer_draw,
            } => {
                if let Some(&applied) = self.acks.get(&(seat, *ack)) {
                    return Ok(Decision::AlreadyApplied {
                        ack: *ack,
                        v: applied,
                    });
                }
                self.in_progress(seat)?;
                if *v != self.v {
                    return refuse(
                        ErrorCode::StaleVersion,
                        format!(
                            "the move was chosen at version {v} but the room is at {}",
                            self.v
                        ),
                    );
                }
                let color = self.color_of(seat);
                if self.game.position().turn() != color {
                    return refuse(ErrorCode::NotYourTurn, "it is not your turn");
                }
                if *offer_draw && !self.game.may_offer_draw() {
                    return refuse(
                        ErrorCode::DrawOfferNotAllowed,
                        PlayError::OfferNotAllowed.to_string(),
                    );
                }
                let mut game = self.game.clone();
                let m = game.play_text(text, *offer_draw).map_err(|e| Refusal {
                    code: match e {
                        PlayError::OfferNotAllowed => ErrorCode::DrawOfferNotAllowed,
                        PlayError::GameOver(_) => ErrorCode::GameOver,
                        _ => ErrorCode::IllegalMove,
                    },
                    message: e.to_string(),
                })?;
                let kind = EventKind::Moved {
                    seat,
                    notation: notation::move_to_string(self.record.variant, &m),
                    offer_draw: *offer_draw,
                    ack: *ack,
                    fen: game.position().to_fen(),
                    outcome: game.outcome().map(|o| self.outcome_view(o)),
                };
                Ok(apply(kind, Some(game), None))
            }
            ClientMessage::AcceptDraw { v } => {
                self.in_progress(seat)?;
                self.current_game_at(*v)?;
                if self.game.draw_offer() != Some(!self.color_of(seat))
                    || self.game.position().turn() != self.color_of(seat)
                {
                    return refuse(ErrorCode::NoDrawOffer, "there is no draw offer to accept");
                }
                let mut game = self.game.clone();
                game.accept_draw().map_err(|e| Refusal {
                    code: ErrorCode::NoDrawOffer,
                    message: e.to_string(),
                })?;
                let outcome = self.outcome_of(&game)?;
                Ok(apply(
                    EventKind::DrawAccepted { seat, outcome },
                    Some(game),
                    None,
                ))
            }
            ClientMessage::Resign { v } => {
                self.in_progress(seat)?;
                self.current_game_at(*v)?;
                let mut game = self.game.clone();
                game.resign(self.color_of(seat)).map_err(|e| Refusal {
                    code: ErrorCode::GameOver,
                    message: e.to_string(),
                })?;
                let outcome = self.outcome_of(&game)?;
                Ok(apply(
                    EventKind::Resigned { seat, outcome },
                    Some(game),
                    None,
                ))
            }
            ClientMessage::Rematch { game } => {
                if *game != self.game_no {
                    return refuse(
                        ErrorCode::WrongGame,
                        format!("game {game} is not the current game ({})", self.game_no),
                    );
                }
                if self.game.outcome().is_none() && self.left_for_computer.is_none() {
                    return refuse(ErrorCode::GameNotOver, "the game is still being played");
                }
                let next = self.game_no + 1;
                let first = if next % 2 == 1 {
                    Seat::Creator
                } else {
                    Seat::Joiner
                };
                let fresh = self.fresh_game();
                let kind = EventKind::Rematch {
                    game: next,
                    first,
                    fen: fresh.position().to_fen(),
                };
                Ok(apply(kind, Some(fresh), None))
            }
            ClientMessage::ContinueVsComputer { v } => {
                self.in_progress(seat)?;
                self.current_game_at(*v)?;
                let other = seat.other();
                let away_long_enough = self.connections[other.index()] == 0
                    && self.away_since[other.index()]
                        .is_some_and(|since| now.saturating_sub(since) >= ABSENCE_MS);
                if !away_long_enough {
                    return refuse(
                        ErrorCode::OpponentNotAway,
                        "your opponent has not been away for two minutes",
                    );
                }
                Ok(apply(EventKind::LeftForComputer { seat }, None, None))
            }
            ClientMessage::Hello { .. }
            | ClientMessage::Sync { .. }
            | ClientMessage::Join { .. } => {
                refuse(ErrorCode::HelloFirst, "this message is not a room action")
            }
        }
    }

    fn outcome_of(&self, game: &Game) -> Result<OutcomeView, Refusal> {
        match game.outcome() {
            Some(o) => Ok(self.outcome_view(o)),
            None => refuse(ErrorCode::GameOver, "the game did not end"),
        }
    }

    /// Counts a new connection (`seat`, or a spectator).
    pub fn connect(&mut self, seat: Option<Seat>) {
        match seat {
            Some(seat) => {
                self.connections[seat.index()] += 1;
                self.away_since[seat.index()] = None;
                self.away_signalled[seat.index()] = false;
                self.idle_since = None;
            }
            None => self.spectators += 1,
        }
    }

    /// Counts a closed connection.
    pub fn disconnect(&mut self, seat: Option<Seat>, now: u64) {
        match seat {
            Some(seat) => {
                let count = &mut self.connections[seat.index()];
                *count = count.saturating_sub(1);
                if *count == 0 {
                    self.away_since[seat.index()] = Some(now);
                }
                if self.connections == [0, 0] {
                    self.idle_since = Some(now);
                }
            }
            None => self.spectators = self.spectators.saturating_sub(1),
        }
    }

    /// A spectator connection took the joiner's seat.
    pub fn seat_spectator(&mut self, seat: Seat) {
        self.spectators = self.spectators.saturating_sub(1);
        self.connect(Some(seat));
    }

    /// Who is connected.
    pub fn presence(&self) -> Presence {
        Presence {
            creator: self.connections[0] > 0,
            joiner: self.connections[1] > 0,
            spectators: self.spectators,
            creator_away_since: self.away_since[0],
            joiner_away_since: if self.joined() {
                self.away_since[1]
            } else {
                None
            },
        }
    }

    /// Whether the room is past its lifetime or idle limit at `now`.
    pub fn expired(&self, now: u64) -> bool {
        now.saturating_sub(self.record.created_at) >= LIFETIME_MS
            || self
                .idle_since
                .is_some_and(|since| now.saturating_sub(since) >= IDLE_EXPIRY_MS)
    }

    /// Seats that have just been away for [`ABSENCE_MS`] during a game (each reported once per
    /// absence), with the time they left.
    pub fn newly_away(&mut self, now: u64) -> Vec<(Seat, u64)> {
        if !self.joined() || self.left_for_computer.is_some() || self.game.outcome().is_some() {
            return Vec::new();
        }
        let mut away = Vec::new();
        for seat in [Seat::Creator, Seat::Joiner] {
            let i = seat.index();
            if let Some(since) = self.away_since[i] {
                if !self.away_signalled[i] && now.saturating_sub(since) >= ABSENCE_MS {
                    self.away_signalled[i] = true;
                    away.push((seat, since));
                }
            }
        }
        away
    }

    /// The events after version `v`, if they are all still kept.
    pub fn events_after(&self, v: u64) -> Option<Vec<Event>> {
        if v > self.v {
            return None;
        }
        if v == self.v {
            return Some(Vec::new());
        }
        let oldest = self.recent.front()?.v;
        if oldest > v + 1 {
            return None;
        }
        Some(self.recent.iter().filter(|e| e.v > v).cloned().collect())
    }

    /// The whole room as `you` sees it.
    pub fn snapshot(&self, you: Option<Seat>) -> Snapshot {
        let variant = self.record.variant;
        let over = self.game.outcome().is_some() || self.left_for_computer.is_some();
        Snapshot {
            v: self.v,
            room: self.record.id.clone(),
            variant: variant.key().to_string(),
            created_at: self.record.created_at,
            expires_at: self.record.created_at + LIFETIME_MS,
            game: self.game_no,
            colors: Colors {
                creator: self.color_of(Seat::Creator).into(),
                joiner: self.color_of(Seat::Joiner).into(),
            },
            joined: self.joined(),
            you,
            start_fen: self.game.start_position().to_fen(),
            moves: self
                .game
                .moves()
                .map(|m| notation::move_to_string(variant, m))
                .collect(),
            offers: (0..self.game.ply())
                .map(|i| self.game.offered_draw_at(i))
                .collect(),
            fen: self.game.position().to_fen(),
            to_move: (!over).then(|| self.seat_of(self.game.position().turn())),
            legal_moves: if over {
                Vec::new()
            } else {
                self.game
                    .legal_moves()
                    .iter()
                    .map(|m| notation::move_to_string(variant, m))
                    .collect()
            },
            draw_offer: self.game.draw_offer().map(|c| self.seat_of(c)),
            may_offer_draw: !over && self.game.may_offer_draw(),
            outcome: self.game.outcome().map(|o| self.outcome_view(o)),
            left_for_computer: self.left_for_computer,
            presence: self.presence(),
        }
    }

    fn fresh_game(&self) -> Game {
        // The record's FEN was checked when the room was made.
        new_game(&self.record).unwrap_or_else(|_| Game::new(self.record.variant))
    }

    /// The number of the current game.
    pub fn game_no(&self) -> u32 {
        self.game_no
    }
}

fn new_game(record: &RoomRecord) -> Result<Game, ParseFenError> {
    match &record.start_fen {
        Some(fen) => Game::from_fen(record.variant, fen),
        None => Ok(Game::new(record.variant)),
    }
}

fn apply(kind: EventKind, game: Option<Game>, joiner_token: Option<String>) -> Decision {
    Decision::Apply(Box::new(Change {
        kind,
        game,
        joiner_token,
    }))
}

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::Creator => "creator's",
        Seat::Joiner => "second player's",
    }
}
