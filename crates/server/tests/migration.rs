//! A database written by the schema-1 release (`tests/fixtures/schema1.db`, see the README
//! there) opened by this server: migrated on start, every room as it was, clients back in
//! their seats; a migration that fails, or a newer file, leaves the file untouched.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use kingme_server::{Limits, ManualClock, Server, ServerOptions};
use serde_json::{json, Value};
use std::path::Path;

fn fixture_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"))
}

/// A copy of the fixture database in a temporary file.
fn fixture_copy() -> TempDb {
    let db = TempDb::new();
    std::fs::copy(fixture_dir().join("schema1.db"), &db.0).unwrap();
    db
}

/// What the schema-1 server showed of each room (`schema1.json`).
fn record() -> Vec<Value> {
    let text = std::fs::read_to_string(fixture_dir().join("schema1.json")).unwrap();
    let record: Value = serde_json::from_str(&text).unwrap();
    record["rooms"].as_array().unwrap().clone()
}

fn room_named<'a>(rooms: &'a [Value], name: &str) -> &'a Value {
    rooms.iter().find(|r| r["name"] == name).unwrap()
}

/// A clock a minute after the fixture's last event.
fn clock_after(rooms: &[Value]) -> ManualClock {
    let last = rooms
        .iter()
        .flat_map(|r| r["events"].as_array().unwrap())
        .map(|e| e["at"].as_u64().unwrap())
        .max()
        .unwrap();
    ManualClock::new(last + 60_000)
}

fn str_of(v: &Value) -> &str {
    v.as_str().unwrap()
}

/// Every event of `room` as a client replaying from version 0 gets them.
async fn all_events(server: &TestServer, room: &str) -> Vec<Value> {
    let mut client = server.connect(room, None, Some(0)).await;
    let mut events = Vec::new();
    loop {
        let msg = client.recv().await;
        match msg["t"].as_str() {
            Some("synced") => break,
            Some("presence") => {}
            _ => events.push(msg),
        }
    }
    client.close().await;
    events
}

/// `room`'s snapshot for the holder of `token`, without presence; checks the seat message.
async fn snapshot_as(server: &TestServer, room: &str, seat: &str, token: Option<&str>) -> Value {
    let mut client = server.connect(room, token, None).await;
    if let Some(token) = token {
        let msg = client.expect("seat").await;
        assert_eq!((str_of(&msg["seat"]), str_of(&msg["token"])), (seat, token));
    }
    let mut snap = client.expect("snapshot").await;
    client.close().await;
    snap.as_object_mut().unwrap().remove("presence");
    snap.as_object_mut().unwrap().remove("t");
    snap
}

/// Whether `actual` says everything `recorded` says, with the same values: messages have
/// gained fields (seat numbers, places) since schema 1, and clients of that release read only
/// the fields they knew.
fn says_all_of(actual: &Value, recorded: &Value) -> bool {
    match (actual, recorded) {
        (Value::Object(a), Value::Object(r)) => r
            .iter()
            .all(|(k, v)| a.get(k).is_some_and(|got| says_all_of(got, v))),
        (Value::Array(a), Value::Array(r)) => {
            a.len() == r.len() && a.iter().zip(r).all(|(got, v)| says_all_of(got, v))
        }
        _ => actual == recorded,
    }
}

/// Every recorded room, as every client sees it, is what the schema-1 server showed.
async fn rooms_are_as_recorded(server: &TestServer, rooms: &[Value]) {
    for r in rooms {
        let room = str_of(&r["room"]);
        let name = str_of(&r["name"]);
        let events = Value::Array(all_events(server, room).await);
        assert!(
            says_all_of(&events, &r["events"]),
            "{name}: events {events} are not {}",
            r["events"]
        );
        for (seat, recorded) in r["snapshots"].as_object().unwrap() {
            let token = r["tokens"][seat].as_str();
            let mut recorded = recorded.clone();
            recorded.as_object_mut().unwrap().remove("t");
            let snapshot = snapshot_as(server, room, seat, token).await;
            assert!(
                says_all_of(&snapshot, &recorded),
                "{name}: snapshot for {seat}: {snapshot} is not {recorded}"
            );
        }
    }
}

