//! `kingme hub`: the engine behind the Hub protocol (version 2, as spoken by the Hub GUI and
//! the Scan engine), and a client for other engines that speak it (`kingme play --b hub:CMD`).
//!
//! Positions are written as the side to move (`W`/`B`) followed by one character per square in
//! square-number order: `w`/`b` men, `W`/`B` kings, `e` empty. Moves use square numbers: `32-28`,
//! and for captures `from x to x captured…` with the captured squares in ascending order.

use crate::CliError;
use kingme_draughts::{notation, Bitboard, Color, Game, Move, Position, Setup, Variant};
use kingme_engine::book::{Book, Rng};
use kingme_engine::{score, search, search_position, Clock, Limits, SearchResult, TimeLeft};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The variant until the GUI sets one (`set-param name=variant`).
    #[arg(long, default_value = "international")]
    variant: Variant,
    /// The opening book played from in timed games: `shipped` (the books compiled in, one per
    /// variant), `none`, or a book file (of one variant; the others then have none).
    #[arg(long, default_value = "shipped")]
    book: crate::book::Choice,
}

/// The books `choice` names, for every variant that has one.
fn books(choice: &crate::book::Choice, first: Variant) -> Result<Vec<Arc<Book>>, CliError> {
    let mut found = Vec::new();
    let mut first_error = None;
    for v in Variant::ALL {
        match choice.load(v) {
            Ok(Some(b)) => found.push(b),
            Ok(None) => {}
            Err(e) if v == first => first_error = Some(e),
            Err(_) => {}
        }
    }
    match (found.is_empty(), first_error, choice) {
        (true, Some(e), crate::book::Choice::File(_)) => Err(e),
        _ => Ok(found),
    }
}

/// A move in Hub notation.
pub fn move_to_hub(variant: Variant, m: &Move) -> String {
    let num = |sq| notation::square_number(variant, sq).to_string();
    if m.is_capture() {
        let mut captured: Vec<u8> = m
            .captured()
            .map(|sq| notation::square_number(variant, sq))
            .collect();
        captured.sort_unstable();
        let mut parts = vec![num(m.from()), num(m.to())];
        parts.extend(captured.iter().map(u8::to_string));
        parts.join("x")
    } else {
        format!("{}-{}", num(m.from()), num(m.to()))
    }
}

