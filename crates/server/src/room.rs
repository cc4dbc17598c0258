//! One room: its game, its seats, its recent events, who is connected. No I/O and no wire
//! format: the room decides on its own [`Action`]s and emits its own [`RoomEvent`]s; the hub
//! ([`crate::state`]) persists and broadcasts them, the socket ([`crate::socket`]) translates
//! protocol messages to actions and events to protocol messages, and the store
//! ([`crate::stored`]) has a format of its own.
//!
//! An event changes a room in one way only, [`Room::prepare`] then [`Room::commit`]: live, the
//! prepared event is stored between the two; when a room is restored, [`Room::apply`] does both.
//! The legality of moves, draw offers and resignations is the rules crate's: the room checks only
//! what the rules cannot know (who holds which seat, whose turn a seat's colour is, versions,
//! absence).

use crate::clocks::{ClockReading, ClockTimes, Clocks};
use crate::game::{GameEnd, RoomGame, RulesRefusal};
use crate::ids::is_valid_id;
use crate::protocol::ErrorCode;
use crate::store::{PresenceTimes, RoomRecord, StoredRoom};
use kingme_draughts::Color;
use kingme_engine_core::Level;
use std::collections::{HashMap, VecDeque};

/// How many recent events a room keeps for reconnecting clients.
pub const REPLAY_EVENTS: usize = 256;
/// The longest display name a seat may have, in characters.
pub const MAX_NAME_CHARS: usize = 24;
/// How long a player must be away before the others may continue against the computer.
pub const ABSENCE_MS: u64 = 2 * 60 * 1000;
/// A room with no player connected for this long is deleted.
pub const IDLE_EXPIRY_MS: u64 = 30 * 60 * 1000;
/// Every room is deleted this long after its creation.
pub const LIFETIME_MS: u64 = 24 * 60 * 60 * 1000;

/// A seat: its place in the room's list of seats. Seat 0 is the creator's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SeatNo(pub u8);

impl SeatNo {
    /// The creator's seat.
    pub const CREATOR: SeatNo = SeatNo(0);

    /// The seat's place in the list.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// What a seat holder (or a spectator, who holds none) asks the room to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Take a free seat (`seat`, or the first free one) with `token`, the seat token the client
    /// chose (without one the room has one made).
    TakeSeat {
        seat: Option<SeatNo>,
        token: Option<String>,
        name: Option<String>,
    },
    /// The creator gives free seats (`seats`, or every free one) to the computer at `level`
    /// before the game starts.
    SeatComputers {
        seats: Option<Vec<SeatNo>>,
        level: Level,
    },
    /// `seat`'s holder has been away for [`ABSENCE_MS`]: the computer at `level` plays for it
    /// until it comes back.
    ReplaceWithComputer { seat: SeatNo, level: Level, v: u64 },
    /// The holder of a seat the computer plays for takes it back.
    Reclaim,
    /// The computer playing `seat` plays `notation`, chosen at version `v`.
    ComputerMove {
        seat: SeatNo,
        v: u64,
        notation: String,
    },
    /// Play a move (any notation the rules crate reads) chosen at room version `v`; `ack` is the
    /// client's id for it.
    Move {
        ack: u64,
        v: u64,
        notation: String,
        offer_draw: bool,
    },
    /// Accept the draw offered with the opponent's last move.
    AcceptDraw { v: u64 },
    /// Resign the current game.
    Resign { v: u64 },
    /// Start the next game once game `game` is over.
    Rematch { game: u32 },
    /// The opponent has been away for [`ABSENCE_MS`]: go on against the computer.
    ContinueVsComputer { v: u64 },
}

/// A change to a room, numbered by the room version `v`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomEvent {
    pub v: u64,
    /// Milliseconds since the Unix epoch.
    pub at: u64,
    pub kind: RoomEventKind,
}

/// What happened: only the facts. Positions, results and colours follow from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomEventKind {
    /// `seat` was taken by the holder of `token`, who goes by `name`.
    SeatTaken {
        seat: SeatNo,
        token: String,
        name: Option<String>,
    },
    /// The computer at `level` plays `seats` from now on (free seats given to it, or a seat
    /// whose holder was away).
    ComputersSeated { seats: Vec<SeatNo>, level: Level },
    /// The holder of `seat` took it back from the computer.
    SeatReclaimed { seat: SeatNo },
    /// `seat` played `notation` (full-path notation once prepared). In a timed room
    /// `clock_ms` is the mover's time left after it, with the increment (worked out when the
    /// move is prepared, then stored: a restart does not recount it from the events' times).
    Moved {
        seat: SeatNo,
        ack: u64,
        notation: String,
        offer_draw: bool,
        clock_ms: Option<u64>,
    },
    /// `seat`'s time ran out.
    Flagged { seat: SeatNo },
    /// `seat` accepted the draw offer.
    DrawAccepted { seat: SeatNo },
    /// `seat` resigned.
    Resigned { seat: SeatNo },
    /// Game number `game` started; the seats' order rotates.
    Rematch { game: u32 },
    /// `seat` took the game out of the room to go on against the computer.
    LeftForComputer { seat: SeatNo },
}