fn pragma(db: &TempDb, name: &str) -> i64 {
    let conn = rusqlite::Connection::open(&db.0).unwrap();
    conn.pragma_query_value(None, name, |r| r.get(0)).unwrap()
}

#[tokio::test]
async fn a_schema_1_database_is_migrated_and_every_room_comes_back_as_it_was() {
    let rooms = record();
    let db = fixture_copy();
    assert_eq!(pragma(&db, "user_version"), 1);
    let clock = clock_after(&rooms);
    let server = TestServer::start_with(&db, clock.clone(), Limits::default()).await;
    assert_eq!(
        server.handle.room_count(),
        rooms.len(),
        "every room restored"
    );
    rooms_are_as_recorded(&server, &rooms).await;

    // Players come back with their tokens and the version they knew, and play on.
    let r = room_named(&rooms, "in_progress");
    let (room, v) = (str_of(&r["room"]), 5);
    let creator_token = str_of(&r["tokens"]["creator"]);
    let joiner_token = str_of(&r["tokens"]["joiner"]);
    let mut creator = server.connect(room, Some(creator_token), Some(v)).await;
    assert_eq!(creator.expect("seat").await["seat"], "creator");
    assert_eq!(creator.recv().await, json!({"t": "synced", "v": v}));
    let mut joiner = server.connect(room, Some(joiner_token), Some(v)).await;
    assert_eq!(joiner.expect("seat").await["seat"], "joiner");
    assert_eq!(joiner.recv().await, json!({"t": "synced", "v": v}));
    // The creator's last move (ack 2, version 4) is known: a resend is acked, not replayed.
    let legal = r["snapshots"]["creator"]["legal_moves"][0].clone();
    creator
        .send(json!({"t": "move", "ack": 2, "v": v, "move": legal}))
        .await;
    assert_eq!(
        creator.expect("ack").await,
        json!({"t": "ack", "ack": 2, "v": 4})
    );
    // The joiner's pending draw offer is there to accept… or to decline by moving.
    let mut creator = Player {
        client: creator,
        token: creator_token.to_string(),
        next_ack: 3,
    };
    let mut joiner = Player {
        client: joiner,
        token: joiner_token.to_string(),
        next_ack: 3,
    };
    let moved = exchange(&mut creator, &mut joiner, str_of(&legal), v, false).await;
    assert_eq!(moved["v"], 6);

    // The room nobody had joined takes its second player now.
    let r = room_named(&rooms, "created");
    let mut newcomer = server.connect(str_of(&r["room"]), None, None).await;
    newcomer.expect("snapshot").await;
    newcomer.send(json!({"t": "join"})).await;
    assert_eq!(newcomer.expect("seat").await["seat"], "joiner");
    assert_eq!(newcomer.expect("joined").await["v"], 1);

    // A finished game's rematch swaps the sides, as before.
    let r = room_named(&rooms, "resigned");
    let mut winner = server
        .connect(str_of(&r["room"]), r["tokens"]["creator"].as_str(), None)
        .await;
    winner.expect("snapshot").await;
    winner.send(json!({"t": "rematch", "game": 1})).await;
    let rematch = winner.expect("rematch").await;
    assert_eq!(
        (
            rematch["v"].as_u64(),
            rematch["game"].as_u64(),
            str_of(&rematch["first"])
        ),
        (Some(4), Some(2), "joiner")
    );
    // The game that went to the computer stays out of the room.
    let r = room_named(&rooms, "left_for_computer");
    let mut back = server
        .connect(str_of(&r["room"]), r["tokens"]["joiner"].as_str(), None)
        .await;
    back.expect("snapshot").await;
    back.send(json!({"t": "move", "ack": 9, "v": 3, "move": "f6-e5"}))
        .await;
    back.expect_error("game_left_room").await;
    server.stop().await;

    // The file is of the current schema now, and it opens again as it is.
    assert_eq!(pragma(&db, "user_version"), 6);
    let server = TestServer::start_with(&db, clock, Limits::default()).await;
    assert_eq!(server.handle.room_count(), rooms.len());
    let unchanged: Vec<Value> = rooms
        .iter()
        .filter(|r| ["draw_agreed", "rematch"].contains(&str_of(&r["name"])))
        .cloned()
        .collect();
    rooms_are_as_recorded(&server, &unchanged).await;
    let r = room_named(&rooms, "in_progress");
    let events = all_events(&server, str_of(&r["room"])).await;
    assert_eq!(events.len(), 6);
    assert!(says_all_of(
        &Value::Array(events[..5].to_vec()),
        &r["events"]
    ));
}

