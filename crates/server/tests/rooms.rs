//! Rooms end to end: a real server, real sockets.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use kingme_draughts::{notation, Game, Variant};
use serde_json::{json, Value};

#[tokio::test]
async fn a_whole_game_is_played_to_its_end_and_watched() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = two_players(&server, "english", None).await;
    let mut spectator = server.connect(&room, None, None).await;
    let snap = spectator.expect("snapshot").await;
    assert_eq!(snap["joined"], true);
    assert_eq!(snap["colors"]["creator"], "black");
    assert_eq!(snap["to_move"], "creator");

    let mut local = Game::new(Variant::English);
    let mut v = snap["v"].as_u64().unwrap();
    let mut last = Value::Null;
    let mut plies = 0;
    while local.outcome().is_none() {
        // The first legal move, always: a deterministic game that ends by rule.
        let m = local.legal_moves()[0];
        let text = notation::move_to_string(Variant::English, &m);
        local.play(&m, false).unwrap();
        let (mover, other) = if plies % 2 == 0 {
            (&mut creator, &mut joiner)
        } else {
            (&mut joiner, &mut creator)
        };
        last = exchange(mover, other, &text, v, false).await;
        assert_eq!(last["move"], text.as_str());
        assert_eq!(last["fen"], local.position().to_fen().as_str());
        assert_eq!(spectator.expect("moved").await, last);
        v = last["v"].as_u64().unwrap();
        plies += 1;
        assert!(plies < 1000, "the game should end");
    }
    let outcome = local.outcome().unwrap();
    assert_eq!(last["outcome"]["reason"], outcome.reason.key());
    assert!(last["outcome"].is_object());

    // Spectators never get a seat or play.
    spectator.send(json!({"t": "join"})).await;
    let err = spectator.expect_error("seat_taken").await;
    assert!(err.get("ack").is_none(), "no move was refused: {err}");
    spectator
        .send(json!({"t": "move", "ack": 1, "v": v, "move": "c3-d4"}))
        .await;
    spectator.expect_error("not_a_player").await;
    // After the end nothing more is played.
    creator.client.send(json!({"t": "resign", "v": v})).await;
    creator.client.expect_error("game_over").await;
}

#[tokio::test]
async fn illegal_out_of_turn_stale_and_wrong_token_moves_change_nothing() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = two_players(&server, "english", None).await;
    let v = 1;

    creator
        .client
        .send(json!({"t": "move", "ack": 1, "v": v, "move": "c3-c4"}))
        .await;
    let err = creator.client.expect_error("illegal_move").await;
    assert!(err["message"].as_str().unwrap().contains("c3"), "{err}");
    assert_eq!(err["ack"], 1, "a refused move is named by its ack");
    creator
        .client
        .send(json!({"t": "move", "ack": 2, "v": v, "move": "nonsense"}))
        .await;
    creator.client.expect_error("illegal_move").await;

    joiner
        .client
        .send(json!({"t": "move", "ack": 7, "v": v, "move": "f6-e5"}))
        .await;
    assert_eq!(joiner.client.expect_error("not_your_turn").await["ack"], 7);

    creator
        .client
        .send(json!({"t": "move", "ack": 3, "v": 0, "move": "c3-d4"}))
        .await;
    creator.client.expect_error("stale_version").await;

    let mut intruder = server
        .connect(&room, Some("0123456789abcdef0123456789abcdef"), None)
        .await;
    intruder.expect_error("bad_token").await;
    let snap = intruder.expect("snapshot").await;
    assert_eq!(snap["you"], Value::Null);
    intruder
        .send(json!({"t": "move", "ack": 1, "v": v, "move": "c3-d4"}))
        .await;
    intruder.expect_error("not_a_player").await;

    // The joiner's token is the joiner's seat, not the creator's.
    let mut joiner_again = server.connect(&room, Some(&joiner.token), None).await;
    assert_eq!(joiner_again.expect("seat").await["seat"], "joiner");
    joiner_again
        .send(json!({"t": "move", "ack": 9, "v": v, "move": "c3-d4"}))
        .await;
    joiner_again.expect_error("not_your_turn").await;

    let mut observer = server.connect(&room, None, None).await;
    let snap = observer.expect("snapshot").await;
    assert_eq!(snap["v"], 1);
    assert_eq!(snap["moves"], json!([]));
    assert_eq!(snap["to_move"], "creator");

    // And the game still goes on normally.
    exchange(&mut creator, &mut joiner, "c3-d4", v, false).await;
}

