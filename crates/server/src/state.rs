//! The rooms of one server: creation, lookup, persisted changes, broadcast, expiry.

use crate::clock::Clock;
use crate::clocks::TimeControl;
use crate::game::GameKind;
use crate::ids::random_id;
use crate::protocol::{close, ErrorCode, ServerMessage};
use crate::room::{Action, Decision, Refusal, Room, RoomEvent, RoomEventKind, SeatNo};
use crate::socket::{event_message, presence, wire_seat};
use crate::store::{RoomLookup, RoomRecord, Store, StoreError, StoreFuture};
use axum::extract::ws::Utf8Bytes;
use kingme_engine_core::Level;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, RwLock};
use tokio::sync::{broadcast, mpsc, Mutex};

/// Room messages waiting for a slow socket; past this the socket gets a fresh snapshot instead.
const BROADCAST_BUFFER: usize = 64;

/// What every connection in a room receives.
#[derive(Clone, Debug)]
pub enum Broadcast {
    /// A room event (version `v`) as JSON.
    Event(u64, Utf8Bytes),
    /// Another JSON message to forward as it is.
    Text(Utf8Bytes),
    /// Send this JSON message, then close with this code and reason.
    Close {
        message: Utf8Bytes,
        code: u16,
        reason: &'static str,
    },
}

/// One live room and its broadcast channel.
#[derive(Debug)]
pub struct RoomHandle {
    pub id: String,
    pub room: Mutex<Room>,
    pub updates: broadcast::Sender<Broadcast>,
    /// One more than the room version a computer move was last asked for.
    pub computer_at: AtomicU64,
    /// When the room's last move was played, or the room was loaded (computer moves are paced
    /// from it).
    pub last_move: std::sync::Mutex<tokio::time::Instant>,
}

impl RoomHandle {
    /// Notes that a move was just played.
    pub fn moved_now(&self) {
        *self
            .last_move
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = tokio::time::Instant::now();
    }

    /// When the room's last move was played (or the room loaded).
    pub fn last_move(&self) -> tokio::time::Instant {
        *self
            .last_move
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The result of looking up a room id.
#[derive(Debug)]
pub enum Found {
    Live(Arc<RoomHandle>),
    Expired,
    Missing,
}

/// What a handled request answers to the connection that sent it.
#[derive(Debug)]
pub enum Answer {
    /// A move was stored (or had been): ack it.
    Ack { ack: u64, v: u64 },
    /// The connection took `seat`.
    Seated { seat: SeatNo, token: String },
    /// The change was broadcast; nothing more to say.
    Done,
}

/// Why a room was not created.
#[derive(Debug)]
pub enum CreateError {
    /// The start position does not read.
    Fen(String),
    Store(StoreError),
    /// The computer seats were refused or could not be saved (the room exists without them).
    Computers(String),
}

/// Every room of this server.
#[derive(Debug)]
pub struct Hub {
    rooms: RwLock<HashMap<String, Arc<RoomHandle>>>,
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    /// Where rooms that may have a computer to move are named ([`crate::computer::drive`]).
    computer: OnceLock<mpsc::UnboundedSender<String>>,
    /// Where rooms whose running clock will run out are named, with the time it will
    /// ([`watch_flags`]).
    flags: OnceLock<mpsc::UnboundedSender<(String, u64)>>,
    /// When the store last heard that the server runs ([`Hub::note_alive`]).
    alive_noted: AtomicU64,
}

/// How often the sweep notes that the server runs: a crash is taken for downtime from at most
/// this long before it.
const ALIVE_NOTE_MS: u64 = 15_000;

pub fn to_json(msg: &impl serde::Serialize) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(msg).unwrap_or_default())
}

impl Hub {
    pub fn new(store: Arc<dyn Store>, clock: Arc<dyn Clock>) -> Hub {
        Hub {
            rooms: RwLock::new(HashMap::new()),
            store,
            clock,
            computer: OnceLock::new(),
            flags: OnceLock::new(),
            alive_noted: AtomicU64::new(0),
        }
    }