/// How a game ended, by seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The one winning seat and, in draughts, its colour; `None` for a draw (or a shared first
    /// place).
    pub winner: Option<(SeatNo, Option<Color>)>,
    /// The places: `ranking[0]` the first (several seats when they share it).
    pub ranking: Vec<Vec<SeatNo>>,
    /// The rules crate's key for the reason.
    pub reason: String,
    /// The reason in words.
    pub description: String,
}

/// An applied event with what followed from it (what clients are told).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub event: RoomEvent,
    /// The position after a move, or the start of a rematch (FEN, or the Halma position
    /// string).
    pub fen: Option<String>,
    /// The game's result when this event ended it.
    pub result: Option<GameResult>,
    /// For a rematch: the seat that moves first.
    pub first: Option<SeatNo>,
    /// In a timed room, the clocks just after the event.
    pub clocks: Option<ClockReading>,
}

/// An event checked against the room and ready to commit (and, live, to store first).
#[derive(Debug)]
pub struct Prepared {
    applied: Applied,
    /// The game after the event, if it changes the game.
    game: Option<RoomGame>,
}

impl Prepared {
    /// The event as it is to be stored (moves in full-path notation).
    pub fn event(&self) -> &RoomEvent {
        &self.applied.event
    }
}

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

/// The rules crate refused: the same refusal in the room's terms.
fn rules_refusal(e: RulesRefusal) -> Refusal {
    Refusal {
        code: match e {
            RulesRefusal::DrawOfferNotAllowed(_) => ErrorCode::DrawOfferNotAllowed,
            RulesRefusal::GameOver(_) => ErrorCode::GameOver,
            RulesRefusal::NoDrawOffer(_) => ErrorCode::NoDrawOffer,
            RulesRefusal::IllegalMove(_) => ErrorCode::IllegalMove,
        },
        message: e.message().to_string(),
    }
}

/// What an action leads to.
#[derive(Debug, PartialEq, Eq)]
pub enum Decision {
    /// This event, as the next version: prepare, store, commit.
    Event(RoomEventKind),
    /// The move with this ack id was already applied (as version `v`): ack it again.
    AlreadyApplied { ack: u64, v: u64 },
}

/// One seat of a room.
#[derive(Debug, Clone, Default)]
pub struct SeatState {
    /// The seat's token; `None` while the seat is free (or a computer seat from the start).
    pub token: Option<String>,
    /// The holder's display name, if it chose one.
    pub name: Option<String>,
    /// The level of the computer playing the seat, if one does.
    pub computer: Option<Level>,
    /// Open connections holding the seat.
    pub connections: u32,
    /// Since when nobody has held the seat (`None` while someone does, or while it is free).
    pub away_since: Option<u64>,
    away_signalled: bool,
}

/// A room in memory.
#[derive(Debug)]
pub struct Room {
    pub record: RoomRecord,
    /// The version of the last event.
    pub v: u64,
    seats: Vec<SeatState>,
    spectators: u32,
    game_no: u32,
    game: RoomGame,
    /// The version at which the current game started.
    game_start_v: u64,
    left_for_computer: Option<SeatNo>,
    /// Applied moves by (seat, ack id) → version.
    acks: HashMap<(SeatNo, u64), u64>,
    recent: VecDeque<Applied>,
    /// Since when no player has been connected (`None` while one is).
    idle_since: Option<u64>,
    /// The presence times as last handed to the store.
    saved_presence: Option<PresenceTimes>,
    /// The clocks of a timed room.
    clocks: Option<Clocks>,
    /// The clocks as last noted while one ran (saved with the presence times).
    clocks_noted: Option<ClockTimes>,
    /// Whether the current game's first move has been played: clocks run from then on.
    clocks_started: bool,
}

