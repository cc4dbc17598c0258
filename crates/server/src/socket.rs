//! One WebSocket connection to a room: hello, then a loop over (server shutting down, room
//! update, client message). Also the translation between the room's domain types and the
//! protocol: client messages become [`Action`]s, applied [`RoomEvent`](crate::room::RoomEvent)s
//! and the room's state become protocol messages.

use crate::clock::Clock;
use crate::clocks::ClockReading;
use crate::protocol::{
    close, ClientMessage, ClockView, Colors, ErrorCode, Event, EventKind, OutcomeView, Presence,
    Seat, SeatPresence, SeatView, ServerMessage, Side, Snapshot, TimeControlView,
};
use crate::room::{Action, Applied, GameResult, Refusal, Room, RoomEventKind, SeatNo, LIFETIME_MS};
use crate::state::{to_json, Answer, Broadcast, Found, Hub, RoomHandle};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::SinkExt;
use kingme_engine_core::Level;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, watch};
use tokio::time::{interval, timeout, Instant, MissedTickBehavior};

/// Per-connection limits.
#[derive(Debug, Clone)]
pub struct Limits {
    /// The largest accepted text message, in bytes.
    pub max_message_bytes: usize,
    /// Messages per second a connection may send on average…
    pub messages_per_second: f64,
    /// …and in a burst.
    pub burst: f64,
    /// How long the server waits for `hello`.
    pub hello_timeout: Duration,
    /// How often the server pings.
    pub ping_interval: Duration,
    /// A connection silent for this long (not even a pong) is closed.
    pub silence_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 4096,
            messages_per_second: 10.0,
            burst: 40.0,
            hello_timeout: Duration::from_secs(10),
            ping_interval: Duration::from_secs(20),
            silence_timeout: Duration::from_secs(60),
        }
    }
}

/// What the socket layer shares.
#[derive(Debug)]
pub struct Shared {
    pub hub: Hub,
    pub limits: Limits,
    pub shutdown: watch::Receiver<bool>,
}

/// Why a connection ends.
struct Closing {
    code: u16,
    reason: String,
    /// The client's input was left unread (a frame over the limit): keep the socket open a
    /// moment after the close frame instead of reading on, because closing it with unread
    /// input resets the connection at once and can take the close frame with it.
    linger: bool,
}

fn closing(code: u16, reason: impl Into<String>) -> Closing {
    let mut reason = reason.into();
    // A close reason is at most 123 bytes.
    while reason.len() > 120 {
        reason.pop();
    }
    Closing {
        code,
        reason,
        linger: false,
    }
}

struct TokenBucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl TokenBucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let elapsed = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

struct Conn {
    socket: WebSocket,
    seat: Option<SeatNo>,
    /// The last event version this connection has been sent.
    sent_v: u64,
    clock: Arc<dyn Clock>,
}

/// Events to replay, the version they bring the receiver to, and the clocks now.
type Replay = (Vec<Applied>, u64, Option<ClockView>);

impl Conn {
    async fn send(&mut self, text: Utf8Bytes) -> Result<(), Closing> {
        self.socket
            .send(Message::Text(text))
            .await
            .map_err(|_| closing(0, "send failed"))
    }

    async fn send_msg(&mut self, msg: &ServerMessage) -> Result<(), Closing> {
        self.send(to_json(msg)).await
    }

    /// Queues a message; [`Conn::flush`] writes everything queued in one go.
    async fn feed(&mut self, text: Utf8Bytes) -> Result<(), Closing> {
        SinkExt::feed(&mut self.socket, Message::Text(text))
            .await
            .map_err(|_| closing(0, "send failed"))
    }

    async fn flush(&mut self) -> Result<(), Closing> {
        SinkExt::flush(&mut self.socket)
            .await
            .map_err(|_| closing(0, "send failed"))
    }

    /// Queues one room update for this connection.
    async fn deliver(&mut self, update: Broadcast) -> Result<(), Closing> {
        match update {
            Broadcast::Event(v, json) => {
                if v > self.sent_v {
                    self.sent_v = v;
                    self.feed(json).await?;
                }
                Ok(())
            }
            Broadcast::Text(json) => self.feed(json).await,
            Broadcast::Close {
                message,
                code,
                reason,
            } => {
                self.feed(message).await?;
                self.flush().await?;
                Err(closing(code, reason))
            }
        }
    }

