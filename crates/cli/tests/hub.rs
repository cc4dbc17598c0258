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
