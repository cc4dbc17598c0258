//! The tables against a plain search of the rules, known endings, and bad files.

use kingme_draughts::{Position, Variant};
use kingme_egdb::{build_order, encode_table, Egdb, FormatError, Signature, Value};
use std::collections::HashMap;

fn build(variant: Variant, max_pieces: u32) -> Egdb {
    Egdb::build_in_memory(variant, build_order(max_pieces)).expect("builds")
}

/// Depth-limited minimax by the rules crate alone, remembered per position and depth.
struct Brute {
    memo: HashMap<(u64, u32, bool), bool>,
}

impl Brute {
    /// Whether the side to move can win within `plies`.
    fn wins_within(&mut self, pos: &Position, plies: u32) -> bool {
        if plies == 0 {
            return false;
        }
        if let Some(&v) = self.memo.get(&(pos.hash(), plies, true)) {
            return v;
        }
        let v = pos.legal_moves().iter().any(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            self.loses_within(&child, plies - 1)
        });
        self.memo.insert((pos.hash(), plies, true), v);
        v
    }

    /// Whether the side to move loses within `plies` whatever it does.
    fn loses_within(&mut self, pos: &Position, plies: u32) -> bool {
        if let Some(&v) = self.memo.get(&(pos.hash(), plies, false)) {
            return v;
        }
        let moves = pos.legal_moves();
        let v = moves.is_empty()
            || (plies > 0
                && moves.iter().all(|m| {
                    let mut child = *pos;
                    child.play_unchecked(m);
                    self.wins_within(&child, plies - 1)
                }));
        self.memo.insert((pos.hash(), plies, false), v);
        v
    }
}

/// Every `step`-th position of every table of `db` (both sides to move) agrees with the
/// plain search: a win in `d` is won within `d` plies and not within `d − 2`, a loss in `d`
/// is lost within `d` and not within `d − 2`, and a draw is neither won nor lost within a
/// horizon longer than every distance in the tables.
fn check_against_brute_force(db: &Egdb, step: usize) -> usize {
    let variant = db.variant();
    let horizon = db
        .signatures()
        .flat_map(|s| db.table(s).expect("held").iter().copied())
        .max()
        .map_or(0, u32::from)
        + 2;
    let mut brute = Brute {
        memo: HashMap::new(),
    };
    let mut checked = 0;
    let mut sigs: Vec<Signature> = db.signatures().collect();
    sigs.sort();
    for sig in sigs {
        let size = db.table(sig).expect("held").len();
        for idx in (0..size).step_by(step) {
            let pos = position_of(variant, sig, idx);
            for pos in [pos, turned(&pos)] {
                let value = db.probe(&pos).expect("in the database");
                let fen = pos.to_fen();
                match value {
                    Value::Win(d) => {
                        let d = u32::from(d);
                        assert!(brute.wins_within(&pos, d), "{variant} {fen}: win in {d}?");
                        assert!(
                            d < 2 || !brute.wins_within(&pos, d - 2),
                            "{variant} {fen}: a faster win than {d}"
                        );
                    }
                    Value::Loss(d) => {
                        let d = u32::from(d);
                        assert!(brute.loses_within(&pos, d), "{variant} {fen}: loss in {d}?");
                        assert!(
                            d < 2 || !brute.loses_within(&pos, d - 2),
                            "{variant} {fen}: a faster loss than {d}"
                        );
                    }
                    Value::Draw => {
                        assert!(
                            !brute.wins_within(&pos, horizon),
                            "{variant} {fen}: drawn, but won within {horizon}"
                        );
                        assert!(
                            !brute.loses_within(&pos, horizon),
                            "{variant} {fen}: drawn, but lost within {horizon}"
                        );
                    }
                }
                checked += 1;
            }
        }
    }
    checked
}

/// The position of index `idx` of `sig`, found by walking the table's positions through the
/// public probe: the tables are indexed by the crate, so this asks the index for it.
fn position_of(variant: Variant, sig: Signature, idx: usize) -> Position {
    kingme_egdb::position_at(variant, sig, idx as u64).expect("every index is a position")
}

/// The same position with the other side to move and the board turned (the colours swap
/// roles): the stored value must not depend on which colour moves.
fn turned(pos: &Position) -> Position {
    kingme_egdb::turned(pos)
}

#[test]
fn small_tables_agree_with_a_plain_search() {
    for variant in Variant::ALL {
        let pieces = if variant == Variant::International {
            2
        } else {
            3
        };
        let db = build(variant, pieces);
        let step = if variant == Variant::International {
            7
        } else {
            13
        };
        let checked = check_against_brute_force(&db, step);
        assert!(checked > 100, "{variant}: only {checked} positions checked");
    }
}

#[test]
fn international_three_pieces_agree_with_a_plain_search() {
    let db = build(Variant::International, 3);
    let checked = check_against_brute_force(&db, 401);
    assert!(checked > 100, "only {checked} positions checked");
}

fn probe(db: &Egdb, fen: &str) -> Value {
    let pos = Position::from_fen(db.variant(), fen).expect("a legal FEN");
    db.probe(&pos).expect("in the database")
}

fn share_of_wins(db: &Egdb, sig: Signature) -> f64 {
    let table = db.table(sig).expect("held");
    let wins = table
        .iter()
        .filter(|&&c| matches!(Value::from_code(c), Value::Win(_)))
        .count();
    wins as f64 / table.len() as f64
}