    /// Queues every room update already waiting, then writes all that is queued.
    async fn drain_and_flush(
        &mut self,
        handle: &RoomHandle,
        updates: &mut broadcast::Receiver<Broadcast>,
    ) -> Result<(), Closing> {
        loop {
            match updates.try_recv() {
                Ok(update) => self.deliver(update).await?,
                Err(broadcast::error::TryRecvError::Empty) => break,
                Err(broadcast::error::TryRecvError::Lagged(_)) => {
                    self.flush().await?;
                    let v = self.sent_v;
                    self.catch_up(handle, Some(v)).await?;
                }
                Err(broadcast::error::TryRecvError::Closed) => {
                    self.flush().await?;
                    return Err(closing(close::RESTARTING, "restarting"));
                }
            }
        }
        self.flush().await
    }

    async fn close(mut self, c: Closing) {
        if c.code != 0 {
            let frame = CloseFrame {
                code: c.code,
                reason: Utf8Bytes::from(c.reason),
            };
            if self.socket.send(Message::Close(Some(frame))).await.is_ok() {
                if c.linger {
                    tokio::time::sleep(Duration::from_secs(2)).await;
                    return;
                }
                // Read what the client still sends until its close answer, so that the close
                // frame is not lost to a connection reset.
                let drain = async {
                    while let Some(Ok(msg)) = self.socket.recv().await {
                        if matches!(msg, Message::Close(_)) {
                            break;
                        }
                    }
                };
                let _ = timeout(Duration::from_secs(2), drain).await;
            }
        }
    }

    /// Sends the events after `v` if still kept (then `synced`), or a snapshot.
    async fn catch_up(&mut self, handle: &RoomHandle, v: Option<u64>) -> Result<(), Closing> {
        let now = self.clock.now_ms();
        let (events, snapshot) = {
            let room = handle.room.lock().await;
            match v.and_then(|v| room.events_after(v)) {
                Some(events) => (Some((events, room.v, clocks_now(&room, now))), None),
                None => (None, Some(snapshot(&room, self.seat, now))),
            }
        };
        self.send_catch_up(events, snapshot).await
    }

    async fn send_catch_up(
        &mut self,
        events: Option<Replay>,
        snapshot: Option<Snapshot>,
    ) -> Result<(), Closing> {
        if let Some((events, v, clock)) = events {
            for applied in events {
                if applied.event.v > self.sent_v {
                    self.sent_v = applied.event.v;
                    self.send(to_json(&event_message(&applied))).await?;
                }
            }
            self.sent_v = self.sent_v.max(v);
            self.send_msg(&ServerMessage::Synced { v, clock }).await?;
        }
        if let Some(snapshot) = snapshot {
            self.sent_v = snapshot.v;
            self.send_msg(&ServerMessage::Snapshot(Box::new(snapshot)))
                .await?;
        }
        Ok(())
    }
}

/// The largest frame (and message) the WebSocket layer reads: the protocol's message limit
/// gets a 4009 with the sizes named, anything beyond this one a 4009 without reading it.
pub fn frame_limit(limits: &Limits) -> usize {
    limits.max_message_bytes.saturating_mul(16)
}

/// Whether a read failed because a frame or message is over [`frame_limit`].
fn over_frame_limit(e: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(error) = source {
        if let Some(tungstenite::Error::Capacity(_)) = error.downcast_ref() {
            return true;
        }
        source = error.source();
    }
    false
}

fn too_large_frame(limits: &Limits) -> Closing {
    let mut c = closing(
        close::TOO_LARGE,
        format!(
            "frame over the {}-byte limit (messages are at most {} bytes)",
            frame_limit(limits),
            limits.max_message_bytes
        ),
    );
    c.linger = true;
    c
}