#[tokio::test]
async fn a_repeated_ack_is_acked_again_and_applied_once() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = two_players(&server, "international", None).await;
    let first = json!({"t": "move", "ack": 7, "v": 1, "move": "d4-e5"});
    creator.client.send(first.clone()).await;
    let ack = creator.client.expect("ack").await;
    assert_eq!(ack, json!({"t": "ack", "ack": 7, "v": 2}));
    // A resend after a lost ack: same id, even with the version it was sent at.
    creator.client.send(first).await;
    assert_eq!(creator.client.expect("ack").await, ack);
    let moved = joiner.moved().await;
    assert_eq!(moved["v"], 2);
    joiner.play("c7-d6", 2, false).await;
    let next = joiner.moved().await;
    assert_eq!(
        next["v"], 3,
        "no second copy of the first move came in between"
    );

    let mut observer = server.connect(&room, None, None).await;
    let snap = observer.expect("snapshot").await;
    assert_eq!(snap["moves"], json!(["d4-e5", "c7-d6"]));
}

#[tokio::test]
async fn reconnecting_players_get_the_missed_events_or_a_snapshot() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = two_players(&server, "english", None).await;
    let v = exchange(&mut creator, &mut joiner, "c3-d4", 1, false).await["v"]
        .as_u64()
        .unwrap();
    joiner.client.close().await;
    let away = creator.client.expect("presence").await;
    assert_eq!(away["joiner"], false);

    // The joiner comes back knowing version 2: only the missed events are sent.
    let mut back = server.connect(&room, Some(&joiner.token), Some(v)).await;
    assert_eq!(back.expect("seat").await["seat"], "joiner");
    let synced = back.recv().await;
    assert_eq!(synced, json!({"t": "synced", "v": 2}));
    joiner.client = back;
    let v = exchange(&mut joiner, &mut creator, "f6-e5", v, false).await["v"]
        .as_u64()
        .unwrap();

    // A player who had seen everything gets nothing but "synced".
    let mut creator_again = server.connect(&room, Some(&creator.token), Some(v)).await;
    creator_again.expect("seat").await;
    assert_eq!(creator_again.recv().await, json!({"t": "synced", "v": v}));
}

#[tokio::test]
async fn missed_events_are_replayed_in_order_and_unknown_versions_get_a_snapshot() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = two_players(&server, "english", None).await;
    let v1 = exchange(&mut creator, &mut joiner, "c3-d4", 1, false).await["v"]
        .as_u64()
        .unwrap();
    creator.client.close().await;
    let v2 = joiner.play("f6-e5", v1, false).await;
    joiner.moved().await;

    let mut back = server.connect(&room, Some(&creator.token), Some(1)).await;
    back.expect("seat").await;
    let first = back.recv().await;
    assert_eq!(
        (first["t"].as_str(), first["v"].as_u64()),
        (Some("moved"), Some(v1))
    );
    let second = back.recv().await;
    assert_eq!(
        (second["t"].as_str(), second["v"].as_u64()),
        (Some("moved"), Some(v2))
    );
    assert_eq!(back.recv().await, json!({"t": "synced", "v": v2}));
    back.close().await;

    // A version the room never had: a full snapshot.
    let mut back = server.connect(&room, Some(&creator.token), Some(999)).await;
    back.expect("seat").await;
    let snap = back.recv().await;
    assert_eq!(snap["t"], "snapshot");
    assert_eq!(snap["v"], v2);
    assert_eq!(snap["you"], "creator");
    assert_eq!(snap["moves"], json!(["c3-d4", "f6-e5"]));
    creator.client = back;
    exchange(&mut creator, &mut joiner, "d4xf6", v2, false).await;
}

#[tokio::test]
async fn a_restarted_server_restores_the_game_and_clients_resume() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = two_players(&server, "russian", None).await;
    let v = exchange(&mut creator, &mut joiner, "c3-d4", 1, false).await["v"]
        .as_u64()
        .unwrap();
    let clock = server.clock.clone();
    server.stop().await;
    let closed = creator.client.closed().await;
    assert_eq!(closed.code, 1012, "{closed:?}");
    assert_eq!(joiner.client.closed().await.code, 1012);

    let server = TestServer::start_with(&db, clock, kingme_server::Limits::default()).await;
    let mut c = server.connect(&room, Some(&creator.token), Some(v)).await;
    c.expect("seat").await;
    assert_eq!(c.recv().await, json!({"t": "synced", "v": v}));
    let mut j = server.connect(&room, Some(&joiner.token), Some(0)).await;
    j.expect("seat").await;
    assert_eq!(j.recv().await["t"], "joined");
    assert_eq!(j.recv().await["v"], v);
    assert_eq!(j.recv().await, json!({"t": "synced", "v": v}));
    creator.client = c;
    joiner.client = j;
    let v = exchange(&mut joiner, &mut creator, "f6-e5", v, false).await["v"]
        .as_u64()
        .unwrap();
    exchange(&mut creator, &mut joiner, "d4xf6", v, false).await;
}

