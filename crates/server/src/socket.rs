//! One WebSocket connection to a room: hello, then a loop over (server shutting down, room
//! update, client message).

use crate::protocol::{close, ClientMessage, ErrorCode, Seat, ServerMessage};
use crate::room::Refusal;
use crate::state::{to_json, Answer, Broadcast, Found, Hub, RoomHandle};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::SinkExt;
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
}

fn closing(code: u16, reason: impl Into<String>) -> Closing {
    let mut reason = reason.into();
    // A close reason is at most 123 bytes.
    while reason.len() > 120 {
        reason.pop();
    }
    Closing { code, reason }
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
    seat: Option<Seat>,
    /// The last event version this connection has been sent.
    sent_v: u64,
}

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
        let (events, snapshot) = {
            let room = handle.room.lock().await;
            match v.and_then(|v| room.events_after(v)) {
                Some(events) => (Some((events, room.v)), None),
                None => (None, Some(room.snapshot(self.seat))),
            }
        };
        self.send_catch_up(events, snapshot).await
    }

    async fn send_catch_up(
        &mut self,
        events: Option<(Vec<crate::protocol::Event>, u64)>,
        snapshot: Option<crate::protocol::Snapshot>,
    ) -> Result<(), Closing> {
        if let Some((events, v)) = events {
            for event in events {
                if event.v > self.sent_v {
                    self.sent_v = event.v;
                    self.send(to_json(&event)).await?;
                }
            }
            self.sent_v = self.sent_v.max(v);
            self.send_msg(&ServerMessage::Synced { v }).await?;
        }
        if let Some(snapshot) = snapshot {
            self.sent_v = snapshot.v;
            self.send_msg(&ServerMessage::Snapshot(Box::new(snapshot)))
                .await?;
        }
        Ok(())
    }
}

/// Runs one connection to room `room_id` until it closes.
pub async fn run(socket: WebSocket, shared: Arc<Shared>, room_id: String) {
    let mut conn = Conn {
        socket,
        seat: None,
        sent_v: 0,
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
        let presence = to_json(&ServerMessage::Presence(room.presence()));
        let _ = handle.updates.send(Broadcast::Text(presence));
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
        Ok(_) => return (Err(closing(0, "gone")), false),
        Err(_) => return (Err(closing(close::NO_HELLO, "no hello in time")), false),
    };

    let (mut updates, bad_token, events, snapshot) = {
        let mut room = handle.room.lock().await;
        let seat = token.as_deref().and_then(|t| room.seat_for_token(t));
        let bad_token = token.is_some() && seat.is_none();
        conn.seat = seat;
        room.connect(seat);
        let updates = handle.updates.subscribe();
        let presence = to_json(&ServerMessage::Presence(room.presence()));
        let _ = handle.updates.send(Broadcast::Text(presence));
        let (events, snapshot) = match v.and_then(|v| room.events_after(v)) {
            Some(events) => (Some((events, room.v)), None),
            None => (None, Some(room.snapshot(seat))),
        };
        (updates, bad_token, events, snapshot)
    };
    let greeting = async {
        if bad_token {
            conn.send_msg(&ServerMessage::error(
                ErrorCode::BadToken,
                "this seat token does not belong to this room: you are watching",
            ))
            .await?;
        }
        if let (Some(seat), Some(token)) = (conn.seat, token) {
            conn.send_msg(&ServerMessage::Seat { seat, token }).await?;
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
    match msg {
        ClientMessage::Hello { .. } => Err(closing(close::BAD_MESSAGE, "hello was already sent")),
        ClientMessage::Sync { v } => conn.catch_up(handle, Some(v)).await,
        action => match shared.hub.act(handle, conn.seat, &action).await {
            Ok(Answer::Ack { ack, v }) => conn.feed(to_json(&ServerMessage::Ack { ack, v })).await,
            Ok(Answer::Seated { seat, token }) => {
                conn.seat = Some(seat);
                conn.send_msg(&ServerMessage::Seat { seat, token }).await
            }
            Ok(Answer::Done) => Ok(()),
            Err(Refusal { code, message }) => {
                let ack = match action {
                    ClientMessage::Move { ack, .. } => Some(ack),
                    _ => None,
                };
                conn.send_msg(&ServerMessage::Error { code, message, ack })
                    .await
            }
        },
    }
}

/// Resolves once the server is shutting down.
pub async fn stopping(shutdown: &mut watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|stop| *stop).await;
}
