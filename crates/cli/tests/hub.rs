//! `kingme hub`, `play`, `analyse` and `bench` through the real binary.

use kingme_draughts::{notation, Game, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn kingme() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kingme"))
}

/// The value of `name=` in a Hub line.
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.split_whitespace()
        .find_map(|part| part.strip_prefix(&format!("{name}=")))
}

/// Reads lines until one starts with `prefix`; returns it and everything read before.
fn read_until(out: &mut impl BufRead, prefix: &str) -> (String, Vec<String>) {
    let mut before = Vec::new();
    loop {
        let mut line = String::new();
        let n = out.read_line(&mut line).expect("engine output is readable");
        assert!(
            n > 0,
            "engine closed its output waiting for '{prefix}'; got {before:?}"
        );
        let line = line.trim().to_string();
        if line.starts_with(prefix) {
            return (line, before);
        }
        before.push(line);
    }
}

#[test]
fn scripted_hub_session() {
    let mut child = kingme()
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("kingme starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let mut send = |line: &str| {
        writeln!(input, "{line}").expect("engine reads its input");
        input.flush().expect("flush");
    };

    send("hub");
    let (_, intro) = read_until(&mut output, "wait");
    assert!(intro
        .iter()
        .any(|l| l.starts_with("id ") && l.contains("name=kingme")));
    send("init");
    read_until(&mut output, "ready");

    // After 32-28 19-23 White must capture 28x19 (taking 23).
    let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
    send(&format!("pos pos={start} moves=\"32-28 19-23\""));
    send("level depth=5");
    send("go think");
    let (done, infos) = read_until(&mut output, "done");
    assert_eq!(field(&done, "move"), Some("28x19x23"));
    let depths: Vec<u32> = infos
        .iter()
        .filter(|l| l.starts_with("info"))
        .filter_map(|l| field(l, "depth")?.parse().ok())
        .collect();
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);

    // An endless analysis ends on `stop` with a legal move of the start position.
    send("pos");
    send("level infinite");
    send("go analyze");
    read_until(&mut output, "info");
    send("stop");
    let (done, _) = read_until(&mut output, "done");
    let m = field(&done, "move").expect("a move");
    let legal: Vec<String> = Game::new(Variant::International)
        .legal_moves()
        .iter()
        .map(|m| notation::move_to_pdn(Variant::International, m))
        .collect();
    assert!(legal.iter().any(|l| l == m), "{m} not in {legal:?}");

    // Bad input is answered with an error line, and the engine keeps going.
    send("pos pos=Wxyz");
    send("ping");
    let (reply, before) = read_until(&mut output, "pong");
    assert_eq!(reply, "pong");
    assert!(before
        .iter()
        .any(|l| l.starts_with("error") && l.contains("characters")));

    send("quit");
    let status = child.wait().expect("engine exits");
    assert!(status.success());
}

