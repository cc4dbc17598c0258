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
        let [pos, result, score] = line.split(' ').collect::<Vec<_>>()[..] else {
            panic!("three fields: {line}");
        };
        assert_eq!(pos.len(), 33, "{line}");
        assert!(["1", "0", "0.5"].contains(&result), "{line}");
        let score: i32 = score.parse().expect("a score");
        assert!(score.abs() <= 3000, "{line}");
    }
    // The scores are the search's, not one value for all.
    let scores: std::collections::HashSet<&str> = samples
        .iter()
        .filter_map(|l| l.rsplit(' ').next())
        .collect();
    assert!(scores.len() > 3, "{scores:?}");
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
    std::fs::write(
        dir.join("positions.txt"),
        format!("{positions}{} 1 9999\n", &samples[0][..33]),
    )
    .expect("write");
    let bad = train(&dir, &["--games", "3"]);
    assert_eq!(bad.status.code(), Some(2));
    let message = String::from_utf8_lossy(&bad.stderr);
    assert!(message.contains("score '9999'"), "{message}");

    // A file written before the scores were kept is fitted to its results.
    let old: String = positions
        .lines()
        .map(|l| match l.rsplit_once(' ') {
            Some((head, _)) if !l.starts_with('#') => format!("{head}\n"),
            _ => format!("{l}\n"),
        })
        .collect();
    std::fs::write(dir.join("positions.txt"), &old).expect("write");
    let fitted = train(&dir, &["--games", "3"]);
    assert!(fitted.status.success());
    assert!(
        String::from_utf8_lossy(&fitted.stderr).contains("(0 with a search score"),
        "{}",
        String::from_utf8_lossy(&fitted.stderr)
    );

    // A share outside 0 to 1 is refused before anything runs.
    let bad = train(&dir, &["--games", "3", "--lambda", "1.5"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("'1.5' is not a share"));

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