impl Room {
    /// A new room, as created by its creator at `record.created_at`.
    ///
    /// # Errors
    /// The record's start position does not read.
    pub fn new(record: RoomRecord) -> Result<Room, String> {
        let created = record.created_at;
        let mut seats = vec![SeatState::default(); usize::from(record.seats.max(1))];
        let clocks = record.clock.map(|c| Clocks::new(c, seats.len()));
        seats[0].token = Some(record.creator_token.clone());
        seats[0].name = record.creator_name.clone();
        seats[0].away_since = Some(created);
        Ok(Room {
            game: new_game(&record)?,
            record,
            v: 0,
            seats,
            spectators: 0,
            game_no: 1,
            game_start_v: 0,
            left_for_computer: None,
            acks: HashMap::new(),
            recent: VecDeque::new(),
            idle_since: Some(created),
            saved_presence: None,
            clocks,
            clocks_noted: None,
            clocks_started: false,
        })
    }

    /// Rebuilds a stored room by applying its events. Nobody is connected yet: absence and
    /// idle time count from the saved presence times, moved on by `downtime_ms` (the time the
    /// server was down, which nobody could use to come back), and from `now` where none were
    /// saved or someone was connected when they were.
    ///
    /// # Errors
    /// An event that does not apply (a damaged store), named in the message.
    pub fn restore(stored: StoredRoom, now: u64, downtime_ms: u64) -> Result<Room, String> {
        let saved = stored.presence.unwrap_or_default();
        let mut room = Room::new(stored.record)?;
        for event in stored.events {
            let v = event.v;
            if let Err(e) = room.apply(event) {
                return Err(format!(
                    "room {}: event {v} does not apply: {}",
                    room.record.id, e.message
                ));
            }
        }
        let after_downtime = |since: Option<u64>| {
            since.map_or(now, |since| since.saturating_add(downtime_ms).min(now))
        };
        for (i, seat) in room.seats.iter_mut().enumerate() {
            let since = after_downtime(saved.away_since.get(i).copied().flatten());
            seat.away_since = seat.token.is_some().then_some(since);
        }
        room.idle_since = Some(after_downtime(saved.idle_since));
        if let Some(clocks) = &mut room.clocks {
            clocks.resume(saved.clocks.as_ref(), now);
        }
        room.clocks_noted = saved.clocks;
        room.saved_presence = Some(room.presence_times());
        Ok(room)
    }

    /// Applies an event: [`Room::prepare`], then [`Room::commit`].
    ///
    /// # Errors
    /// The event does not apply to the room as it is; nothing changed.
    pub fn apply(&mut self, event: RoomEvent) -> Result<&Applied, Refusal> {
        let prepared = self.prepare(event)?;
        Ok(self.commit(prepared))
    }

    /// Checks `event` against the room and works out what it leads to, changing nothing.
    ///
    /// # Errors
    /// The event is not the next version, names a seat the room does not have, or the rules
    /// refuse it.
    pub fn prepare(&self, event: RoomEvent) -> Result<Prepared, Refusal> {
        if event.v != self.v + 1 {
            return refuse(
                ErrorCode::StaleVersion,
                format!("event {} does not follow version {}", event.v, self.v),
            );
        }
        let seats: Vec<SeatNo> = match &event.kind {
            RoomEventKind::SeatTaken { seat, .. }
            | RoomEventKind::SeatReclaimed { seat }
            | RoomEventKind::Moved { seat, .. }
            | RoomEventKind::DrawAccepted { seat }
            | RoomEventKind::Resigned { seat }
            | RoomEventKind::Flagged { seat }
            | RoomEventKind::LeftForComputer { seat } => vec![*seat],
            RoomEventKind::ComputersSeated { seats, .. } => seats.clone(),
            RoomEventKind::Rematch { .. } => Vec::new(),
        };
        if seats.iter().any(|s| s.index() >= self.seats.len()) {
            return refuse(ErrorCode::NotAPlayer, "the room has no such seat");
        }
        let mut event = event;
        let mut applied_game = None;
        let mut fen = None;
        let mut first = None;
        match &mut event.kind {
            RoomEventKind::SeatTaken { seat, .. } => {
                if self.is_seated(*seat) {
                    return refuse(ErrorCode::SeatTaken, "the seat is taken");
                }
            }
            RoomEventKind::ComputersSeated { seats, .. } => {
                if seats.is_empty() {
                    return refuse(ErrorCode::SeatTaken, "no seat to give to the computer");
                }
            }
            RoomEventKind::SeatReclaimed { seat } => {
                if self.seats[seat.index()].computer.is_none() {
                    return refuse(ErrorCode::NotAway, "the computer is not playing this seat");
                }
            }
            RoomEventKind::Moved {
                seat,
                notation: text,
                offer_draw,
                clock_ms,
                ..
            } => {
                let mut game = self.game.clone();
                *text = game.play(text, *offer_draw).map_err(rules_refusal)?;
                if let (None, Some(clocks)) = (*clock_ms, &self.clocks) {
                    *clock_ms = Some(clocks.after_move(*seat, event.at));
                }
                fen = Some(game.position_text());
                applied_game = Some(game);
            }
            RoomEventKind::DrawAccepted { .. } => {
                let mut game = self.game.clone();
                game.accept_draw().map_err(rules_refusal)?;
                applied_game = Some(game);
            }
            RoomEventKind::Resigned { seat } => {
                let mut game = self.game.clone();
                game.resign(self.player_of(*seat)).map_err(rules_refusal)?;
                applied_game = Some(game);
            }
            RoomEventKind::Flagged { seat } => {
                if self.clocks.is_none() {
                    return refuse(ErrorCode::NotAway, "the room has no clocks");
                }
                let mut game = self.game.clone();
                game.time_out(self.player_of(*seat))
                    .map_err(rules_refusal)?;
                applied_game = Some(game);
            }
            RoomEventKind::Rematch { game } => {
                if *game != self.game_no + 1 {
                    return refuse(
                        ErrorCode::WrongGame,
                        format!("game {game} does not follow game {}", self.game_no),
                    );
                }
                let fresh = self.fresh_game();
                fen = Some(fresh.position_text());
                first = Some(self.first_seat(*game));
                applied_game = Some(fresh);
            }
            RoomEventKind::LeftForComputer { .. } => {}
        }
        let result = match (&event.kind, &applied_game) {
            (RoomEventKind::Rematch { .. }, _) | (_, None) => None,
            (_, Some(game)) => game.end().map(|end| self.result_of(&end)),
        };
        Ok(Prepared {
            applied: Applied {
                event,
                fen,
                result,
                first,
                clocks: None,
            },
            game: applied_game,
        })
    }