    /// Sends rooms that may have a computer to move to `computer`, starting with every room
    /// in memory.
    pub fn play_computers_with(&self, computer: mpsc::UnboundedSender<String>) {
        if let Ok(rooms) = self.rooms.read() {
            for id in rooms.keys() {
                let _ = computer.send(id.clone());
            }
        }
        let _ = self.computer.set(computer);
    }

    /// Names `room` to the computer driver if a computer seat is to move in it.
    pub fn computer_may_move(&self, room: &Room) {
        if room.computer_to_move().is_some() {
            if let Some(computer) = self.computer.get() {
                let _ = computer.send(room.record.id.clone());
            }
        }
    }

    /// Sends rooms whose clock runs to `flags` with the time it runs out, starting with every
    /// room in memory.
    pub fn watch_flags_with(&self, flags: mpsc::UnboundedSender<(String, u64)>) {
        let _ = self.flags.set(flags);
        let handles: Vec<Arc<RoomHandle>> = match self.rooms.read() {
            Ok(rooms) => rooms.values().cloned().collect(),
            Err(_) => return,
        };
        for handle in handles {
            if let Ok(room) = handle.room.try_lock() {
                self.flag_may_fall(&room);
            }
        }
    }

    /// Names `room` to the flag watcher if a clock runs in it.
    fn flag_may_fall(&self, room: &Room) {
        if let (Some(at), Some(flags)) = (
            room.clocks().and_then(crate::clocks::Clocks::flag_at),
            self.flags.get(),
        ) {
            let _ = flags.send((room.record.id.clone(), at));
        }
    }

    /// Notes in the store that the server is running now (see [`Hub::restore`]).
    pub async fn note_alive(&self) {
        let now = self.now();
        match self.store.note_alive(now).await {
            Ok(()) => self.alive_noted.store(now, Ordering::Relaxed),
            Err(e) => tracing::warn!("not noted as running: {e}"),
        }
    }

    pub fn clock(&self) -> Arc<dyn Clock> {
        self.clock.clone()
    }

    pub fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    fn insert(&self, room: Room) -> Arc<RoomHandle> {
        let id = room.record.id.clone();
        let handle = Arc::new(RoomHandle {
            id: id.clone(),
            room: Mutex::new(room),
            updates: broadcast::channel(BROADCAST_BUFFER).0,
            computer_at: AtomicU64::new(0),
            last_move: std::sync::Mutex::new(tokio::time::Instant::now()),
        });
        if let Ok(mut rooms) = self.rooms.write() {
            rooms.entry(id).or_insert_with(|| handle.clone()).clone()
        } else {
            handle
        }
    }

    fn get(&self, id: &str) -> Option<Arc<RoomHandle>> {
        self.rooms.read().ok()?.get(id).cloned()
    }

    /// How many rooms are in memory.
    pub fn room_count(&self) -> usize {
        self.rooms.read().map_or(0, |rooms| rooms.len())
    }

    /// Loads every live room from the store. Returns how many were restored; rooms whose events
    /// no longer apply are reported and skipped. The time since the server was last noted
    /// running does not count towards the rooms' idle and absence times.
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn restore(&self) -> Result<usize, StoreError> {
        let now = self.now();
        let downtime = self
            .store
            .last_alive()
            .await?
            .map_or(0, |alive| now.saturating_sub(alive));
        let stored = self.store.live_rooms().await?;
        let mut restored = 0;
        for room in stored {
            match Room::restore(room, now, downtime) {
                Ok(room) => {
                    self.insert(room);
                    restored += 1;
                }
                Err(e) => tracing::error!("not restored: {e}"),
            }
        }
        Ok(restored)
    }

