//! The room protocol: JSON messages tagged by `"t"`.
//!
//! Client → server: [`ClientMessage`]. Server → client: versioned room events ([`Event`]: every
//! change to the room's game, numbered by `v`) and [`ServerMessage`] (snapshots, acks, errors,
//! seats and presence, which are not versioned). These are the wire format only: rooms decide on
//! their own types ([`crate::room`]) and storage has its own ([`crate::stored`]), so a change
//! here never changes what is stored.
//!
//! The page's TypeScript for these types (`web/src/net/wire.ts`) and sample messages for its
//! type check (`web/src/net/wire.samples.ts`) are generated from them by the test module
//! `protocol/typescript.rs`.

use serde::{Deserialize, Serialize};

/// A player's seat in a room. The creator moves first in odd-numbered games, the joiner in
/// even-numbered ones (sides swap on every rematch).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    Creator,
    Joiner,
}

impl Seat {
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::Creator => Seat::Joiner,
            Seat::Joiner => Seat::Creator,
        }
    }

    /// 0 for the creator, 1 for the joiner.
    pub fn index(self) -> usize {
        match self {
            Seat::Creator => 0,
            Seat::Joiner => 1,
        }
    }
}

/// A piece colour as the protocol writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "snake_case")]
pub enum Side {
    White,
    Black,
}

impl From<kingme_draughts::Color> for Side {
    fn from(c: kingme_draughts::Color) -> Side {
        match c {
            kingme_draughts::Color::White => Side::White,
            kingme_draughts::Color::Black => Side::Black,
        }
    }
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message on every connection: the seat token if the client holds one, and the
    /// last room version it has seen (to get only the missed events instead of a snapshot).
    Hello {
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        v: Option<u64>,
    },
    /// Take the free seat (the second player). Answered by [`ServerMessage::Seat`]. `token`:
    /// the seat token the client chose (32 random hex digits) and kept before sending, so that
    /// a connection lost before the answer still leads back to the seat; without it the server
    /// chooses one.
    Join {
        #[serde(default)]
        token: Option<String>,
        /// The seat wanted (0: the creator's; rooms of more than two seats list theirs in the
        /// snapshot); without it the first free one.
        #[serde(default)]
        seat_no: Option<u8>,
        /// The display name the others see (at most 24 characters).
        #[serde(default)]
        name: Option<String>,
    },
    /// The creator gives free seats (`seats`, or every free one) to the computer at `level`
    /// (`beginner`, `intermediate`, `advanced` or `expert`; without it `intermediate`). When no
    /// seat is left free the game starts.
    SeatComputers {
        #[serde(default)]
        seats: Option<Vec<u8>>,
        #[serde(default)]
        level: Option<String>,
    },
    /// The holder of `seat_no` has been away for two minutes: the computer (at `level`) plays
    /// for it until it takes the seat back. Any other player may ask.
    ReplaceWithComputer {
        seat_no: u8,
        v: u64,
        #[serde(default)]
        level: Option<String>,
    },
    /// Take one's seat back from the computer that played for it.
    Reclaim,
    /// Play a move, written in full-path notation (`c3×e5×g7`; shortened forms that name one
    /// legal move are accepted). `ack` is the client's id for this move (a repeat is acked again
    /// and never applied twice); `v` is the room version the move was chosen at.
    Move {
        ack: u64,
        v: u64,
        #[serde(rename = "move")]
        notation: String,
        #[serde(default)]
        offer_draw: bool,
    },
    /// Accept the draw the opponent offered with their last move.
    AcceptDraw { v: u64 },
    /// Resign the current game.
    Resign { v: u64 },
    /// Start game `game + 1` with sides swapped, once game `game` is over.
    Rematch { game: u32 },
    /// The opponent has been away for two minutes: take the game out of the room and go on
    /// against the computer.
    ContinueVsComputer { v: u64 },
    /// Ask for the events after `v` (or a snapshot), e.g. after noticing a gap.
    Sync { v: u64 },
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct OutcomeView {
    /// The winning seat; `None` for a draw.
    pub winner: Option<Seat>,
    /// The winning colour; `None` for a draw (and in Halma).
    pub winner_side: Option<Side>,
    /// The winning seat's number; `None` for a draw.
    pub winner_no: Option<u8>,
    /// The places by seat number: `[0]` the first (several when they share it).
    pub ranking: Vec<Vec<u8>>,
    /// `no-pieces`, `no-legal-move`, `resignation`, `agreement` or an automatic draw rule
    /// (the rules crate's `EndReason::key`).
    pub reason: String,
    /// The reason in words.
    pub description: String,
}

/// A change to the room, numbered by the room version `v`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub v: u64,
    /// Server time in milliseconds since the Unix epoch.
    pub at: u64,
    /// In a timed room, the clocks just after the event (as of `at`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
    #[serde(flatten)]
    pub kind: EventKind,
}

