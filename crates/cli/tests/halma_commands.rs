//! `kingme perft`, `moves`, `replay`, `analyse` and `play` for Halma and Chinese checkers,
//! through the real binary.

mod common;

use common::{kingme, stderr, stdout};
use std::process::Output;

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_str(&stdout(o)).expect("json")
}

/// Seat 1 walled in on the star (4 players): its only move is a pass.
const WALLED: &str = "1:3:1/11/111/1111/....22222..../...222225.../.........../........../\
                      ........./........../.........55/.........555/.........5555/4444/444/44/4";

#[test]
fn perft_from_the_star_for_two() {
    for (depth, count) in [("1", "perft(1) = 14"), ("2", "perft(2) = 196")] {
        let o = kingme(
            &["perft", "--variant", "chinese-checkers", "--depth", depth],
            "",
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains(count), "{out}");
        assert!(out.contains("M leaves/s"), "{out}");
    }
    let o = kingme(
        &[
            "perft",
            "--variant",
            "chinese-checkers",
            "--players",
            "2",
            "--depth",
            "2",
            "--divide",
        ],
        "",
    );
    let out = stdout(&o);
    let divide: Vec<&str> = out.lines().filter(|l| l.contains('-')).collect();
    assert_eq!(divide.len(), 14, "{out}");
    assert!(divide.contains(&"c1-e7 14"), "{out}");
    assert!(out.contains("perft(2) = 196"));
    let o = kingme(
        &[
            "perft",
            "--variant",
            "halma-16",
            "--players",
            "4",
            "--depth",
            "1",
        ],
        "",
    );
    assert!(stdout(&o).contains("perft(1) = 32"), "{}", stdout(&o));
}

#[test]
fn moves_as_paths_and_json() {
    let o = kingme(&["moves", "--variant", "chinese-checkers"], "");
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 14, "{out}");
    assert!(out.lines().any(|l| l == "c1-e7"), "{out}");
    let moves = json(&kingme(
        &["moves", "--variant", "chinese-checkers", "--json"],
        "",
    ));
    let list = moves.as_array().expect("an array");
    assert_eq!(list.len(), 14);
    let jump = list
        .iter()
        .find(|m| m["notation"] == "c1-e7")
        .expect("the jump over d2");
    assert_eq!(jump["path"], serde_json::json!(["c1", "e7"]));
    assert_eq!(
        jump.as_object().map(|o| o.len()),
        Some(2),
        "notation and path only"
    );
    // A chain of two jumps is written hop by hop.
    let o = kingme(
        &[
            "moves",
            "--variant",
            "halma-8",
            "--fen",
            "1:1:1...1111/.2...111/......11/...2..../......../2......./222...../2222....",
            "--json",
        ],
        "",
    );
    let moves = json(&o);
    let chain = moves
        .as_array()
        .and_then(|l| l.iter().find(|m| m["notation"] == "a1-c3-e5"))
        .unwrap_or_else(|| panic!("a1-c3-e5 in {moves}"));
    assert_eq!(chain["path"], serde_json::json!(["a1", "c3", "e5"]));
    // A player with no move passes.
    let o = kingme(
        &[
            "moves",
            "--variant",
            "chinese-checkers",
            "--players",
            "4",
            "--fen",
            WALLED,
            "--json",
        ],
        "",
    );
    assert_eq!(
        json(&o),
        serde_json::json!([{"notation": "pass", "path": []}])
    );
}

#[test]
fn replay_of_a_record_and_of_plain_moves() {
    let record = "[Event \"club\"]\n[Variant \"chinese-checkers\"]\n[Players \"3\"]\n\
                  [Seat1 \"Ann\"]\n[Result \"*\"]\n\n\
                  1. d1-e5 j1-j2 {a quiet start} j10-i9 2. c1-e7 *\n";
    let state = json(&kingme(&["replay", "-"], record));
    assert_eq!(state["variant"], "chinese-checkers");
    assert_eq!(state["players"], 3);
    assert_eq!(state["ply"], 4);
    assert_eq!(state["last_move"], "c1-e7");
    assert_eq!(state["round"], 2);
    assert_eq!(state["to_move"], 3);
    assert_eq!(state["result"], "*");
    assert!(state["fen"].as_str().is_some_and(|f| f.starts_with("3:2:")));

    // Plain move text with the game named on the command line; a resignation ends it.
    let states = json(&kingme(
        &[
            "replay",
            "--variant",
            "chinese-checkers",
            "--players",
            "3",
            "--each-ply",
        ],
        "d1-e5 j1-j2 j10-i9 resigns:3 c1-e7 resigns",
    ));
    let states = states.as_array().expect("an array");
    assert_eq!(states.len(), 7);
    let last = &states[6];
    // The later of two resignations takes the better place.
    assert_eq!(last["result"], "1>5>3");
    assert_eq!(last["placings"], serde_json::json!([[1], [5], [3]]));
    assert_eq!(last["winner"], 1);
    assert_eq!(last["reason"], "resignation");
    assert_eq!(last["to_move"], serde_json::Value::Null);
    assert_eq!(states[4]["last_move"], "resigns:3");

    // From a position given with --fen.
    let state = json(&kingme(
        &[
            "replay",
            "--variant",
            "chinese-checkers",
            "--players",
            "4",
            "--fen",
            WALLED,
        ],
        "3. pass",
    ));
    assert_eq!(state["last_move"], "pass");
    assert_eq!(state["to_move"], 2);
}

