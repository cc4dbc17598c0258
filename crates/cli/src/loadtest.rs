//! `kingme loadtest`: many rooms of N seats each (every seat a socket), random legal moves over
//! loopback.
//!
//! The messages are the server's own protocol types ([`kingme_server::protocol`]); each seat
//! follows its room's game through the rules crates ([`RoomGame`]) and plays a random legal move
//! when its turn comes. Measures moves per second, the latency from a move's send to each other
//! seat's receipt, the server's memory per room, and counts lost or duplicated moves.

use crate::CliError;
use futures_util::{SinkExt, StreamExt};
use kingme_server::game::{GameKind, RoomGame};
use kingme_server::protocol::{
    ClientMessage, CreateRoom, Event, EventKind, Incoming, RoomCreated, ServerMessage,
};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::{watch, Semaphore};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rooms to open (one socket per seat).
    #[arg(long, default_value_t = 100)]
    rooms: usize,
    /// A running server (loopback only); without it a `kingme serve` is started on a free port
    /// with a temporary database.
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// The game of every room (`english`, `halma-16`, `chinese-checkers`, …).
    #[arg(long, default_value = "english")]
    variant: String,
    /// Seats per room (the game's player count); without it the game's smallest.
    #[arg(long)]
    players: Option<u8>,
    /// Moves per room, after which the room stops.
    #[arg(long, default_value_t = 40)]
    moves: u64,
    /// Stop moving after this many seconds of play.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// A player's average thinking time before answering, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// The started server's `--sync` (full or normal).
    #[arg(long, default_value = "full", value_parser = ["full", "normal"])]
    sync: String,
    /// Sockets opened at the same time while connecting.
    #[arg(long, default_value_t = 256)]
    connect_parallel: usize,
}

#[derive(Default, Debug)]
struct Stats {
    latencies_us: Mutex<Vec<u64>>,
    acked: AtomicU64,
    /// Moves received by a seat other than the mover's.
    received: AtomicU64,
    duplicated: AtomicU64,
    lost: AtomicU64,
    errors: AtomicU64,
    stalls: AtomicU64,
}

/// What the seats of one room share (the send time of each move by version).
#[derive(Default, Debug)]
struct RoomShared {
    sent: Mutex<HashMap<u64, Instant>>,
    done: AtomicBool,
}

/// A small deterministic random generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    if let Some(addr) = args.addr {
        if !addr.ip().is_loopback() {
            return Err(CliError(
                "the load test only runs against a loopback address".into(),
            ));
        }
    }
    let kind = GameKind::new(&args.variant, args.players).map_err(CliError)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(load(args, kind))
}

struct Spawned {
    child: Child,
    db: std::path::PathBuf,
}

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.db.display()));
        }
    }
}

async fn spawn_server(sync: &str) -> Result<(Spawned, SocketAddr), CliError> {
    let db = std::env::temp_dir().join(format!("kingme-loadtest-{}.db", std::process::id()));
    let mut child = Command::new(std::env::current_exe()?)
        // Every simulated player comes from 127.0.0.1: no per-address limits.
        .args(["serve", "--addr", "127.0.0.1:0", "--sync", sync])
        .args([
            "--rooms-per-minute",
            "0",
            "--sockets-per-address",
            "0",
            "--connections-per-address",
            "0",
            "--db",
        ])
        .arg(&db)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()?;
    let stderr = child
        .stderr
        .take()
        .ok_or_else(|| CliError("no server output".into()))?;
    let spawned = Spawned { child, db };
    let stderr = tokio::process::ChildStderr::from_std(stderr)?;
    let mut lines = BufReader::new(stderr).lines();
    let addr = tokio::time::timeout(Duration::from_secs(30), async {
        while let Ok(Some(line)) = lines.next_line().await {
            if let Some(rest) = line.split("serving http://").nth(1) {
                let addr = rest.split_whitespace().next().unwrap_or_default();
                return addr.parse::<SocketAddr>().ok();
            }
        }
        None
    })
    .await
    .ok()
    .flatten()
    .ok_or_else(|| CliError("the server did not start".into()))?;
    // Keep draining the server's log so it never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Ok((spawned, addr))
}

/// One HTTP/1.1 request; the answer's status and body.
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> Result<(u16, String), CliError> {
    let mut stream = TcpStream::connect(addr).await?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let text = String::from_utf8_lossy(&response);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Ok((status, body.to_string()))
}

async fn server_rss(addr: SocketAddr) -> Option<u64> {
    let (_, body) = http(addr, "GET", "/api/health", "").await.ok()?;
    serde_json::from_str::<serde_json::Value>(&body).ok()?["rss_bytes"].as_u64()
}

fn small_buffers() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// One seat's socket.
struct Player {
    ws: Socket,
    seat_no: u8,
}

