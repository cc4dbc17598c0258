//! A real server on port 0 and real WebSocket clients.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use futures_util::{SinkExt, StreamExt};
use kingme_server::{AddressLimits, Limits, ManualClock, Server, ServerHandle, ServerOptions};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one thing before failing.
pub const WAIT: Duration = Duration::from_secs(10);

/// A temporary SQLite file, deleted on drop.
pub struct TempDb(pub PathBuf);

impl TempDb {
    pub fn new() -> TempDb {
        let path = std::env::temp_dir().join(format!(
            "kingme-test-{}.db",
            kingme_server::ids::random_id()
        ));
        TempDb(path)
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.0.display()));
        }
    }
}

/// A running server; shuts down on drop.
pub struct TestServer {
    pub addr: SocketAddr,
    pub handle: ServerHandle,
    pub clock: ManualClock,
    task: Option<JoinHandle<Result<(), kingme_server::ServerError>>>,
}

/// The fake clock's start: 2026-01-01.
pub const T0: u64 = 1_767_225_600_000;

impl TestServer {
    pub async fn start(db: &TempDb) -> TestServer {
        TestServer::start_with(db, ManualClock::new(T0), Limits::default()).await
    }

    pub async fn start_with(db: &TempDb, clock: ManualClock, limits: Limits) -> TestServer {
        TestServer::start_configured(db, clock, limits, AddressLimits::default()).await
    }

    pub async fn start_configured(
        db: &TempDb,
        clock: ManualClock,
        limits: Limits,
        per_address: AddressLimits,
    ) -> TestServer {
        TestServer::start_tuned(db, clock, |options| {
            options.limits = limits;
            options.per_address = per_address;
        })
        .await
    }

    /// A server with the test defaults, then `tune` applied to its options.
    pub async fn start_tuned(
        db: &TempDb,
        clock: ManualClock,
        tune: impl FnOnce(&mut ServerOptions),
    ) -> TestServer {
        let mut options = ServerOptions {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            db: Some(db.0.clone()),
            durability: kingme_server::Durability::Full,
            clock: std::sync::Arc::new(clock.clone()),
            limits: Limits::default(),
            allowed_origins: Vec::new(),
            sweep_every: None,
            per_address: AddressLimits::default(),
            timeouts: kingme_server::Timeouts::default(),
            // Tests play computer seats as fast as they can; the pace has its own test.
            computer_pace: std::time::Duration::ZERO,
            min_clock_ms: kingme_server::clocks::DEFAULT_MIN_INITIAL_MS,
        };
        tune(&mut options);
        let server = Server::bind(options).await.expect("server starts");
        let addr = server.local_addr();
        let handle = server.handle();
        let task = tokio::spawn(server.run());
        TestServer {
            addr,
            handle,
            clock,
            task: Some(task),
        }
    }

    /// Shuts down and waits until the store is flushed.
    pub async fn stop(mut self) {
        self.handle.shutdown();
        if let Some(task) = self.task.take() {
            tokio::time::timeout(WAIT, task)
                .await
                .expect("server stops in time")
                .expect("server task")
                .expect("server ran without error");
        }
    }

    /// A raw HTTP/1.1 request; returns (status, body).
    pub async fn http(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        let mut stream = TcpStream::connect(self.addr).await.unwrap();
        let body = body.unwrap_or("");
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        tokio::time::timeout(WAIT, stream.read_to_end(&mut response))
            .await
            .expect("http answer in time")
            .unwrap();
        let text = String::from_utf8_lossy(&response).to_string();
        let status = text[9..12].parse().unwrap();
        let body = text
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (status, body)
    }

    /// Sends `request` as it is on a new connection; returns everything the server answered
    /// before closing.
    pub async fn raw(&self, request: &str) -> String {
        let mut stream = TcpStream::connect(self.addr).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        tokio::time::timeout(WAIT, stream.read_to_end(&mut response))
            .await
            .expect("http answer in time")
            .unwrap();
        String::from_utf8_lossy(&response).to_string()
    }

    /// Creates a room; returns (room id, creator token).
    pub async fn create_room(&self, variant: &str, fen: Option<&str>) -> (String, String) {
        let body = match fen {
            Some(fen) => json!({ "variant": variant, "fen": fen }),
            None => json!({ "variant": variant }),
        };
        self.create_room_as(&body).await
    }

    /// Creates a room as `body` asks; returns (room id, creator token).
    pub async fn create_room_as(&self, body: &Value) -> (String, String) {
        let (status, body) = self
            .http("POST", "/api/rooms", Some(&body.to_string()))
            .await;
        assert_eq!(status, 201, "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        (
            v["room"].as_str().unwrap().to_string(),
            v["token"].as_str().unwrap().to_string(),
        )
    }

    /// Opens a socket to `room` without saying hello.
    pub async fn open(&self, room: &str) -> Client {
        let url = format!("ws://{}/ws/{room}", self.addr);
        let (ws, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(url))
            .await
            .expect("connect in time")
            .expect("websocket handshake");
        Client { ws }
    }

    /// Opens a socket and says hello; returns the client and the first state message
    /// (snapshot or, with `v`, the replay up to `synced`).
    pub async fn connect(&self, room: &str, token: Option<&str>, v: Option<u64>) -> Client {
        let mut client = self.open(room).await;
        client
            .send(json!({ "t": "hello", "token": token, "v": v }))
            .await;
        client
    }

