//! Where rooms live between restarts.
//!
//! A room is its creation record plus the list of its events (the room's own [`RoomEvent`]s;
//! each store writes them in a format of its own, see [`crate::stored`]). Applying the events
//! rebuilds the room. Appending is conditional on the room's stored version
//! (`v` must be the stored version + 1), so several server instances could share one networked
//! store without two of them writing the same room version.

use crate::clocks::{ClockTimes, TimeControl};
use crate::game::GameKind;
use crate::room::RoomEvent;
use std::fmt;
use std::future::Future;
use std::pin::Pin;

/// What a room is created with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRecord {
    pub id: String,
    /// The game and its player count.
    pub game: GameKind,
    /// Milliseconds since the Unix epoch.
    pub created_at: u64,
    /// How many seats the room has: the game's player count.
    pub seats: u8,
    /// The token of seat 0, the creator's. The other seats' tokens come with the events that
    /// took them.
    pub creator_token: String,
    /// The creator's display name, given when the room was made (checked like every seat's).
    pub creator_name: Option<String>,
    /// The position every game of the room starts from (FEN); `None`: the variant's start.
    pub start_fen: Option<String>,
    /// The room's time control; `None`: untimed.
    pub clock: Option<TimeControl>,
}

/// Since when nobody has been connected to a room and to each of its seats: the instants its
/// expiry and absence clocks count from, kept so that a restart does not reset them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PresenceTimes {
    /// Since when no player has been connected (`None`: one was).
    pub idle_since: Option<u64>,
    /// Per seat, since when nobody has held it (`None`: someone did, or it is free).
    pub away_since: Vec<Option<u64>>,
    /// The clocks as last noted while one ran, so that a restart charges the seat to move the
    /// time until then but not the time the server was down.
    pub clocks: Option<ClockTimes>,
}

/// A room read back from the store.
#[derive(Clone, Debug)]
pub struct StoredRoom {
    pub record: RoomRecord,
    /// Every event, oldest first (`v` = 1, 2, …).
    pub events: Vec<RoomEvent>,
    /// The presence last saved, if any was.
    pub presence: Option<PresenceTimes>,
}

/// The answer to "what about room `id`?".
#[derive(Clone, Debug)]
pub enum RoomLookup {
    Live(Box<StoredRoom>),
    Expired,
    NotFound,
}

/// A storage failure. The request that needed it fails and nothing changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// Another writer stored this room version first.
    VersionConflict { room: String, v: u64 },
    /// The room is not (or no longer) stored.
    NoSuchRoom(String),
    /// The store itself failed (disk, database, connection), or was closed.
    Backend(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::VersionConflict { room, v } => {
                write!(f, "room {room} already has a version {v} stored")
            }
            StoreError::NoSuchRoom(room) => write!(f, "room {room} is not stored"),
            StoreError::Backend(msg) => write!(f, "storage failed: {msg}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// A store operation running in the background.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// Room storage. Every method may be slow (disk, network): callers await it.
pub trait Store: Send + Sync + fmt::Debug + 'static {
    /// Stores a new room (version 0, no events).
    fn create_room(&self, room: RoomRecord) -> StoreFuture<'_, ()>;

    /// Appends `event` to room `room`; `event.v` must be the stored version + 1, or nothing is
    /// stored and the answer is [`StoreError::VersionConflict`].
    fn append_event(&self, room: &str, event: RoomEvent) -> StoreFuture<'_, ()>;

    /// Replaces the room's saved presence times. Operations are carried out in the order they
    /// are called, so a later save always wins.
    fn save_presence(&self, room: &str, presence: PresenceTimes) -> StoreFuture<'_, ()>;

    /// Every room that has not expired.
    fn live_rooms(&self) -> StoreFuture<'_, Vec<StoredRoom>>;

    /// One room.
    fn lookup(&self, room: &str) -> StoreFuture<'_, RoomLookup>;

    /// Deletes the room's data and remembers that it expired at `at`.
    fn expire_room(&self, room: &str, at: u64) -> StoreFuture<'_, ()>;

    /// Notes that the server was running at `at`, so that a restart knows how long it was
    /// down.
    fn note_alive(&self, at: u64) -> StoreFuture<'_, ()>;

    /// The last time noted by [`Store::note_alive`], if any was.
    fn last_alive(&self) -> StoreFuture<'_, Option<u64>>;

    /// Finishes every pending write, then refuses new ones.
    fn close(&self) -> StoreFuture<'_, ()>;
}
