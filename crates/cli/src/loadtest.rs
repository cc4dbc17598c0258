//! `kingme loadtest`: many rooms, two players each, random legal moves over loopback.
//!
//! Measures moves per second, the latency from a move's send to the opponent's receipt, the
//! server's memory per room, and counts lost or duplicated moves.

use crate::CliError;
use futures_util::{SinkExt, StreamExt};
use kingme_draughts::{notation, Game, Variant};
use serde_json::{json, Value};
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
    /// Rooms to open (two sockets each).
    #[arg(long, default_value_t = 100)]
    rooms: usize,
    /// A running server (loopback only); without it a `kingme serve` is started on a free port
    /// with a temporary database.
    #[arg(long)]
    addr: Option<SocketAddr>,
    /// Rules of every room.
    #[arg(long, default_value = "english")]
    variant: Variant,
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
    received: AtomicU64,
    duplicated: AtomicU64,
    lost: AtomicU64,
    errors: AtomicU64,
    stalls: AtomicU64,
}

/// What the two players of one room share (the send time of each move by version).
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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(load(args))
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

async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> Result<Value, CliError> {
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
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b)
        .unwrap_or_default();
    Ok(serde_json::from_str(body)?)
}

async fn server_rss(addr: SocketAddr) -> Option<u64> {
    http(addr, "GET", "/api/health", "").await.ok()?["rss_bytes"].as_u64()
}

fn small_buffers() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

struct Player {
    ws: Socket,
    seat: &'static str,
}

async fn next_json(ws: &mut Socket, wait: Duration) -> Option<Value> {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => return serde_json::from_str(&text).ok(),
            Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) | Err(_) => return None,
            Ok(Some(Ok(_))) => continue,
        }
    }
}

async fn expect(ws: &mut Socket, t: &str) -> Result<Value, CliError> {
    loop {
        let msg = next_json(ws, Duration::from_secs(60))
            .await
            .ok_or_else(|| CliError(format!("no {t} from the server")))?;
        if msg["t"] == t {
            return Ok(msg);
        }
        if msg["t"] == "error" {
            return Err(CliError(format!("server error: {msg}")));
        }
    }
}

async fn open_room(addr: SocketAddr, variant: Variant) -> Result<(Player, Player), CliError> {
    let created = http(
        addr,
        "POST",
        "/api/rooms",
        &json!({ "variant": variant.key() }).to_string(),
    )
    .await?;
    let room = created["room"].as_str().unwrap_or_default().to_string();
    let token = created["token"].as_str().unwrap_or_default().to_string();
    let url = format!("ws://{addr}/ws/{room}");
    let config = Some(small_buffers());
    let (mut creator, _) =
        tokio_tungstenite::connect_async_with_config(url.as_str(), config, false).await?;
    creator
        .send(Message::text(
            json!({"t": "hello", "token": token}).to_string(),
        ))
        .await?;
    expect(&mut creator, "snapshot").await?;
    let (mut joiner, _) =
        tokio_tungstenite::connect_async_with_config(url.as_str(), config, false).await?;
    joiner
        .send(Message::text(json!({"t": "hello"}).to_string()))
        .await?;
    expect(&mut joiner, "snapshot").await?;
    joiner
        .send(Message::text(json!({"t": "join"}).to_string()))
        .await?;
    expect(&mut joiner, "joined").await?;
    expect(&mut creator, "joined").await?;
    Ok((
        Player {
            ws: creator,
            seat: "creator",
        },
        Player {
            ws: joiner,
            seat: "joiner",
        },
    ))
}

struct Plan {
    variant: Variant,
    moves: u64,
    think: Duration,
    stop_at: Instant,
}