/// A time control: `initial_ms` for the game, `increment_ms` more after each move (Fischer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(deny_unknown_fields)]
pub struct TimeControlView {
    pub initial_ms: u64,
    pub increment_ms: u64,
}

/// A timed room's clocks. Only the clock of the seat to move runs, from the game's first move
/// on; a page counts it down from the moment the message arrives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct ClockView {
    pub control: TimeControlView,
    /// Every seat's time left in milliseconds, by seat number, when the message was made (an
    /// event's: at its `at`).
    pub remaining_ms: Vec<u64>,
    /// The seat whose clock runs (`None` before the first move and once the game is over).
    pub running: Option<u8>,
}

/// What happened in the room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum EventKind {
    /// A player took seat `seat_no` (`seat` names it as two-seat draughts clients know it:
    /// the creator's or not); the game starts when every seat is taken.
    Joined {
        seat: Seat,
        seat_no: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// The computer at `level` plays `seats` from now on.
    ComputersSeated { seats: Vec<u8>, level: String },
    /// The holder of `seat_no` took it back from the computer.
    SeatReclaimed { seat_no: u8 },
    /// A move was played (full-path notation). `fen` is the position after it (the Halma
    /// position string in Halma rooms).
    Moved {
        seat: Seat,
        seat_no: u8,
        #[serde(rename = "move")]
        notation: String,
        offer_draw: bool,
        ack: u64,
        fen: String,
        outcome: Option<OutcomeView>,
    },
    /// `seat` accepted the opponent's draw offer.
    DrawAccepted {
        seat: Seat,
        seat_no: u8,
        outcome: OutcomeView,
    },
    /// `seat` resigned. In Halma with more than two players the game goes on (`outcome` is
    /// `null` until it ends) and the resigned player's pieces stay as obstacles.
    Resigned {
        seat: Seat,
        seat_no: u8,
        outcome: Option<OutcomeView>,
    },
    /// `seat`'s time ran out: it loses unless no opponent could still win (a draw). In Halma
    /// with more than two players it leaves the game as a resigner does and the game goes on.
    Flagged {
        seat: Seat,
        seat_no: u8,
        outcome: Option<OutcomeView>,
    },
    /// Game `game` started with the seats' order rotated; `first` (`first_no`) moves first.
    Rematch {
        game: u32,
        first: Seat,
        first_no: u8,
        fen: String,
    },
    /// `seat` took the game out of the room to go on against the computer (the opponent had been
    /// away for two minutes).
    LeftForComputer { seat: Seat },
}

/// Who is connected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct Presence {
    pub creator: bool,
    pub joiner: bool,
    pub spectators: u32,
    /// Milliseconds since the Unix epoch at which each absent player left (`null` if present or
    /// never seated).
    pub creator_away_since: Option<u64>,
    pub joiner_away_since: Option<u64>,
    /// Every seat, in order.
    pub seats: Vec<SeatPresence>,
}

/// Whether a seat's holder is connected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SeatPresence {
    pub connected: bool,
    pub away_since: Option<u64>,
}

/// One seat of a room as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct SeatView {
    pub seat_no: u8,
    /// Whether a player holds it (a computer seat from the start has no player).
    pub taken: bool,
    pub name: Option<String>,
    /// The level of the computer playing it, if one does.
    pub computer: Option<String>,
    /// The seat's place in the current game's turn order (0 moves first).
    pub player: u8,
    /// In Halma, the seat on the board it plays (1–6, as in position strings).
    pub board_seat: Option<u8>,
    /// In draughts, the colour it plays.
    pub side: Option<Side>,
}