    /// Makes a prepared event part of the room. Returns it with what followed from it.
    pub fn commit(&mut self, prepared: Prepared) -> &Applied {
        let Prepared { mut applied, game } = prepared;
        if let Some(game) = game {
            self.game = game;
        }
        let event = &applied.event;
        match &event.kind {
            RoomEventKind::SeatTaken { seat, token, name } => {
                let state = &mut self.seats[seat.index()];
                state.token = Some(token.clone());
                state.name = name.clone();
                if state.connections == 0 {
                    state.away_since = Some(event.at);
                }
            }
            RoomEventKind::ComputersSeated { seats, level } => {
                for seat in seats {
                    self.seats[seat.index()].computer = Some(*level);
                }
            }
            RoomEventKind::SeatReclaimed { seat } => {
                let state = &mut self.seats[seat.index()];
                state.computer = None;
                state.away_signalled = false;
            }
            RoomEventKind::Moved {
                seat,
                ack,
                clock_ms,
                ..
            } => {
                // The computer's moves have no ids of their own: a holder taking the seat back
                // numbers its moves afresh.
                if self.seats[seat.index()].computer.is_none() {
                    self.acks.insert((*seat, *ack), event.v);
                }
                if let (Some(clocks), Some(ms)) = (&mut self.clocks, clock_ms) {
                    clocks.moved(*seat, *ms);
                }
                self.clocks_started = true;
            }
            RoomEventKind::Flagged { seat } => {
                if let Some(clocks) = &mut self.clocks {
                    clocks.flagged(*seat);
                }
            }
            RoomEventKind::Rematch { game } => {
                self.game_no = *game;
                self.game_start_v = event.v;
                self.left_for_computer = None;
                self.clocks_started = false;
                if let Some(clocks) = &mut self.clocks {
                    clocks.reset();
                }
                for seat in &mut self.seats {
                    seat.away_signalled = false;
                }
            }
            RoomEventKind::LeftForComputer { seat } => self.left_for_computer = Some(*seat),
            RoomEventKind::DrawAccepted { .. } | RoomEventKind::Resigned { .. } => {}
        }
        self.v = event.v;
        let next = self.clock_to_run();
        if let Some(clocks) = &mut self.clocks {
            clocks.run(next, event.at);
            applied.clocks = Some(clocks.reading(event.at));
        }
        self.recent.push_back(applied);
        if self.recent.len() > REPLAY_EVENTS {
            self.recent.pop_front();
        }
        // Just pushed.
        &self.recent[self.recent.len() - 1]
    }