fn options(db: &TempDb) -> ServerOptions {
    ServerOptions {
        addr: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
        db: Some(db.0.clone()),
        clock: std::sync::Arc::new(ManualClock::new(T0)),
        sweep_every: None,
        ..ServerOptions::default()
    }
}

/// The main file's bytes, and whether a write-ahead log with content is beside it.
fn file_state(db: &TempDb) -> (Vec<u8>, bool) {
    let wal = std::fs::metadata(format!("{}-wal", db.0.display())).is_ok_and(|m| m.len() > 0);
    (std::fs::read(&db.0).unwrap(), wal)
}

#[tokio::test]
async fn a_failed_migration_leaves_the_file_untouched_and_says_why_in_one_line() {
    let rooms = record();
    let db = fixture_copy();
    let room = str_of(&room_named(&rooms, "rematch")["room"]);
    {
        let conn = rusqlite::Connection::open(&db.0).unwrap();
        conn.execute(
            "UPDATE events SET body = '{\"v\":5,\"at\":1,\"t\":\"teleported\"}' \
             WHERE room_id = ?1 AND v = 5",
            [room],
        )
        .unwrap();
    }
    let before = file_state(&db);
    let err = Server::bind(options(&db)).await.unwrap_err().to_string();
    assert!(
        err.contains("cannot migrate the database from schema 1 to 6")
            && err.contains(&format!("room {room}, event 5"))
            && err.contains("unchanged"),
        "{err}"
    );
    assert!(!err.contains('\n'), "one line: {err}");
    assert_eq!(file_state(&db), before, "the file is as it was");
    assert_eq!(pragma(&db, "user_version"), 1);
}

#[tokio::test]
async fn a_database_from_a_newer_kingme_is_refused_untouched() {
    let db = fixture_copy();
    {
        let conn = rusqlite::Connection::open(&db.0).unwrap();
        conn.pragma_update(None, "user_version", 7).unwrap();
    }
    let before = file_state(&db);
    let err = Server::bind(options(&db)).await.unwrap_err().to_string();
    assert!(err.contains("newer kingme (schema 7"), "{err}");
    assert_eq!(file_state(&db), before);
}

