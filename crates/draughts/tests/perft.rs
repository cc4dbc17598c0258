//! One driver over `data/perft.txt`: every position, every depth, against published counts.
//! The same counts are checked again through move lists (no bulk counting) at shallow depths.

use kingme_draughts::{perft, Position, Variant};

struct Case {
    id: String,
    position: Position,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    let mut out: Vec<Case> = Vec::new();
    let mut variant = None;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (key, value) = line.split_once(' ').expect("every line is 'key value'");
        match key {
            "id" => {
                out.push(Case {
                    id: value.into(),
                    position: Position::start(Variant::English),
                    counts: vec![],
                });
                variant = None;
            }
            "variant" => {
                let v: Variant = value.parse().expect("known variant");
                variant = Some(v);
                out.last_mut().expect("id first").position = Position::start(v);
            }
            "fen" => {
                let v = variant.expect("variant before fen");
                out.last_mut().expect("id first").position =
                    Position::from_fen(v, value).unwrap_or_else(|e| panic!("{value}: {e}"));
            }
            "perft" => {
                let (d, n) = value.split_once(' ').expect("perft DEPTH COUNT");
                out.last_mut()
                    .expect("id first")
                    .counts
                    .push((d.parse().expect("depth"), n.parse().expect("count")));
            }
            other => panic!("unknown key {other}"),
        }
    }
    out
}

#[test]
fn perft_matches_published_counts() {
    let cases = cases();
    assert_eq!(cases.len(), 8);
    for case in cases {
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

fn perft_by_lists(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut next = *pos;
            next.play_unchecked(m);
            perft_by_lists(&next, depth - 1)
        })
        .sum()
}

#[test]
fn bulk_counting_agrees_with_move_lists() {
    for case in cases() {
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n < 300_000) {
            assert_eq!(
                perft_by_lists(&case.position, depth),
                expected,
                "{} depth {depth}",
                case.id
            );
        }
    }
}
