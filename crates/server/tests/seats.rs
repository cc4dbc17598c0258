//! Rooms of more than two seats: Halma and Chinese checkers with players and computer seats.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use kingme_halma::{notation, Position, Setup, Variant};
use serde_json::{json, Value};

/// Creates a room for `variant` with `players` seats; returns (room, creator token).
async fn create(server: &TestServer, variant: &str, players: u8) -> (String, String) {
    let (created, room, token) =
        created_room(server, &json!({ "variant": variant, "players": players })).await;
    assert_eq!(created["players"], players);
    (room, token)
}

/// Asks for a room the server must make; returns its answer, the room and the creator's token.
async fn created_room(server: &TestServer, body: &Value) -> (Value, String, String) {
    let (status, answer) = server
        .http("POST", "/api/rooms", Some(&body.to_string()))
        .await;
    assert_eq!(status, 201, "{body}: {answer}");
    let created: Value = serde_json::from_str(&answer).unwrap();
    let room = created["room"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    (created, room, token)
}

/// Asks for a room the server must refuse; returns its `400` answer.
async fn refused_room(server: &TestServer, body: &Value) -> String {
    let (status, answer) = server
        .http("POST", "/api/rooms", Some(&body.to_string()))
        .await;
    assert_eq!(status, 400, "{body}: {answer}");
    answer
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
            if msg["t"] == "resigned" || msg["t"] == "flagged" {
                let seat = msg["seat_no"].as_u64().unwrap() as usize;
                let board = kingme_halma::Seat::new(self.board_seats[seat]).unwrap();
                self.position.retire(board);
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

/// Everyone at the table of a new room of `players` seats: its creator (holding `token`) and
/// newcomers in the other seats, each having seen every seat taken.
async fn table(server: &TestServer, room: &str, token: &str, setup: Setup) -> Vec<Human> {
    let mut humans = vec![sit(server, room, Some(token), setup).await];
    for _ in 1..setup.players() {
        humans.push(sit(server, room, None, setup).await);
    }
    let seated = u64::from(setup.players()) - 1;
    for human in &mut humans {
        while human.v < seated {
            human.next_event().await;
        }
    }
    humans
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

/// The next seat or error message.
async fn seat_or_error(client: &mut Client) -> Value {
    loop {
        let msg = client.recv().await;
        if msg["t"] == "seat" || msg["t"] == "error" {
            return msg;
        }
    }
}

/// `humans[mover]` plays; every human at the table sees the move. Returns the event.
async fn turn(humans: &mut [Human], mover: usize) -> Value {
    assert_eq!(humans[mover].to_move(), Some(humans[mover].seat));
    humans[mover].play().await;
    let mut seen = Vec::new();
    for human in humans.iter_mut() {
        seen.push(human.next_event().await);
    }
    assert!(seen.iter().all(|e| *e == seen[0]), "{seen:?}");
    assert_eq!(seen[0]["t"], "moved");
    assert_eq!(seen[0]["seat_no"], humans[mover].seat);
    seen.swap_remove(0)
}

/// Every human sees the next event; returns it.
async fn everyone_sees(humans: &mut [Human]) -> Value {
    let mut seen = Vec::new();
    for human in humans.iter_mut() {
        seen.push(human.next_event().await);
    }
    assert!(seen.iter().all(|e| *e == seen[0]), "{seen:?}");
    seen.swap_remove(0)
}

#[tokio::test]
async fn a_halma_16_player_away_is_replaced_by_the_computer_takes_the_seat_back_and_a_restart_keeps_it_all(
) {
    let db = TempDb::new();
    let server = fast_server(&db).await;
    let setup = Setup::new(Variant::Halma16, 4).unwrap();
    let (room, token) = create(&server, "halma-16", 4).await;
    let mut humans = table(&server, &room, &token, setup).await;
    // Seat 2's player leaves at once.
    let away = humans.remove(2);
    let away_token = away.token.clone();
    away.client.close().await;
    turn(&mut humans, 0).await;
    turn(&mut humans, 1).await;
    let v = humans[0].v;
    humans[2]
        .client
        .send(json!({"t": "replace_with_computer", "seat_no": 2, "v": v}))
        .await;
    humans[2].client.expect_error("opponent_not_away").await;
    server.clock.advance_ms(120_000);
    server.handle.sweep().await;
    let signal = humans[0].client.expect("away").await;
    assert_eq!(
        (signal["seat_no"].as_u64(), signal["since"].as_u64()),
        (Some(2), Some(T0))
    );
    humans[2]
        .client
        .send(json!({"t": "replace_with_computer", "seat_no": 2, "v": v, "level": "beginner"}))
        .await;
    let seated = everyone_sees(&mut humans).await;
    assert_eq!(seated["t"], "computers_seated");
    assert_eq!(seated["seats"], json!([2]));
    // The computer plays seat 2's turn.
    let computer = everyone_sees(&mut humans).await;
    assert_eq!(
        (computer["t"].as_str(), computer["seat_no"].as_u64()),
        (Some("moved"), Some(2))
    );
    assert_eq!(computer["ack"], 0);

    // Seat 2's player comes back: the computer plays until it takes the seat back.
    let mut back = sit(&server, &room, Some(&away_token), setup).await;
    assert_eq!(back.seat, 2);
    back.client
        .send(json!({"t": "move", "ack": 1, "v": back.v, "move": "a1-a2"}))
        .await;
    back.client.expect_error("computer_playing").await;
    back.client.send(json!({"t": "reclaim"})).await;
    humans.insert(2, back);
    let reclaimed = everyone_sees(&mut humans).await;
    assert_eq!(
        reclaimed,
        json!({"t": "seat_reclaimed", "seat_no": 2, "v": reclaimed["v"], "at": reclaimed["at"]})
    );
    turn(&mut humans, 3).await;
    turn(&mut humans, 0).await;
    turn(&mut humans, 1).await;
    let own = turn(&mut humans, 2).await;
    assert_eq!(own["ack"], 1, "the player moves again itself");

    // A restart in mid-game on the same file: everyone comes back to the same game.
    let v = humans[0].v;
    let clock = server.clock.clone();
    server.stop().await;
    let limits = kingme_server::Limits {
        messages_per_second: 10_000.0,
        burst: 10_000.0,
        ..kingme_server::Limits::default()
    };
    let server = TestServer::start_with(&db, clock, limits).await;
    let mut again = Vec::new();
    for human in humans {
        let mut seated = sit(&server, &room, Some(&human.token), setup).await;
        assert_eq!(seated.v, v);
        assert_eq!(seated.position, human.position);
        seated.next_ack = human.next_ack;
        again.push(seated);
    }
    turn(&mut again, 3).await;
    let mut watcher = server.connect(&room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(snap["seats"][2]["computer"], Value::Null);
    assert_eq!(snap["players"], 4);
    assert_eq!(snap["v"], v + 1);
}

#[tokio::test]
async fn tokens_spectators_and_a_seat_taken_twice_at_once() {
    let db = TempDb::new();
    let server = fast_server(&db).await;
    for (body, code) in [
        (
            json!({"variant": "chinese-checkers", "players": 5}),
            "bad_players",
        ),
        (json!({"variant": "english", "players": 3}), "bad_players"),
        (json!({"variant": "halma-8", "players": 4}), "bad_players"),
        (json!({"variant": "halma-12", "players": 2}), "bad_variant"),
    ] {
        let answer = refused_room(&server, &body).await;
        assert!(answer.contains(code), "{body}: {answer}");
    }
    let setup = Setup::new(Variant::ChineseCheckers, 3).unwrap();
    let (room, token) = create(&server, "chinese-checkers", 3).await;
    let mut creator = sit(&server, &room, Some(&token), setup).await;
    let (_, foreign) = server.create_room("english", None).await;
    for bad in [foreign.as_str(), "0123456789abcdef0123456789abcdef"] {
        let mut client = server.connect(&room, Some(bad), None).await;
        client.expect_error("bad_token").await;
        let snap = client.expect("snapshot").await;
        assert_eq!(snap["you_no"], Value::Null, "a bad token only watches");
    }
    let mut chooser = server.connect(&room, None, None).await;
    chooser.expect("snapshot").await;
    chooser
        .send(json!({"t": "join", "token": "not-a-token"}))
        .await;
    chooser.expect_error("bad_token").await;
    chooser.send(json!({"t": "join", "seat_no": 7})).await;
    chooser.expect_error("not_a_player").await;
    chooser
        .send(json!({"t": "join", "name": "x".repeat(40)}))
        .await;
    chooser.expect_error("bad_name").await;

    // Two newcomers ask for seat 1 at the same moment: exactly one gets it.
    let mut a = server.connect(&room, None, None).await;
    a.expect("snapshot").await;
    let mut b = server.connect(&room, None, None).await;
    b.expect("snapshot").await;
    let ask = json!({"t": "join", "seat_no": 1});
    tokio::join!(a.send(ask.clone()), b.send(ask));
    let answer = |msg: Value| match msg["t"].as_str() {
        Some("seat") => Ok(msg["seat_no"].as_u64()),
        Some("error") => Err(msg["code"].as_str().map(String::from)),
        _ => panic!("{msg}"),
    };
    let (ra, rb) = (
        answer(seat_or_error(&mut a).await),
        answer(seat_or_error(&mut b).await),
    );
    let winners = [&ra, &rb].iter().filter(|r| **r == &Ok(Some(1))).count();
    let losers = [&ra, &rb]
        .iter()
        .filter(|r| **r == &Err(Some("seat_taken".to_string())))
        .count();
    assert_eq!((winners, losers), (1, 1), "{ra:?} {rb:?}");
    let spectator = if ra.is_ok() { &mut b } else { &mut a };
    // The game has not started: seat 2 is free.
    spectator
        .send(json!({"t": "move", "ack": 1, "v": 1, "move": "a1-a2"}))
        .await;
    spectator.expect_error("not_a_player").await;
    while creator.v < 1 {
        creator.next_event().await;
    }
    creator.client.send(json!({"t": "resign", "v": 1})).await;
    creator.client.expect_error("waiting_for_opponent").await;
    let third = sit(&server, &room, None, setup).await;
    assert_eq!(third.seat, 2);
    while creator.v < 2 {
        creator.next_event().await;
    }
    // Started: the spectator still cannot move, nor a player out of turn.
    spectator
        .send(json!({"t": "move", "ack": 1, "v": 2, "move": "a1-a2"}))
        .await;
    spectator.expect_error("not_a_player").await;
    let mut second = third;
    second.play().await;
    second.client.expect_error("not_your_turn").await;
    creator.play().await;
    let moved = creator.next_event().await;
    assert_eq!(moved["seat_no"], 0);
}

#[tokio::test]
async fn in_three_player_chinese_checkers_a_resigned_player_leaves_the_others_playing_and_the_rematch_rotates_the_seats(
) {
    let db = TempDb::new();
    let server = fast_server(&db).await;
    let setup = Setup::new(Variant::ChineseCheckers, 3).unwrap();
    let (room, token) = create(&server, "chinese-checkers", 3).await;
    let mut humans = table(&server, &room, &token, setup).await;
    turn(&mut humans, 0).await;
    let v = humans[1].v;
    humans[1].client.send(json!({"t": "resign", "v": v})).await;
    let resigned = everyone_sees(&mut humans).await;
    assert_eq!(resigned["t"], "resigned");
    assert_eq!(resigned["seat_no"], 1);
    assert_eq!(resigned["outcome"], Value::Null, "the others play on");
    // Seat 1's pieces stay where they are; seat 2 moves next, then seat 0.
    let mut watcher = server.connect(&room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(snap["to_move_no"], 2);
    assert_eq!(snap["fen"], humans[0].position.to_string());
    turn(&mut humans, 2).await;
    turn(&mut humans, 0).await;
    let v = humans[2].v;
    humans[2].client.send(json!({"t": "resign", "v": v})).await;
    let last = everyone_sees(&mut humans).await;
    let ranking = &last["outcome"]["ranking"];
    assert_eq!(*ranking, json!([[0], [2], [1]]), "{last}");
    assert_eq!(last["outcome"]["winner_no"], 0);

    humans[1]
        .client
        .send(json!({"t": "rematch", "game": 1}))
        .await;
    let rematch = everyone_sees(&mut humans).await;
    assert_eq!(
        (rematch["t"].as_str(), rematch["first_no"].as_u64()),
        (Some("rematch"), Some(1))
    );
    let mut watcher = server.connect(&room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(snap["to_move_no"], 1, "seat 1 opens game 2");
    assert_eq!(snap["seats"][1]["player"], 0);
    assert_eq!(snap["seats"][0]["player"], 2);
    assert_eq!(snap["moves"], json!([]));
}

#[tokio::test]
async fn in_three_player_chinese_checkers_a_seat_out_of_time_leaves_and_the_next_clock_runs() {
    let db = TempDb::new();
    let server = fast_server(&db).await;
    let setup = Setup::new(Variant::ChineseCheckers, 3).unwrap();
    let body = json!({
        "variant": "chinese-checkers",
        "players": 3,
        "clock": {"initial_ms": 60_000, "increment_ms": 0},
    });
    let (_, room, token) = created_room(&server, &body).await;
    let mut humans = table(&server, &room, &token, setup).await;
    let moved = turn(&mut humans, 0).await;
    assert_eq!(moved["clock"]["running"], 1);
    server.clock.advance_ms(60_000);
    server.handle.sweep().await;
    let flagged = everyone_sees(&mut humans).await;
    assert_eq!(flagged["t"], "flagged");
    assert_eq!(flagged["seat_no"], 1);
    assert_eq!(flagged["outcome"], Value::Null, "the others play on");
    assert_eq!(flagged["clock"]["running"], 2);
    assert_eq!(flagged["clock"]["remaining_ms"], json!([60_000, 0, 60_000]));
    turn(&mut humans, 2).await;
    let moved = turn(&mut humans, 0).await;
    assert_eq!(moved["clock"]["running"], 2, "seat 1 is skipped");
    let mut watcher = server.connect(&room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(
        snap["moves"][1],
        format!("time:{}", humans[0].board_seats[1])
    );
}

#[tokio::test]
async fn the_creator_names_itself_and_may_start_halma_rooms_from_a_position() {
    let db = TempDb::new();
    let server = fast_server(&db).await;
    let setup = Setup::new(Variant::ChineseCheckers, 3).unwrap();
    let mut game = kingme_halma::Game::new(setup);
    let first = kingme_halma_engine::greedy_move(game.position(), 1).expect("a move");
    let text = notation::move_to_string(game.position(), first);
    game.play_text(&text).unwrap();
    let start = game.position().to_string();

    let body =
        json!({"variant": "chinese-checkers", "players": 3, "name": "  Ann  ", "fen": start});
    let (_, room, token) = created_room(&server, &body).await;
    let mut creator = server.connect(&room, Some(&token), None).await;
    creator.expect("seat").await;
    let snap = creator.expect("snapshot").await;
    assert_eq!(snap["seats"][0]["name"], "Ann", "trimmed: {snap}");
    assert_eq!(snap["seats"][1]["name"], Value::Null);
    assert_eq!(snap["start_fen"], start.as_str());
    assert_eq!(snap["fen"], start.as_str());
    creator.close().await;

    // Names and positions are checked as every seat's are.
    for (body, code) in [
        (
            json!({"variant": "chinese-checkers", "players": 3, "name": "x".repeat(25)}),
            "bad_name",
        ),
        (
            json!({"variant": "halma-8", "name": "tab\there"}),
            "bad_name",
        ),
        (
            json!({"variant": "chinese-checkers", "players": 3, "fen": "not a position"}),
            "bad_fen",
        ),
    ] {
        let answer = refused_room(&server, &body).await;
        assert!(answer.contains(code), "{body}: {answer}");
    }

    // The name is kept with the room: a restart on the same file still shows it.
    server.stop().await;
    let server = fast_server(&db).await;
    let mut watcher = server.connect(&room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(snap["seats"][0]["name"], "Ann", "{snap}");
    assert_eq!(snap["start_fen"], start.as_str());
}

#[tokio::test]
async fn computer_seats_chosen_with_the_room_are_its_from_the_start_and_bad_ones_are_refused() {
    let db = TempDb::new();
    let server = fast_server(&db).await;
    let body = json!({
        "variant": "chinese-checkers",
        "players": 4,
        "computers": [{"seat_no": 3, "level": "beginner"}, {"seat_no": 1, "level": "advanced"}],
    });
    let (_, room, _) = created_room(&server, &body).await;
    // Before any socket opens, the seats are the computer's: a watcher sees them.
    let mut watcher = server.connect(&room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    let levels: Vec<Value> = (0..4)
        .map(|s| snap["seats"][s]["computer"].clone())
        .collect();
    assert_eq!(
        levels,
        vec![
            Value::Null,
            json!("advanced"),
            Value::Null,
            json!("beginner")
        ],
        "{snap}"
    );
    watcher.close().await;

    for (body, says) in [
        (
            json!({"variant": "chinese-checkers", "players": 4, "computers": [{"seat_no": 0, "level": "beginner"}]}),
            "seat 0 cannot be the computer's",
        ),
        (
            json!({"variant": "chinese-checkers", "players": 4, "computers": [{"seat_no": 4, "level": "beginner"}]}),
            "seat 4 cannot be the computer's",
        ),
        (
            json!({"variant": "chinese-checkers", "players": 4, "computers": [{"seat_no": 2, "level": "beginner"}, {"seat_no": 2, "level": "expert"}]}),
            "seat 2 is named twice",
        ),
        (
            json!({"variant": "chinese-checkers", "players": 4, "computers": [{"seat_no": 2, "level": "grandmaster"}]}),
            "unknown level 'grandmaster'",
        ),
        (
            json!({"variant": "chinese-checkers", "players": 4, "computers": [{"seat_no": 2}]}),
            "bad_request",
        ),
    ] {
        let answer = refused_room(&server, &body).await;
        assert!(answer.contains(says), "{body}: {answer}");
        if says != "bad_request" {
            assert!(answer.contains("bad_computers"), "{answer}");
        }
    }

    // Kept as events: a restart on the same file still has them.
    server.stop().await;
    let server = fast_server(&db).await;
    let mut watcher = server.connect(&room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(snap["seats"][1]["computer"], "advanced", "{snap}");
    assert_eq!(snap["seats"][3]["computer"], "beginner", "{snap}");
}