    /// Creates a room for `game` with the computer in `computers` (seat, level; checked by the
    /// caller: free seats other than the creator's); returns its id and the creator's seat token
    /// (seat 0).
    ///
    /// # Errors
    /// The start position is not valid, or the store refused the room or its computer seats.
    pub async fn create_room(
        &self,
        game: GameKind,
        start_fen: Option<String>,
        creator_name: Option<String>,
        computers: &[(SeatNo, Level)],
        clock: Option<TimeControl>,
    ) -> Result<(String, String), CreateError> {
        let record = RoomRecord {
            id: random_id(),
            game,
            created_at: self.now(),
            seats: game.players(),
            creator_token: random_id(),
            creator_name,
            start_fen,
            clock,
        };
        let room = Room::new(record.clone()).map_err(CreateError::Fen)?;
        self.store
            .create_room(record.clone())
            .await
            .map_err(CreateError::Store)?;
        let handle = self.insert(room);
        // The computer's seats are events like any other, so a restart or a reload finds them.
        let mut levels: Vec<Level> = Vec::new();
        for (_, level) in computers {
            if !levels.contains(level) {
                levels.push(*level);
            }
        }
        for level in levels {
            let seats = computers
                .iter()
                .filter(|(_, l)| *l == level)
                .map(|(seat, _)| *seat)
                .collect();
            let action = Action::SeatComputers {
                seats: Some(seats),
                level,
            };
            self.act(&handle, Some(SeatNo::CREATOR), &action)
                .await
                .map_err(|refusal| CreateError::Computers(refusal.message))?;
        }
        Ok((record.id, record.creator_token))
    }

    /// Finds a room in memory, or in the store (a room another process stored).
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn find(&self, id: &str) -> Result<Found, StoreError> {
        if let Some(handle) = self.get(id) {
            return Ok(Found::Live(handle));
        }
        if !crate::ids::is_valid_id(id) {
            return Ok(Found::Missing);
        }
        Ok(match self.store.lookup(id).await? {
            RoomLookup::Live(stored) => match Room::restore(*stored, self.now(), 0) {
                Ok(room) => {
                    self.computer_may_move(&room);
                    self.flag_may_fall(&room);
                    Found::Live(self.insert(room))
                }
                Err(e) => {
                    tracing::error!("room not loaded: {e}");
                    Found::Missing
                }
            },
            RoomLookup::Expired => Found::Expired,
            RoomLookup::NotFound => Found::Missing,
        })
    }