/// Runs one connection to room `room_id` until it closes.
pub async fn run(socket: WebSocket, shared: Arc<Shared>, room_id: String) {
    let mut conn = Conn {
        socket,
        seat: None,
        sent_v: 0,
        clock: shared.hub.clock(),
    };
    let handle = match shared.hub.find(&room_id).await {
        Ok(Found::Live(handle)) => handle,
        Ok(Found::Expired) => {
            let _ = conn
                .send_msg(&ServerMessage::error(
                    ErrorCode::RoomExpired,
                    "this room has expired: rooms are deleted 30 minutes after both players \
                     left and 24 hours after they were made",
                ))
                .await;
            conn.close(closing(close::ROOM_EXPIRED, "room expired"))
                .await;
            return;
        }
        Ok(Found::Missing) => {
            let _ = conn
                .send_msg(&ServerMessage::error(
                    ErrorCode::RoomNotFound,
                    "there is no room with this link",
                ))
                .await;
            conn.close(closing(close::ROOM_NOT_FOUND, "room not found"))
                .await;
            return;
        }
        Err(e) => {
            conn.close(closing(1011, format!("storage failed: {e}")))
                .await;
            return;
        }
    };
    let result = serve(&mut conn, &shared, &handle).await;
    if result.1 {
        let mut room = handle.room.lock().await;
        room.disconnect(conn.seat, shared.hub.now());
        let presence = to_json(&ServerMessage::Presence(presence(&room)));
        let _ = handle.updates.send(Broadcast::Text(presence));
        let queued = shared.hub.queue_presence(&mut room);
        drop(room);
        shared.hub.presence_saved(queued).await;
    }
    if let Err(c) = result.0 {
        conn.close(c).await;
    }
}

/// The connection's life after the room is found. Returns how it ended and whether it was
/// counted in the room (and must be counted out).
async fn serve(
    conn: &mut Conn,
    shared: &Shared,
    handle: &RoomHandle,
) -> (Result<(), Closing>, bool) {
    let limits = &shared.limits;
    let mut shutdown = shared.shutdown.clone();
    let hello = tokio::select! {
        _ = stopping(&mut shutdown) => {
            return (Err(closing(close::RESTARTING, "restarting")), false);
        }
        hello = timeout(limits.hello_timeout, conn.socket.recv()) => hello,
    };
    let (token, v) = match hello {
        Ok(Some(Ok(Message::Text(text)))) if text.len() <= limits.max_message_bytes => {
            match serde_json::from_str::<ClientMessage>(&text) {
                Ok(ClientMessage::Hello { token, v }) => (token, v),
                _ => {
                    return (
                        Err(closing(close::NO_HELLO, "the first message must be hello")),
                        false,
                    )
                }
            }
        }
        Ok(Some(Ok(Message::Text(_)))) => {
            return (Err(closing(close::TOO_LARGE, "message too large")), false)
        }
        Ok(Some(Ok(_))) => {
            return (
                Err(closing(close::NO_HELLO, "the first message must be hello")),
                false,
            )
        }
        Ok(Some(Err(e))) if over_frame_limit(&e) => return (Err(too_large_frame(limits)), false),
        Ok(_) => return (Err(closing(0, "gone")), false),
        Err(_) => return (Err(closing(close::NO_HELLO, "no hello in time")), false),
    };

    let (mut updates, bad_token, events, snapshot, queued) = {
        let mut room = handle.room.lock().await;
        let seat = token.as_deref().and_then(|t| room.seat_for_token(t));
        let bad_token = token.is_some() && seat.is_none();
        conn.seat = seat;
        room.connect(seat);
        let updates = handle.updates.subscribe();
        let presence = to_json(&ServerMessage::Presence(presence(&room)));
        let _ = handle.updates.send(Broadcast::Text(presence));
        let now = shared.hub.now();
        let (events, snapshot) = match v.and_then(|v| room.events_after(v)) {
            Some(events) => (Some((events, room.v, clocks_now(&room, now))), None),
            None => (None, Some(snapshot(&room, seat, now))),
        };
        let queued = shared.hub.queue_presence(&mut room);
        (updates, bad_token, events, snapshot, queued)
    };
    shared.hub.presence_saved(queued).await;
    let greeting = async {
        if bad_token {
            conn.send_msg(&ServerMessage::error(
                ErrorCode::BadToken,
                "this seat token does not belong to this room: you are watching",
            ))
            .await?;
        }
        if let (Some(seat), Some(token)) = (conn.seat, token) {
            conn.send_msg(&ServerMessage::Seat {
                seat: wire_seat(seat),
                seat_no: seat.0,
                token,
            })
            .await?;
        }
        conn.send_catch_up(events, snapshot).await
    };
    if let Err(c) = greeting.await {
        return (Err(c), true);
    }
    (
        session(conn, shared, handle, &mut updates, &mut shutdown).await,
        true,
    )
}

