//! Timed rooms: the server keeps every seat's clock, adds the increment, ends a game whose
//! clock runs out (by its sweep, or when a late move arrives), and keeps the clocks across a
//! restart without charging the time it was down.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use kingme_server::ManualClock;
use serde_json::{json, Value};

/// One minute and two seconds a move.
const MINUTE_TWO: (u64, u64) = (60_000, 2_000);

async fn timed_room(server: &TestServer, variant: &str) -> (Player, Player, String) {
    let (initial_ms, increment_ms) = MINUTE_TWO;
    let body = json!({
        "variant": variant,
        "clock": { "initial_ms": initial_ms, "increment_ms": increment_ms },
    });
    let (room, token) = server.create_room_as(&body).await;
    seat_two(server, room, token).await
}

async fn snapshot_of(server: &TestServer, room: &str) -> Value {
    let mut watcher = server.connect(room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    watcher.close().await;
    snap
}

fn remaining(clock: &Value) -> Vec<u64> {
    clock["remaining_ms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// The first legal move of the side to move in `room`.
async fn a_legal_move(server: &TestServer, room: &str) -> String {
    let snap = snapshot_of(server, room).await;
    snap["legal_moves"][0].as_str().unwrap().to_string()
}

#[tokio::test]
async fn only_the_clock_of_the_seat_to_move_runs_from_the_first_move_and_moves_add_the_increment() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = timed_room(&server, "english").await;
    let snap = snapshot_of(&server, &room).await;
    assert_eq!(
        snap["clock"]["control"],
        json!({"initial_ms": 60_000, "increment_ms": 2_000})
    );
    assert_eq!(remaining(&snap["clock"]), vec![60_000, 60_000]);
    assert_eq!(
        snap["clock"]["running"],
        Value::Null,
        "no clock before the first move"
    );

    // Thinking over the first move costs nothing.
    server.clock.advance_ms(30_000);
    let first = a_legal_move(&server, &room).await;
    let v = snap["v"].as_u64().unwrap();
    let moved = exchange(&mut creator, &mut joiner, &first, v, false).await;
    assert_eq!(remaining(&moved["clock"]), vec![62_000, 60_000]);
    assert_eq!(moved["clock"]["running"], 1);

    server.clock.advance_ms(10_000);
    let reply = a_legal_move(&server, &room).await;
    let v = moved["v"].as_u64().unwrap();
    let moved = exchange(&mut joiner, &mut creator, &reply, v, false).await;
    assert_eq!(remaining(&moved["clock"]), vec![62_000, 52_000]);
    assert_eq!(moved["clock"]["running"], 0);

    // A snapshot shows the running clock as of the moment it is made.
    server.clock.advance_ms(1_500);
    let snap = snapshot_of(&server, &room).await;
    assert_eq!(remaining(&snap["clock"]), vec![60_500, 52_000]);
    server.stop().await;
}

#[tokio::test]
async fn the_sweep_ends_the_game_of_a_seat_whose_time_ran_out() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = timed_room(&server, "russian").await;
    let first = a_legal_move(&server, &room).await;
    let moved = exchange(&mut creator, &mut joiner, &first, 1, false).await;
    server.clock.advance_ms(59_999);
    server.handle.sweep().await;
    assert_eq!(snapshot_of(&server, &room).await["outcome"], Value::Null);
    server.clock.advance_ms(1);
    server.handle.sweep().await;
    let flagged = creator.client.expect("flagged").await;
    assert_eq!(joiner.client.expect("flagged").await, flagged);
    assert_eq!(flagged["v"], moved["v"].as_u64().unwrap() + 1);
    assert_eq!(flagged["seat_no"], 1);
    assert_eq!(flagged["outcome"]["winner_no"], 0);
    assert_eq!(flagged["outcome"]["reason"], "time-out");
    assert_eq!(remaining(&flagged["clock"]), vec![62_000, 0]);
    assert_eq!(flagged["clock"]["running"], Value::Null);
    let snap = snapshot_of(&server, &room).await;
    assert_eq!(snap["outcome"]["reason"], "time-out");
    assert_eq!(snap["to_move"], Value::Null);
    server.stop().await;
}

#[tokio::test]
async fn a_move_arriving_after_the_flag_is_refused_and_the_flag_recorded() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = timed_room(&server, "english").await;
    let first = a_legal_move(&server, &room).await;
    exchange(&mut creator, &mut joiner, &first, 1, false).await;
    let late = a_legal_move(&server, &room).await;
    server.clock.advance_ms(61_000);
    joiner
        .client
        .send(json!({"t": "move", "ack": 1, "v": 2, "move": late}))
        .await;
    let refused = joiner.client.expect_error("game_over").await;
    assert_eq!(refused["ack"], 1, "{refused}");
    assert!(
        refused["message"].as_str().unwrap().contains("out of time"),
        "{refused}"
    );
    let flagged = joiner.client.expect("flagged").await;
    assert_eq!(flagged["seat_no"], 1);
    assert_eq!(creator.client.expect("flagged").await, flagged);
    let snap = snapshot_of(&server, &room).await;
    assert_eq!(
        snap["moves"].as_array().map(Vec::len),
        Some(1),
        "the late move is not played"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_restart_keeps_both_clocks_and_does_not_charge_the_time_the_server_was_down() {
    let db = TempDb::new();
    let clock = ManualClock::new(T0);
    let server = TestServer::start_with(&db, clock.clone(), Default::default()).await;
    let (mut creator, mut joiner, room) = timed_room(&server, "english").await;
    let first = a_legal_move(&server, &room).await;
    exchange(&mut creator, &mut joiner, &first, 1, false).await;
    server.clock.advance_ms(10_000);
    let reply = a_legal_move(&server, &room).await;
    exchange(&mut joiner, &mut creator, &reply, 2, false).await;
    // The creator thinks for 5 s; the sweep notes the clocks; the server stops.
    server.clock.advance_ms(5_000);
    server.handle.sweep().await;
    creator.client.close().await;
    joiner.client.close().await;
    server.stop().await;

    // Down for two hours: longer than rooms nobody is in are kept, which does not count
    // either.
    clock.advance_ms(2 * 60 * 60 * 1000);
    let server = TestServer::start_with(&db, clock.clone(), Default::default()).await;
    assert_eq!(server.handle.sweep().await, 0, "the room is kept");
    let snap = snapshot_of(&server, &room).await;
    assert_eq!(snap["outcome"], Value::Null, "two hours down are no flag");
    assert_eq!(snap["clock"]["running"], 0);
    assert_eq!(remaining(&snap["clock"]), vec![57_000, 52_000]);
    // The clock goes on from there: 57 s more and the creator's flag falls.
    server.clock.advance_ms(56_999);
    server.handle.sweep().await;
    assert_eq!(snapshot_of(&server, &room).await["outcome"], Value::Null);
    server.clock.advance_ms(1);
    server.handle.sweep().await;
    let snap = snapshot_of(&server, &room).await;
    assert_eq!(snap["outcome"]["reason"], "time-out");
    assert_eq!(snap["outcome"]["winner_no"], 1);
    server.stop().await;
}

#[tokio::test]
async fn a_rematch_starts_with_full_clocks() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = timed_room(&server, "english").await;
    let first = a_legal_move(&server, &room).await;
    exchange(&mut creator, &mut joiner, &first, 1, false).await;
    joiner.client.send(json!({"t": "resign", "v": 2})).await;
    joiner.client.expect("resigned").await;
    creator
        .client
        .send(json!({"t": "rematch", "game": 1}))
        .await;
    let rematch = creator.client.expect("rematch").await;
    assert_eq!(remaining(&rematch["clock"]), vec![60_000, 60_000]);
    assert_eq!(rematch["clock"]["running"], Value::Null);
    server.stop().await;
}

#[tokio::test]
async fn bad_time_controls_are_refused_by_field() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    for (clock, code, says) in [
        (
            json!({"initial_ms": 59_999, "increment_ms": 0}),
            "bad_clock",
            "clock.initial_ms",
        ),
        (
            json!({"initial_ms": 10_800_001, "increment_ms": 0}),
            "bad_clock",
            "clock.initial_ms",
        ),
        (
            json!({"initial_ms": 60_000, "increment_ms": 180_001}),
            "bad_clock",
            "clock.increment_ms",
        ),
        // Not a time control at all: the request does not read.
        (json!({"initial_ms": 60_000}), "bad_request", "increment_ms"),
        (
            json!({"initial_ms": 60_000, "increment_ms": 0, "delay_ms": 1}),
            "bad_request",
            "delay_ms",
        ),
    ] {
        let body = json!({"variant": "english", "clock": clock});
        let (status, answer) = server
            .http("POST", "/api/rooms", Some(&body.to_string()))
            .await;
        assert_eq!(status, 400, "{answer}");
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["code"], code, "{answer}");
        assert!(
            answer["message"].as_str().unwrap().contains(says),
            "{answer}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn a_computer_seat_in_a_timed_room_plays_on_its_own_clock() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let body = json!({
        "variant": "english",
        "clock": {"initial_ms": 60_000, "increment_ms": 1_000},
        "computers": [{"seat_no": 1, "level": "expert"}],
    });
    let (room, token) = server.create_room_as(&body).await;
    let mut creator = server.connect(&room, Some(&token), None).await;
    creator.expect("seat").await;
    let snap = creator.expect("snapshot").await;
    let v = snap["v"].as_u64().unwrap();
    let first = snap["legal_moves"][0].as_str().unwrap().to_string();
    creator
        .send(json!({"t": "move", "ack": 1, "v": v, "move": first}))
        .await;
    let mine = creator.expect("moved").await;
    assert_eq!(mine["clock"]["running"], 1);
    let reply = creator.expect("moved").await;
    assert_eq!(reply["seat_no"], 1, "the computer answers");
    // The fake clock stood still while it thought: it is charged nothing and gets the increment.
    assert_eq!(remaining(&reply["clock"]), vec![61_000, 61_000]);
    assert_eq!(reply["clock"]["running"], 0);
    server.stop().await;
}