async fn send(ws: &mut Socket, message: &ClientMessage) -> Result<(), CliError> {
    ws.send(Message::text(serde_json::to_string(message)?))
        .await?;
    Ok(())
}

/// The next protocol message, `None` when the socket closed or nothing came in `wait`; a frame
/// that is not one is an error.
async fn next_incoming(ws: &mut Socket, wait: Duration) -> Option<Result<Incoming, CliError>> {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                return Some(serde_json::from_str(&text).map_err(|e| {
                    CliError(format!(
                        "the server sent what the protocol does not have: {e}: {text}"
                    ))
                }))
            }
            Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) | Err(_) => return None,
            Ok(Some(Ok(_))) => continue,
        }
    }
}

/// Waits for the message `wanted` picks; a refusal from the server is an error.
async fn wait_for<T>(
    ws: &mut Socket,
    what: &str,
    wanted: impl Fn(&Incoming) -> Option<T>,
) -> Result<T, CliError> {
    loop {
        let incoming = next_incoming(ws, Duration::from_secs(60))
            .await
            .ok_or_else(|| CliError(format!("no {what} from the server")))??;
        if let Some(found) = wanted(&incoming) {
            return Ok(found);
        }
        if let Incoming::Message(ServerMessage::Error { code, message, .. }) = incoming {
            return Err(CliError(format!(
                "the server refused while waiting for {what}: {code:?}: {message}"
            )));
        }
    }
}

async fn connect(addr: SocketAddr, room: &str) -> Result<Socket, CliError> {
    let url = format!("ws://{addr}/ws/{room}");
    let (ws, _) =
        tokio_tungstenite::connect_async_with_config(url.as_str(), Some(small_buffers()), false)
            .await?;
    Ok(ws)
}

/// Creates a room of `kind` and takes every seat, one socket each; returns the seats once the
/// last one has seen the game start, and the room version then.
async fn open_room(addr: SocketAddr, kind: GameKind) -> Result<(Vec<Player>, u64), CliError> {
    let request = CreateRoom {
        variant: kind.key().to_string(),
        fen: None,
        players: Some(kind.players()),
        name: None,
        computers: None,
        clock: None,
    };
    let (status, body) = http(
        addr,
        "POST",
        "/api/rooms",
        &serde_json::to_string(&request)?,
    )
    .await?;
    if status != 201 {
        return Err(CliError(format!("creating a room: {status} {body}")));
    }
    let created: RoomCreated = serde_json::from_str(&body)?;
    let mut creator = connect(addr, &created.room).await?;
    send(
        &mut creator,
        &ClientMessage::Hello {
            token: Some(created.token),
            v: None,
        },
    )
    .await?;
    wait_for(&mut creator, "the snapshot", |m| {
        matches!(m, Incoming::Message(ServerMessage::Snapshot(_))).then_some(())
    })
    .await?;
    let mut players = vec![Player {
        ws: creator,
        seat_no: 0,
    }];
    let mut v = 0;
    for seat_no in 1..kind.players() {
        let mut ws = connect(addr, &created.room).await?;
        send(
            &mut ws,
            &ClientMessage::Hello {
                token: None,
                v: None,
            },
        )
        .await?;
        wait_for(&mut ws, "the snapshot", |m| {
            matches!(m, Incoming::Message(ServerMessage::Snapshot(_))).then_some(())
        })
        .await?;
        let join = ClientMessage::Join {
            token: None,
            seat_no: Some(seat_no),
            name: None,
        };
        send(&mut ws, &join).await?;
        v = wait_for(&mut ws, "the join", |m| match m {
            Incoming::Event(Event {
                v,
                kind: EventKind::Joined { seat_no: s, .. },
                ..
            }) if *s == seat_no => Some(*v),
            _ => None,
        })
        .await?;
        players.push(Player { ws, seat_no });
    }
    // Every seat has seen every join up to `v` (the earlier seats read them as they play).
    Ok((players, v))
}

struct Plan {
    kind: GameKind,
    moves: u64,
    think: Duration,
    stop_at: Instant,
}

