//! Opening books: the file round-trips and refuses damage with a typed error, probing and
//! picking, and Advanced and Expert playing from a book with variety.

use kingme_draughts::{Game, Position, Variant};
use kingme_engine::book::{self, Book, BookError, BookMove};
use kingme_engine::{Clock, Level, Memory};
use kingme_engine_core::Rng;
use std::cell::Cell;
use std::sync::Arc;

/// Time moves on by 10 ms at every reading, so a timed search ends.
struct Ticking(Cell<f64>);

impl Clock for Ticking {
    fn now_ms(&self) -> f64 {
        let t = self.0.get();
        self.0.set(t + 10.0);
        t
    }
}

fn ticking() -> Ticking {
    Ticking(Cell::new(0.0))
}

/// A book of 2 plies built by the search with few nodes.
fn tiny(variant: Variant) -> Book {
    let mut b = Book::new(variant, 2, 2_000);
    let mut steps = 0;
    book::build(&mut b, &mut |_, _| {
        steps += 1;
        true
    });
    assert!(steps >= 2, "the start and at least one reply were searched");
    b
}

/// A book where the start has three book moves with equal scores.
fn three_at_the_start(variant: Variant) -> (Book, Vec<BookMove>) {
    let start = Position::start(variant);
    let moves: Vec<BookMove> = start
        .legal_moves()
        .iter()
        .take(3)
        .map(|&mv| BookMove { mv, score: 5 })
        .collect();
    let mut b = Book::new(variant, 1, 0);
    b.insert(&start, &moves);
    (b, moves)
}

#[test]
fn a_built_book_round_trips_and_its_moves_are_legal() {
    for variant in [Variant::English, Variant::International] {
        let b = tiny(variant);
        let bytes = b.to_bytes();
        let read = Book::from_bytes(variant, &bytes).expect("its own file reads back");
        assert_eq!(read, b);
        assert_eq!((read.plies(), read.nodes()), (2, 2_000));
        let start = Position::start(variant);
        let moves = read.probe(&start).expect("the start is in the book");
        assert!(!moves.is_empty() && moves.len() <= book::width(0));
        assert!(moves.windows(2).all(|w| w[0].score >= w[1].score));
        assert!(moves[0].score - moves[moves.len() - 1].score <= book::MARGIN);
        for m in &moves {
            assert!(start.legal_moves().contains(&m.mv));
            let mut after = start;
            after.play_unchecked(&m.mv);
            for reply in read.probe(&after).expect("every book reply is in the book") {
                assert!(after.legal_moves().contains(&reply.mv));
            }
        }
    }
}

#[test]
fn a_position_outside_the_book_is_none() {
    let b = tiny(Variant::English);
    let far = Position::from_fen(Variant::English, "W:W21,22:B11,12").expect("a position");
    assert_eq!(b.probe(&far), None);
    assert!(b.pick(&far, &mut Rng::new(1)).is_none());
    // The same key with a move that is not legal there is not a book move either.
    let mut other = Book::new(Variant::English, 1, 0);
    let start = Position::start(Variant::English);
    let foreign = far.legal_moves()[0];
    assert!(!start.legal_moves().contains(&foreign));
    other.insert(
        &start,
        &[BookMove {
            mv: foreign,
            score: 0,
        }],
    );
    assert!(other.is_empty(), "an illegal move is not stored");
}

#[test]
fn a_damaged_file_is_a_typed_error() {
    let good = tiny(Variant::English).to_bytes();
    let read = |bytes: &[u8]| {
        Book::from_bytes(Variant::English, bytes).expect_err("a damaged file is refused")
    };
    assert_eq!(read(&good[..10]), BookError::TooShort { len: 10 });
    assert_eq!(read(b"not a book"), BookError::BadMagic);
    let mut magic = good.clone();
    magic[0] = b'X';
    assert_eq!(read(&magic), BookError::BadMagic);
    let mut version = good.clone();
    version[6] = 9;
    assert_eq!(read(&version), BookError::UnsupportedVersion(9));
    let mut unknown = good.clone();
    unknown[7] = 99;
    assert_eq!(read(&unknown), BookError::UnknownVariant(99));
    assert!(matches!(
        Book::from_bytes(Variant::Russian, &good),
        Err(BookError::WrongVariant {
            expected: Variant::Russian,
            found: Variant::English
        })
    ));
    let body = (good.len() - 30) as u64;
    assert_eq!(
        read(&good[..good.len() - 3]),
        BookError::Truncated {
            expected: body,
            found: body - 3
        }
    );
    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 0x40;
    assert!(matches!(read(&flipped), BookError::Checksum { .. }));
    let mut count = good.clone();
    count[10] = count[10].wrapping_add(1);
    let e = read(&count);
    assert!(matches!(e, BookError::BadEntry { .. }), "{e:?}");
    assert!(e.to_string().contains("number of positions"), "{e}");
}

