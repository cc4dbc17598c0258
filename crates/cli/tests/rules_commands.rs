//! `kingme perft`, `moves` and `replay` through the real binary.

mod common;

use common::{kingme, stdout};

#[test]
fn perft_prints_the_count() {
    let o = kingme(&["perft", "--variant", "international", "--depth", "3"], "");
    assert!(o.status.success());
    assert!(stdout(&o).contains("perft(3) = 658"), "{}", stdout(&o));
    let o = kingme(
        &["perft", "--variant", "american", "--depth", "2", "--divide"],
        "",
    );
    let out = stdout(&o);
    let is_move_line = |l: &&str| l.as_bytes().get(1).is_some_and(u8::is_ascii_digit);
    assert_eq!(out.lines().filter(is_move_line).count(), 7, "{out}");
    assert!(out.contains("perft(2) = 49"));
}

#[test]
fn moves_lists_full_paths_and_json() {
    let o = kingme(
        &["moves", "--variant", "english", "--fen", "B:Wd4,f6:Bc3"],
        "",
    );
    assert_eq!(stdout(&o).trim(), "c3×e5×g7");
    let o = kingme(
        &[
            "moves",
            "--variant",
            "english",
            "--fen",
            "B:Wd4,f6:Bc3",
            "--numeric",
        ],
        "",
    );
    assert_eq!(
        stdout(&o).trim(),
        "11x18x25",
        "c3 = 11, e5 = 18, g7 = 25 in checkers numbering"
    );
    let o = kingme(
        &[
            "moves",
            "--variant",
            "english",
            "--fen",
            "B:Wd4,f6:Bc3",
            "--json",
        ],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(json[0]["path"], serde_json::json!(["c3", "e5", "g7"]));
    assert_eq!(json[0]["captures"], serde_json::json!(["d4", "f6"]));
    assert_eq!(json[0]["notation"], "c3×e5×g7");
}

#[test]
fn replay_reports_result_reason_and_counters() {
    let pdn = "[GameType \"21\"]\n[FEN \"B:WKh8:BKa1\"]\n1. a1-b2 h8-g7 2. b2-a1 g7-h8 3. a1-b2 h8-g7 4. b2-a1 g7-h8 *";
    let o = kingme(&["replay"], pdn);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(json["result"], "draw");
    assert_eq!(json["reason"], "repetition");
    assert_eq!(json["fen"], "B:WK29:BK4");
    let o = kingme(
        &["replay", "--variant", "international", "--each-ply", "-"],
        "1. 32-28 19-23 2. 28x19 14x23",
    );
    let states: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(states.as_array().map(Vec::len), Some(5));
    assert_eq!(states[4]["last_move"], "h8×f6", "14x23 in FMJD numbering");
    assert_eq!(states[4]["counters"][0]["rule"], "twenty-five-moves");
}

#[test]
fn bad_input_is_one_line_on_stderr_with_exit_code_2() {
    for (args, stdin, needle) in [
        (
            vec!["perft", "--variant", "chess", "--depth", "2"],
            "",
            "chess",
        ),
        (
            vec!["moves", "--variant", "english", "--fen", "B:W33"],
            "",
            "'33'",
        ),
        (
            vec!["replay", "--variant", "international"],
            "1. 32-28 19-23 2. 28-22",
            "ply 3",
        ),
        (vec!["replay"], "1. 32-28", "GameType"),
        (vec!["replay", "/nonexistent/game.pdn"], "", "cannot read"),
    ] {
        let o = kingme(&args, stdin);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