async fn session(
    conn: &mut Conn,
    shared: &Shared,
    handle: &RoomHandle,
    updates: &mut broadcast::Receiver<Broadcast>,
    shutdown: &mut watch::Receiver<bool>,
) -> Result<(), Closing> {
    let limits = &shared.limits;
    let mut bucket = TokenBucket {
        tokens: limits.burst,
        last: Instant::now(),
        rate: limits.messages_per_second,
        burst: limits.burst,
    };
    let mut pings = interval(limits.ping_interval);
    pings.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut last_heard = Instant::now();
    loop {
        tokio::select! {
            _ = stopping(shutdown) => {
                return Err(closing(close::RESTARTING, "restarting"));
            }
            update = updates.recv() => match update {
                Ok(update) => {
                    conn.deliver(update).await?;
                    conn.drain_and_flush(handle, updates).await?;
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let v = conn.sent_v;
                    conn.catch_up(handle, Some(v)).await?;
                }
                Err(broadcast::error::RecvError::Closed) => {
                    return Err(closing(close::RESTARTING, "restarting"));
                }
            },
            _ = pings.tick() => {
                if last_heard.elapsed() > limits.silence_timeout {
                    return Err(closing(close::TIMEOUT, "no answer to pings"));
                }
                conn.socket
                    .send(Message::Ping(Default::default()))
                    .await
                    .map_err(|_| closing(0, "send failed"))?;
            }
            incoming = conn.socket.recv() => {
                last_heard = Instant::now();
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        return Err(closing(close::BAD_MESSAGE, "binary messages are not part of the protocol"));
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | None => return Ok(()),
                    Some(Err(e)) if over_frame_limit(&e) => {
                        return Err(too_large_frame(limits));
                    }
                    Some(Err(e)) => {
                        return Err(closing(close::BAD_MESSAGE, format!("unreadable frame: {e}")));
                    }
                };
                if !bucket.take() {
                    return Err(closing(close::RATE_LIMITED, "too many messages"));
                }
                if text.len() > limits.max_message_bytes {
                    return Err(closing(close::TOO_LARGE, format!(
                        "message of {} bytes is over the {}-byte limit",
                        text.len(),
                        limits.max_message_bytes
                    )));
                }
                let msg = serde_json::from_str::<ClientMessage>(&text)
                    .map_err(|e| closing(close::BAD_MESSAGE, format!("not a protocol message: {e}")))?;
                handle_message(conn, shared, handle, msg).await?;
                // The answer goes out together with the update it caused.
                conn.drain_and_flush(handle, updates).await?;
            }
        }
    }
}

async fn handle_message(
    conn: &mut Conn,
    shared: &Shared,
    handle: &RoomHandle,
    msg: ClientMessage,
) -> Result<(), Closing> {
    let action = match msg {
        ClientMessage::Hello { .. } => {
            return Err(closing(close::BAD_MESSAGE, "hello was already sent"))
        }
        ClientMessage::Sync { v } => return conn.catch_up(handle, Some(v)).await,
        ClientMessage::Join {
            token,
            seat_no,
            name,
        } => Action::TakeSeat {
            seat: seat_no.map(SeatNo),
            token,
            name,
        },
        ClientMessage::SeatComputers { seats, level } => Action::SeatComputers {
            seats: seats.map(|s| s.into_iter().map(SeatNo).collect()),
            level: match read_level(level.as_deref()) {
                Ok(level) => level,
                Err(refusal) => return refused(conn, refusal).await,
            },
        },
        ClientMessage::ReplaceWithComputer { seat_no, v, level } => Action::ReplaceWithComputer {
            seat: SeatNo(seat_no),
            v,
            level: match read_level(level.as_deref()) {
                Ok(level) => level,
                Err(refusal) => return refused(conn, refusal).await,
            },
        },
        ClientMessage::Reclaim => Action::Reclaim,
        ClientMessage::Move {
            ack,
            v,
            notation,
            offer_draw,
        } => Action::Move {
            ack,
            v,
            notation,
            offer_draw,
        },
        ClientMessage::AcceptDraw { v } => Action::AcceptDraw { v },
        ClientMessage::Resign { v } => Action::Resign { v },
        ClientMessage::Rematch { game } => Action::Rematch { game },
        ClientMessage::ContinueVsComputer { v } => Action::ContinueVsComputer { v },
    };
    match shared.hub.act(handle, conn.seat, &action).await {
        Ok(Answer::Ack { ack, v }) => conn.feed(to_json(&ServerMessage::Ack { ack, v })).await,
        Ok(Answer::Seated { seat, token }) => {
            conn.seat = Some(seat);
            conn.send_msg(&ServerMessage::Seat {
                seat: wire_seat(seat),
                seat_no: seat.0,
                token,
            })
            .await
        }
        Ok(Answer::Done) => Ok(()),
        Err(Refusal { code, message }) => {
            let ack = match action {
                Action::Move { ack, .. } => Some(ack),
                _ => None,
            };
            conn.send_msg(&ServerMessage::Error { code, message, ack })
                .await
        }
    }
}