#[test]
fn a_fixed_seed_picks_the_same_move_and_seeds_vary() {
    let (b, moves) = three_at_the_start(Variant::Russian);
    let start = Position::start(Variant::Russian);
    let pick = |seed| b.pick(&start, &mut Rng::new(seed)).expect("in the book").mv;
    assert_eq!(pick(7), pick(7));
    let picked: std::collections::HashSet<_> = (0..40).map(pick).collect();
    assert_eq!(
        picked.len(),
        3,
        "every equal book move is played by some seed"
    );
    assert!(picked.iter().all(|m| moves.iter().any(|b| b.mv == *m)));
}

#[test]
fn advanced_and_expert_play_the_book_and_games_differ() {
    let (b, moves) = three_at_the_start(Variant::English);
    let mut memory = Memory::new();
    memory.set_book(Arc::new(b));
    let game = Game::new(Variant::English);
    let clock = ticking();
    for level in [Level::Advanced, Level::Expert] {
        let r = memory
            .think(&game, level, &clock, 3)
            .expect("the game is not over");
        assert_eq!((r.depth, r.nodes, r.score), (0, 0, 5), "{level}");
        assert!(moves.iter().any(|b| Some(b.mv) == r.best));
        let again = memory.think(&game, level, &clock, 3).expect("a move");
        assert_eq!(again.best, r.best, "same seed, same move");
    }
    let firsts: std::collections::HashSet<_> = (0..20)
        .map(|seed| memory.choose_move(&game, Level::Advanced, &clock, seed))
        .collect();
    assert!(firsts.len() > 1, "games with different seeds differ");
    // Intermediate searches as before, and leaving the book Advanced searches.
    let r = memory
        .think(&game, Level::Intermediate, &clock, 3)
        .expect("a move");
    assert!(r.depth > 0 && r.nodes > 0);
    let mut out = game.clone();
    out.play(&moves[0].mv, false).expect("legal");
    let r = memory
        .think(&out, Level::Advanced, &clock, 3)
        .expect("a move");
    assert!(r.nodes > 0, "a position outside the book is searched");
}

#[test]
fn the_shipped_books_read_and_their_moves_are_legal() {
    let files: [(Variant, &[u8]); 4] = [
        (
            Variant::English,
            include_bytes!("../../../data/book/english.bin"),
        ),
        (
            Variant::International,
            include_bytes!("../../../data/book/international.bin"),
        ),
        (
            Variant::Russian,
            include_bytes!("../../../data/book/russian.bin"),
        ),
        (
            Variant::Brazilian,
            include_bytes!("../../../data/book/brazilian.bin"),
        ),
    ];
    for (variant, bytes) in files {
        let b = Book::from_bytes(variant, bytes).expect("the shipped book reads");
        // Walk the book from the start: every book move is legal, and every stored position
        // is reached by book moves.
        let mut stack = vec![Position::start(variant)];
        let mut seen = std::collections::HashSet::new();
        let mut in_book = 0;
        while let Some(pos) = stack.pop() {
            if !seen.insert(pos.hash()) {
                continue;
            }
            let Some(moves) = b.probe(&pos) else {
                continue;
            };
            in_book += 1;
            for m in moves {
                assert!(pos.legal_moves().contains(&m.mv), "{variant}");
                let mut next = pos;
                next.play_unchecked(&m.mv);
                stack.push(next);
            }
        }
        assert_eq!(in_book, b.len(), "{variant}");
    }
}