/// One seat's part: follow the room's game and play a random legal move when it is this seat's
/// turn, after thinking.
async fn play(
    mut p: Player,
    start_v: u64,
    room: Arc<RoomShared>,
    stats: Arc<Stats>,
    plan: Arc<Plan>,
    seed: u64,
) {
    let seats = u64::from(plan.kind.players());
    let mut rng = Rng(seed | 1);
    let Ok(mut game) = RoomGame::new(plan.kind, None) else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    // The seat that moves first: seat 0 in game 1, the next one in each rematch.
    let mut first_no = 0u8;
    let mut game_no = 1u32;
    // The game starts at `start_v`, the last join; the joins after this seat's own may still be
    // on their way to it and are skipped.
    let mut v = start_v;
    let mut ack = 0u64;
    let mut played = 0u64;
    let my_turn = |game: &RoomGame, first_no: u8| {
        let player = (u64::from(p.seat_no) + seats - u64::from(first_no)) % seats;
        game.end().is_none() && game.to_move() == usize::try_from(player).ok()
    };
    let mut waiting_for_answer = false;
    loop {
        if !waiting_for_answer && my_turn(&game, first_no) {
            if played >= plan.moves || Instant::now() >= plan.stop_at {
                room.done.store(true, Ordering::SeqCst);
                break;
            }
            let jitter = plan.think.as_millis() as u64;
            let pause = Duration::from_millis(jitter / 2 + rng.below(jitter.max(1)));
            tokio::time::sleep(pause).await;
            let moves = game.legal_moves_text();
            let Some(text) = moves.get(rng.below(moves.len() as u64) as usize) else {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                break;
            };
            ack += 1;
            if let Ok(mut sent) = room.sent.lock() {
                sent.insert(v + 1, Instant::now());
            }
            let message = ClientMessage::Move {
                ack,
                v,
                notation: text.clone(),
                offer_draw: false,
            };
            if send(&mut p.ws, &message).await.is_err() {
                stats.stalls.fetch_add(1, Ordering::Relaxed);
                break;
            }
            waiting_for_answer = true;
        }
        let incoming = match next_incoming(&mut p.ws, Duration::from_secs(30)).await {
            Some(Ok(incoming)) => incoming,
            Some(Err(e)) => {
                eprintln!("{}", e.0);
                stats.errors.fetch_add(1, Ordering::Relaxed);
                break;
            }
            None => {
                if !room.done.load(Ordering::SeqCst) {
                    stats.stalls.fetch_add(1, Ordering::Relaxed);
                }
                break;
            }
        };
        let event = match incoming {
            Incoming::Event(event) => event,
            Incoming::Message(ServerMessage::Ack { .. }) => {
                stats.acked.fetch_add(1, Ordering::Relaxed);
                continue;
            }
            Incoming::Message(ServerMessage::Error { code, message, .. }) => {
                eprintln!(
                    "seat {}: the server refused: {code:?}: {message}",
                    p.seat_no
                );
                stats.errors.fetch_add(1, Ordering::Relaxed);
                break;
            }
            Incoming::Message(ServerMessage::Presence(_)) if room.done.load(Ordering::SeqCst) => {
                break
            }
            Incoming::Message(_) => continue,
        };
        if event.v <= start_v {
            continue;
        }
        if event.v <= v {
            stats.duplicated.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        if event.v > v + 1 {
            stats.lost.fetch_add(event.v - v - 1, Ordering::Relaxed);
        }
        v = event.v;
        match event.kind {
            EventKind::Moved {
                seat_no, notation, ..
            } => {
                if game.play(&notation, false).is_err() {
                    eprintln!(
                        "seat {}: the room's move {notation} is not legal here",
                        p.seat_no
                    );
                    stats.errors.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                played += 1;
                if seat_no == p.seat_no {
                    waiting_for_answer = false;
                } else {
                    stats.received.fetch_add(1, Ordering::Relaxed);
                    let sent = room.sent.lock().ok().and_then(|s| s.get(&event.v).copied());
                    if let Some(sent) = sent {
                        let us = u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX);
                        if let Ok(mut l) = stats.latencies_us.lock() {
                            l.push(us);
                        }
                    }
                }
                if game.end().is_some() && p.seat_no == 0 {
                    let _ = send(&mut p.ws, &ClientMessage::Rematch { game: game_no }).await;
                }
            }
            EventKind::Rematch {
                game: number,
                first_no: first,
                ..
            } => {
                game_no = number;
                first_no = first;
                match RoomGame::new(plan.kind, None) {
                    Ok(fresh) => game = fresh,
                    Err(_) => break,
                }
            }
            _ => {}
        }
    }
    let _ = p.ws.close(None).await;
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

async fn load(args: Args, kind: GameKind) -> Result<(), CliError> {
    let (spawned, addr) = match args.addr {
        Some(addr) => (None, addr),
        None => {
            let (s, addr) = spawn_server(&args.sync).await?;
            (Some(s), addr)
        }
    };
    let seats = usize::from(kind.players());
    let rss_before = server_rss(addr).await;
    println!(
        "server {addr}: opening {} {} rooms of {seats} seats ({} sockets)",
        args.rooms,
        kind.key(),
        args.rooms * seats
    );
    let connecting = Instant::now();
    let gate = Arc::new(Semaphore::new(args.connect_parallel.max(1)));
    let (go_tx, go_rx) = watch::channel(None::<Arc<Plan>>);
    let stats = Arc::new(Stats::default());
    let mut tasks = Vec::with_capacity(args.rooms);
    let opened = Arc::new(AtomicU64::new(0));
    for i in 0..args.rooms {
        let gate = gate.clone();
        let mut go = go_rx.clone();
        let stats = stats.clone();
        let opened = opened.clone();
        tasks.push(tokio::spawn(async move {
            // A room's sockets count `seats` against the parallel connection limit.
            let permits = u32::try_from(seats).unwrap_or(1);
            let permit = gate.acquire_many_owned(permits).await;
            let room = open_room(addr, kind).await;
            drop(permit);
            let (players, start_v) = match room {
                Ok(room) => room,
                Err(e) => {
                    eprintln!("room {i}: {}", e.0);
                    stats.stalls.fetch_add(1, Ordering::Relaxed);
                    return;
                }
            };
            opened.fetch_add(1, Ordering::Relaxed);
            let Ok(plan) = go.wait_for(Option::is_some).await.map(|p| p.clone()) else {
                return;
            };
            let Some(plan) = plan else { return };
            let room = Arc::new(RoomShared::default());
            let seed = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let seated: Vec<_> = players
                .into_iter()
                .map(|p| {
                    let seed = seed ^ u64::from(p.seat_no).wrapping_mul(0xABCD);
                    tokio::spawn(play(
                        p,
                        start_v,
                        room.clone(),
                        stats.clone(),
                        plan.clone(),
                        seed,
                    ))
                })
                .collect();
            for seat in seated {
                let _ = seat.await;
            }
        }));
    }
    // Wait until every room is open (or failed).
    while opened.load(Ordering::Relaxed) + stats.stalls.load(Ordering::Relaxed) < args.rooms as u64
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let connect_secs = connecting.elapsed().as_secs_f64();
    let rss_open = server_rss(addr).await;
    println!(
        "opened {} rooms in {connect_secs:.1} s; playing up to {} moves per room for up to {} s",
        opened.load(Ordering::Relaxed),
        args.moves,
        args.seconds
    );
    let started = Instant::now();
    let plan = Arc::new(Plan {
        kind,
        moves: args.moves,
        think: Duration::from_millis(args.think_ms),
        stop_at: started + Duration::from_secs(args.seconds),
    });
    let _ = go_tx.send(Some(plan));
    let mut rss_peak = rss_open;
    let mut sampler = tokio::time::interval(Duration::from_secs(2));
    let mut all = futures_util::future::join_all(tasks);
    loop {
        tokio::select! {
            _ = &mut all => break,
            _ = sampler.tick() => {
                if let Some(rss) = server_rss(addr).await {
                    rss_peak = Some(rss_peak.map_or(rss, |p| p.max(rss)));
                }
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let mut lat = stats
        .latencies_us
        .lock()
        .map(|l| l.clone())
        .unwrap_or_default();
    lat.sort_unstable();
    let acked = stats.acked.load(Ordering::Relaxed);
    let received = stats.received.load(Ordering::Relaxed);
    let others = (seats as u64).saturating_sub(1);
    println!(
        "sockets           {}",
        opened.load(Ordering::Relaxed) * seats as u64
    );
    println!("moves acked       {acked}");
    println!(
        "moves received    {received} by the other seats (expected {})",
        acked * others
    );
    println!("moves/s           {:.0}", acked as f64 / secs);
    println!(
        "latency ms        p50 {:.2}  p99 {:.2}  max {:.2}  (send → each other seat's receipt)",
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0)
    );
    if let (Some(before), Some(open), Some(peak)) = (rss_before, rss_open, rss_peak) {
        let per_room =
            |after: u64| after.saturating_sub(before) as f64 / args.rooms.max(1) as f64 / 1024.0;
        println!(
            "server memory     {:.1} MiB before, {:.1} MiB with rooms open, {:.1} MiB peak: {:.1} KiB per room open, {:.1} KiB per room at peak",
            before as f64 / 1048576.0,
            open as f64 / 1048576.0,
            peak as f64 / 1048576.0,
            per_room(open),
            per_room(peak)
        );
    }
    println!(
        "lost {}  duplicated {}  errors {}  stalled {}",
        stats.lost.load(Ordering::Relaxed),
        stats.duplicated.load(Ordering::Relaxed),
        stats.errors.load(Ordering::Relaxed),
        stats.stalls.load(Ordering::Relaxed)
    );
    drop(spawned);
    let missing = (acked * others).saturating_sub(received);
    if stats.lost.load(Ordering::Relaxed) > 0 || stats.duplicated.load(Ordering::Relaxed) > 0 {
        return Err(CliError(format!(
            "moves were lost or duplicated ({missing} receipts of acked moves missing)"
        )));
    }
    Ok(())
}