/// The legal move of `pos` that `text` names: `from-to`, or a capture `fromxto` followed by
/// its captured squares in any order (Hub's notation lists them, GUIs differ in the order), or
/// `fromxto` alone when only one capture goes from there to there.
pub fn parse_hub_move(pos: &Position, text: &str) -> Result<Move, CliError> {
    let variant = pos.variant();
    let moves = pos.legal_moves();
    if let Some(m) = moves.iter().find(|m| move_to_hub(variant, m) == text) {
        return Ok(*m);
    }
    let bad = || CliError(format!("'{text}' is not a legal move here"));
    let numbers: Vec<u8> = text
        .split(['x', '-'])
        .map(|n| n.trim().parse::<u8>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let [from, to, captured @ ..] = numbers.as_slice() else {
        return Err(bad());
    };
    let mut captured = captured.to_vec();
    captured.sort_unstable();
    let fits: Vec<&Move> = moves
        .iter()
        .filter(|m| {
            let mut taken: Vec<u8> = m
                .captured()
                .map(|sq| notation::square_number(variant, sq))
                .collect();
            taken.sort_unstable();
            m.is_capture() == text.contains('x')
                && notation::square_number(variant, m.from()) == *from
                && notation::square_number(variant, m.to()) == *to
                && (captured.is_empty() || taken == captured)
        })
        .collect();
    match fits.as_slice() {
        [m] => Ok(**m),
        [] => Err(bad()),
        _ => Err(CliError(format!(
            "'{text}' is ambiguous here: name the captured squares ({})",
            fits.iter()
                .map(|m| move_to_hub(variant, m))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// A position in Hub notation.
pub fn position_to_hub(pos: &Position) -> String {
    let variant = pos.variant();
    let mut out = String::new();
    out.push(if pos.turn() == Color::White { 'W' } else { 'B' });
    for n in 1..=variant.geometry().square_count() as u8 {
        let c = match notation::square_from_number(variant, n).and_then(|sq| pos.piece_at(sq)) {
            None => 'e',
            Some((Color::White, false)) => 'w',
            Some((Color::Black, false)) => 'b',
            Some((Color::White, true)) => 'W',
            Some((Color::Black, true)) => 'B',
        };
        out.push(c);
    }
    out
}

/// Reads a Hub position.
pub fn position_from_hub(variant: Variant, text: &str) -> Result<Position, CliError> {
    let count = variant.geometry().square_count() as usize;
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != count + 1 {
        return Err(CliError(format!(
            "hub position '{text}' must have {} characters for {variant}",
            count + 1
        )));
    }
    let turn = match chars[0] {
        'W' | 'w' => Color::White,
        'B' | 'b' => Color::Black,
        c => {
            return Err(CliError(format!(
                "hub position: side to move '{c}' must be W or B"
            )))
        }
    };
    let mut setup = Setup {
        pieces: [Bitboard::EMPTY; 2],
        kings: Bitboard::EMPTY,
        turn: Some(turn),
    };
    for (i, &c) in chars[1..].iter().enumerate() {
        let sq = notation::square_from_number(variant, i as u8 + 1)
            .ok_or_else(|| CliError(format!("hub position: no square {}", i + 1)))?;
        let (color, king) = match c {
            'e' | '.' => continue,
            'w' => (Color::White, false),
            'b' => (Color::Black, false),
            'W' => (Color::White, true),
            'B' => (Color::Black, true),
            _ => {
                return Err(CliError(format!(
                    "hub position: '{c}' on square {} must be one of w b W B e",
                    i + 1
                )))
            }
        };
        setup.pieces[color.index()].insert(sq);
        if king {
            setup.kings.insert(sq);
        }
    }
    Position::from_setup(variant, &setup).map_err(|e| CliError(format!("hub position: {e}")))
}

/// Splits `name=value name="quoted value" flag` into pairs (a flag has an empty value).
fn parse_args(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let mut name = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() || c == '=' {
                break;
            }
            name.push(c);
            chars.next();
        }
        if name.is_empty() {
            break;
        }
        let mut value = String::new();
        if chars.peek() == Some(&'=') {
            chars.next();
            if chars.peek() == Some(&'"') {
                chars.next();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    value.push(c);
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
        }
        out.push((name, value));
    }
    out
}

fn arg<'a>(args: &'a [(String, String)], name: &str) -> Option<&'a str> {
    args.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The clock of a search that the protocol can stop: after `stop` (or a deadline set later, as
/// on `ponder-hit`) it reports the end of time, which ends the search.
#[derive(Debug)]
struct StoppableClock {
    start: Instant,
    stopped: AtomicBool,
    /// Milliseconds after `start` when time runs out, as `f64` bits; infinite when unset.
    deadline: AtomicU64,
}

impl StoppableClock {
    fn new() -> StoppableClock {
        StoppableClock {
            start: Instant::now(),
            stopped: AtomicBool::new(false),
            deadline: AtomicU64::new(f64::INFINITY.to_bits()),
        }
    }

    fn elapsed_ms(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0
    }

    fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
    }

    fn set_deadline_from_now(&self, ms: f64) {
        let at = self.elapsed_ms() + ms;
        self.deadline.store(at.to_bits(), Ordering::SeqCst);
    }
}

impl Clock for StoppableClock {
    fn now_ms(&self) -> f64 {
        let t = self.elapsed_ms();
        if self.stopped.load(Ordering::SeqCst)
            || t >= f64::from_bits(self.deadline.load(Ordering::SeqCst))
        {
            // Far in the future, yet finite so that differences stay numbers.
            1e300
        } else {
            t
        }
    }
}

/// How the GUI wants the next search limited.
#[derive(Clone, Copy, Debug)]
enum Level {
    MoveTime(f64),
    Depth(u32),
    Nodes(u64),
    Clock {
        time: f64,
        inc: f64,
        moves: Option<u32>,
    },
    Infinite,
}

impl Level {
    fn from_args(args: &[(String, String)]) -> Result<Level, CliError> {
        let num = |name: &str| -> Result<Option<f64>, CliError> {
            arg(args, name)
                .map(|v| {
                    v.parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| CliError(format!("level: {name}={v} is not a number")))
                })
                .transpose()
        };
        if arg(args, "infinite").is_some() {
            return Ok(Level::Infinite);
        }
        if let Some(t) = num("move-time")? {
            return Ok(Level::MoveTime(t));
        }
        if let Some(d) = num("depth")? {
            return Ok(Level::Depth((d as u32).max(1)));
        }
        if let Some(n) = num("nodes")? {
            return Ok(Level::Nodes((n as u64).max(1)));
        }
        if let Some(time) = num("time")? {
            return Ok(Level::Clock {
                time,
                inc: num("inc")?.unwrap_or(0.0),
                moves: num("moves")?.map(|m| m as u32),
            });
        }
        Err(CliError(
            "level: expected move-time, depth, nodes, time or infinite".into(),
        ))
    }

    /// Search limits and, for depth, the depth after which to stop.
    fn limits(self) -> (Limits, Option<u32>) {
        const FOREVER: u64 = 1 << 50;
        match self {
            Level::MoveTime(s) => {
                let ms = (s * 1000.0) as u64;
                (
                    Limits::Time {
                        soft_ms: ms,
                        hard_ms: ms,
                    },
                    None,
                )
            }
            Level::Depth(d) => (
                Limits::Time {
                    soft_ms: FOREVER,
                    hard_ms: FOREVER,
                },
                Some(d),
            ),
            Level::Nodes(n) => (Limits::Nodes(n), None),
            Level::Clock { time, inc, moves } => {
                let ms = time * 1000.0;
                let budget = ms / f64::from(moves.unwrap_or(30).max(1)) + inc * 1000.0 * 0.8;
                let hard = (budget * 2.5).min(ms * 0.4).max(1.0);
                (
                    Limits::Time {
                        soft_ms: (budget * 0.6) as u64,
                        hard_ms: hard as u64,
                    },
                    None,
                )
            }
            Level::Infinite => (
                Limits::Time {
                    soft_ms: FOREVER,
                    hard_ms: FOREVER,
                },
                None,
            ),
        }
    }
}

type Out = Arc<Mutex<std::io::Stdout>>;

fn say(out: &Out, line: &str) {
    if let Ok(mut o) = out.lock() {
        let _ = writeln!(o, "{line}");
        let _ = o.flush();
    }
}

fn hub_score(s: i32) -> String {
    if score::is_decided(s) {
        // Scan's convention: ±(100 − plies/100) men for a decided game.
        let plies = score::plies_to_end(s) as f64;
        let v = 100.0 - plies / 100.0;
        format!("{:.2}", if s > 0 { v } else { -v })
    } else {
        format!("{:.2}", f64::from(s) / 100.0)
    }
}

struct Running {
    clock: Arc<StoppableClock>,
    /// Set just before `done` is written: once the GUI has read `done`, this is true.
    answered: Arc<AtomicBool>,
    thread: JoinHandle<()>,
    /// Time to allow once a pondering search becomes the real one.
    ponder_budget_ms: Option<f64>,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let out: Out = Arc::new(Mutex::new(std::io::stdout()));
    let mut variant = args.variant;
    let mut game = Game::new(variant);
    let mut level = Level::MoveTime(1.0);
    let books = books(&args.book, variant)?;
    // Each game from the book differs: the seed comes from the clock.
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    let mut running: Option<Running> = None;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| CliError(format!("reading standard input: {e}")))?;
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let args = parse_args(rest);
        // A finished search's thread is collected before the next command.
        if running
            .as_ref()
            .is_some_and(|r| r.answered.load(Ordering::SeqCst))
        {
            if let Some(r) = running.take() {
                let _ = r.thread.join();
            }
        }
        let result: Result<(), CliError> = match command {
            "" => Ok(()),
            "hub" => {
                say(
                    &out,
                    &format!(
                        "id name=kingme version={} author=\"kingme\"",
                        env!("CARGO_PKG_VERSION")
                    ),
                );
                say(
                    &out,
                    &format!(
                        "param name=variant value={} type=enum values=\"international english russian brazilian\"",
                        variant.key()
                    ),
                );
                say(&out, "wait");
                Ok(())
            }
            "init" => {
                say(&out, "ready");
                Ok(())
            }
            "ping" => {
                say(&out, "pong");
                Ok(())
            }
            "set-param" => match (arg(&args, "name"), arg(&args, "value")) {
                (Some("variant"), Some(v)) => hub_variant(v).map(|v| {
                    variant = v;
                    game = Game::new(variant);
                }),
                _ => Ok(()),
            },
            "new-game" => {
                game = Game::new(variant);
                Ok(())
            }
            "pos" => set_position(variant, &args).map(|g| game = g),
            "level" => Level::from_args(&args).map(|l| level = l),
            "go" => {
                if running.is_some() {
                    Err(CliError("go: a search is already running".into()))
                } else {
                    let ponder = args.iter().any(|(n, _)| n == "ponder" || n == "analyze");
                    let book = (!ponder
                        && matches!(level, Level::MoveTime(_) | Level::Clock { .. }))
                    .then(|| books.iter().find(|b| b.variant() == game.variant()))
                    .flatten()
                    .cloned();
                    let seed = seed ^ (game.ply() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    let started = start_search(&game, level, ponder, book, seed, &out);
                    running = started;
                    Ok(())
                }
            }
            "ponder-hit" => {
                if let Some(r) = &running {
                    let budget = r.ponder_budget_ms.unwrap_or(1000.0);
                    r.clock.set_deadline_from_now(budget);
                }
                Ok(())
            }
            "stop" => {
                if let Some(r) = running.take() {
                    r.clock.stop();
                    let _ = r.thread.join();
                }
                Ok(())
            }
            "quit" => break,
            other => Err(CliError(format!("unknown command '{other}'"))),
        };
        if let Err(CliError(message)) = result {
            say(
                &out,
                &format!("error message=\"{}\"", message.replace('"', "'")),
            );
        }
    }
    if let Some(r) = running.take() {
        r.clock.stop();
        let _ = r.thread.join();
    }
    Ok(())
}

/// A variant as the GUI names it: ours, or Scan's `normal` for International.
fn hub_variant(text: &str) -> Result<Variant, CliError> {
    if text.eq_ignore_ascii_case("normal") {
        return Ok(Variant::International);
    }
    text.parse::<Variant>().map_err(|e| CliError(e.to_string()))
}

/// The game the GUI describes. Under Hub the GUI adjudicates: where one of the site's draw rules
/// ends the game but the GUI plays on, the game goes on from that position.
fn set_position(variant: Variant, args: &[(String, String)]) -> Result<Game, CliError> {
    let start = match arg(args, "pos") {
        Some(p) => position_from_hub(variant, p)?,
        None => Position::start(variant),
    };
    let mut game = Game::from_position(start);
    if let Some(moves) = arg(args, "moves") {
        for text in moves.split_whitespace() {
            let m = parse_hub_move(game.position(), text)?;
            if game.outcome().is_some() {
                game = Game::from_position(*game.position());
            }
            game.play(&m, false)
                .map_err(|e| CliError(format!("pos: move {text}: {e}")))?;
        }
    }
    Ok(game)
}

/// How deep a search looks when the clock runs and only one move is legal.
const FORCED_MOVE_DEPTH: u32 = 4;

fn start_search(
    game: &Game,
    level: Level,
    ponder: bool,
    book: Option<Arc<Book>>,
    seed: u64,
    out: &Out,
) -> Option<Running> {
    let clock = Arc::new(StoppableClock::new());
    let (mut limits, stop_after_depth) = level.limits();
    let ponder_budget_ms = match limits {
        Limits::Time { hard_ms, .. } if ponder => Some(hard_ms as f64),
        _ => None,
    };
    if ponder {
        limits = Limits::Time {
            soft_ms: 1 << 50,
            hard_ms: 1 << 50,
        };
    } else if matches!(level, Level::MoveTime(_) | Level::Clock { .. })
        && game.position().legal_moves().len() == 1
    {
        // A forced move is answered at once, with a short look for the reply to ponder on;
        // the time is kept for the moves that need it.
        limits = Limits::Depth(FORCED_MOVE_DEPTH);
    }
    let answered = Arc::new(AtomicBool::new(false));
    let answered_in_search = Arc::clone(&answered);
    let game = game.clone();
    let out = Arc::clone(out);
    let search_clock = Arc::clone(&clock);
    let thread = std::thread::spawn(move || {
        let variant = game.variant();
        let clock = search_clock;
        let mut on_iteration = |r: &SearchResult| {
            let secs = clock.elapsed_ms() / 1000.0;
            let pv: Vec<String> =
                r.pv.iter()
                    .scan(*game.position(), |pos, m| {
                        let text = move_to_hub(variant, m);
                        pos.play_unchecked(m);
                        Some(text)
                    })
                    .collect();
            say(
                &out,
                &format!(
                    "info depth={} score={} nodes={} time={:.3} nps={:.2} pv=\"{}\"",
                    r.depth,
                    hub_score(r.score),
                    r.nodes,
                    secs,
                    r.nodes as f64 / secs.max(1e-6) / 1e6,
                    pv.join(" ")
                ),
            );
            if stop_after_depth.is_some_and(|d| r.depth >= d) {
                clock.stop();
            }
        };
        let from_book = book
            .filter(|_| game.outcome().is_none())
            .and_then(|b| b.pick(game.position(), &mut Rng::new(seed)));
        // A game our rules have ended still gets a move when one exists: the GUI adjudicates.
        let result = if let Some(b) = from_book {
            let r = SearchResult {
                best: Some(b.mv),
                score: b.score,
                depth: 0,
                nodes: 0,
                pv: vec![b.mv],
            };
            on_iteration(&r);
            r
        } else if game.outcome().is_some() {
            search_position(game.position(), limits, clock.as_ref(), &mut on_iteration)
        } else {
            search(&game, limits, clock.as_ref(), &mut on_iteration)
        };
        answered_in_search.store(true, Ordering::SeqCst);
        match result.best {
            Some(best) => {
                let mut line = format!("done move={}", move_to_hub(variant, &best));
                if let Some(reply) = result.pv.get(1) {
                    line.push_str(&format!(" ponder={}", move_to_hub(variant, reply)));
                }
                say(&out, &line);
            }
            None => say(&out, "done"),
        }
    });
    Some(Running {
        clock,
        answered,
        thread,
        ponder_budget_ms,
    })
}

/// An external engine that speaks the Hub protocol, started with `sh -c COMMAND`.
#[derive(Debug)]
pub struct HubClient {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    name: String,
}

impl HubClient {
    pub fn start(command: &str, variant: Variant) -> Result<HubClient, CliError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| CliError(format!("cannot start hub engine '{command}': {e}")))?;
        let input = child
            .stdin
            .take()
            .ok_or_else(|| CliError("hub engine has no stdin".into()))?;
        let output = BufReader::new(
            child
                .stdout
                .take()
                .ok_or_else(|| CliError("hub engine has no stdout".into()))?,
        );
        let mut client = HubClient {
            child,
            input,
            output,
            name: command.to_string(),
        };
        client.send("hub")?;
        let mut knows_variants = false;
        loop {
            let line = client.recv()?;
            if let Some(rest) = line.strip_prefix("id ") {
                if let Some(n) = arg(&parse_args(rest), "name") {
                    client.name = n.to_string();
                }
            }
            if line.starts_with("param ") && line.contains("name=variant") {
                knows_variants = true;
            }
            if line == "wait" {
                break;
            }
        }
        if variant != Variant::International {
            if !knows_variants {
                return Err(CliError(format!(
                    "hub engine '{command}' does not offer variant {variant}"
                )));
            }
            client.send(&format!("set-param name=variant value={}", variant.key()))?;
        }
        client.send("init")?;
        while client.recv()? != "ready" {}
        Ok(client)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    fn send(&mut self, line: &str) -> Result<(), CliError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| CliError(format!("hub engine {}: {e}", self.name)))
    }

    fn recv(&mut self) -> Result<String, CliError> {
        let mut line = String::new();
        let n = self
            .output
            .read_line(&mut line)
            .map_err(|e| CliError(format!("hub engine {}: {e}", self.name)))?;
        if n == 0 {
            return Err(CliError(format!(
                "hub engine {} closed its output",
                self.name
            )));
        }
        Ok(line.trim().to_string())
    }

    /// The engine's move in `game`, thinking `movetime_ms` or, with a clock, within its time
    /// left (the Hub's `level time=… inc=…`).
    pub fn choose(
        &mut self,
        game: &Game,
        movetime_ms: u64,
        clock: Option<TimeLeft>,
    ) -> Result<Move, CliError> {
        let variant = game.variant();
        let mut replay = Game::from_position(*game.start_position());
        let mut moves = Vec::new();
        for m in game.moves() {
            moves.push(move_to_hub(variant, m));
            let _ = replay.play(m, false);
        }
        let start = position_to_hub(game.start_position());
        if moves.is_empty() {
            self.send(&format!("pos pos={start}"))?;
        } else {
            self.send(&format!("pos pos={start} moves=\"{}\"", moves.join(" ")))?;
        }
        self.send(&match clock {
            Some(t) => format!(
                "level time={:.3} inc={:.3}",
                t.remaining_ms as f64 / 1000.0,
                t.increment_ms as f64 / 1000.0
            ),
            None => format!("level move-time={:.3}", movetime_ms as f64 / 1000.0),
        })?;
        self.send("go think")?;
        loop {
            let line = self.recv()?;
            if let Some(rest) = line.strip_prefix("done") {
                let args = parse_args(rest);
                let text = arg(&args, "move").ok_or_else(|| {
                    CliError(format!("hub engine {} answered '{line}'", self.name))
                })?;
                return parse_hub_move(game.position(), text);
            }
            if line.starts_with("error") {
                return Err(CliError(format!("hub engine {}: {line}", self.name)));
            }
        }
    }
}