    pub async fn request_with_origin(&self, room: &str, origin: &str) -> Result<(), String> {
        let url = format!("ws://{}/ws/{room}", self.addr);
        let mut request = url.into_client_request().unwrap();
        request
            .headers_mut()
            .insert("Origin", origin.parse().unwrap());
        match tokio_tungstenite::connect_async(request).await {
            Ok(_) => Ok(()),
            Err(e) => Err(e.to_string()),
        }
    }

    pub async fn healthy(&self) -> bool {
        let (status, body) = self.http("GET", "/api/health", None).await;
        status == 200 && body.contains("\"ok\":true")
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.handle.shutdown();
    }
}

/// A WebSocket client.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// How a socket ended.
#[derive(Debug, PartialEq)]
pub struct Closed {
    pub code: u16,
    pub reason: String,
}

impl Client {
    pub async fn send(&mut self, msg: Value) {
        self.send_text(&msg.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.expect("send");
    }

    /// The next JSON message (pings skipped). Fails after [`WAIT`] or if the socket closes.
    pub async fn recv(&mut self) -> Value {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message in time")
                .expect("socket open")
                .expect("readable frame");
            match frame {
                Message::Text(text) => return serde_json::from_str(&text).expect("json"),
                Message::Ping(_) | Message::Pong(_) => continue,
                other => panic!("expected a message, got {other:?}"),
            }
        }
    }

    /// The next message whose `t` is `t`, skipping others (presence, …) — but failing on an
    /// error message unless `t` is "error".
    pub async fn expect(&mut self, t: &str) -> Value {
        loop {
            let msg = self.recv().await;
            if msg["t"] == t {
                return msg;
            }
            assert!(msg["t"] != "error", "expected {t}, got {msg}");
        }
    }

    /// The next error message; its code must be `code`.
    pub async fn expect_error(&mut self, code: &str) -> Value {
        let msg = self.expect("error").await;
        assert_eq!(msg["code"], code, "{msg}");
        msg
    }

    /// Waits for the server to close the socket; returns the close code and reason.
    pub async fn closed(&mut self) -> Closed {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("closed in time");
            match frame {
                Some(Ok(Message::Close(Some(frame)))) => {
                    return Closed {
                        code: u16::from(frame.code),
                        reason: frame.reason.to_string(),
                    }
                }
                Some(Ok(Message::Close(None))) | None => {
                    return Closed {
                        code: u16::from(CloseCode::Status),
                        reason: String::new(),
                    }
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => panic!("socket failed instead of closing: {e}"),
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
        // Wait for the server's answer so that it has counted the disconnect.
        while let Ok(Some(Ok(_))) = tokio::time::timeout(WAIT, self.ws.next()).await {}
    }
}

/// A seated player with a local copy of the game to choose moves.
pub struct Player {
    pub client: Client,
    pub token: String,
    pub next_ack: u64,
}

/// A room with both seats taken: (creator, joiner, room id).
pub async fn two_players(
    server: &TestServer,
    variant: &str,
    fen: Option<&str>,
) -> (Player, Player, String) {
    let (room, token) = server.create_room(variant, fen).await;
    seat_two(server, room, token).await
}

/// Both seats of a new room taken: its creator (holding `token`) and a joiner.
pub async fn seat_two(
    server: &TestServer,
    room: String,
    token: String,
) -> (Player, Player, String) {
    let mut creator = server.connect(&room, Some(&token), None).await;
    let seat = creator.expect("seat").await;
    assert_eq!(seat["seat"], "creator");
    let snap = creator.expect("snapshot").await;
    assert_eq!(snap["joined"], false);
    let mut joiner = server.connect(&room, None, None).await;
    let snap = joiner.expect("snapshot").await;
    assert_eq!(snap["you"], Value::Null);
    joiner.send(json!({ "t": "join" })).await;
    let seat = joiner.expect("seat").await;
    assert_eq!(seat["seat"], "joiner");
    let joiner_token = seat["token"].as_str().unwrap().to_string();
    joiner.expect("joined").await;
    creator.expect("joined").await;
    (
        Player {
            client: creator,
            token,
            next_ack: 1,
        },
        Player {
            client: joiner,
            token: joiner_token,
            next_ack: 1,
        },
        room,
    )
}

impl Player {
    /// Sends a move at version `v` and waits for its ack; returns the new version.
    pub async fn play(&mut self, mv: &str, v: u64, offer_draw: bool) -> u64 {
        let ack = self.next_ack;
        self.next_ack += 1;
        self.client
            .send(json!({ "t": "move", "ack": ack, "v": v, "move": mv, "offer_draw": offer_draw }))
            .await;
        let answer = self.client.expect("ack").await;
        assert_eq!(answer["ack"], ack);
        answer["v"].as_u64().unwrap()
    }

    /// Waits for the next `moved` event.
    pub async fn moved(&mut self) -> Value {
        self.client.expect("moved").await
    }
}

/// `mover` plays `mv` at `v`; both players see the `moved` event. Returns the event.
pub async fn exchange(
    mover: &mut Player,
    other: &mut Player,
    mv: &str,
    v: u64,
    offer: bool,
) -> Value {
    let new_v = mover.play(mv, v, offer).await;
    let mine = mover.moved().await;
    let theirs = other.moved().await;
    assert_eq!(mine, theirs);
    assert_eq!(theirs["v"], new_v);
    theirs
}
