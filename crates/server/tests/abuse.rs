//! Clients that break the protocol are closed with a 4xxx code; the server stays healthy.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use futures_util::SinkExt;
use kingme_server::{AddressLimits, Limits, ManualClock};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

async fn still_serves(server: &TestServer, room: &str) {
    assert!(server.healthy().await);
    let mut watcher = server.connect(room, None, None).await;
    let snap = watcher.expect("snapshot").await;
    assert_eq!(snap["room"], room);
}

#[tokio::test]
async fn garbage_binary_and_unknown_messages_close_with_4000() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (room, token) = server.create_room("english", None).await;

    let mut no_hello = server.open(&room).await;
    no_hello.send(json!({"t": "join"})).await;
    assert_eq!(no_hello.closed().await.code, 4001);

    for garbage in [
        "not json at all",
        "{\"t\":\"move\"}",
        "{\"t\":\"teleport\"}",
        "[1,2,3]",
        "\u{0}\u{1}",
    ] {
        let mut client = server.connect(&room, Some(&token), None).await;
        client.expect("snapshot").await;
        client.send_text(garbage).await;
        let closed = client.closed().await;
        assert_eq!(closed.code, 4000, "{garbage:?}: {closed:?}");
        assert!(
            closed.reason.contains("not a protocol message"),
            "{closed:?}"
        );
    }

    let mut binary = server.connect(&room, None, None).await;
    binary.expect("snapshot").await;
    binary
        .ws
        .send(Message::binary(vec![1u8, 2, 3]))
        .await
        .unwrap();
    assert_eq!(binary.closed().await.code, 4000);

    let mut twice = server.connect(&room, None, None).await;
    twice.expect("snapshot").await;
    twice.send(json!({"t": "hello"})).await;
    assert_eq!(twice.closed().await.code, 4000);

    still_serves(&server, &room).await;
}

#[tokio::test]
async fn oversized_messages_close_with_4009() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (room, _) = server.create_room("english", None).await;
    let mut client = server.connect(&room, None, None).await;
    client.expect("snapshot").await;
    let huge = json!({"t": "move", "ack": 1, "v": 0, "move": "x".repeat(10_000)});
    client.send(huge).await;
    let closed = client.closed().await;
    assert_eq!(closed.code, 4009, "{closed:?}");
    assert!(closed.reason.contains("limit"), "{closed:?}");

    // Far beyond the frame limit: the connection is dropped, the server lives on.
    let mut giant = server.connect(&room, None, None).await;
    giant.expect("snapshot").await;
    let _ = giant.ws.send(Message::text("y".repeat(2_000_000))).await;
    still_serves(&server, &room).await;
}

#[tokio::test]
async fn flooding_clients_close_with_4008() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (room, token) = server.create_room("english", None).await;
    let mut flooder = server.connect(&room, Some(&token), None).await;
    flooder.expect("snapshot").await;
    for i in 0..500 {
        let sent = flooder
            .ws
            .send(Message::text(json!({"t": "sync", "v": i}).to_string()))
            .await;
        if sent.is_err() {
            break;
        }
    }
    let closed = flooder.closed().await;
    assert_eq!(closed.code, 4008, "{closed:?}");
    still_serves(&server, &room).await;
}

#[tokio::test]
async fn unknown_rooms_and_foreign_origins_are_refused() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let mut nowhere = server.open("0123456789abcdef0123456789abcdef").await;
    nowhere.expect_error("room_not_found").await;
    assert_eq!(nowhere.closed().await.code, 4404);
    let mut bad_id = server.open("..%2F..%2Fetc").await;
    bad_id.expect_error("room_not_found").await;
    assert_eq!(bad_id.closed().await.code, 4404);

    let (room, _) = server.create_room("english", None).await;
    let refused = server
        .request_with_origin(&room, "https://evil.example")
        .await;
    assert!(refused.unwrap_err().contains("403"));
    let same = server
        .request_with_origin(&room, &format!("http://{}", server.addr))
        .await;
    assert!(same.is_ok(), "{same:?}");

    let (status, body) = server
        .http("POST", "/api/rooms", Some("{\"variant\": \"chess\"}"))
        .await;
    assert_eq!(status, 400);
    assert!(
        body.contains("bad_variant") && body.contains("chess"),
        "{body}"
    );
    let (status, body) = server.http("POST", "/api/rooms", Some("{{{")).await;
    assert_eq!(status, 400);
    assert!(body.contains("bad_request"), "{body}");
    let (status, body) = server
        .http(
            "POST",
            "/api/rooms",
            Some("{\"variant\": \"english\", \"fen\": \"W:Wz9\"}"),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body.contains("bad_fen"), "{body}");
    still_serves(&server, &room).await;
}

#[tokio::test]
async fn one_address_can_neither_flood_rooms_nor_hoard_sockets() {
    let db = TempDb::new();
    let per_address = AddressLimits {
        rooms_per_minute: 2,
        sockets: 2,
        ..AddressLimits::default()
    };
    let server =
        TestServer::start_configured(&db, ManualClock::new(T0), Limits::default(), per_address)
            .await;
    let (room, _) = server.create_room("english", None).await;
    server.create_room("russian", None).await;
    let (status, body) = server
        .http("POST", "/api/rooms", Some("{\"variant\": \"english\"}"))
        .await;
    assert_eq!(status, 429, "{body}");
    assert!(
        body.contains("rate_limited") && body.contains("try again in"),
        "{body}"
    );

    let own_origin = format!("http://{}", server.addr);
    let mut first = server.connect(&room, None, None).await;
    first.expect("snapshot").await;
    let mut second = server.connect(&room, None, None).await;
    second.expect("snapshot").await;
    let refused = server.request_with_origin(&room, &own_origin).await;
    assert!(refused.unwrap_err().contains("429"));

    // A closed socket gives its place back (once the server has seen it close).
    first.close().await;
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        match server.request_with_origin(&room, &own_origin).await {
            Ok(()) => break,
            Err(e) if tokio::time::Instant::now() < deadline => assert!(e.contains("429"), "{e}"),
            Err(e) => panic!("the closed socket's place was not given back: {e}"),
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    still_serves(&server, &room).await;
}

#[tokio::test]
async fn the_site_is_served_with_a_fallback_for_room_links() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (status, home) = server.http("GET", "/", None).await;
    assert_eq!(status, 200);
    assert!(
        home.contains("<html") || home.contains("<!doctype"),
        "{home}"
    );
    let (status, link) = server
        .http("GET", "/r/0123456789abcdef0123456789abcdef", None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(link, home, "a room link serves the page");
    let (status, _) = server.http("GET", "/no-such-file.js", None).await;
    assert_eq!(status, 404);
    let (status, _) = server.http("GET", "/api/nothing", None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn shutdown_closes_sockets_with_restarting() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (room, _) = server.create_room("english", None).await;
    let mut watcher = server.connect(&room, None, None).await;
    watcher.expect("snapshot").await;
    server.stop().await;
    let closed = watcher.closed().await;
    assert_eq!((closed.code, closed.reason.as_str()), (1012, "restarting"));
}