/// A computer level as the protocol writes it; `intermediate` when none is given.
fn read_level(level: Option<&str>) -> Result<Level, Refusal> {
    match level {
        None => Ok(Level::Intermediate),
        Some(text) => text.parse().map_err(|e| Refusal {
            code: ErrorCode::BadLevel,
            message: format!("{e}"),
        }),
    }
}

async fn refused(conn: &mut Conn, refusal: Refusal) -> Result<(), Closing> {
    conn.send_msg(&ServerMessage::error(refusal.code, refusal.message))
        .await
}

/// The protocol's two-seat name for a seat: the creator's (seat 0) or another's. Rooms of more
/// than two seats name seats by number (`seat_no`) as well.
pub fn wire_seat(seat: SeatNo) -> Seat {
    match seat.0 {
        0 => Seat::Creator,
        _ => Seat::Joiner,
    }
}

fn outcome_view(result: &GameResult) -> OutcomeView {
    OutcomeView {
        winner: result.winner.map(|(seat, _)| wire_seat(seat)),
        winner_side: result.winner.and_then(|(_, color)| color.map(Side::from)),
        winner_no: result.winner.map(|(seat, _)| seat.0),
        ranking: result
            .ranking
            .iter()
            .map(|group| group.iter().map(|s| s.0).collect())
            .collect(),
        reason: result.reason.clone(),
        description: result.description.clone(),
    }
}

/// An applied room event as the protocol's versioned event.
pub fn event_message(applied: &Applied) -> Event {
    let event = &applied.event;
    let fen = || applied.fen.clone().unwrap_or_default();
    // Accepting a draw always ends the game.
    let ended = || {
        applied.result.as_ref().map_or_else(
            || OutcomeView {
                winner: None,
                winner_side: None,
                winner_no: None,
                ranking: Vec::new(),
                reason: String::new(),
                description: String::new(),
            },
            outcome_view,
        )
    };
    let kind = match &event.kind {
        RoomEventKind::SeatTaken { seat, name, .. } => EventKind::Joined {
            seat: wire_seat(*seat),
            seat_no: seat.0,
            name: name.clone(),
        },
        RoomEventKind::ComputersSeated { seats, level } => EventKind::ComputersSeated {
            seats: seats.iter().map(|s| s.0).collect(),
            level: level.key().to_string(),
        },
        RoomEventKind::SeatReclaimed { seat } => EventKind::SeatReclaimed { seat_no: seat.0 },
        RoomEventKind::Moved {
            seat,
            ack,
            notation,
            offer_draw,
            ..
        } => EventKind::Moved {
            seat: wire_seat(*seat),
            seat_no: seat.0,
            notation: notation.clone(),
            offer_draw: *offer_draw,
            ack: *ack,
            fen: fen(),
            outcome: applied.result.as_ref().map(outcome_view),
        },
        RoomEventKind::DrawAccepted { seat } => EventKind::DrawAccepted {
            seat: wire_seat(*seat),
            seat_no: seat.0,
            outcome: ended(),
        },
        RoomEventKind::Resigned { seat } => EventKind::Resigned {
            seat: wire_seat(*seat),
            seat_no: seat.0,
            outcome: applied.result.as_ref().map(outcome_view),
        },
        RoomEventKind::Flagged { seat } => EventKind::Flagged {
            seat: wire_seat(*seat),
            seat_no: seat.0,
            outcome: applied.result.as_ref().map(outcome_view),
        },
        RoomEventKind::Rematch { game } => {
            let first = applied.first.unwrap_or(SeatNo::CREATOR);
            EventKind::Rematch {
                game: *game,
                first: wire_seat(first),
                first_no: first.0,
                fen: fen(),
            }
        }
        RoomEventKind::LeftForComputer { seat } => EventKind::LeftForComputer {
            seat: wire_seat(*seat),
        },
    };
    Event {
        v: event.v,
        at: event.at,
        clock: applied.clocks.as_ref().map(clock_view),
        kind,
    }
}

