//! One driver over `data/perft.txt`: every position, every depth. The depth-1 counts are
//! checked by hand in the file's comments; the counts are checked again through move lists
//! and `after` (no bulk counting) where they are small.

use kingme_halma::{divide, perft, Position, Setup, Variant};

struct Case {
    id: String,
    position: Position,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    let mut out: Vec<Case> = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (key, value) = line.split_once(' ').expect("every line is 'key value'");
        let last = out.last_mut();
        match key {
            "id" => out.push(Case {
                id: value.into(),
                position: Position::start(Setup::two_players(Variant::Halma8)),
                counts: vec![],
            }),
            "setup" => {
                let (v, n) = value.split_once(' ').expect("setup GAME PLAYERS");
                let v: Variant = v.parse().expect("a known game");
                let setup = Setup::new(v, n.parse().expect("a player count"))
                    .expect("an offered player count");
                last.expect("id first").position = Position::start(setup);
            }
            "position" => {
                let case = last.expect("id first");
                let setup = case.position.setup();
                case.position = Position::parse(setup, value)
                    .unwrap_or_else(|e| panic!("{}: {value}: {e}", case.id));
            }
            "perft" => {
                let (d, n) = value.split_once(' ').expect("perft DEPTH COUNT");
                last.expect("id first")
                    .counts
                    .push((d.parse().expect("depth"), n.parse().expect("count")));
            }
            other => panic!("unknown key {other}"),
        }
    }
    out
}

#[test]
fn perft_matches_the_recorded_counts() {
    let cases = cases();
    for setup in Setup::all() {
        let n = cases.iter().filter(|c| c.position.setup() == setup).count();
        assert!(n >= 4, "{setup} has {n} positions");
        assert!(
            cases
                .iter()
                .any(|c| c.position == Position::start(setup) && !c.counts.is_empty()),
            "{setup} has no start counts"
        );
    }
    for case in &cases {
        assert!(!case.counts.is_empty(), "{} has no counts", case.id);
        for &(depth, expected) in &case.counts {
            assert_eq!(
                perft(&case.position, depth),
                expected,
                "{} depth {depth}",
                case.id
            );
        }
    }
}

#[test]
fn published_chinese_checkers_counts_are_recorded() {
    let start = Position::start(Setup::two_players(Variant::ChineseCheckers));
    let case = cases()
        .into_iter()
        .find(|c| c.position == start)
        .expect("the 2-player star start");
    assert!(case.counts.contains(&(1, 14)) && case.counts.contains(&(2, 196)));
}

fn perft_by_lists(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            assert!(pos.is_legal(m));
            perft_by_lists(&pos.after(m), depth - 1)
        })
        .sum()
}

#[test]
fn bulk_counting_agrees_with_move_lists() {
    for case in cases() {
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n < 200_000) {
            assert_eq!(
                perft_by_lists(&case.position, depth),
                expected,
                "{} depth {depth}",
                case.id
            );
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    for case in cases() {
        let Some(&(depth, expected)) = case.counts.iter().rfind(|(_, n)| *n < 200_000) else {
            continue;
        };
        let parts = divide(&case.position, depth);
        assert_eq!(
            parts.len(),
            case.position.legal_moves().len(),
            "{}",
            case.id
        );
        assert_eq!(
            parts.iter().map(|(_, n)| n).sum::<u64>(),
            expected,
            "{}",
            case.id
        );
    }
}