#[test]
fn bad_arguments_exit_with_code_two_and_one_line() {
    for args in [
        vec![
            "play",
            "--variant",
            "english",
            "--games",
            "2",
            "--a",
            "grandmaster",
            "--b",
            "beginner",
        ],
        vec!["analyse", "--variant", "english"],
        vec![
            "analyse",
            "--variant",
            "english",
            "--fen",
            "W:Wz99",
            "--depth",
            "3",
        ],
        vec![
            "play",
            "--variant",
            "english",
            "--games",
            "2",
            "--a",
            "beginner",
            "--b",
            "beginner",
            "--clock",
            "0+1",
        ],
        vec![
            "play",
            "--variant",
            "english",
            "--games",
            "0",
            "--a",
            "beginner",
            "--b",
            "beginner",
        ],
    ] {
        let out = kingme().args(&args).output().expect("kingme runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.trim().is_empty(), "{args:?}");
    }
}

#[test]
fn analyse_prints_one_line_per_iteration() {
    let out = kingme()
        .args(["analyse", "--variant", "russian", "--depth", "4"])
        .output()
        .expect("kingme runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let depths: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("depth"))
        .filter_map(|l| l.split_whitespace().nth(1))
        .collect();
    assert_eq!(depths, ["1", "2", "3", "4"]);
    assert!(text.lines().any(|l| l.starts_with("best ")));
}

#[test]
fn analyse_by_nodes_stops_near_the_count_and_refuses_zero() {
    let out = kingme()
        .args(["analyse", "--variant", "english", "--nodes", "5000"])
        .output()
        .expect("kingme runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let best = text.lines().last().expect("a last line");
    let nodes: u64 = best
        .split(", ")
        .nth(1)
        .and_then(|n| n.strip_suffix(" nodes"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no node count in {best:?}"));
    assert!((5000..6000).contains(&nodes), "{best}");

    let out = kingme()
        .args(["analyse", "--variant", "english", "--nodes", "0"])
        .output()
        .expect("kingme runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--nodes must be at least 1"));
}

#[test]
fn a_short_match_reports_every_game_and_a_total() {
    let out = kingme()
        .args([
            "play",
            "--variant",
            "brazilian",
            "--games",
            "2",
            "--a",
            "depth:2",
            "--b",
            "beginner",
        ])
        .output()
        .expect("kingme runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().filter(|l| l.starts_with("game")).count(), 2);
    assert!(text
        .lines()
        .any(|l| l.contains("of 2, score") && l.contains("Elo")));
}

#[test]
fn a_clocked_match_tells_a_hub_engine_its_time_and_records_the_time_control() {
    let dir = std::env::temp_dir().join(format!("kingme-clocked-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let pdn = dir.join("games.pdn");
    let hub = format!("hub:{} hub", env!("CARGO_BIN_EXE_kingme"));
    // Without the clock the Hub engine would think a minute a move and lose on time.
    let out = kingme()
        .args(["play", "--variant", "english", "--games", "2", "--a", &hub])
        .args(["--b", "movetime:40", "--hub-movetime", "60000"])
        .args(["--clock", "4+0.05", "--pdn"])
        .arg(&pdn)
        .output()
        .expect("kingme runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game")).collect();
    assert_eq!(games.len(), 2, "{text}");
    assert!(games.iter().all(|g| !g.contains("out of time")), "{text}");
    let record = std::fs::read_to_string(&pdn).expect("the games were written");
    assert_eq!(
        record.matches("[TimeControl \"4+0.05\"]").count(),
        2,
        "{record}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Hub session for the tests below: `hub`, `init`, then the given lines.
struct HubSession {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl HubSession {
    fn start() -> HubSession {
        let mut child = kingme()
            .arg("hub")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("kingme starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut session = HubSession {
            child,
            input,
            output,
        };
        session.send("hub");
        read_until(&mut session.output, "wait");
        session.send("init");
        read_until(&mut session.output, "ready");
        session
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("engine reads its input");
        self.input.flush().expect("flush");
    }

    /// Sends `pos` and `go`, and returns the move of `done`, failing on any error line.
    fn best_move(&mut self, pos: &str, moves: &[&str]) -> String {
        self.send(&format!("pos pos={pos} moves=\"{}\"", moves.join(" ")));
        self.send("go think");
        let (done, before) = read_until(&mut self.output, "done");
        assert!(!before.iter().any(|l| l.starts_with("error")), "{before:?}");
        field(&done, "move")
            .unwrap_or_else(|| panic!("'{done}' names no move after {moves:?}"))
            .to_string()
    }

    /// Whether the engine takes `moves` from `pos` without an error line.
    fn accepts(&mut self, pos: &str, moves: &[&str]) -> bool {
        self.send(&format!("pos pos={pos} moves=\"{}\"", moves.join(" ")));
        self.send("ping");
        let (_, before) = read_until(&mut self.output, "pong");
        !before.iter().any(|l| l.starts_with("error"))
    }

    fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().expect("engine exits").success());
    }
}

fn international_start() -> String {
    format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20))
}

#[test]
fn hub_answers_a_move_where_the_sites_draw_rule_ended_the_game() {
    let mut hub = HubSession::start();
    hub.send("level move-time=0.2");
    // Three kings against one on the main diagonal: the site's clause ends this game, FMJD's
    // rule does not, and the GUI plays on.
    let pos = "BWeeeeeeeeBeeeeweeeeeeWeeeeeeeeeeeeeeeeeeeeeeeeeeee";
    let mut moves: Vec<String> = [
        "10-14", "22-17", "14-5", "17-50", "5-14", "1-7", "14-5", "50-44", "5-14", "44-39",
    ]
    .map(String::from)
    .to_vec();
    // The second search starts from a history that goes on past the site's draw.
    for _ in 0..2 {
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        let m = hub.best_move(pos, &texts);
        assert!(
            hub.accepts(pos, &[&texts[..], &[m.as_str()]].concat()),
            "{m}"
        );
        moves.push(m);
    }
    hub.quit();
}

#[test]
fn hub_answers_a_single_legal_move_a_capture_history_and_an_immediate_stop() {
    let mut hub = HubSession::start();
    let start = international_start();
    hub.send("level move-time=0.2");
    assert_eq!(hub.best_move(&start, &["32-28", "19-23"]), "28x19x23");
    let after_captures = ["32-28", "19-23", "28x19x23", "14x23x19"];
    let m = hub.best_move(&start, &after_captures);
    assert!(hub.accepts(&start, &[&after_captures[..], &[m.as_str()]].concat()));

    hub.send("level infinite");
    hub.send(&format!("pos pos={start}"));
    hub.send("go think");
    hub.send("stop");
    let (done, _) = read_until(&mut hub.output, "done");
    let m = field(&done, "move").expect("a move even when stopped at once");
    assert!(hub.accepts(&start, &[m]), "{m}");
    hub.quit();
}

#[test]
fn hub_takes_scans_variant_name_normal_for_international() {
    let mut hub = HubSession::start();
    hub.send("set-param name=variant value=english");
    hub.send("set-param name=variant value=normal");
    hub.send("level depth=2");
    let m = hub.best_move(&international_start(), &[]);
    let n: Vec<u32> = m.split('-').filter_map(|x| x.parse().ok()).collect();
    assert!(n.len() == 2 && (31..=35).contains(&n[0]), "{m}");
    hub.quit();
}

#[test]
fn hub_answers_a_legal_move_at_depth_zero_and_no_time() {
    let mut hub = HubSession::start();
    let start = international_start();
    let after = ["32-28", "17-21"];
    for level in [
        "level depth=0",
        "level move-time=0",
        "level time=0",
        "level time=0 inc=0 moves=1",
        "level nodes=0",
    ] {
        hub.send(level);
        let m = hub.best_move(&start, &after);
        assert!(
            hub.accepts(&start, &[&after[..], &[m.as_str()]].concat()),
            "{level}: {m}"
        );
    }
    // A pondering search stopped at once answers too.
    hub.send("level move-time=0.1");
    hub.send(&format!("pos pos={start}"));
    hub.send("go ponder");
    hub.send("stop");
    let (done, _) = read_until(&mut hub.output, "done");
    let m = field(&done, "move").expect("a move after a stopped ponder");
    assert!(hub.accepts(&start, &[m]), "{m}");
    hub.quit();
}

#[test]
fn hub_reads_captures_with_their_squares_in_any_order_and_answers_none_without_moves() {
    let mut hub = HubSession::start();
    hub.send("level move-time=0.1");
    // White's man on 32 takes 27 and 17; the GUI may list the captured squares in any order.
    let mut squares = ['e'; 50];
    squares[31] = 'w';
    squares[26] = 'b';
    squares[16] = 'b';
    squares[0] = 'b';
    let pos = format!("W{}", squares.iter().collect::<String>());
    for capture in ["32x12x17x27", "32x12x27x17", "32x12"] {
        assert!(hub.accepts(&pos, &[capture]), "{capture}");
    }
    // After the capture Black (one man on 1) still moves; after 1-7 12x1 it has nothing left.
    let m = hub.best_move(&pos, &["32x12x27x17"]);
    assert!(m == "1-6" || m == "1-7", "{m}");
    hub.send(&format!("pos pos={pos} moves=\"32x12x27x17 1-7 12x1\""));
    hub.send("go think");
    let (done, before) = read_until(&mut hub.output, "done");
    assert!(!before.iter().any(|l| l.starts_with("error")), "{before:?}");
    assert_eq!(field(&done, "move"), None, "{done}");
    hub.quit();
}

#[test]
fn hub_plays_a_forced_move_at_once_on_the_clock() {
    let mut hub = HubSession::start();
    let start = international_start();
    // A minute per move, or five minutes on the clock: the only legal move (28x19, taking 23)
    // is answered after a short look, not after the time.
    for level in ["level move-time=60", "level time=300 inc=5"] {
        hub.send(level);
        hub.send(&format!("pos pos={start} moves=\"32-28 19-23\""));
        hub.send("go think");
        let (done, infos) = read_until(&mut hub.output, "done");
        assert_eq!(field(&done, "move"), Some("28x19x23"), "{level}");
        let deepest = infos
            .iter()
            .filter_map(|l| field(l, "depth")?.parse::<u32>().ok())
            .max();
        assert!(deepest.is_some_and(|d| d <= 4), "{level}: {infos:?}");
    }
    hub.quit();
}
