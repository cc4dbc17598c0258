//! `kingme train` through the real binary: self-play positions, the fit, resuming, bad files.

use std::path::Path;
use std::process::{Command, Output};

fn train(dir: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kingme"))
        .args([
            "train",
            "--variant",
            "english",
            "--nodes",
            "200",
            "--passes",
            "2",
        ])
        .arg("--dir")
        .arg(dir)
        .args(extra)
        .output()
        .expect("kingme runs")
}

#[test]
fn train_stores_positions_fits_weights_and_resumes() {
    let dir = std::env::temp_dir().join(format!("kingme-train-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = train(&dir, &["--games", "3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let positions = std::fs::read_to_string(dir.join("positions.txt")).expect("positions");
    assert_eq!(
        positions
            .lines()
            .filter(|l| l.starts_with("# game"))
            .count(),
        3
    );
    let samples: Vec<&str> = positions.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(samples.len() > 10, "{}", samples.len());
    for line in &samples {
        let (pos, result) = line.split_once(' ').expect("two fields");
        assert_eq!(pos.len(), 33, "{line}");
        assert!(["1", "0", "0.5"].contains(&result), "{line}");
    }
    let weights = std::fs::read_to_string(dir.join("weights.txt")).expect("weights");
    assert!(weights.lines().any(|l| l.starts_with("king ")), "{weights}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("games 3/3") && stderr.contains("pass 1/2"),
        "{stderr}"
    );

    // Asked for the same number of games, it plays none and fits again from weights.txt.
    let again = train(&dir, &["--games", "3"]);
    assert!(again.status.success());
    let after = std::fs::read_to_string(dir.join("positions.txt")).expect("positions");
    assert_eq!(after, positions);
    assert!(!String::from_utf8_lossy(&again.stderr).contains("games "));

    // A damaged file is refused with its line, and nothing is fitted.
    std::fs::write(dir.join("positions.txt"), format!("{positions}Wxyz 1\n")).expect("write");
    let bad = train(&dir, &["--games", "3"]);
    assert_eq!(bad.status.code(), Some(2));
    let message = String::from_utf8_lossy(&bad.stderr);
    assert!(
        message.contains(&format!("line {}", positions.lines().count() + 1)),
        "{message}"
    );
    std::fs::write(dir.join("positions.txt"), &positions).expect("write");
    std::fs::write(dir.join("weights.txt"), "wings 3\n").expect("write");
    let bad = train(&dir, &["--games", "3"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("wings"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn train_prints_the_hand_set_and_the_shipped_weights() {
    for which in ["hand", "shipped"] {
        let out = Command::new(env!("CARGO_BIN_EXE_kingme"))
            .args(["train", "--variant", "international", "--print", which])
            .output()
            .expect("kingme runs");
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.lines().any(|l| l.starts_with("advance_open_9 ")),
            "{text}"
        );
    }
}