    /// Queues the room's presence times for saving if they changed; the answer is the store's.
    /// Called under the room's lock so that saves reach the store in the order of the changes;
    /// await the answer after releasing it.
    pub fn queue_presence(&self, room: &mut Room) -> Option<StoreFuture<'_, ()>> {
        let times = room.presence_to_save()?;
        Some(self.store.save_presence(&room.record.id, times))
    }

    /// Awaits a queued presence save; a failure only costs the clocks a reset at the next
    /// restart, so it is logged.
    pub async fn presence_saved(&self, queued: Option<StoreFuture<'_, ()>>) {
        if let Some(queued) = queued {
            if let Err(e) = queued.await {
                tracing::warn!("presence not saved: {e}");
            }
        }
    }

    /// Handles a room action from a connection holding `seat`: decides, prepares, stores,
    /// commits, broadcasts, in that order, under the room's lock.
    ///
    /// # Errors
    /// A [`Refusal`] (domain error or storage failure); nothing changed.
    pub async fn act(
        &self,
        handle: &RoomHandle,
        seat: Option<SeatNo>,
        action: &Action,
    ) -> Result<Answer, Refusal> {
        let mut room = handle.room.lock().await;
        let now = self.now();
        // A clock that ran out ends the game before anything else is decided.
        if let Some(flag) = room.flag_due(now) {
            self.record(handle, &mut room, flag, now).await?;
        }
        let kind = match room.decide(seat, action, now, random_id)? {
            Decision::AlreadyApplied { ack, v } => return Ok(Answer::Ack { ack, v }),
            Decision::Event(kind) => kind,
        };
        let answer = self.record(handle, &mut room, kind, now).await?;
        if let Answer::Seated { seat, .. } = &answer {
            room.seat_spectator(*seat);
            let presence = ServerMessage::Presence(presence(&room));
            let _ = handle.updates.send(Broadcast::Text(to_json(&presence)));
        }
        let queued = self.queue_presence(&mut room);
        drop(room);
        self.presence_saved(queued).await;
        Ok(answer)
    }

    /// Prepares, stores, commits and broadcasts one event of `room`, then names the room to
    /// the computer and the flag watcher.
    async fn record(
        &self,
        handle: &RoomHandle,
        room: &mut Room,
        kind: RoomEventKind,
        now: u64,
    ) -> Result<Answer, Refusal> {
        let prepared = room.prepare(RoomEvent {
            v: room.v + 1,
            at: now,
            kind,
        })?;
        self.store
            .append_event(&handle.id, prepared.event().clone())
            .await
            .map_err(|e| {
                tracing::error!("room {}: {e}", handle.id);
                Refusal {
                    code: ErrorCode::Storage,
                    message: format!("the move could not be saved: {e}"),
                }
            })?;
        let applied = room.commit(prepared);
        let json = to_json(&event_message(applied));
        let v = applied.event.v;
        let answer = match &applied.event.kind {
            RoomEventKind::Moved { ack, .. } => Answer::Ack { ack: *ack, v },
            RoomEventKind::SeatTaken { seat, token, .. } => Answer::Seated {
                seat: *seat,
                token: token.clone(),
            },
            _ => Answer::Done,
        };
        if matches!(applied.event.kind, RoomEventKind::Moved { .. }) {
            handle.moved_now();
        }
        let _ = handle.updates.send(Broadcast::Event(v, json));
        self.computer_may_move(room);
        self.flag_may_fall(room);
        Ok(answer)
    }

    /// Ends the game of room `id` on time if its running clock has run out.
    pub async fn flag_if_due(&self, id: &str) {
        let Some(handle) = self.get(id) else {
            return;
        };
        let mut room = handle.room.lock().await;
        let now = self.now();
        if let Some(flag) = room.flag_due(now) {
            if let Err(refusal) = self.record(&handle, &mut room, flag, now).await {
                tracing::warn!("room {id}: flag not recorded: {}", refusal.message);
            }
        }
    }

    /// Expires rooms past their time, ends games whose clock ran out, notes running clocks for
    /// a restart, and tells players who have been away for two minutes.
    /// Returns how many rooms expired.
    pub async fn sweep(&self) -> usize {
        let now = self.now();
        if now >= self.alive_noted.load(Ordering::Relaxed) + ALIVE_NOTE_MS {
            self.note_alive().await;
        }
        let handles: Vec<Arc<RoomHandle>> = match self.rooms.read() {
            Ok(rooms) => rooms.values().cloned().collect(),
            Err(_) => return 0,
        };
        let mut expired = 0;
        for handle in handles {
            let mut room = handle.room.lock().await;
            if room.expired(now) {
                if let Err(e) = self.store.expire_room(&handle.id, now).await {
                    tracing::error!("room {}: not expired: {e}", handle.id);
                    continue;
                }
                if let Ok(mut rooms) = self.rooms.write() {
                    rooms.remove(&handle.id);
                }
                let message = to_json(&ServerMessage::error(
                    ErrorCode::RoomExpired,
                    "this room has expired",
                ));
                let _ = handle.updates.send(Broadcast::Close {
                    message,
                    code: close::ROOM_EXPIRED,
                    reason: "room expired",
                });
                expired += 1;
                continue;
            }
            if let Some(flag) = room.flag_due(now) {
                if let Err(refusal) = self.record(&handle, &mut room, flag, now).await {
                    tracing::warn!("room {}: flag not recorded: {}", handle.id, refusal.message);
                }
            }
            if room.note_clocks(now) {
                let queued = self.queue_presence(&mut room);
                self.presence_saved(queued).await;
            }
            for (seat, since) in room.newly_away(now) {
                let msg = to_json(&ServerMessage::Away {
                    seat: wire_seat(seat),
                    seat_no: seat.0,
                    since,
                });
                let _ = handle.updates.send(Broadcast::Text(msg));
            }
        }
        expired
    }
}

/// Sleeps until each named room's clock would run out, then lets the hub look (a move may have
/// stopped it meanwhile: then nothing happens).
pub async fn watch_flags(
    shared: Arc<crate::socket::Shared>,
    mut named: mpsc::UnboundedReceiver<(String, u64)>,
) {
    while let Some((room, at)) = named.recv().await {
        let shared = shared.clone();
        let wait = at.saturating_sub(shared.hub.now());
        tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            shared.hub.flag_if_due(&room).await;
        });
    }
}