impl Drop for HubClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hub_positions_and_moves_round_trip() {
        for v in Variant::ALL {
            let mut pos = Position::start(v);
            for _ in 0..6 {
                let text = position_to_hub(&pos);
                assert_eq!(position_from_hub(v, &text).ok(), Some(pos));
                let moves = pos.legal_moves();
                for m in &moves {
                    assert_eq!(parse_hub_move(&pos, &move_to_hub(v, m)).ok(), Some(*m));
                }
                pos.play_unchecked(&moves[moves.len() / 2]);
            }
        }
        let start = position_to_hub(&Position::start(Variant::International));
        assert_eq!(
            start,
            format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20))
        );
        assert!(position_from_hub(Variant::International, "Wxx").is_err());
        assert!(parse_args("pos=W moves=\"32-28 19-23\" infinite")
            .contains(&("moves".to_string(), "32-28 19-23".to_string())));
    }

    #[test]
    fn a_capture_is_read_with_its_captured_squares_in_any_order() {
        let v = Variant::International;
        let mut text = ['e'; 50];
        text[31] = 'w'; // 32
        text[26] = 'b'; // 27
        text[16] = 'b'; // 17
        text[0] = 'b'; // 1, so that Black keeps a piece
        let pos = position_from_hub(v, &format!("W{}", text.iter().collect::<String>()))
            .expect("a position");
        let m = parse_hub_move(&pos, "32x12x17x27").expect("the capture");
        assert_eq!(move_to_hub(v, &m), "32x12x17x27");
        for other in ["32x12x27x17", "32x12"] {
            assert_eq!(parse_hub_move(&pos, other).ok(), Some(m), "{other}");
        }
        for wrong in ["32x12x17", "32-12", "32x12x17x28", "32x", "x", "32xa", ""] {
            assert!(parse_hub_move(&pos, wrong).is_err(), "{wrong}");
        }
    }
}