#[test]
fn english_two_kings_beat_one() {
    let db = build(Variant::English, 3);
    // Black (to move) has kings on 1 and 3, White's king is in the far corner: a win.
    assert!(matches!(probe(&db, "B:BK1,K3:WK32"), Value::Win(_)));
    // With White to move the lone king cannot escape either.
    assert!(matches!(probe(&db, "W:BK1,K3:WK32"), Value::Loss(_)));
    assert!(share_of_wins(&db, Signature::new(0, 2, 0, 1)) > 0.95);
    // A king against a king, neither able to take: drawn.
    assert_eq!(probe(&db, "B:BK1:WK32"), Value::Draw);
}

#[test]
fn international_king_against_king_is_drawn() {
    let db = build(Variant::International, 2);
    assert_eq!(probe(&db, "W:WK46:BK1"), Value::Draw);
    assert_eq!(probe(&db, "B:WK28:BK3"), Value::Draw);
    // A king that can take the other has won at once.
    assert_eq!(probe(&db, "W:WK28:BK23"), Value::Win(1));
}

#[test]
fn international_three_kings_cannot_beat_a_king_on_the_long_diagonal() {
    // Only the kings' tables that three kings against one need.
    let kings = |a, b| Signature::new(0, a, 0, b);
    let db = Egdb::build_in_memory(
        Variant::International,
        [
            vec![kings(1, 1)],
            vec![kings(1, 2), kings(2, 1)],
            vec![kings(1, 3), kings(3, 1)],
        ],
    )
    .expect("builds");
    // Black's king holds the long diagonal (46–5) against three white kings.
    assert_eq!(probe(&db, "W:WK47,K38,K24:BK46"), Value::Draw);
    assert_eq!(probe(&db, "B:WK47,K38,K24:BK46"), Value::Draw);
    // The classic shot with the long diagonal held by the three kings (Hoyle, "Polish
    // draughts", first coup): White gives two kings on 22 and takes the third.
    assert!(matches!(probe(&db, "W:WK46,K37,K27:BK11"), Value::Win(_)));
    // The lone king on 46 against kings on 13, 16 and 27 holds by staying low on the diagonal
    // (41, 37, 28, 23); running to 5 loses to a sacrifice.
    assert_eq!(probe(&db, "W:WK46:BK13,K16,K27"), Value::Draw);
    assert!(matches!(probe(&db, "B:WK5:BK13,K16,K27"), Value::Win(_)));
    assert!(share_of_wins(&db, Signature::new(0, 3, 0, 1)) < 0.75);
}

#[test]
fn bad_files_are_refused_with_a_reason() {
    let db = build(Variant::English, 2);
    let sig = Signature::new(0, 1, 0, 1);
    let file = encode_table(Variant::English, sig, db.table(sig).expect("held"));
    let mut fresh = Egdb::new(Variant::English);
    assert_eq!(fresh.insert_file(&file), Ok(sig));
    assert_eq!(fresh.table(sig), db.table(sig));

    // The browser's path: the header checked here, the values decompressed by the caller.
    let mut fresh = Egdb::new(Variant::English);
    let packed = fresh.compressed_values(&file).expect("a good header");
    let values = miniz_oxide::inflate::decompress_to_vec(packed).expect("raw DEFLATE");
    let mut wrong = values.clone();
    wrong[0] ^= 1;
    assert!(matches!(
        fresh.insert_decompressed(&file, wrong),
        Err(FormatError::Checksum { .. })
    ));
    assert_eq!(
        fresh.insert_decompressed(&file, values[1..].to_vec()),
        Err(FormatError::WrongLength {
            expected: values.len() as u64,
            found: values.len() as u64 - 1
        })
    );
    assert_eq!(fresh.insert_decompressed(&file, values), Ok(sig));
    assert_eq!(fresh.table(sig), db.table(sig));

    let mut fresh = Egdb::new(Variant::English);
    assert_eq!(
        fresh.insert_file(&file[..10]),
        Err(FormatError::TooShort { len: 10 })
    );
    assert!(matches!(
        fresh.insert_file(&file[..file.len() - 3]),
        Err(FormatError::Truncated { .. })
    ));
    let mut bad = file.clone();
    bad[0] = b'X';
    assert_eq!(fresh.insert_file(&bad), Err(FormatError::BadMagic));
    let mut bad = file.clone();
    bad[6] = 9;
    assert_eq!(
        fresh.insert_file(&bad),
        Err(FormatError::UnsupportedVersion(9))
    );
    let mut bad = file.clone();
    bad[7] = 99;
    assert_eq!(
        fresh.insert_file(&bad),
        Err(FormatError::UnknownVariant(99))
    );
    let mut bad = file.clone();
    bad[10] = 0;
    bad[11] = 0;
    assert!(matches!(
        fresh.insert_file(&bad),
        Err(FormatError::BadSignature(_))
    ));
    let mut bad = file.clone();
    bad[20] ^= 1;
    assert!(matches!(
        fresh.insert_file(&bad),
        Err(FormatError::Checksum { .. })
    ));
    let mut bad = file.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x55;
    assert!(matches!(
        fresh.insert_file(&bad),
        Err(FormatError::Corrupt(_)
            | FormatError::Checksum { .. }
            | FormatError::WrongLength { .. })
    ));
    let mut intl = Egdb::new(Variant::International);
    assert_eq!(
        intl.insert_file(&file),
        Err(FormatError::WrongVariant {
            expected: Variant::International,
            found: Variant::English
        })
    );
    assert_eq!(fresh.signatures().count(), 0, "nothing was added");
    assert!(fresh.probe(&Position::start(Variant::English)).is_none());
}