/// The colours of both seats in the current game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct Colors {
    pub creator: Side,
    pub joiner: Side,
}

/// The whole state of a room, sent on connect (or when replay is not possible).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct Snapshot {
    pub v: u64,
    pub room: String,
    pub variant: String,
    pub created_at: u64,
    /// When the room is deleted at the latest (24 hours after creation).
    pub expires_at: u64,
    /// The game number: 1, then one more for each rematch.
    pub game: u32,
    /// The seats' colours in draughts (`null` in Halma).
    pub colors: Option<Colors>,
    /// Whether every seat is taken (the game has started).
    pub joined: bool,
    /// The receiver's seat; `None` for spectators.
    pub you: Option<Seat>,
    /// The receiver's seat number; `None` for spectators.
    pub you_no: Option<u8>,
    /// How many seats (players) the room has.
    pub players: u8,
    /// Every seat, in order.
    pub seats: Vec<SeatView>,
    /// The position the room's games start from.
    pub start_fen: String,
    /// The moves of the current game, full-path notation; in Halma a resignation is written
    /// `resigns:S` in its place among them (S the board seat, 1–6).
    pub moves: Vec<String>,
    /// Whether each move of `moves` carried a draw offer (so that a page rebuilding the game
    /// from a snapshot knows the re-offer rule's state exactly).
    pub offers: Vec<bool>,
    /// The current position.
    pub fen: String,
    /// The seat to move (`None` once the game is over).
    pub to_move: Option<Seat>,
    /// The number of the seat to move.
    pub to_move_no: Option<u8>,
    /// The legal moves of the side to move (empty when over).
    pub legal_moves: Vec<String>,
    /// The seat whose draw offer is pending.
    pub draw_offer: Option<Seat>,
    /// Whether the side to move may attach a draw offer to its next move.
    pub may_offer_draw: bool,
    pub outcome: Option<OutcomeView>,
    /// Set when a player took the game out of the room to play the computer.
    pub left_for_computer: Option<Seat>,
    pub presence: Presence,
    /// The clocks of a timed room, as of this message (`null`: untimed).
    pub clock: Option<ClockView>,
}

/// `POST /api/rooms`: the room to create.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(deny_unknown_fields)]
pub struct CreateRoom {
    /// The game's key (`english`, `halma-16`, `chinese-checkers`, …).
    pub variant: String,
    /// The position the room's games start from (a FEN in draughts, a position string in Halma
    /// and Chinese checkers); without it the usual one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// How many seats (the game's player count); without it the game's smallest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<u8>,
    /// The creator's display name (at most 24 printable characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Seats the computer plays from the start, each at its level (not the creator's seat 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computers: Option<Vec<ComputerSeatRequest>>,
    /// The time control; without it the room is untimed. The initial time is one minute to
    /// three hours, the increment at most three minutes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControlView>,
}

/// A seat of a new room that the computer plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(deny_unknown_fields)]
pub struct ComputerSeatRequest {
    /// The seat (1 to the room's seats − 1).
    pub seat_no: u8,
    /// `beginner`, `intermediate`, `advanced` or `expert`.
    pub level: String,
}

/// The answer to creating a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
pub struct RoomCreated {
    pub room: String,
    pub token: String,
    pub seat: Seat,
    /// The creator's seat number (0).
    pub seat_no: u8,
    pub variant: String,
    /// How many seats the room has.
    pub players: u8,
    /// The link to share, relative to the site.
    pub path: String,
}

/// Domain error codes: the request was refused and nothing changed; the socket stays open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    RoomNotFound,
    RoomExpired,
    BadToken,
    HelloFirst,
    NotAPlayer,
    SeatTaken,
    AlreadySeated,
    WaitingForOpponent,
    NotYourTurn,
    IllegalMove,
    StaleVersion,
    GameOver,
    GameNotOver,
    WrongGame,
    NoDrawOffer,
    DrawOfferNotAllowed,
    OpponentNotAway,
    GameLeftRoom,
    Storage,
    /// The computer is not playing that seat (nothing to take back), or the action is not the
    /// one for this room's seats.
    NotAway,
    /// The computer is playing the sender's seat: it must take the seat back to play.
    ComputerPlaying,
    /// Only the creator may do this.
    NotTheCreator,
    /// A display name that is too long or not printable.
    BadName,
    /// A computer level that does not exist.
    BadLevel,
}

