//! `kingme loadtest` against a server it starts: multi-seat rooms played to the move limit with
//! no lost or duplicated move, and bad arguments refused with a message.

use std::process::Command;

fn kingme() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kingme"))
}

#[test]
fn three_seat_rooms_lose_and_duplicate_no_move() {
    let out = kingme()
        .args(["loadtest", "--rooms", "3", "--players", "3"])
        .args([
            "--variant",
            "chinese-checkers",
            "--moves",
            "9",
            "--think-ms",
            "5",
        ])
        .args(["--seconds", "30"])
        .output()
        .expect("kingme runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("sockets           9"), "{stdout}");
    // Every room plays its nine moves; each reaches the two other seats.
    assert!(stdout.contains("moves acked       27"), "{stdout}");
    assert!(
        stdout.contains("moves received    54 by the other seats (expected 54)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("lost 0  duplicated 0  errors 0  stalled 0"),
        "{stdout}"
    );
}

#[test]
fn a_player_count_the_game_does_not_have_is_refused() {
    let out = kingme()
        .args(["loadtest", "--variant", "english", "--players", "5"])
        .output()
        .expect("kingme runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("kingme: "), "{stderr}");
    assert!(stderr.contains('5'), "{stderr}");
}