    /// Since when nobody has been connected to the room and to each seat, and the clocks as
    /// last noted.
    pub fn presence_times(&self) -> PresenceTimes {
        PresenceTimes {
            idle_since: self.idle_since,
            away_since: self.seats.iter().map(|s| s.away_since).collect(),
            clocks: self.clocks_noted.clone(),
        }
    }

    /// The room's clocks, if it is timed.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The seat whose clock should run: the seat to move, once the game's first move is played
    /// and while the game is played in the room.
    fn clock_to_run(&self) -> Option<SeatNo> {
        if !self.clocks_started || !self.all_seated() || self.over() {
            return None;
        }
        self.seat_to_move()
    }

    /// Notes the clocks at `now` to be saved with the presence times, if one runs; returns
    /// whether one does.
    pub fn note_clocks(&mut self, now: u64) -> bool {
        match &self.clocks {
            Some(clocks) if clocks.running().is_some() => {
                self.clocks_noted = Some(clocks.times(now));
                true
            }
            _ => false,
        }
    }

    /// The event that ends a seat's game on time at `now`, if its time has run out.
    pub fn flag_due(&self, now: u64) -> Option<RoomEventKind> {
        let seat = self.clocks.as_ref()?.flag_due(now)?;
        Some(RoomEventKind::Flagged { seat })
    }

    /// The presence times, if they changed since they were last taken to be saved.
    pub fn presence_to_save(&mut self) -> Option<PresenceTimes> {
        let now = self.presence_times();
        if self.saved_presence.as_ref() == Some(&now) {
            return None;
        }
        self.saved_presence = Some(now.clone());
        Some(now)
    }

    /// The room's seats, in order.
    pub fn seats(&self) -> &[SeatState] {
        &self.seats
    }

    /// How many spectators are connected.
    pub fn spectators(&self) -> u32 {
        self.spectators
    }

