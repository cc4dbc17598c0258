//! The server under attack from one address: idle and slow connections, oversized bodies and
//! frames, rebound host names. Timeouts are configured short so that nothing here waits longer
//! than they are.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use futures_util::SinkExt;
use kingme_server::{AddressLimits, ManualClock, Timeouts};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

const SHORT: Timeouts = Timeouts {
    header: Duration::from_millis(800),
    body: Duration::from_millis(800),
    request: Duration::from_millis(1500),
};

/// A connection from `from` (any 127.x.y.z address reaches a server on 127.0.0.1).
async fn connect_from(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(server).await.unwrap()
}

/// Reads until the server closes the connection; returns what it sent and how long it took.
/// Fails after [`WAIT`]: a connection the server keeps open.
async fn until_closed(stream: &mut TcpStream) -> (String, Duration) {
    let start = Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let read = tokio::time::timeout(WAIT, stream.read(&mut buf))
            .await
            .expect("the server closes the connection in time");
        match read {
            Ok(0) | Err(_) => return (String::from_utf8_lossy(&got).into(), start.elapsed()),
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
}

const ATTACKER: [u8; 4] = [127, 0, 0, 2];

#[tokio::test]
async fn an_idle_connection_flood_from_one_address_leaves_other_clients_served() {
    let db = TempDb::new();
    let cap = 8;
    let server = TestServer::start_tuned(&db, ManualClock::new(T0), |o| {
        o.timeouts = SHORT;
        o.per_address = AddressLimits {
            connections: cap,
            ..AddressLimits::default()
        };
    })
    .await;

    // The cap's worth of connections: half send nothing, half one header byte every 200 ms,
    // well within the header timeout between bytes but never finishing. Each must be closed
    // by the server in time.
    let mut held = Vec::new();
    for i in 0..cap {
        let mut stream = connect_from(ATTACKER, server.addr).await;
        let drip = i % 2 == 1;
        held.push(tokio::spawn(async move {
            if !drip {
                return until_closed(&mut stream).await.1;
            }
            let start = Instant::now();
            let mut buf = [0u8; 256];
            let mut ticks = tokio::time::interval(Duration::from_millis(200));
            let closed = async {
                loop {
                    tokio::select! {
                        read = stream.read(&mut buf) => match read {
                            Ok(0) | Err(_) => break,
                            Ok(_) => {}
                        },
                        _ = ticks.tick() => {
                            if stream.write_all(b"G").await.is_err() {
                                break;
                            }
                        }
                    }
                }
            };
            tokio::time::timeout(WAIT, closed)
                .await
                .expect("a dripping connection is closed in time");
            start.elapsed()
        }));
    }
    // Give the server the time to accept them all: a request on the other address is answered
    // only after the accept loop went past the held ones.
    assert!(server.healthy().await);
    // Three times the cap more: each is answered 429 and closed at once.
    for _ in 0..3 * cap {
        let mut extra = connect_from(ATTACKER, server.addr).await;
        let (answer, _) = until_closed(&mut extra).await;
        assert!(
            answer.starts_with("HTTP/1.1 429") && answer.contains("too_many_connections"),
            "{answer:?}"
        );
    }
    // Everyone else is served meanwhile: the API, a new room, its socket.
    assert!(server.healthy().await);
    let (room, token) = server.create_room("english", None).await;
    let mut player = server.connect(&room, Some(&token), None).await;
    player.expect("snapshot").await;

    for task in held {
        let lasted = task.await.unwrap();
        assert!(lasted < WAIT, "{lasted:?}");
    }
    // Their places are given back: the address is served again.
    let mut again = connect_from(ATTACKER, server.addr).await;
    again
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let (answer, _) = until_closed(&mut again).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
}

#[tokio::test]
async fn bodies_too_large_or_too_slow_get_the_usual_json() {
    let db = TempDb::new();
    let server = TestServer::start_tuned(&db, ManualClock::new(T0), |o| o.timeouts = SHORT).await;
    let host = server.addr;

    let big = format!(
        "{{\"variant\": \"english\", \"fen\": \"{}\"}}",
        "W".repeat(5000)
    );
    let (status, body) = server.http("POST", "/api/rooms", Some(&big)).await;
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("\"code\":\"body_too_large\""), "{body}");

    // A huge announced length, ten bytes sent: refused at once or when the body stalls.
    let answer = server
        .raw(&format!(
            "POST /api/rooms HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
             Content-Length: 100000000\r\n\r\n{{\"variant\""
        ))
        .await;
    assert!(
        answer.starts_with("HTTP/1.1 413") && answer.contains("body_too_large"),
        "{answer}"
    );

    // A body that stops coming within its limit: the body or the request timeout answers.
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(
            format!(
                "POST /api/rooms HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                 Content-Length: 100\r\n\r\n{{\"variant\""
            )
            .as_bytes(),
        )
        .await
        .unwrap();
    let (answer, lasted) = until_closed(&mut stream).await;
    assert!(
        answer.starts_with("HTTP/1.1 408")
            && (answer.contains("\"code\":\"body_timeout\"")
                || answer.contains("\"code\":\"request_timeout\"")),
        "{answer}"
    );
    assert!(lasted >= SHORT.body, "{lasted:?}");
    assert!(server.healthy().await);
}

#[tokio::test]
async fn a_frame_over_64_kib_is_closed_with_4009() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    let (room, _) = server.create_room("english", None).await;
    for size in [65 * 1024, 300 * 1024] {
        let mut client = server.connect(&room, None, None).await;
        client.expect("snapshot").await;
        client
            .ws
            .send(Message::text("y".repeat(size)))
            .await
            .unwrap();
        let closed = client.closed().await;
        assert_eq!(closed.code, 4009, "{size}: {closed:?}");
        assert!(closed.reason.contains("limit"), "{closed:?}");
    }
    // Before hello too.
    let mut early = server.open(&room).await;
    early
        .ws
        .send(Message::text("z".repeat(100 * 1024)))
        .await
        .unwrap();
    assert_eq!(early.closed().await.code, 4009);
    assert!(server.healthy().await);
}

#[tokio::test]
async fn with_allowed_origins_a_foreign_host_name_is_refused() {
    let db = TempDb::new();
    let server = TestServer::start_tuned(&db, ManualClock::new(T0), |o| {
        o.allowed_origins = vec!["http://localhost:5173".into()];
        o.timeouts = SHORT;
    })
    .await;
    let get = |host: String| {
        format!("GET /api/health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
    };
    let port = server.addr.port();
    // A name rebound to this machine's address.
    let rebound = server.raw(&get(format!("evil.example:{port}"))).await;
    assert!(
        rebound.starts_with("HTTP/1.1 403") && rebound.contains("bad_host"),
        "{rebound}"
    );
    let rebound_socket = server
        .raw(&format!(
            "GET /ws/0123456789abcdef0123456789abcdef HTTP/1.1\r\nHost: evil.example:{port}\r\n\
             Origin: http://evil.example:{port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
             Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        ))
        .await;
    assert!(
        rebound_socket.starts_with("HTTP/1.1 403"),
        "{rebound_socket}"
    );
    for host in [
        "localhost:5173".to_string(),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
    ] {
        let answer = server.raw(&get(host.clone())).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{host}: {answer}");
    }

    // Without allowed origins any host is served, as before.
    let open = TestServer::start(&db).await;
    let answer = open.raw(&get("anything.example".into())).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test]
async fn endgame_tables_are_served_for_good_and_a_bad_name_gets_json() {
    let db = TempDb::new();
    let server = TestServer::start(&db).await;
    // A table of the repository's data, byte for byte, cached for good.
    let answer = server
        .raw(&format!(
            "GET /egdb/english/0101.egdb HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.addr
        ))
        .await;
    let expected = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/egdb/english/0101.egdb"
    ))
    .unwrap();
    let (head, _) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains("cache-control: public, max-age=31536000, immutable"),
        "{head}"
    );
    assert!(
        head.to_ascii_lowercase()
            .contains(&format!("content-length: {}", expected.len())),
        "{head}"
    );
    for (path, code, words) in [
        (
            "/egdb/english/9999.egdb",
            "unknown_table",
            "no endgame table “9999.egdb” for english",
        ),
        (
            "/egdb/english/..%2Fsecret",
            "unknown_table",
            "no endgame table",
        ),
        (
            "/egdb/chess/0101.egdb",
            "unknown_variant",
            "no endgame tables for “chess”",
        ),
    ] {
        let (status, body) = server.http("GET", path, None).await;
        assert_eq!(status, 404, "{path}");
        let body: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(body["code"], code, "{path}");
        assert!(
            body["message"].as_str().unwrap().contains(words),
            "{path}: {body}"
        );
    }
    server.stop().await;
}