#[tokio::test]
async fn rooms_expire_after_thirty_idle_minutes() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (room, token) = server.create_room("english", None).await;
    let mut creator = server.connect(&room, Some(&token), None).await;
    creator.expect("snapshot").await;
    server.clock.advance_ms(60 * 60 * 1000);
    assert_eq!(
        server.handle.sweep().await,
        0,
        "a connected player keeps the room"
    );
    creator.close().await;
    server.clock.advance_ms(29 * 60 * 1000);
    assert_eq!(server.handle.sweep().await, 0);
    let (status, _) = server
        .http("GET", &format!("/api/rooms/{room}"), None)
        .await;
    assert_eq!(status, 200);
    server.clock.advance_ms(60 * 1000);
    assert_eq!(server.handle.sweep().await, 1);

    let (status, body) = server
        .http("GET", &format!("/api/rooms/{room}"), None)
        .await;
    assert_eq!(status, 410);
    assert!(
        body.contains("room_expired") && body.contains("expired"),
        "{body}"
    );
    let mut late = server.open(&room).await;
    late.expect_error("room_expired").await;
    assert_eq!(late.closed().await.code, 4410);
    // Also after a restart.
    let clock = server.clock.clone();
    server.stop().await;
    let server = TestServer::start_with(&db, clock, kingme_server::Limits::default()).await;
    let (status, _) = server
        .http("GET", &format!("/api/rooms/{room}"), None)
        .await;
    assert_eq!(status, 410);
    let (status, body) = server
        .http("GET", "/api/rooms/0123456789abcdef0123456789abcdef", None)
        .await;
    assert_eq!(status, 404);
    assert!(body.contains("room_not_found"));
}

#[tokio::test]
async fn rooms_expire_24_hours_after_creation_even_with_players() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = two_players(&server, "brazilian", None).await;
    server.clock.advance_ms(24 * 60 * 60 * 1000 - 1);
    assert_eq!(server.handle.sweep().await, 0);
    server.clock.advance_ms(1);
    assert_eq!(server.handle.sweep().await, 1);
    creator.client.expect_error("room_expired").await;
    assert_eq!(creator.client.closed().await.code, 4410);
    joiner.client.expect_error("room_expired").await;
    assert_eq!(joiner.client.closed().await.code, 4410);
    let (status, _) = server
        .http("GET", &format!("/api/rooms/{room}"), None)
        .await;
    assert_eq!(status, 410);
}

/// English kings only, Black (the creator) to move: no man moves, so a declined offer bars
/// its side until a capture.
const KINGS: &str = "B:WKh8,Kf8:BKa1,Kc1";

#[tokio::test]
async fn draw_offers_decline_reoffer_rule_and_accept() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = two_players(&server, "english", Some(KINGS)).await;
    let offered = exchange(&mut creator, &mut joiner, "a1-b2", 1, true).await;
    assert_eq!(offered["offer_draw"], true);
    // Accepting needs an offer by the opponent on one's own turn.
    creator
        .client
        .send(json!({"t": "accept_draw", "v": 2}))
        .await;
    creator.client.expect_error("no_draw_offer").await;
    // The joiner declines by moving.
    let v = exchange(&mut joiner, &mut creator, "h8-g7", 2, false).await["v"]
        .as_u64()
        .unwrap();
    // The creator may not offer again yet (only kings moved since).
    creator
        .client
        .send(json!({"t": "move", "ack": 50, "v": v, "move": "b2-c3", "offer_draw": true}))
        .await;
    creator.client.expect_error("draw_offer_not_allowed").await;
    // A page rebuilding the game from a snapshot learns which moves carried offers.
    let mut watcher = server.connect(&room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(snap["offers"], json!([true, false]));
    assert_eq!(snap["may_offer_draw"], false);
    let v = exchange(&mut creator, &mut joiner, "b2-c3", v, false).await["v"]
        .as_u64()
        .unwrap();
    // The joiner had not offered: it may, and the creator accepts.
    let v = exchange(&mut joiner, &mut creator, "g7-h6", v, true).await["v"]
        .as_u64()
        .unwrap();
    creator
        .client
        .send(json!({"t": "accept_draw", "v": v}))
        .await;
    let accepted = creator.client.expect("draw_accepted").await;
    assert_eq!(joiner.client.expect("draw_accepted").await, accepted);
    assert_eq!(accepted["outcome"]["winner"], Value::Null);
    assert_eq!(accepted["outcome"]["reason"], "agreement");
}