    /// Whether `seat` is taken, by a player or the computer.
    pub fn is_seated(&self, seat: SeatNo) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.token.is_some() || s.computer.is_some())
    }

    /// Whether every seat is taken (the game has started).
    pub fn all_seated(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.token.is_some() || s.computer.is_some())
    }

    /// The seats, numbered.
    fn seat_numbers(&self) -> impl Iterator<Item = SeatNo> {
        (0..self.seats.len()).filter_map(|i| u8::try_from(i).ok().map(SeatNo))
    }

    /// The computer seat to move and its level, if the computer is to move in a game being
    /// played.
    pub fn computer_to_move(&self) -> Option<(SeatNo, Level)> {
        if !self.all_seated() || self.over() {
            return None;
        }
        let seat = self.seat_of_player(self.game.to_move()?);
        Some((seat, self.seats[seat.index()].computer?))
    }

    /// The seat a token opens, if any.
    pub fn seat_for_token(&self, token: &str) -> Option<SeatNo> {
        self.seats
            .iter()
            .position(|s| s.token.as_deref() == Some(token))
            .and_then(|i| u8::try_from(i).ok())
            .map(SeatNo)
    }

    /// The seat that moves first in game number `game` (the order rotates with every rematch).
    pub fn first_seat(&self, game: u32) -> SeatNo {
        let n = u32::try_from(self.seats.len()).unwrap_or(1).max(1);
        SeatNo(u8::try_from(game.saturating_sub(1) % n).unwrap_or(0))
    }

    /// The player (turn order in the current game) that `seat` is.
    pub fn player_of(&self, seat: SeatNo) -> usize {
        let n = self.seats.len().max(1);
        (seat.index() + n - self.first_seat(self.game_no).index() % n) % n
    }

    /// The seat that is `player` in the current game.
    pub fn seat_of_player(&self, player: usize) -> SeatNo {
        let n = self.seats.len().max(1);
        let index = (self.first_seat(self.game_no).index() + player) % n;
        SeatNo(u8::try_from(index).unwrap_or(0))
    }

    /// The seat playing draughts colour `color` in the current game.
    pub fn seats_by_color(&self, color: Color) -> Option<SeatNo> {
        self.seat_numbers()
            .find(|&s| self.color_of(s) == Some(color))
    }

    /// The draughts colour `seat` plays in the current game (`None` in Halma).
    pub fn color_of(&self, seat: SeatNo) -> Option<Color> {
        self.game.draughts_color(self.player_of(seat))
    }

    /// The seat to move in the current game, if it is not over.
    pub fn seat_to_move(&self) -> Option<SeatNo> {
        self.game.to_move().map(|p| self.seat_of_player(p))
    }

    fn result_of(&self, end: &GameEnd) -> GameResult {
        let winner = end.winner().map(|p| {
            let seat = self.seat_of_player(p);
            (seat, self.game.draughts_color(p))
        });
        GameResult {
            winner,
            ranking: end
                .ranking
                .iter()
                .map(|group| group.iter().map(|&p| self.seat_of_player(p)).collect())
                .collect(),
            reason: end.reason.clone(),
            description: end.description.clone(),
        }
    }

    /// The current game.
    pub fn game(&self) -> &RoomGame {
        &self.game
    }

    /// The number of the current game.
    pub fn game_no(&self) -> u32 {
        self.game_no
    }

    /// How the current game ended, if it has.
    pub fn result(&self) -> Option<GameResult> {
        self.game.end().map(|end| self.result_of(&end))
    }

    /// The seat that took the current game out of the room, if one did.
    pub fn left_for_computer(&self) -> Option<SeatNo> {
        self.left_for_computer
    }

    /// Whether the current game is no longer being played in the room.
    pub fn over(&self) -> bool {
        self.game.end().is_some() || self.left_for_computer.is_some()
    }

    /// Refuses unless the room's game is being played: every seat taken, nobody gone to play
    /// the computer, no result yet.
    fn in_progress(&self, seat: SeatNo) -> Result<(), Refusal> {
        if !self.all_seated() {
            return refuse(
                ErrorCode::WaitingForOpponent,
                "the game starts when every seat is taken",
            );
        }
        if let Some(left) = self.left_for_computer {
            let who = if left == seat { "you" } else { "your opponent" };
            return refuse(
                ErrorCode::GameLeftRoom,
                format!("{who} went on with this game against the computer"),
            );
        }
        if let Some(end) = self.game.end() {
            return refuse(
                ErrorCode::GameOver,
                format!("the game is over ({})", end.description),
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

    fn to_move(&self, seat: SeatNo) -> Result<(), Refusal> {
        if self.seat_to_move() != Some(seat) {
            return refuse(ErrorCode::NotYourTurn, "it is not your turn");
        }
        Ok(())
    }

    /// Refuses a player's own action on a seat the computer plays for.
    fn not_computer(&self, seat: SeatNo) -> Result<(), Refusal> {
        if self.seats[seat.index()].computer.is_some() {
            return refuse(
                ErrorCode::ComputerPlaying,
                "the computer is playing your seat: take it back first",
            );
        }
        Ok(())
    }

    /// Decides what `action` from a connection holding `seat` (`None`: a spectator) leads to.
    /// `new_token` is called for a seat token the client did not choose.
    ///
    /// # Errors
    /// A [`Refusal`] naming why nothing happens.
    pub fn decide(
        &self,
        seat: Option<SeatNo>,
        action: &Action,
        now: u64,
        new_token: impl FnOnce() -> String,
    ) -> Result<Decision, Refusal> {
        let held = || match seat {
            Some(seat) => Ok(seat),
            None => refuse(ErrorCode::NotAPlayer, "spectators cannot play in this room"),
        };
        let kind = match action {
            Action::TakeSeat {
                seat: wanted,
                token,
                name,
            } => {
                return self.take_seat(seat, *wanted, token.as_deref(), name.as_deref(), new_token);
            }
            Action::SeatComputers { seats, level } => {
                if seat != Some(SeatNo::CREATOR) {
                    return refuse(
                        ErrorCode::NotTheCreator,
                        "only the room's creator gives seats to the computer",
                    );
                }
                if self.all_seated() {
                    return refuse(ErrorCode::SeatTaken, "every seat is already taken");
                }
                let free: Vec<SeatNo> = self
                    .seat_numbers()
                    .filter(|s| !self.is_seated(*s))
                    .collect();
                let seats = match seats {
                    None => free,
                    Some(wanted) => {
                        if let Some(taken) = wanted.iter().find(|s| !free.contains(s)) {
                            return refuse(
                                ErrorCode::SeatTaken,
                                format!("seat {} is not free", taken.0 + 1),
                            );
                        }
                        let mut wanted = wanted.clone();
                        wanted.sort();
                        wanted.dedup();
                        wanted
                    }
                };
                RoomEventKind::ComputersSeated {
                    seats,
                    level: *level,
                }
            }
            Action::ReplaceWithComputer {
                seat: away,
                level,
                v,
            } => {
                let seat = held()?;
                self.in_progress(seat)?;
                self.current_game_at(*v)?;
                let Some(state) = self.seats.get(away.index()) else {
                    return refuse(ErrorCode::NotAPlayer, "the room has no such seat");
                };
                if *away == seat || state.computer.is_some() {
                    return refuse(
                        ErrorCode::OpponentNotAway,
                        "that seat is not a player who is away",
                    );
                }
                let long_enough = state.connections == 0
                    && state
                        .away_since
                        .is_some_and(|since| now.saturating_sub(since) >= ABSENCE_MS);
                if !long_enough {
                    return refuse(
                        ErrorCode::OpponentNotAway,
                        "that player has not been away for two minutes",
                    );
                }
                RoomEventKind::ComputersSeated {
                    seats: vec![*away],
                    level: *level,
                }
            }
            Action::Reclaim => {
                let seat = held()?;
                if self.seats[seat.index()].computer.is_none() {
                    return refuse(ErrorCode::NotAway, "the computer is not playing your seat");
                }
                if self.seats[seat.index()].token.is_none() {
                    return refuse(ErrorCode::NotAPlayer, "this seat is the computer's");
                }
                RoomEventKind::SeatReclaimed { seat }
            }
            Action::ComputerMove {
                seat: computer,
                v,
                notation,
            } => {
                if self.computer_to_move().map(|(s, _)| s) != Some(*computer) || *v != self.v {
                    return refuse(
                        ErrorCode::StaleVersion,
                        "the computer's move is no longer wanted",
                    );
                }
                RoomEventKind::Moved {
                    seat: *computer,
                    ack: 0,
                    notation: notation.clone(),
                    offer_draw: false,
                    clock_ms: None,
                }
            }
            Action::Move {
                ack,
                v,
                notation,
                offer_draw,
            } => {
                let seat = held()?;
                if let Some(&applied) = self.acks.get(&(seat, *ack)) {
                    return Ok(Decision::AlreadyApplied {
                        ack: *ack,
                        v: applied,
                    });
                }
                self.in_progress(seat)?;
                self.not_computer(seat)?;
                if *v != self.v {
                    return refuse(
                        ErrorCode::StaleVersion,
                        format!(
                            "the move was chosen at version {v} but the room is at {}",
                            self.v
                        ),
                    );
                }
                self.to_move(seat)?;
                RoomEventKind::Moved {
                    seat,
                    ack: *ack,
                    notation: notation.clone(),
                    offer_draw: *offer_draw,
                    clock_ms: None,
                }
            }
            Action::AcceptDraw { v } => {
                let seat = held()?;
                self.in_progress(seat)?;
                self.not_computer(seat)?;
                self.current_game_at(*v)?;
                // The rules let the side to move accept the other side's offer.
                self.to_move(seat).or_else(|_| {
                    refuse(ErrorCode::NoDrawOffer, "there is no draw offer to accept")
                })?;
                RoomEventKind::DrawAccepted { seat }
            }
            Action::Resign { v } => {
                let seat = held()?;
                self.in_progress(seat)?;
                self.current_game_at(*v)?;
                RoomEventKind::Resigned { seat }
            }
            Action::Rematch { game } => {
                held()?;
                if *game != self.game_no {
                    return refuse(
                        ErrorCode::WrongGame,
                        format!("game {game} is not the current game ({})", self.game_no),
                    );
                }
                if !self.over() {
                    return refuse(ErrorCode::GameNotOver, "the game is still being played");
                }
                RoomEventKind::Rematch { game: game + 1 }
            }
            Action::ContinueVsComputer { v } => {
                let seat = held()?;
                if self.seats.len() != 2 || self.game.draughts().is_none() {
                    return refuse(
                        ErrorCode::NotAway,
                        "with more than two seats an away player is replaced by the computer \
                         (replace_with_computer) instead",
                    );
                }
                self.in_progress(seat)?;
                self.current_game_at(*v)?;
                let away_long_enough = self.seats.iter().enumerate().any(|(i, s)| {
                    i != seat.index()
                        && s.connections == 0
                        && s.away_since
                            .is_some_and(|since| now.saturating_sub(since) >= ABSENCE_MS)
                });
                if !away_long_enough {
                    return refuse(
                        ErrorCode::OpponentNotAway,
                        "your opponent has not been away for two minutes",
                    );
                }
                RoomEventKind::LeftForComputer { seat }
            }
        };
        Ok(Decision::Event(kind))
    }

    fn take_seat(
        &self,
        holding: Option<SeatNo>,
        wanted: Option<SeatNo>,
        token: Option<&str>,
        name: Option<&str>,
        new_token: impl FnOnce() -> String,
    ) -> Result<Decision, Refusal> {
        if let Some(seat) = holding {
            return refuse(
                ErrorCode::AlreadySeated,
                format!("you already hold the {} seat", seat_name(seat)),
            );
        }
        let free = |s: &SeatNo| s.index() < self.seats.len() && !self.is_seated(*s);
        let seat = match wanted {
            Some(seat) if free(&seat) => seat,
            Some(seat) if seat.index() >= self.seats.len() => {
                return refuse(ErrorCode::NotAPlayer, "the room has no such seat")
            }
            Some(_) => return refuse(ErrorCode::SeatTaken, "that seat is taken: you can watch"),
            None => match self.seat_numbers().find(free) {
                Some(seat) => seat,
                None => return refuse(ErrorCode::SeatTaken, "every seat is taken: you can watch"),
            },
        };
        let name = display_name(name)?;
        let token = match token {
            Some(t) if is_valid_id(t) && self.seat_for_token(t).is_none() => t.to_string(),
            Some(_) => {
                return refuse(
                    ErrorCode::BadToken,
                    "a seat token is 32 random hexadecimal digits",
                )
            }
            None => new_token(),
        };
        Ok(Decision::Event(RoomEventKind::SeatTaken {
            seat,
            token,
            name,
        }))
    }

    /// Counts a new connection (`seat`, or a spectator).
    pub fn connect(&mut self, seat: Option<SeatNo>) {
        match seat.and_then(|s| self.seats.get_mut(s.index())) {
            Some(state) => {
                state.connections += 1;
                state.away_since = None;
                state.away_signalled = false;
                self.idle_since = None;
            }
            None => self.spectators += 1,
        }
    }

    /// Counts a closed connection.
    pub fn disconnect(&mut self, seat: Option<SeatNo>, now: u64) {
        match seat.and_then(|s| self.seats.get_mut(s.index())) {
            Some(state) => {
                state.connections = state.connections.saturating_sub(1);
                if state.connections == 0 {
                    state.away_since = Some(now);
                }
                if self.seats.iter().all(|s| s.connections == 0) {
                    self.idle_since = Some(now);
                }
            }
            None => self.spectators = self.spectators.saturating_sub(1),
        }
    }

    /// A spectator connection took `seat`.
    pub fn seat_spectator(&mut self, seat: SeatNo) {
        self.spectators = self.spectators.saturating_sub(1);
        self.connect(Some(seat));
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
    pub fn newly_away(&mut self, now: u64) -> Vec<(SeatNo, u64)> {
        if !self.all_seated() || self.over() {
            return Vec::new();
        }
        let mut away = Vec::new();
        for (i, state) in self.seats.iter_mut().enumerate() {
            if state.computer.is_some() {
                continue;
            }
            if let (Some(since), Ok(i)) = (state.away_since, u8::try_from(i)) {
                if !state.away_signalled && now.saturating_sub(since) >= ABSENCE_MS {
                    state.away_signalled = true;
                    away.push((SeatNo(i), since));
                }
            }
        }
        away
    }

    /// The events after version `v`, if they are all still kept.
    pub fn events_after(&self, v: u64) -> Option<Vec<Applied>> {
        if v > self.v {
            return None;
        }
        if v == self.v {
            return Some(Vec::new());
        }
        let oldest = self.recent.front()?.event.v;
        if oldest > v + 1 {
            return None;
        }
        Some(
            self.recent
                .iter()
                .filter(|a| a.event.v > v)
                .cloned()
                .collect(),
        )
    }

    fn fresh_game(&self) -> RoomGame {
        // The record's start was checked when the room was made.
        new_game(&self.record).unwrap_or_else(|_| {
            RoomGame::new(self.record.game, None).unwrap_or_else(|_| self.game.clone())
        })
    }
}

/// A display name as given (trimmed; none when empty).
///
/// # Errors
/// A name over [`MAX_NAME_CHARS`] characters or with control characters: [`ErrorCode::BadName`].
pub fn display_name(name: Option<&str>) -> Result<Option<String>, Refusal> {
    match name.map(str::trim) {
        None | Some("") => Ok(None),
        Some(n) if n.chars().count() > MAX_NAME_CHARS || n.chars().any(char::is_control) => refuse(
            ErrorCode::BadName,
            format!("a name is 1 to {MAX_NAME_CHARS} printable characters"),
        ),
        Some(n) => Ok(Some(n.to_string())),
    }
}

fn new_game(record: &RoomRecord) -> Result<RoomGame, String> {
    RoomGame::new(record.game, record.start_fen.as_deref())
}

fn seat_name(seat: SeatNo) -> String {
    match seat.0 {
        0 => "creator's".into(),
        n => format!("number {}", n + 1),
    }
}