/// Clocks as the protocol writes them.
pub fn clock_view(reading: &ClockReading) -> ClockView {
    ClockView {
        control: TimeControlView {
            initial_ms: reading.control.initial_ms,
            increment_ms: reading.control.increment_ms,
        },
        remaining_ms: reading.remaining_ms.clone(),
        running: reading.running.map(|s| s.0),
    }
}

/// A timed room's clocks at `now`.
pub fn clocks_now(room: &Room, now: u64) -> Option<ClockView> {
    room.clocks().map(|c| clock_view(&c.reading(now)))
}

/// Who is connected to `room`.
pub fn presence(room: &Room) -> Presence {
    let seats = room.seats();
    let connected = |i: usize| seats.get(i).is_some_and(|s| s.connections > 0);
    let away = |i: usize| seats.get(i).and_then(|s| s.away_since);
    Presence {
        creator: connected(0),
        joiner: connected(1),
        spectators: room.spectators(),
        creator_away_since: away(0),
        joiner_away_since: away(1),
        seats: (0..seats.len())
            .map(|i| SeatPresence {
                connected: connected(i),
                away_since: away(i),
            })
            .collect(),
    }
}

fn seat_views(room: &Room) -> Vec<SeatView> {
    let game = room.game();
    room.seats()
        .iter()
        .enumerate()
        .map(|(i, state)| {
            let seat = SeatNo(u8::try_from(i).unwrap_or(0));
            let player = room.player_of(seat);
            SeatView {
                seat_no: seat.0,
                taken: state.token.is_some(),
                name: state.name.clone(),
                computer: state.computer.map(|l| l.key().to_string()),
                player: u8::try_from(player).unwrap_or(0),
                board_seat: game.halma_board_seat(player),
                side: room.color_of(seat).map(Side::from),
            }
        })
        .collect()
}

/// The whole of `room` at `now` as the holder of seat `you` (`None`: a spectator) sees it.
pub fn snapshot(room: &Room, you: Option<SeatNo>, now: u64) -> Snapshot {
    let game = room.game();
    let draughts = game.draughts();
    let over = room.over();
    let seat_to_move = if over { None } else { room.seat_to_move() };
    Snapshot {
        v: room.v,
        room: room.record.id.clone(),
        variant: room.record.game.key().to_string(),
        created_at: room.record.created_at,
        expires_at: room.record.created_at + LIFETIME_MS,
        game: room.game_no(),
        colors: match (room.color_of(SeatNo(0)), room.color_of(SeatNo(1))) {
            (Some(creator), Some(joiner)) => Some(Colors {
                creator: creator.into(),
                joiner: joiner.into(),
            }),
            _ => None,
        },
        joined: room.all_seated(),
        you: you.map(wire_seat),
        you_no: you.map(|s| s.0),
        players: u8::try_from(room.seats().len()).unwrap_or(0),
        seats: seat_views(room),
        start_fen: game.start_text(),
        moves: game.moves_text(),
        offers: draughts.map_or_else(Vec::new, |g| {
            (0..g.ply()).map(|i| g.offered_draw_at(i)).collect()
        }),
        fen: game.position_text(),
        to_move: seat_to_move.map(wire_seat),
        to_move_no: seat_to_move.map(|s| s.0),
        legal_moves: if over {
            Vec::new()
        } else {
            game.legal_moves_text()
        },
        draw_offer: draughts.and_then(|g| {
            g.draw_offer()
                .and_then(|c| room.seats_by_color(c))
                .map(wire_seat)
        }),
        may_offer_draw: !over && draughts.is_some_and(|g| g.may_offer_draw()),
        outcome: room.result().as_ref().map(outcome_view),
        left_for_computer: room.left_for_computer().map(wire_seat),
        presence: presence(room),
        clock: clocks_now(room, now),
    }
}

/// Resolves once the server is shutting down.
pub async fn stopping(shutdown: &mut watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|stop| *stop).await;
}