#[test]
fn a_match_writes_records_that_replay() {
    let dir = std::env::temp_dir().join(format!("kingme-halma-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("games.txt");
    let path = file.to_str().expect("utf-8 path");
    let o = kingme(
        &[
            "play",
            "--variant",
            "chinese-checkers",
            "--games",
            "2",
            "--a",
            "greedy",
            "--b",
            "beginner",
            "--pdn",
            path,
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(
        games[0].contains("in seat 1") && games[1].contains("in seat 4"),
        "{out}"
    );
    let last = out.lines().last().expect("a result line");
    assert!(
        last.starts_with("greedy vs beginner (chinese-checkers with 2 players): +")
            && last.contains("of 2, score")
            && last.contains("Elo"),
        "{out}"
    );
    let text = std::fs::read_to_string(&file).expect("the records");
    assert_eq!(text.matches("[Variant \"chinese-checkers\"]").count(), 2);
    assert!(text.contains("[Seat1 \"greedy (A)\"]"), "{text}");
    let state = json(&kingme(&["replay", path], ""));
    assert_ne!(state["result"], "*", "the first game is over: {state}");
    std::fs::remove_dir_all(&dir).ok();

    // Three players: A in each seat in turn, placings and average places.
    let o = kingme(
        &[
            "play",
            "--variant",
            "chinese-checkers",
            "--players",
            "3",
            "--games",
            "3",
            "--a",
            "greedy",
            "--b",
            "greedy",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for seat in ["in seat 1:", "in seat 3:", "in seat 5:"] {
        assert!(out.contains(seat), "{out}");
    }
    let last = out.lines().last().expect("a result line");
    assert!(
        last.contains("A average place") && last.contains("first in"),
        "{out}"
    );
}

#[test]
fn analyse_ends_with_the_best_move() {
    let o = kingme(
        &["analyse", "--variant", "chinese-checkers", "--depth", "2"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let depths: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("depth"))
        .filter_map(|l| l.split_whitespace().nth(1))
        .collect();
    assert_eq!(depths, ["1", "2"], "{out}");
    let last = out.lines().last().expect("output");
    assert!(last.starts_with("best "), "{out}");
    let o = kingme(
        &[
            "analyse",
            "--variant",
            "halma-16",
            "--players",
            "4",
            "--depth",
            "1",
        ],
        "",
    );
    assert!(stdout(&o)
        .lines()
        .last()
        .is_some_and(|l| l.starts_with("best ")));
}

#[test]
fn bad_input_is_one_line_on_stderr_with_exit_code_2() {
    let cc = "chinese-checkers";
    for (args, stdin, needle) in [
        (
            vec!["perft", "--variant", "halma-12", "--depth", "1"],
            "",
            "unknown variant 'halma-12' (expected english (american), international, russian, \
             brazilian, halma-8, halma-10, halma-16 or chinese-checkers)",
        ),
        (
            vec!["perft", "--variant", "halma-8", "--players", "3", "--depth", "1"],
            "",
            "halma-8 is not played by 3 players (it is played by 2)",
        ),
        (
            vec!["moves", "--variant", cc, "--players", "5"],
            "",
            "chinese-checkers is not played by 5 players (it is played by 2, 3, 4, 6)",
        ),
        (
            vec!["perft", "--variant", "english", "--players", "2", "--depth", "1"],
            "",
            "--players is for halma-16 and chinese-checkers",
        ),
        (
            vec!["moves", "--variant", cc, "--fen", "1:1:1/11"],
            "",
            "expected 17 rows, found 2",
        ),
        (
            vec!["moves", "--variant", "halma-8", "--fen", "3:1:x"],
            "",
            "'3' is not a seat in play",
        ),
        (
            vec!["analyse", "--variant", cc, "--fen", "1:1", "--depth", "1"],
            "",
            "a position is written S:N:CELLS",
        ),
        (
            vec!["moves", "--variant", "halma-8", "--numeric"],
            "",
            "--numeric is for draughts",
        ),
        (
            vec!["replay", "--variant", cc, "--players", "6"],
            "1. d1-e5 e4-f4 j1-j2 n1-m5 j10-i9 e10-e9 2. c1-i5",
            "round 2, seat 1: 'c1-i5': no chain of jumps leads from c1 to i5",
        ),
        (
            vec!["replay", "--variant", cc],
            "d1-e5 n1-m5 d2-e5",
            "round 2, seat 1: 'd2-e5': e5 is not empty",
        ),
        (
            vec!["replay"],
            "[Variant \"halma-8\"]\n[Players \"4\"]\n1. a4-a5",
            "Players tag: halma-8 is not played by 4 players",
        ),
        (
            vec!["replay"],
            "[Variant \"halma-8\"\n1. a4-a5",
            "record line 1: bad tag",
        ),
        (
            vec!["replay"],
            "[Variant \"halma-8\"]\n[Result \"1>2\"]\n[Termination \"target filled\"]\n1. a4-a5 1>2",
            "the record's result is 1>2, but its moves give a game not over (*)",
        ),
        (
            vec!["replay", "--variant", "halma-10"],
            "[Variant \"halma-8\"]\n1. a4-a5",
            "the record's game is halma-8, but halma-10 was given",
        ),
        (
            vec!["play", "--variant", cc, "--games", "1", "--a", "hub:scan", "--b", "greedy"],
            "",
            "hub engines play only draughts",
        ),
        (
            vec!["play", "--variant", "english", "--games", "1", "--a", "greedy", "--b", "beginner"],
            "",
            "greedy plays only the Halma family",
        ),
    ] {
        let o = kingme(&args, stdin);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("kingme: "), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