/// A message from the server that is not a room event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMessage {
    Snapshot(Box<Snapshot>),
    /// The receiver holds `seat`; keep `token` to take it again later.
    Seat {
        seat: Seat,
        seat_no: u8,
        token: String,
    },
    /// The move with client id `ack` is stored and was applied as version `v`.
    Ack {
        ack: u64,
        v: u64,
    },
    /// The missed events were replayed: the receiver is at `v`. `clock`: a timed room's
    /// clocks now (the replayed events' are older).
    Synced {
        v: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockView>,
    },
    Presence(Presence),
    /// `seat` (`seat_no`) has been away long enough that the others may continue against the
    /// computer.
    Away {
        seat: Seat,
        seat_no: u8,
        since: u64,
    },
    /// A refused request; `ack` names the refused move when the request was one.
    Error {
        code: ErrorCode,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ack: Option<u64>,
    },
}

impl ServerMessage {
    /// An error message about no move in particular.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            code,
            message: message.into(),
            ack: None,
        }
    }
}

/// Anything the server sends on a room socket: a versioned room event or another message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Incoming {
    Event(Event),
    Message(ServerMessage),
}

/// WebSocket close codes.
pub mod close {
    /// The server is restarting: reconnect.
    pub const RESTARTING: u16 = 1012;
    /// A frame that is not a protocol message (not JSON, unknown type, binary).
    pub const BAD_MESSAGE: u16 = 4000;
    /// The first message was not `hello`, or it did not come in time.
    pub const NO_HELLO: u16 = 4001;
    /// Too many messages per second.
    pub const RATE_LIMITED: u16 = 4008;
    /// A message over the size limit.
    pub const TOO_LARGE: u16 = 4009;
    /// The client stopped answering pings.
    pub const TIMEOUT: u16 = 4011;
    /// No such room.
    pub const ROOM_NOT_FOUND: u16 = 4404;
    /// The room expired and was deleted.
    pub const ROOM_EXPIRED: u16 = 4410;
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_read_the_documented_json() {
        let m: ClientMessage = serde_json::from_str(
            r#"{"t":"move","ack":3,"v":7,"move":"c3×e5×g7","offer_draw":true}"#,
        )
        .unwrap();
        assert_eq!(
            m,
            ClientMessage::Move {
                ack: 3,
                v: 7,
                notation: "c3×e5×g7".into(),
                offer_draw: true
            }
        );
        assert!(serde_json::from_str::<ClientMessage>(r#"{"t":"join"}"#).is_ok());
        assert!(serde_json::from_str::<ClientMessage>(r#"{"t":"hello"}"#).is_ok());
        assert!(serde_json::from_str::<ClientMessage>(r#"{"t":"fly"}"#).is_err());
        assert!(serde_json::from_str::<ClientMessage>(r#"{"t":"move","ack":1}"#).is_err());
    }

    #[test]
    fn events_are_flat_and_tagged() {
        let e = Event {
            v: 4,
            at: 9,
            clock: None,
            kind: EventKind::Joined {
                seat: Seat::Joiner,
                seat_no: 1,
                name: None,
            },
        };
        let json = serde_json::to_string(&e).unwrap();
        assert_eq!(
            json,
            r#"{"v":4,"at":9,"t":"joined","seat":"joiner","seat_no":1}"#
        );
        let back: Event = serde_json::from_str(&json).unwrap();
        assert_eq!(back, e);
        let err =
            serde_json::to_string(&ServerMessage::error(ErrorCode::NotYourTurn, "x")).unwrap();
        assert_eq!(err, r#"{"t":"error","code":"not_your_turn","message":"x"}"#);
    }
}

#[cfg(test)]
mod typescript;