/// A schema-4 file (rooms of every game, before the creator's name was kept) gains the column;
/// its rooms come back without a name for the creator and with their seats' names.
#[tokio::test]
async fn a_schema_4_database_gains_the_creators_name() {
    let db = TempDb::new();
    let room = "0123456789abcdef0123456789abcdef";
    let creator = "fedcba9876543210fedcba9876543210";
    {
        let conn = rusqlite::Connection::open(&db.0).unwrap();
        conn.execute_batch(
            "CREATE TABLE rooms (
                id TEXT PRIMARY KEY, variant TEXT NOT NULL, created_at INTEGER NOT NULL,
                creator_token TEXT NOT NULL, start_fen TEXT, v INTEGER NOT NULL DEFAULT 0,
                seats INTEGER NOT NULL DEFAULT 2, presence TEXT);
             CREATE TABLE events (
                room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
                v INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (room_id, v)) WITHOUT ROWID;
             CREATE TABLE expired_rooms (id TEXT PRIMARY KEY, expired_at INTEGER NOT NULL);
             PRAGMA application_id = 1802071655;
             PRAGMA user_version = 4;",
        )
        .unwrap();
        conn.execute(
            "INSERT INTO rooms (id, variant, created_at, creator_token, seats, v)
             VALUES (?1, 'chinese-checkers', ?2, ?3, 3, 1)",
            rusqlite::params![room, T0 as i64, creator],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO events (room_id, v, body) VALUES (?1, 1, ?2)",
            rusqlite::params![
                room,
                r#"{"at":1767225600001,"t":"seat_taken","seat":1,"token":"00112233445566778899aabbccddeeff","name":"Bo"}"#
            ],
        )
        .unwrap();
    }
    let server = TestServer::start_with(&db, ManualClock::new(T0), Limits::default()).await;
    let mut watcher = server.connect(room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(snap["players"], 3);
    assert_eq!(snap["seats"][0]["name"], Value::Null);
    assert_eq!(snap["seats"][1]["name"], "Bo");
    assert_eq!(snap["seats"][2]["taken"], false);
    watcher.close().await;
    server.stop().await;
    assert_eq!(pragma(&db, "user_version"), 6);
}

/// A schema-5 file (before clocks) gains the time-control columns; its rooms come back untimed
/// and their moves as they were.
#[tokio::test]
async fn a_schema_5_database_gains_clocks_and_its_rooms_are_untimed() {
    let db = TempDb::new();
    let room = "0123456789abcdef0123456789abcdef";
    let creator = "fedcba9876543210fedcba9876543210";
    {
        let conn = rusqlite::Connection::open(&db.0).unwrap();
        conn.execute_batch(
            "CREATE TABLE rooms (
                id TEXT PRIMARY KEY, variant TEXT NOT NULL, created_at INTEGER NOT NULL,
                creator_token TEXT NOT NULL, start_fen TEXT, v INTEGER NOT NULL DEFAULT 0,
                seats INTEGER NOT NULL DEFAULT 2, presence TEXT, creator_name TEXT);
             CREATE TABLE events (
                room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
                v INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (room_id, v)) WITHOUT ROWID;
             CREATE TABLE expired_rooms (id TEXT PRIMARY KEY, expired_at INTEGER NOT NULL);
             PRAGMA application_id = 1802071655;
             PRAGMA user_version = 5;",
        )
        .unwrap();
        conn.execute(
            "INSERT INTO rooms (id, variant, created_at, creator_token, seats, v, creator_name,
                                presence)
             VALUES (?1, 'english', ?2, ?3, 2, 2, 'Ann',
                     '{\"idle_since\":null,\"away_since\":[null,null]}')",
            rusqlite::params![room, T0 as i64, creator],
        )
        .unwrap();
        for (v, body) in [
            (
                1,
                r#"{"at":1767225600001,"t":"seat_taken","seat":1,"token":"00112233445566778899aabbccddeeff"}"#,
            ),
            (
                2,
                r#"{"at":1767225600002,"t":"moved","seat":0,"ack":1,"move":"11-15","offer_draw":false}"#,
            ),
        ] {
            conn.execute(
                "INSERT INTO events (room_id, v, body) VALUES (?1, ?2, ?3)",
                rusqlite::params![room, v, body],
            )
            .unwrap();
        }
    }
    let server = TestServer::start_with(&db, ManualClock::new(T0), Limits::default()).await;
    let mut watcher = server.connect(room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(snap["seats"][0]["name"], "Ann");
    assert_eq!(snap["moves"].as_array().map(Vec::len), Some(1));
    assert_eq!(snap["clock"], Value::Null);
    watcher.close().await;
    server.stop().await;
    assert_eq!(pragma(&db, "user_version"), 6);
}
