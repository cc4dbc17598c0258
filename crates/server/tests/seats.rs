//! Rooms of more than two seats: Halma and Chinese checkers with players and computer seats.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use kingme_halma::{notation, Position, Setup, Variant};
use serde_json::{json, Value};

/// Creates a room for `variant` with `players` seats; returns (room, creator token).
async fn create(server: &TestServer, variant: &str, players: u8) -> (String, String) {
    let body = json!({ "variant": variant, "players": players }).to_string();
    let (status, body) = server.http("POST", "/api/rooms", Some(&body)).await;
    assert_eq!(status, 201, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["players"], players);
    (
        v["room"].as_str().unwrap().into(),
        v["token"].as_str().unwrap().into(),
    )
}

/// A human at the table: its socket, seat and token, and the game as it has seen it.
struct Human {
    client: Client,
    seat: u8,
    token: String,
    setup: Setup,
    position: Position,
    v: u64,
    /// The board seat (1–6) each room seat plays, from the snapshot.
    board_seats: Vec<u8>,
    next_ack: u64,
}

impl Human {
    fn to_move(&self) -> Option<u8> {
        if self.position.is_over() {
            return None;
        }
        let board = self.position.to_move().number();
        self.board_seats
            .iter()
            .position(|&b| b == board)
            .map(|s| s as u8)
    }

    /// Reads messages until the next room event; keeps the position and version. Returns the
    /// event.
    async fn next_event(&mut self) -> Value {
        loop {
            let msg = self.client.recv().await;
            assert_ne!(msg["t"], "error", "seat {}: {msg}", self.seat);
            let Some(v) = msg["v"].as_u64() else { continue };
            if msg["t"] == "synced" || msg["t"] == "snapshot" || msg["t"] == "ack" || v <= self.v {
                // Not an event, or one the snapshot already covered.
                continue;
            }
            assert_eq!(v, self.v + 1, "seat {}: events in order: {msg}", self.seat);
            self.v = v;
            if msg["t"] == "moved" {
                self.position = Position::parse(self.setup, msg["fen"].as_str().unwrap()).unwrap();
            }
            return msg;
        }
    }

    /// Plays the move that gains the most ground.
    async fn play(&mut self) {
        let m = kingme_halma_engine::greedy_move(&self.position, self.v).expect("a move");
        let text = notation::move_to_string(&self.position, m);
        let ack = self.next_ack;
        self.next_ack += 1;
        self.client
            .send(json!({"t": "move", "ack": ack, "v": self.v, "move": text}))
            .await;
    }
}

/// Connects the holder of `token` (or a newcomer who takes a free seat) and reads its snapshot.
async fn sit(server: &TestServer, room: &str, token: Option<&str>, setup: Setup) -> Human {
    let mut client = server.connect(room, token, None).await;
    let (seat, token) = match token {
        Some(token) => {
            let seat = client.expect("seat").await;
            (seat["seat_no"].as_u64().unwrap() as u8, token.to_string())
        }
        None => {
            client.expect("snapshot").await;
            client.send(json!({"t": "join", "name": "Guest"})).await;
            let seat = client.expect("seat").await;
            (
                seat["seat_no"].as_u64().unwrap() as u8,
                seat["token"].as_str().unwrap().to_string(),
            )
        }
    };
    // A fresh connection for the snapshot as the seat holder sees it.
    let mut watcher = server.connect(room, Some(&token), None).await;
    watcher.expect("seat").await;
    let snap = watcher.expect("snapshot").await;
    watcher.close().await;
    let board_seats = snap["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["board_seat"].as_u64().unwrap() as u8)
        .collect();
    Human {
        client,
        seat,
        token,
        setup,
        position: Position::parse(setup, snap["fen"].as_str().unwrap()).unwrap(),
        v: snap["v"].as_u64().unwrap(),
        board_seats,
        next_ack: 1,
    }
}

/// A server whose players may move as fast as the test does (faster than people).
async fn fast_server(db: &TempDb) -> TestServer {
    let limits = kingme_server::Limits {
        messages_per_second: 10_000.0,
        burst: 10_000.0,
        ..kingme_server::Limits::default()
    };
    TestServer::start_with(db, kingme_server::ManualClock::new(T0), limits).await
}

#[tokio::test]
async fn six_seat_chinese_checkers_with_three_computers_is_played_to_the_placings() {
    let db = TempDb::new();
    let server = fast_server(&db).await;
    let setup = Setup::new(Variant::ChineseCheckers, 6).unwrap();
    let (room, token) = create(&server, "chinese-checkers", 6).await;
    let mut humans = vec![sit(&server, &room, Some(&token), setup).await];
    for _ in 0..2 {
        humans.push(sit(&server, &room, None, setup).await);
    }
    assert_eq!(
        humans.iter().map(|h| h.seat).collect::<Vec<_>>(),
        vec![0, 1, 2]
    );
    // Only the creator gives seats to the computer (asked on a second socket of seat 1, so
    // that the players' own sockets see every event).
    let mut second = server.connect(&room, Some(&humans[1].token), None).await;
    second.expect("snapshot").await;
    second
        .send(json!({"t": "seat_computers", "level": "beginner"}))
        .await;
    second.expect_error("not_the_creator").await;
    second.close().await;
    humans[0]
        .client
        .send(json!({"t": "seat_computers", "level": "beginner"}))
        .await;

    let mut tasks = Vec::new();
    for mut human in humans {
        tasks.push(tokio::spawn(async move {
            // Catch up with the joins seen before this seat's snapshot.
            let mut plies = 0;
            loop {
                let event = human.next_event().await;
                if event["t"] == "computers_seated" {
                    assert_eq!(event["seats"], json!([3, 4, 5]));
                }
                if event["t"] == "moved" {
                    plies += 1;
                    if !event["outcome"].is_null() {
                        return (event["outcome"].clone(), plies);
                    }
                }
                if human.v >= 3 && human.to_move() == Some(human.seat) {
                    human.play().await;
                }
            }
        }));
    }
    let mut outcomes = Vec::new();
    for task in tasks {
        outcomes.push(task.await.unwrap());
    }
    let (outcome, plies) = outcomes[0].clone();
    assert!(outcomes.iter().all(|o| *o == (outcome.clone(), plies)));
    let mut placed: Vec<u64> = outcome["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g.as_array().unwrap().iter().map(|s| s.as_u64().unwrap()))
        .collect();
    placed.sort_unstable();
    assert_eq!(placed, vec![0, 1, 2, 3, 4, 5], "{outcome}");
    assert!(plies > 6, "{plies}");
    let mut watcher = server.connect(&room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(snap["outcome"], outcome);
    assert_eq!(snap["seats"][4]["computer"], "beginner");
}