/// One player's part: answer every opponent move with a random legal move after thinking.
async fn play(mut p: Player, room: Arc<RoomShared>, stats: Arc<Stats>, plan: Arc<Plan>, seed: u64) {
    let mut rng = Rng(seed | 1);
    let mut game = Game::new(plan.variant);
    // Version 1 is the join; the first mover is the creator in game 1.
    let mut v: u64 = 1;
    let mut my_turn_first = p.seat == "creator";
    let mut game_no = 1u64;
    let mut ack = 0u64;
    let mut played = 0u64;
    let mut my_turn = my_turn_first;
    loop {
        if my_turn && game.outcome().is_none() {
            if played >= plan.moves || Instant::now() >= plan.stop_at {
                room.done.store(true, Ordering::SeqCst);
                break;
            }
            let jitter = plan.think.as_millis() as u64;
            let pause = Duration::from_millis(jitter / 2 + rng.below(jitter.max(1)));
            tokio::time::sleep(pause).await;
            let moves = game.legal_moves();
            let m = moves[rng.below(moves.len() as u64) as usize];
            let text = notation::move_to_string(plan.variant, &m);
            ack += 1;
            if let Ok(mut sent) = room.sent.lock() {
                sent.insert(v + 1, Instant::now());
            }
            let msg = json!({"t": "move", "ack": ack, "v": v, "move": text});
            if p.ws.send(Message::text(msg.to_string())).await.is_err() {
                stats.stalls.fetch_add(1, Ordering::Relaxed);
                break;
            }
            my_turn = false;
        }
        let Some(msg) = next_json(&mut p.ws, Duration::from_secs(30)).await else {
            if !room.done.load(Ordering::SeqCst) {
                stats.stalls.fetch_add(1, Ordering::Relaxed);
            }
            break;
        };
        match msg["t"].as_str().unwrap_or_default() {
            "moved" => {
                let ev_v = msg["v"].as_u64().unwrap_or(0);
                if ev_v <= v {
                    stats.duplicated.fetch_add(1, Ordering::Relaxed);
                    continue;
                }
                if ev_v > v + 1 {
                    stats.lost.fetch_add(ev_v - v - 1, Ordering::Relaxed);
                }
                v = ev_v;
                let text = msg["move"].as_str().unwrap_or_default();
                if game.play_text(text, false).is_err() {
                    stats.errors.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                played += 1;
                if msg["seat"] != p.seat {
                    stats.received.fetch_add(1, Ordering::Relaxed);
                    let sent = room.sent.lock().ok().and_then(|mut s| s.remove(&ev_v));
                    if let Some(sent) = sent {
                        let us = u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX);
                        if let Ok(mut l) = stats.latencies_us.lock() {
                            l.push(us);
                        }
                    }
                    my_turn = true;
                }
                if game.outcome().is_some() && p.seat == "creator" {
                    let msg = json!({"t": "rematch", "game": game_no});
                    let _ = p.ws.send(Message::text(msg.to_string())).await;
                }
            }
            "rematch" => {
                v = msg["v"].as_u64().unwrap_or(v);
                game_no = msg["game"].as_u64().unwrap_or(game_no + 1);
                game = Game::new(plan.variant);
                my_turn_first = !my_turn_first;
                my_turn = my_turn_first;
            }
            "ack" => {
                stats.acked.fetch_add(1, Ordering::Relaxed);
            }
            "error" => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                break;
            }
            "presence" if room.done.load(Ordering::SeqCst) => break,
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

async fn load(args: Args) -> Result<(), CliError> {
    let (spawned, addr) = match args.addr {
        Some(addr) => (None, addr),
        None => {
            let (s, addr) = spawn_server(&args.sync).await?;
            (Some(s), addr)
        }
    };
    let rss_before = server_rss(addr).await;
    println!(
        "server {addr}: opening {} rooms ({} sockets)",
        args.rooms,
        args.rooms * 2
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
        let variant = args.variant;
        tasks.push(tokio::spawn(async move {
            let permit = gate.acquire_owned().await;
            let pair = open_room(addr, variant).await;
            drop(permit);
            let (creator, joiner) = match pair {
                Ok(pair) => pair,
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
            let a = tokio::spawn(play(
                creator,
                room.clone(),
                stats.clone(),
                plan.clone(),
                seed,
            ));
            let b = tokio::spawn(play(joiner, room, stats, plan, seed ^ 0xABCD));
            let _ = a.await;
            let _ = b.await;
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
        variant: args.variant,
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
    println!("sockets           {}", opened.load(Ordering::Relaxed) * 2);
    println!("moves acked       {acked}");
    println!("moves received    {received} by the opponent");
    println!("moves/s           {:.0}", acked as f64 / secs);
    println!(
        "latency ms        p50 {:.2}  p99 {:.2}  max {:.2}  (send → opponent's receipt)",
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
    let missing = acked.saturating_sub(received);
    if stats.lost.load(Ordering::Relaxed) > 0 || stats.duplicated.load(Ordering::Relaxed) > 0 {
        return Err(CliError(format!(
            "moves were lost or duplicated ({missing} acked moves not received)"
        )));
    }
    Ok(())
}
