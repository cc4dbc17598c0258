//! Positions with a known best move, per variant, found at a modest depth.

mod common;
use common::position;
use kingme_draughts::{notation, Color, Position, Variant};
use kingme_engine::{search_position, Clock, Limits};

struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

fn best(pos: &Position, depth: u32) -> (String, i32) {
    let r = search_position(pos, Limits::Depth(depth), &NoClock, &mut |_| {});
    let m = r.best.expect("the side to move has moves");
    (notation::move_to_string(pos.variant(), &m), r.score)
}

fn assert_finds(pos: &Position, depth: u32, expected: &str, min_score: i32) {
    let (found, score) = best(pos, depth);
    assert_eq!(found, expected, "{} {}", pos.variant(), pos.to_fen());
    assert!(
        score >= min_score,
        "{}: score {score} below {min_score}",
        pos.variant()
    );
}

#[test]
fn english_two_for_one_shot() {
    // Black gives d4 away; whichever man takes it, a black man jumps two.
    let pos = position(
        Variant::English,
        Color::Black,
        &["b6", "d6", "f8", "h8"],
        &["a3", "d4", "e3", "e1", "f2"],
    );
    assert_finds(&pos, 6, "d4-c5", 60);
}

#[test]
fn international_two_for_one_shot() {
    let pos = position(
        Variant::International,
        Color::White,
        &["a3", "d4", "e3", "f2", "g1", "i1"],
        &["b6", "d6", "h10", "j10", "i9"],
    );
    assert_finds(&pos, 6, "d4-c5", 60);
}

#[test]
fn russian_two_for_one_shot() {
    let pos = position(
        Variant::Russian,
        Color::White,
        &["a3", "d4", "e3", "f2", "g1"],
        &["b6", "d6", "h8", "g7"],
    );
    assert_finds(&pos, 6, "d4-c5", 60);
}

#[test]
fn brazilian_two_for_one_shot() {
    let pos = position(
        Variant::Brazilian,
        Color::White,
        &["a3", "d4", "e3", "f2", "g1"],
        &["b6", "d6", "h8", "g7"],
    );
    assert_finds(&pos, 6, "d4-c5", 60);
}

fn from_fen(variant: Variant, fen: &str) -> Position {
    Position::from_fen(variant, fen).expect("test FENs are valid")
}

#[test]
fn english_breakthrough_to_king() {
    // c3-b4 a5×c3 d2×b4×d6×f8: the sacrifice opens the road and the man crowns on f8.
    let pos = from_fen(Variant::English, "B:W19-22,25-29,31,32:B1-7,10-12,14");
    assert_finds(&pos, 6, "c3-b4", 100);
}

#[test]
fn international_forced_majority_capture_wins_material() {
    // j8-i7: White must take two (j6×h8×f6, the majority), then e7×g5×e3×c5 takes three.
    let pos = from_fen(
        Variant::International,
        "B:W25,31-33,36,37,39,41-50:B1-12,15-19,35",
    );
    assert_finds(&pos, 6, "j8-i7", 100);
}

#[test]
fn russian_shot_through_to_the_crowning_rank() {
    // f2-g3 h4×f2×d4 c1×e3×c5×e7, and the man on e7 crowns next.
    let pos = from_fen(
        Variant::Russian,
        "W:Wf4,e3,f2,a1,c1,g1:Bb8,h8,d6,h6,a5,h4,d2",
    );
    assert_finds(&pos, 6, "f2-g3", 100);
}

#[test]
fn brazilian_breakthrough_after_two_sacrifices() {
    // h6-g7 f8×h6 c3-b4 e5×c3 b4×d6×f8: two men given, a king on f8.
    let pos = from_fen(
        Variant::Brazilian,
        "W:Wh6,a5,d4,a3,c3,e3,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,c7,e7,b6,f6,c5,e5,h4",
    );
    assert_finds(&pos, 8, "h6-g7", 100);
}