#[tokio::test]
async fn resignation_then_rematch_with_sides_swapped() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = two_players(&server, "international", None).await;
    let v = exchange(&mut creator, &mut joiner, "d4-e5", 1, false).await["v"]
        .as_u64()
        .unwrap();
    creator
        .client
        .send(json!({"t": "rematch", "game": 1}))
        .await;
    creator.client.expect_error("game_not_over").await;
    joiner.client.send(json!({"t": "resign", "v": v})).await;
    let resigned = joiner.client.expect("resigned").await;
    assert_eq!(creator.client.expect("resigned").await, resigned);
    assert_eq!(resigned["outcome"]["winner"], "creator");
    assert_eq!(resigned["outcome"]["winner_side"], "white");
    assert_eq!(resigned["outcome"]["reason"], "resignation");
    creator
        .client
        .send(json!({"t": "move", "ack": 99, "v": resigned["v"], "move": "d4-e5"}))
        .await;
    creator.client.expect_error("game_over").await;

    joiner.client.send(json!({"t": "rematch", "game": 1})).await;
    let rematch = joiner.client.expect("rematch").await;
    assert_eq!(creator.client.expect("rematch").await, rematch);
    assert_eq!(rematch["game"], 2);
    assert_eq!(rematch["first"], "joiner");
    // A second click for the same game does nothing.
    creator
        .client
        .send(json!({"t": "rematch", "game": 1}))
        .await;
    creator.client.expect_error("wrong_game").await;

    let v = rematch["v"].as_u64().unwrap();
    creator
        .client
        .send(json!({"t": "move", "ack": 100, "v": v, "move": "d4-e5"}))
        .await;
    creator.client.expect_error("not_your_turn").await;
    exchange(&mut joiner, &mut creator, "d4-e5", v, false).await;

    let mut observer = server.connect(&room, None, None).await;
    let snap = observer.expect("snapshot").await;
    assert_eq!(snap["game"], 2);
    assert_eq!(
        snap["colors"],
        json!({"creator": "black", "joiner": "white"})
    );
    assert_eq!(snap["to_move"], "creator");
    assert_eq!(snap["moves"], json!(["d4-e5"]));
}

#[tokio::test]
async fn after_two_minutes_away_the_opponent_may_continue_against_the_computer() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, mut joiner, room) = two_players(&server, "english", None).await;
    let v = exchange(&mut creator, &mut joiner, "c3-d4", 1, false).await["v"]
        .as_u64()
        .unwrap();
    joiner.client.close().await;
    let presence = creator.client.expect("presence").await;
    assert_eq!(presence["joiner"], false);
    assert_eq!(presence["joiner_away_since"], T0);

    creator
        .client
        .send(json!({"t": "continue_vs_computer", "v": v}))
        .await;
    creator.client.expect_error("opponent_not_away").await;
    server.clock.advance_ms(119_999);
    server.handle.sweep().await;
    creator
        .client
        .send(json!({"t": "continue_vs_computer", "v": v}))
        .await;
    creator.client.expect_error("opponent_not_away").await;
    server.clock.advance_ms(1);
    server.handle.sweep().await;
    let away = creator.client.expect("away").await;
    assert_eq!(
        away,
        json!({"t": "away", "seat": "joiner", "seat_no": 1, "since": T0})
    );

    creator
        .client
        .send(json!({"t": "continue_vs_computer", "v": v}))
        .await;
    let left = creator.client.expect("left_for_computer").await;
    assert_eq!(left["seat"], "creator");

    // The absent player is told when they come back.
    let mut back = server.connect(&room, Some(&joiner.token), Some(v)).await;
    back.expect("seat").await;
    assert_eq!(back.recv().await, left);
    let mut fresh = server.connect(&room, Some(&joiner.token), None).await;
    let snap = fresh.expect("snapshot").await;
    assert_eq!(snap["left_for_computer"], "creator");
    back.send(json!({"t": "move", "ack": 1, "v": left["v"], "move": "f6-e5"}))
        .await;
    let err = back.expect_error("game_left_room").await;
    assert!(err["message"].as_str().unwrap().contains("computer"));
}

#[tokio::test]
async fn a_joiner_that_chose_its_token_gets_the_seat_back_after_losing_the_answer() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (room, token) = server.create_room("english", None).await;
    let mut creator = server.connect(&room, Some(&token), None).await;
    creator.expect("seat").await;
    creator.expect("snapshot").await;

    let mut joiner = server.connect(&room, None, None).await;
    joiner.expect("snapshot").await;
    joiner
        .send(json!({ "t": "join", "token": "not a token" }))
        .await;
    joiner.expect_error("bad_token").await;
    // The creator's token would make two seats one.
    joiner.send(json!({ "t": "join", "token": token })).await;
    joiner.expect_error("bad_token").await;

    // The join goes out and the connection drops before the seat message is read.
    let chosen = "0123456789abcdef0123456789abcdef";
    joiner.send(json!({ "t": "join", "token": chosen })).await;
    joiner.close().await;
    creator.expect("joined").await;

    let mut back = server.connect(&room, Some(chosen), None).await;
    let seat = back.expect("seat").await;
    assert_eq!(
        (seat["seat"].as_str(), seat["token"].as_str()),
        (Some("joiner"), Some(chosen))
    );
    let snap = back.expect("snapshot").await;
    assert_eq!(snap["you"], "joiner");
    assert_eq!(snap["joined"], true);
}

#[tokio::test]
async fn absence_and_idle_clocks_survive_a_restart() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut creator, joiner, room) = two_players(&server, "english", None).await;
    let v = creator.play("c3-d4", 1, false).await;
    joiner.client.close().await;
    let presence = creator.client.expect("presence").await;
    assert_eq!(presence["joiner_away_since"], T0);
    server.clock.advance_ms(90_000);
    let clock = server.clock.clone();
    server.stop().await;

    let server = TestServer::start_with(&db, clock, kingme_server::Limits::default()).await;
    let mut c = server.connect(&room, Some(&creator.token), Some(v)).await;
    c.expect("synced").await;
    let presence = c.expect("presence").await;
    assert_eq!(
        presence["joiner_away_since"], T0,
        "the absence still counts from T0"
    );
    server.clock.advance_ms(30_000);
    server.handle.sweep().await;
    assert_eq!(
        c.expect("away").await,
        json!({"t": "away", "seat": "joiner", "seat_no": 1, "since": T0})
    );
    c.send(json!({"t": "continue_vs_computer", "v": v})).await;
    c.expect("left_for_computer").await;

    // Both away: the idle clock counts from the creator's leaving, across another restart.
    c.close().await;
    server.clock.advance_ms(20 * 60 * 1000);
    let clock = server.clock.clone();
    server.stop().await;
    let server = TestServer::start_with(&db, clock, kingme_server::Limits::default()).await;
    server.clock.advance_ms(10 * 60 * 1000 - 1);
    assert_eq!(server.handle.sweep().await, 0);
    server.clock.advance_ms(1);
    assert_eq!(server.handle.sweep().await, 1, "30 minutes after both left");
}

#[tokio::test]
async fn the_time_the_server_is_down_counts_neither_as_idle_nor_as_away() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (mut idle, idle_joiner, _) = two_players(&server, "english", None).await;
    let (mut creator, joiner, room) = two_players(&server, "english", None).await;
    let v = creator.play("c3-d4", 1, false).await;
    joiner.client.close().await;
    creator.client.expect("presence").await;
    idle_joiner.client.close().await;
    idle.client.expect("presence").await;
    idle.client.close().await;
    creator.client.close().await;
    server.clock.advance_ms(10 * 60 * 1000);
    let clock = server.clock.clone();
    server.stop().await;

    // Down for 40 minutes, 10 minutes after everybody left.
    clock.advance_ms(40 * 60 * 1000);
    let server = TestServer::start_with(&db, clock, kingme_server::Limits::default()).await;
    assert_eq!(
        server.handle.sweep().await,
        0,
        "the rooms outlive the downtime"
    );
    // The idle clock goes on from where it stopped: 10 minutes were gone, 20 are left.
    server.clock.advance_ms(20 * 60 * 1000 - 1);
    assert_eq!(server.handle.sweep().await, 0);
    let mut c = server.connect(&room, Some(&creator.token), Some(v)).await;
    c.expect("synced").await;
    let presence = c.expect("presence").await;
    assert_eq!(
        presence["joiner_away_since"],
        T0 + 40 * 60 * 1000,
        "the absence counts without the downtime"
    );
    server.clock.advance_ms(1);
    assert_eq!(
        server.handle.sweep().await,
        1,
        "the room nobody came back to: 30 minutes idle, downtime aside"
    );
}
