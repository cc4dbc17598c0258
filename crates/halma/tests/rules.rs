//! One named test per rule of SPEC §2.4, each from a position string.

mod common;

use common::{build, dests, home, names, point, pos, set_names, setup, sorted};
use kingme_halma::notation::{move_to_string, parse_move};
use kingme_halma::{
    Board, EndReason, Game, Move, ParseMoveError, Position, Seat, Setup, Variant, MOVE_LIMIT,
};

fn seat(n: u8) -> Seat {
    Seat::new(n).expect("seat 1-6")
}

/// Expands `a1-d1` (a run along one rank, or one row of the star) into its points.
fn run(text: &str) -> String {
    let mut out = Vec::new();
    for part in text.split_whitespace() {
        let Some((a, b)) = part.split_once('-') else {
            out.push(part.to_string());
            continue;
        };
        let (fa, ra) = a.split_at(1);
        let (fb, rb) = b.split_at(1);
        let (fa, fb) = (fa.as_bytes()[0], fb.as_bytes()[0]);
        let (ra, rb): (u32, u32) = (ra.parse().expect("a number"), rb.parse().expect("a number"));
        if ra == rb {
            for f in fa.min(fb)..=fa.max(fb) {
                out.push(format!("{}{ra}", char::from(f)));
            }
        } else {
            assert_eq!(fa, fb, "a run stays on one rank or one row: {part}");
            for r in ra.min(rb)..=ra.max(rb) {
                out.push(format!("{}{r}", char::from(fa)));
            }
        }
    }
    out.join(" ")
}

fn camp_of(setup: Setup, n: u8) -> Vec<String> {
    sorted(&home(setup, n))
}

fn target_of(setup: Setup, n: u8) -> Vec<String> {
    let layout = setup.layout();
    set_names(layout.board, layout.target[seat(n).index()])
}

/// The point `name` seen from the opposite corner of a `size`×`size` board.
fn rotate(name: &str, size: u8) -> String {
    let file = name.as_bytes()[0] - b'a';
    let rank: u8 = name[1..].parse().expect("a number");
    format!("{}{}", char::from(b'a' + size - 1 - file), size + 1 - rank)
}

/// The point `name` mirrored top to bottom (a1 ↔ a16 on 16×16).
fn flip_ranks(name: &str, size: u8) -> String {
    let rank: u8 = name[1..].parse().expect("a number");
    format!("{}{}", &name[..1], size + 1 - rank)
}

fn map(list: &str, f: impl Fn(&str) -> String) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(f).collect();
    v.sort();
    v
}

const SOUTH: &str = "a1 b1 b2 c1 c2 c3 d1 d2 d3 d4";
const SOUTH_WEST: &str = "e1 e2 e3 e4 f1 f2 f3 g1 g2 h1";
const NORTH_WEST: &str = "j1 k1 k2 l1 l2 l3 m1 m2 m3 m4";
const NORTH: &str = "n1 n2 n3 n4 o1 o2 o3 p1 p2 q1";
const NORTH_EAST: &str = "j10 k10 k11 l10 l11 l12 m10 m11 m12 m13";
const SOUTH_EAST: &str = "e10 e11 e12 e13 f10 f11 f12 g10 g11 h10";

const STAR_START_2: &str = "1:1:1/11/111/1111/............./............/.........../........../........./........../.........../............/............./4444/444/44/4";

// ---- Camps ----------------------------------------------------------------------------------

#[test]
fn halma8_camps_are_staircases_of_4_3_2_1() {
    let s = setup(Variant::Halma8, 2);
    let a1 = "a1 b1 c1 d1 a2 b2 c2 a3 b3 a4";
    assert_eq!(camp_of(s, 1), sorted(a1));
    assert_eq!(camp_of(s, 2), map(a1, |p| rotate(p, 8)));
    assert_eq!(camp_of(s, 2), sorted("e8 f8 g8 h8 f7 g7 h7 g6 h6 h5"));
    assert_eq!(target_of(s, 1), camp_of(s, 2));
    assert_eq!(target_of(s, 2), camp_of(s, 1));
    assert_eq!(s.layout().pieces, 10);
}

#[test]
fn halma10_camps_are_staircases_of_5_4_3_2_1() {
    let s = setup(Variant::Halma10, 2);
    let a1 = run("a1-e1 a2-d2 a3-c3 a4-b4 a5");
    assert_eq!(camp_of(s, 1), sorted(&a1));
    assert_eq!(camp_of(s, 2), map(&a1, |p| rotate(p, 10)));
    assert_eq!(target_of(s, 1), camp_of(s, 2));
    assert_eq!(target_of(s, 2), camp_of(s, 1));
    assert_eq!(s.layout().pieces, 15);
}

#[test]
fn halma16_two_player_camps_have_rows_of_5_5_4_3_2() {
    let s = setup(Variant::Halma16, 2);
    let a1 = run("a1-e1 a2-e2 a3-d3 a4-c4 a5-b5");
    assert_eq!(camp_of(s, 1), sorted(&a1));
    assert_eq!(camp_of(s, 2), map(&a1, |p| rotate(p, 16)));
    assert!(camp_of(s, 2).contains(&"p16".to_string()));
    assert_eq!(target_of(s, 1), camp_of(s, 2));
    assert_eq!(target_of(s, 2), camp_of(s, 1));
    assert_eq!(s.layout().pieces, 19);
}

#[test]
fn halma16_four_player_camps_have_rows_of_4_4_3_2_in_every_corner() {
    let s = setup(Variant::Halma16, 4);
    let a1 = run("a1-d1 a2-d2 a3-c3 a4-b4");
    assert_eq!(camp_of(s, 1), sorted(&a1));
    assert_eq!(camp_of(s, 2), map(&a1, |p| flip_ranks(p, 16)));
    assert_eq!(camp_of(s, 3), map(&a1, |p| rotate(p, 16)));
    assert_eq!(camp_of(s, 4), map(&a1, |p| flip_ranks(&rotate(p, 16), 16)));
    assert_eq!(
        camp_of(s, 2),
        sorted(&run("a16-d16 a15-d15 a14-c14 a13-b13"))
    );
    assert_eq!(
        camp_of(s, 3),
        sorted(&run("m16-p16 m15-p15 n14-p14 o13-p13"))
    );
    assert_eq!(camp_of(s, 4), sorted(&run("m1-p1 m2-p2 n3-p3 o4-p4")));
    for (me, opposite) in [(1, 3), (2, 4), (3, 1), (4, 2)] {
        assert_eq!(target_of(s, me), camp_of(s, opposite), "seat {me}");
    }
    assert_eq!(s.layout().pieces, 13);
}

#[test]
fn star_camps_are_the_six_triangles_spec_names() {
    for players in [2, 3, 4, 6] {
        let s = setup(Variant::ChineseCheckers, players);
        let camps = [SOUTH, SOUTH_WEST, NORTH_WEST, NORTH, NORTH_EAST, SOUTH_EAST];
        for (i, camp) in camps.iter().enumerate() {
            let n = i as u8 + 1;
            assert_eq!(camp_of(s, n), sorted(camp), "camp {n}");
            let opposite = camps[(i + 3) % 6];
            assert_eq!(target_of(s, n), sorted(opposite), "target of {n}");
        }
        assert_eq!(s.layout().pieces, 10);
    }
    // The mirror images SPEC describes: 5 mirrors 3, 6 mirrors 2 (k places from the right end).
    let s = setup(Variant::ChineseCheckers, 6);
    let board = s.layout().board;
    let mirror = |name: &str| {
        let row = name.as_bytes()[0];
        let k: u8 = name[1..].parse().expect("a number");
        let len = board.row_lengths()[usize::from(row - b'a')];
        format!("{}{}", char::from(row), len + 1 - k)
    };
    assert_eq!(camp_of(s, 5), map(NORTH_WEST, mirror));
    assert_eq!(camp_of(s, 6), map(SOUTH_WEST, mirror));
}

// ---- Boards ---------------------------------------------------------------------------------

const STAR_ROWS: [u8; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];

#[test]
fn star_has_121_points_named_by_row_letter_and_place() {
    let board = Board::of(Variant::ChineseCheckers);
    assert_eq!(board.len(), 121);
    assert_eq!(board.row_lengths(), STAR_ROWS);
    let mut expected = Vec::new();
    for (r, &len) in STAR_ROWS.iter().enumerate() {
        for k in 1..=len {
            expected.push(format!("{}{k}", char::from(b'a' + r as u8)));
        }
    }
    let found: Vec<&str> = board.cells().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        found, expected,
        "rows from the bottom up, each left to right"
    );
    let at = |name: &str| board.cell(board.point(name).expect("a point")).clone();
    assert_eq!(
        (at("a1").row, at("a1").column),
        (0, 0),
        "a1 is the bottom tip"
    );
    assert_eq!((at("i5").row, at("i5").column), (8, 0), "i5 is the centre");
    assert_eq!(
        (at("q1").row, at("q1").column),
        (16, 0),
        "q1 is the top tip"
    );
    assert_eq!(at("e1").column, -12);
    assert_eq!(at("m13").column, 12);
    assert!(board.point("e14").is_none() && board.point("r1").is_none());
    assert_eq!(board.point("I5"), board.point("i5"), "names ignore case");
}

fn neighbour_names(board: &Board, name: &str) -> Vec<String> {
    let p = board.point(name).expect("a point");
    let mut v: Vec<String> = board
        .directions()
        .iter()
        .filter_map(|d| board.neighbour(p, d))
        .map(|q| board.name(q).to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn star_neighbours_follow_the_doubled_coordinate_rule() {
    let board = Board::of(Variant::ChineseCheckers);
    // x = 2·(index − 1) − (row length − 1), y = row number, from the names alone.
    let coords = |name: &str| -> (i32, i32) {
        let row = usize::from(name.as_bytes()[0] - b'a');
        let k: i32 = name[1..].parse().expect("a number");
        (2 * (k - 1) - (i32::from(STAR_ROWS[row]) - 1), row as i32)
    };
    let all: Vec<String> = board.cells().iter().map(|c| c.name.clone()).collect();
    for a in &all {
        let (x, y) = coords(a);
        let mut expected: Vec<String> = all
            .iter()
            .filter(|b| {
                let (bx, by) = coords(b);
                let (dx, dy) = (bx - x, by - y);
                (dy == 0 && dx.abs() == 2) || (dy.abs() == 1 && dx.abs() == 1)
            })
            .cloned()
            .collect();
        expected.sort();
        assert_eq!(neighbour_names(board, a), expected, "neighbours of {a}");
    }
    assert_eq!(board.directions().len(), 6);
}

#[test]
fn star_centre_has_six_neighbours_and_the_tips_two() {
    let board = Board::of(Variant::ChineseCheckers);
    assert_eq!(neighbour_names(board, "i5"), sorted("h5 h6 i4 i6 j5 j6"));
    assert_eq!(neighbour_names(board, "a1"), sorted("b1 b2"));
    assert_eq!(neighbour_names(board, "q1"), sorted("p1 p2"));
    assert_eq!(neighbour_names(board, "e1"), sorted("e2 f1"));
    assert_eq!(neighbour_names(board, "e13"), sorted("e12 f12"));
    assert_eq!(neighbour_names(board, "m1"), sorted("m2 l1"));
    assert_eq!(neighbour_names(board, "m13"), sorted("m12 l12"));
    // Where the camps meet the hexagon: d1 touches c1, d2 and two points of row e.
    assert_eq!(neighbour_names(board, "d1"), sorted("c1 d2 e5 e6"));
    let six = board
        .cells()
        .iter()
        .filter(|c| neighbour_names(board, &c.name).len() == 6)
        .count();
    let two = board
        .cells()
        .iter()
        .filter(|c| neighbour_names(board, &c.name).len() == 2)
        .count();
    assert_eq!(two, 6, "the six tips");
    assert!(six > 60, "most points have six neighbours ({six})");
}

#[test]
fn square_points_have_up_to_eight_neighbours() {
    for (variant, size) in [
        (Variant::Halma8, 8u8),
        (Variant::Halma10, 10),
        (Variant::Halma16, 16),
    ] {
        let board = Board::of(variant);
        assert_eq!(board.len(), usize::from(size) * usize::from(size));
        assert_eq!(board.directions().len(), 8);
        for cell in board.cells() {
            let f = cell.name.as_bytes()[0] - b'a';
            let r: u8 = cell.name[1..].parse().expect("a number");
            let mut expected = Vec::new();
            for df in -1i32..=1 {
                for dr in -1i32..=1 {
                    let (nf, nr) = (i32::from(f) + df, i32::from(r) + dr);
                    if (df, dr) != (0, 0)
                        && (0..i32::from(size)).contains(&nf)
                        && (1..=i32::from(size)).contains(&nr)
                    {
                        expected.push(format!("{}{nr}", char::from(b'a' + nf as u8)));
                    }
                }
            }
            expected.sort();
            assert_eq!(
                neighbour_names(board, &cell.name),
                expected,
                "{}",
                cell.name
            );
        }
    }
    let board = Board::of(Variant::Halma8);
    assert_eq!(
        neighbour_names(board, "d4"),
        sorted("c3 c4 c5 d3 d5 e3 e4 e5")
    );
    assert_eq!(neighbour_names(board, "a1"), sorted("a2 b1 b2"));
    assert_eq!(neighbour_names(board, "a4"), sorted("a3 a5 b3 b4 b5"));
}

// ---- Steps and jumps ------------------------------------------------------------------------

/// Seat 2 at home, out of the way, on 8×8.
const H8_SEAT2: &str = "e8 f8 g8 h8 f7 g7 h7 g6 h6 h5";

#[test]
fn a_step_goes_to_any_adjacent_empty_point() {
    let s = setup(Variant::Halma8, 2);
    let p = build(
        s,
        1,
        1,
        &[(1, "d4 a1 b1 c1 a2 b2 c2 a3 b3 a4"), (2, H8_SEAT2)],
    );
    assert_eq!(dests(&p, "d4"), sorted("c3 c4 c5 d3 d5 e3 e4 e5"));
    // On the star, six directions.
    let s = setup(Variant::ChineseCheckers, 2);
    let p = build(s, 1, 1, &[(1, "i5 a1 b1 b2 c1 c2 c3 d2 d3 d4"), (4, NORTH)]);
    assert_eq!(dests(&p, "i5"), sorted("h5 h6 i4 i6 j5 j6"));
    assert_eq!(dests(&p, "d2"), sorted("d1 e6 e7"));
}

#[test]
fn a_jump_goes_over_an_own_or_another_piece_onto_the_empty_point_beyond() {
    let s = setup(Variant::Halma8, 2);
    // d4 with its own piece on e4 and seat 2's on d5; f4 and d6 beyond are empty.
    let p = build(
        s,
        1,
        1,
        &[
            (1, "d4 e4 a1 b1 c1 a2 b2 c2 a3 a4"),
            (2, "d5 e8 f8 g8 h8 f7 g7 h7 g6 h6"),
        ],
    );
    assert_eq!(dests(&p, "d4"), sorted("c3 c4 c5 d3 e3 e5 f4 d6"));
    assert_eq!(
        move_to_string(&p, Move::new(point(&p, "d4"), point(&p, "f4"))),
        "d4-f4"
    );
    // Onto an occupied point there is no jump: with f4 taken, d4 does not reach it.
    let q = build(
        s,
        1,
        1,
        &[
            (1, "d4 e4 f4 b1 c1 a2 b2 c2 a3 a4"),
            (2, "d5 d6 f8 g8 h8 f7 g7 h7 g6 h6"),
        ],
    );
    assert_eq!(dests(&q, "d4"), sorted("c3 c4 c5 d3 e3 e5"));
}

#[test]
fn a_chain_changes_direction_and_may_stop_after_any_jump() {
    let s = setup(Variant::Halma8, 2);
    // a1 over b2 to c3, over d4 to e5 (north-east twice), then over f5 to g5 (east).
    let p = build(
        s,
        1,
        1,
        &[
            (1, "a1 b2 d4 h1 h2 h3 g1 g2 g3 f1"),
            (2, "f5 f8 g8 h8 f7 g7 h7 g6 h6 h5"),
        ],
    );
    assert_eq!(dests(&p, "a1"), sorted("a2 b1 c3 e5 g5"));
    let path = |to: &str| move_to_string(&p, Move::new(point(&p, "a1"), point(&p, to)));
    assert_eq!(path("c3"), "a1-c3");
    assert_eq!(path("e5"), "a1-c3-e5");
    assert_eq!(path("g5"), "a1-c3-e5-g5");
    for text in ["a1-c3", "a1-c3-e5", "a1-c3-e5-g5"] {
        assert!(parse_move(&p, text).is_ok(), "{text}");
    }
}

#[test]
fn a_step_and_jumps_are_never_combined() {
    let s = setup(Variant::Halma8, 2);
    // a1 could step to b1 and then jump c1 to d1, or jump b2 to c3 and then step to d3.
    let p = build(
        s,
        1,
        1,
        &[
            (1, "a1 b2 h1 h2 h3 g1 g2 g3 f1 f2"),
            (2, "c1 f8 g8 h8 f7 g7 h7 g6 h6 h5"),
        ],
    );
    assert_eq!(dests(&p, "a1"), sorted("a2 b1 c3"));
    let err = parse_move(&p, "a1-b1-d1").expect_err("refused");
    assert_eq!(
        err,
        ParseMoveError::StepInChain {
            from: "a1".into(),
            to: "b1".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "a1-b1 is a step, and a step and jumps are never combined"
    );
    assert!(matches!(
        parse_move(&p, "a1-c3-d3"),
        Err(ParseMoveError::StepInChain { .. })
    ));
    assert!(matches!(
        parse_move(&p, "a1-d3"),
        Err(ParseMoveError::NoChain { .. })
    ));
}

#[test]
fn two_chains_to_the_same_point_are_one_move_printed_by_the_shortest() {
    let s = setup(Variant::Halma8, 2);
    // a1 reaches e5 by a1-c3-e5 (over b2, d4) and by a1-c1-e3-e5 (over b1, d2, e4).
    let p = build(
        s,
        1,
        1,
        &[(1, "a1 b1 b2 d2 d4 e4 h1 h2 h3 g1"), (2, H8_SEAT2)],
    );
    let a1 = point(&p, "a1");
    let e5 = point(&p, "e5");
    let to_e5 = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == a1 && m.to() == e5)
        .count();
    assert_eq!(to_e5, 1, "one move, however many chains");
    assert_eq!(move_to_string(&p, Move::new(a1, e5)), "a1-c3-e5");
    assert_eq!(parse_move(&p, "a1-c1-e3-e5"), Ok(Move::new(a1, e5)));
    assert_eq!(parse_move(&p, "a1-c3-e5"), Ok(Move::new(a1, e5)));
    assert_eq!(parse_move(&p, "a1-e5"), Ok(Move::new(a1, e5)));
}

#[test]
fn no_move_ends_where_it_started() {
    let s = setup(Variant::Halma8, 2);
    // a1 over b2 to c3, over c2 to c1, over b1 back to a1.
    let p = build(
        s,
        1,
        1,
        &[(1, "a1 b1 b2 c2 h1 h2 h3 g1 g2 g3"), (2, H8_SEAT2)],
    );
    let d = dests(&p, "a1");
    assert!(!d.contains(&"a1".to_string()), "{d:?}");
    assert_eq!(d, sorted("a2 a3 c1 c3"));
    let err = parse_move(&p, "a1-c3-c1-a1").expect_err("refused");
    assert_eq!(err, ParseMoveError::SamePoint("a1".into()));
    assert_eq!(err.to_string(), "a move may not end where it started (a1)");
    assert_eq!(
        parse_move(&p, "a1-a1"),
        Err(ParseMoveError::SamePoint("a1".into()))
    );
    assert!(p.legal_moves().iter().all(|m| m.from() != m.to()));
}

// ---- The star's camp lock -------------------------------------------------------------------

/// Seat 1 has seven pieces in its target (the north), n2–n4 empty; m6 and m7 are occupied, so
/// that n1 could leave over m6 to l6 and come back over m7 to n3.
fn camp_lock_position() -> Position {
    let s = setup(Variant::ChineseCheckers, 2);
    build(
        s,
        1,
        30,
        &[(1, "n1 o1 o2 o3 p1 p2 q1 m6 m7 i5"), (4, SOUTH_WEST)],
    )
}

#[test]
fn star_piece_in_its_target_camp_moves_only_within_it() {
    let p = camp_lock_position();
    assert_eq!(
        dests(&p, "n1"),
        ["n2"],
        "l6 and n3 (over l6) are outside or left"
    );
    assert_eq!(
        parse_move(&p, "n1-l6"),
        Err(ParseMoveError::LeavesTargetCamp("n1".into()))
    );
    // A chain that leaves and comes back in is no more allowed.
    let err = parse_move(&p, "n1-l6-n3").expect_err("refused");
    assert_eq!(err, ParseMoveError::LeavesTargetCamp("n1".into()));
    assert_eq!(
        err.to_string(),
        "the piece on n1 stands in its target camp and may only move within it"
    );
    assert!(matches!(
        parse_move(&p, "n1-n3"),
        Err(ParseMoveError::NoChain { .. })
    ));
    // o3's jumps over o2 and p2 land on o1 and q1, both taken: it steps to n3 or n4.
    assert_eq!(dests(&p, "o3"), sorted("n3 n4"));
    // Pieces outside their target move freely: m6 steps down and jumps over m7 to m8.
    let d = dests(&p, "m6");
    assert!(
        d.contains(&"l5".to_string()) && d.contains(&"m8".to_string()),
        "{d:?}"
    );
    // m7 may enter the camp: a step to n2 or n3.
    let d = dests(&p, "m7");
    assert!(
        d.contains(&"n2".to_string()) && d.contains(&"n3".to_string()),
        "{d:?}"
    );
}

/// `list` without the points in `drop`.
fn without(list: &str, drop: &str) -> String {
    let drop: Vec<&str> = drop.split_whitespace().collect();
    list.split_whitespace()
        .filter(|p| !drop.contains(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// 16×16 with 2: seat 2 has left p16 in its camp; seat 1 fills the rest but o12 and stands
/// on n11, next to it.
fn halma16_nearly_full_target() -> Position {
    let s = setup(Variant::Halma16, 2);
    let target = run("l16-p16 l15-p15 m14-p14 n13-p13 o12-p12");
    let seat1 = format!("{} n11 a1", without(&target, "p16 o12"));
    let seat2 = format!("p16 {}", run("a7-i7 a8-i8"));
    build(s, 1, 40, &[(1, &seat1), (2, &seat2)])
}

#[test]
fn the_camp_lock_is_the_stars_alone() {
    // On 16×16 seat 1's piece on n13 stands in its target and may still step out.
    let p = halma16_nearly_full_target();
    let d = dests(&p, "n13");
    assert!(
        d.contains(&"m13".to_string()) && d.contains(&"n12".to_string()),
        "{d:?}"
    );
}

#[test]
fn pieces_pass_through_and_stop_in_other_camps() {
    // Two players on the star: the side camps are empty. h3 jumps over h2 into the south-west
    // camp (h1), on over g1 (f1) and f2 (f3), and out over f4 (f5); it may stop on any of them.
    let s = setup(Variant::ChineseCheckers, 2);
    let p = build(s, 1, 3, &[(1, "h3 h2 g1 f2 f4 e4 a1 b1 b2 c1"), (4, NORTH)]);
    assert_eq!(dests(&p, "h3"), sorted("h4 g3 g4 i2 i3 h1 f1 f3 f5"));
    let h3 = point(&p, "h3");
    assert_eq!(
        move_to_string(&p, Move::new(h3, point(&p, "f5"))),
        "h3-h1-f1-f3-f5"
    );
    // A piece standing in a camp other than its target is not held there.
    assert!(dests(&p, "e4").contains(&"e5".to_string()));
}

// ---- The yard rule (8×8 and 10×10) ----------------------------------------------------------

/// 8×8: seat 1 keeps a1 at home; seat 2's piece on b2 lets it jump out to c3.
fn yard8(to_move: u8, round: u32) -> Position {
    build(
        setup(Variant::Halma8, 2),
        to_move,
        round,
        &[
            (1, "a1 e3 f3 g3 h3 e4 f4 g4 h4 h2"),
            (2, "b2 a6 b6 c6 d6 a7 b7 c7 d7 a8"),
        ],
    )
}

#[test]
fn yard_rule_8x8_a_piece_at_home_after_move_30_is_no_loss() {
    // Seat 1 to move in round 30 has made 29 moves; a1 may still step within the camp.
    let p = yard8(1, 30);
    assert_eq!(dests(&p, "a1"), sorted("a2 b1 c3"));
    let mut game = Game::from_position(p);
    game.play_text("e3-d3").expect("move 30");
    assert_eq!(game.position().moves_made(seat(1)), 30);
    assert!(
        game.position().lost().is_empty(),
        "30 moves with a piece at home is allowed"
    );
    assert!(game.outcome().is_none());
    // And seat 1 to move in round 31 (30 made, a1 at home) is a position in play.
    let p = yard8(1, 31);
    assert!(!p.is_over() && p.lost().is_empty());
}

#[test]
fn yard_rule_8x8_move_31_may_not_end_at_home() {
    let p = yard8(1, 31);
    assert_eq!(dests(&p, "a1"), ["c3"], "a2 and b1 are in the own camp");
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| !p.layout().home[0].contains(m.to())));
    let err = parse_move(&p, "a1-b1").expect_err("refused");
    assert_eq!(
        err,
        ParseMoveError::EndsInOwnCamp {
            point: "b1".into(),
            move_number: 31
        }
    );
    assert_eq!(
        err.to_string(),
        "from move 31 on a move may not end in the own camp (b1)"
    );
    // Leaving is fine, and then nothing is at home any more.
    let mut game = Game::from_position(p);
    game.play_text("a1-c3").expect("a legal move");
    assert!(game.outcome().is_none());
}

#[test]
fn yard_rule_8x8_a_piece_at_home_after_move_31_loses() {
    let mut game = Game::from_position(yard8(1, 31));
    game.play_text("e3-d3").expect("a legal move");
    assert!(game.position().lost().contains(seat(1)));
    let outcome = game.outcome().expect("seat 1 has lost");
    assert_eq!(outcome.reason, EndReason::YardRule);
    assert_eq!(outcome.winner(), Some(seat(2)));
    // The same position read from its string: seat 2 to move in round 31 (seat 1 has made 31).
    let p = yard8(2, 31);
    assert!(p.is_over() && p.lost().contains(seat(1)));
    let outcome = Game::from_position(p).outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::YardRule);
    assert_eq!(outcome.winner(), Some(seat(2)));
}

/// 10×10: seat 1 keeps a1 at home; a1 jumps over b2 to c3 (in the camp) and on over d4 to e5.
fn yard10(to_move: u8, round: u32) -> Position {
    build(
        setup(Variant::Halma10, 2),
        to_move,
        round,
        &[
            (1, &format!("a1 {}", run("f4-j4 f3-j3 g2-j2"))),
            (2, &format!("b2 d4 {}", run("a7-e7 a8-e8 a9-c9"))),
        ],
    )
}

#[test]
fn yard_rule_10x10_edges_are_moves_50_and_51() {
    let p = yard10(1, 50);
    assert_eq!(dests(&p, "a1"), sorted("a2 b1 c3 e5"));
    let mut game = Game::from_position(p);
    game.play_text("f3-e3").expect("a legal move");
    assert!(game.outcome().is_none(), "50 moves with a piece at home");

    let p = yard10(1, 51);
    assert!(!p.is_over());
    assert_eq!(
        dests(&p, "a1"),
        ["e5"],
        "the chain may pass through the camp"
    );
    assert_eq!(
        move_to_string(&p, parse_move(&p, "a1-e5").expect("a legal move")),
        "a1-c3-e5"
    );
    assert_eq!(
        parse_move(&p, "a1-c3"),
        Err(ParseMoveError::EndsInOwnCamp {
            point: "c3".into(),
            move_number: 51
        })
    );
    let mut game = Game::from_position(p);
    game.play_text("f3-e3").expect("a legal move");
    let outcome = game.outcome().expect("a piece at home after move 51");
    assert_eq!(outcome.reason, EndReason::YardRule);
    assert_eq!(outcome.winner(), Some(seat(2)));
}

#[test]
fn yard_rule_is_for_8x8_and_10x10_only() {
    // The star and 16×16 have no yard rule: the start pieces at home in round 150 are fine.
    for s in [
        setup(Variant::ChineseCheckers, 2),
        setup(Variant::Halma16, 4),
    ] {
        let start = Position::start(s).to_string();
        let late = start.replacen(":1:", ":150:", 1);
        let p = pos(s, &late);
        assert!(!p.is_over() && p.lost().is_empty(), "{s}");
        assert_eq!(p.count_moves(), Position::start(s).count_moves(), "{s}");
    }
}

// ---- Anti-spoiling --------------------------------------------------------------------------

#[test]
fn anti_spoiling_wins_on_16x16() {
    let p = halma16_nearly_full_target();
    assert!(p.finished().is_empty());
    let mut game = Game::from_position(p);
    game.play_text("n11-o12").expect("a legal move");
    let outcome = game
        .outcome()
        .expect("the target is full with 18 of seat 1's pieces");
    assert_eq!(outcome.reason, EndReason::AntiSpoiling);
    assert_eq!(outcome.winner(), Some(seat(1)));
}

#[test]
fn anti_spoiling_wins_on_the_star() {
    // Seat 4 has left q1 in its camp; seat 1 fills the rest with m5-n1.
    let s = setup(Variant::ChineseCheckers, 2);
    let p = build(
        s,
        1,
        60,
        &[
            (1, "n2 n3 n4 o1 o2 o3 p1 p2 m5 a1"),
            (4, "q1 e1 e2 e3 e4 f1 f2 f3 g1 g2"),
        ],
    );
    let mut game = Game::from_position(p);
    game.play_text("m5-n1").expect("a legal move");
    let outcome = game.outcome().expect("full target with own pieces in it");
    assert_eq!(outcome.reason, EndReason::AntiSpoiling);
    assert_eq!(outcome.winner(), Some(seat(1)));
    // Filling it with all own pieces is the ordinary win.
    let p = build(
        s,
        1,
        60,
        &[
            (1, "n2 n3 n4 o1 o2 o3 p1 p2 q1 m5"),
            (4, "a1 e1 e2 e3 e4 f1 f2 f3 g1 g2"),
        ],
    );
    let mut game = Game::from_position(p);
    game.play_text("m5-n1").expect("a legal move");
    assert_eq!(
        game.outcome().expect("over").reason,
        EndReason::TargetFilled
    );
}

#[test]
fn anti_spoiling_does_not_apply_on_8x8_or_10x10() {
    // 8×8: seat 2 keeps h8 at home, seat 1 fills the other nine points with d8-e8.
    let s = setup(Variant::Halma8, 2);
    let p = build(
        s,
        1,
        10,
        &[
            (1, "f8 g8 f7 g7 h7 g6 h6 h5 d8 c4"),
            (2, "h8 c5 d5 e5 c6 d6 e6 a6 b6 a5"),
        ],
    );
    let mut game = Game::from_position(p);
    game.play_text("d8-e8").expect("a legal move");
    let after = *game.position();
    assert!(
        after.layout().target[0].is_subset(after.occupied()),
        "the camp is full"
    );
    assert!(after.finished().is_empty() && game.outcome().is_none());
    assert_eq!(after.to_move(), seat(2));
    // 10×10 likewise.
    let s = setup(Variant::Halma10, 2);
    let target = run("f10-j10 g9-j9 h8-j8 i7-j7 j6");
    let p = build(
        s,
        1,
        10,
        &[
            (1, &format!("{} e10 a1", without(&target, "j10 f10"))),
            (2, &format!("j10 {}", run("a5-e5 a6-e6 a7-d7"))),
        ],
    );
    let mut game = Game::from_position(p);
    game.play_text("e10-f10").expect("a legal move");
    assert!(game.position().layout().target[0].is_subset(game.position().occupied()));
    assert!(game.outcome().is_none());
}

// ---- Passes ---------------------------------------------------------------------------------

/// Three players on the star: seat 1 at home, walled in by seats 3 and 5 on e5–e9 and f4–f9,
/// so that no step and no jump is left.
pub fn walled_in() -> Position {
    build(
        setup(Variant::ChineseCheckers, 3),
        1,
        1,
        &[
            (1, SOUTH),
            (3, "e5 e6 e7 e8 e9 f4 f5 f6 f7 f8"),
            (5, "f9 j10 k10 k11 l10 l11 l12 m11 m12 m13"),
        ],
    )
}

#[test]
fn a_player_without_a_move_passes() {
    let p = walled_in();
    assert_eq!(p.legal_moves().as_slice(), [Move::PASS]);
    assert_eq!(names(&p), ["pass"]);
    // Only the one pass move is legal, not any move that starts where it ends.
    let own = p.pieces(p.to_move()).first().expect("a piece");
    assert!(!p.is_legal(Move::new(own, own)));
    let mut game = Game::from_position(p);
    assert_eq!(game.play_text("pass"), Ok(Move::PASS));
    assert_eq!(game.position().to_move(), seat(3));
    assert_eq!(game.position().moves_made(seat(1)), 1, "a pass is a turn");
    // Seat 3 has moves and may not pass.
    let err = game.play_text("pass").expect_err("refused");
    assert_eq!(err, ParseMoveError::PassNotAllowed(seat(3)));
    assert_eq!(err.to_string(), "seat 3 has a legal move and may not pass");
    assert_eq!(game.ply(), 1);
    // And on an ordinary start, pass is refused.
    let start = Position::start(setup(Variant::Halma8, 2));
    assert_eq!(
        parse_move(&start, "pass"),
        Err(ParseMoveError::PassNotAllowed(seat(1)))
    );
    assert!(!start.is_legal(Move::PASS));
}

// ---- Placings -------------------------------------------------------------------------------

/// Every seat in play has nine pieces in its target and one next to the target's last empty
/// point (seat: gap, the piece, another point next to the gap for a waiting move).
const NEAR_FINISH: [(u8, &str, &str, &str, &str); 6] = [
    (1, NORTH, "n2", "m6", "m7"),
    (2, NORTH_EAST, "m10", "m9", "l9"),
    (3, SOUTH_EAST, "e10", "f9", "e9"),
    (4, SOUTH, "d2", "e6", "e7"),
    (5, SOUTH_WEST, "e4", "f4", "e5"),
    (6, NORTH_WEST, "m4", "l4", "m5"),
];

fn near_finish(players: u8) -> Game {
    let s = setup(Variant::ChineseCheckers, players);
    let in_play: Vec<u8> = s.layout().seats.iter().map(|s| s.number()).collect();
    let lists: Vec<(u8, String)> = NEAR_FINISH
        .iter()
        .filter(|row| in_play.contains(&row.0))
        .map(|&(n, target, gap, piece, _)| (n, format!("{} {piece}", without(target, gap))))
        .collect();
    let pieces: Vec<(u8, &str)> = lists.iter().map(|(n, l)| (*n, l.as_str())).collect();
    let p = build(s, 1, 1, &pieces);
    assert!(p.finished().is_empty());
    Game::from_position(p)
}

/// Seat `n`'s move into its gap (from where its piece stands now).
fn finish(game: &mut Game, n: u8) {
    let (_, _, gap, piece, wait) = NEAR_FINISH[usize::from(n) - 1];
    assert_eq!(game.position().to_move(), seat(n));
    let from = if game.position().seat_at(point(game.position(), piece)) == Some(seat(n)) {
        piece
    } else {
        wait
    };
    game.play_text(&format!("{from}-{gap}"))
        .expect("a legal move");
    assert!(game.position().finished().contains(seat(n)), "seat {n}");
}

/// Seat `n`'s waiting move, which finishes nobody.
fn wait(game: &mut Game, n: u8) {
    let (_, _, _, piece, wait) = NEAR_FINISH[usize::from(n) - 1];
    assert_eq!(game.position().to_move(), seat(n));
    game.play_text(&format!("{piece}-{wait}"))
        .expect("a legal move");
    assert!(!game.position().finished().contains(seat(n)));
}

fn ranking(game: &Game) -> Vec<Vec<u8>> {
    game.outcome()
        .expect("over")
        .ranking
        .iter()
        .map(|g| g.iter().map(|s| s.number()).collect())
        .collect()
}

#[test]
fn placings_with_three_players() {
    let mut game = near_finish(3);
    finish(&mut game, 1);
    assert!(game.outcome().is_none(), "the others play on");
    wait(&mut game, 3);
    wait(&mut game, 5);
    assert_eq!(
        game.position().to_move(),
        seat(3),
        "finished seat 1 is skipped"
    );
    assert_eq!(game.position().round(), 2);
    finish(&mut game, 3);
    assert_eq!(ranking(&game), [[1], [3], [5]]);
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::TargetFilled);
    assert_eq!(outcome.place(seat(5)), Some(3));
    assert_eq!(outcome.winner(), Some(seat(1)));
}

#[test]
fn placings_with_four_players() {
    let mut game = near_finish(4);
    finish(&mut game, 1);
    wait(&mut game, 2);
    finish(&mut game, 4);
    wait(&mut game, 5);
    assert_eq!(game.position().to_move(), seat(2));
    assert!(game.outcome().is_none());
    finish(&mut game, 2);
    assert_eq!(ranking(&game), [[1], [4], [2], [5]]);
}

#[test]
fn placings_with_six_players() {
    let mut game = near_finish(6);
    wait(&mut game, 1);
    finish(&mut game, 2);
    finish(&mut game, 3);
    wait(&mut game, 4);
    finish(&mut game, 5);
    wait(&mut game, 6);
    assert_eq!(
        (game.position().to_move(), game.position().round()),
        (seat(1), 2)
    );
    finish(&mut game, 1);
    assert_eq!(game.position().to_move(), seat(4), "2 and 3 are skipped");
    assert!(game.outcome().is_none());
    finish(&mut game, 4);
    assert_eq!(ranking(&game), [[2], [3], [5], [1], [4], [6]]);
    assert!(game.legal_moves().is_empty());
}

// ---- Draws ----------------------------------------------------------------------------------

/// Plays, for every seat in turn, a step out and, the next round, the step back.
fn shuffle_round_trip(game: &mut Game) {
    let seats = game.position().layout().seats.clone();
    let mut back = Vec::new();
    for _ in &seats {
        let p = *game.position();
        let m = *p
            .legal_moves()
            .iter()
            .find(|m| {
                p.path(**m).len() == 2 && p.board().direction_between(m.from(), m.to()).is_some()
            })
            .expect("a step");
        back.push(Move::new(m.to(), m.from()));
        game.play(m).expect("a legal move");
    }
    for m in back {
        assert!(game.outcome().is_none() || game.setup().players() == 2);
        if game.outcome().is_some() {
            return;
        }
        game.play(m).expect("a legal move");
    }
}

#[test]
fn threefold_repetition_draws_with_two_players() {
    let mut game = Game::new(setup(Variant::Halma8, 2));
    shuffle_round_trip(&mut game);
    assert_eq!(game.repetitions(), 2);
    assert!(game.outcome().is_none(), "twice is not yet a draw");
    shuffle_round_trip(&mut game);
    assert_eq!(game.repetitions(), 3);
    let outcome = game.outcome().expect("the start for the third time");
    assert_eq!(outcome.reason, EndReason::Repetition);
    assert!(outcome.is_draw());
    assert_eq!(ranking(&game), [vec![1, 2]]);
    assert!(game.legal_moves().is_empty());
}

#[test]
fn no_repetition_draw_with_three_or_more_players() {
    for players in [3, 4, 6] {
        let mut game = Game::new(setup(Variant::ChineseCheckers, players));
        for _ in 0..3 {
            shuffle_round_trip(&mut game);
        }
        assert_eq!(game.repetitions(), 4);
        assert!(game.outcome().is_none(), "{players} players");
    }
}

#[test]
fn two_hundred_moves_each_draw_for_those_still_playing() {
    assert_eq!(MOVE_LIMIT, 200);
    // Two players on the star: seat 4's 200th move ends the game.
    let s = setup(Variant::ChineseCheckers, 2);
    let p = pos(s, &STAR_START_2.replacen("1:1:", "4:200:", 1));
    assert!(!p.is_over());
    let mut game = Game::from_position(p);
    game.play_text("n1-m5").expect("a legal move");
    assert_eq!(game.position().round(), MOVE_LIMIT + 1);
    let outcome = game.outcome().expect("round 201");
    assert_eq!(outcome.reason, EndReason::MoveLimit);
    assert_eq!(ranking(&game), [vec![1, 4]]);
    // Round 200 with seat 1 to move is still in play.
    assert!(!pos(s, &STAR_START_2.replacen("1:1:", "1:200:", 1)).is_over());
    // Round 201 read from a string is over.
    assert!(pos(s, &STAR_START_2.replacen("1:1:", "1:201:", 1)).is_over());

    // Three players, seat 1 finished: 3 and 5 share second place.
    let s = setup(Variant::ChineseCheckers, 3);
    let p = build(
        s,
        5,
        200,
        &[
            (1, NORTH),
            (3, &format!("{} f9", without(SOUTH_EAST, "e10"))),
            (5, &format!("{} f4", without(SOUTH_WEST, "e4"))),
        ],
    );
    let mut game = Game::from_position(p);
    game.play_text("f4-e5").expect("a legal move");
    let outcome = game.outcome().expect("round 201");
    assert_eq!(outcome.reason, EndReason::MoveLimit);
    assert_eq!(ranking(&game), [vec![1], vec![3, 5]]);
    assert_eq!(outcome.place(seat(5)), Some(2));
}

// ---- Resignation ----------------------------------------------------------------------------

#[test]
fn resignation_with_two_players_the_other_wins() {
    let mut game = Game::new(setup(Variant::ChineseCheckers, 2));
    game.resign(seat(1)).expect("a seat still playing");
    let outcome = game.outcome().expect("over");
    assert_eq!(
        (outcome.reason, outcome.winner()),
        (EndReason::Resignation, Some(seat(4)))
    );
    // The seat not to move may resign too.
    let mut game = Game::new(setup(Variant::Halma8, 2));
    game.resign(seat(2)).expect("a seat still playing");
    assert_eq!(game.outcome().expect("over").winner(), Some(seat(1)));
    assert!(game.resign(seat(1)).is_err(), "the game is over");
}

#[test]
fn resignation_with_more_players_leaves_the_pieces_as_obstacles() {
    let mut game = Game::new(setup(Variant::ChineseCheckers, 3));
    let before = game.position().to_string();
    game.resign(seat(3)).expect("a seat still playing");
    assert!(game.outcome().is_none());
    assert_eq!(
        game.position().to_string(),
        before,
        "the pieces stay where they stand"
    );
    assert_eq!(
        set_names(game.position().board(), game.position().pieces(seat(3))),
        sorted(NORTH_WEST)
    );
    assert!(game.position().layout().home[2].is_subset(game.position().occupied()));
    game.play_text("d1-e5").expect("a legal move");
    assert_eq!(game.position().to_move(), seat(5), "seat 3 is skipped");
    game.play_text("j10-i9").expect("a legal move");
    assert_eq!(game.position().to_move(), seat(1));
    game.resign(seat(5)).expect("a seat still playing");
    let outcome = game.outcome().expect("one player left");
    assert_eq!(outcome.reason, EndReason::Resignation);
    assert_eq!(ranking(&game), [[1], [5], [3]]);
}

// ---- Turn order -----------------------------------------------------------------------------

#[test]
fn turn_order_of_every_setup() {
    let expected: [(Variant, u8, &[u8]); 8] = [
        (Variant::Halma8, 2, &[1, 2]),
        (Variant::Halma10, 2, &[1, 2]),
        (Variant::Halma16, 2, &[1, 2]),
        (Variant::Halma16, 4, &[1, 2, 3, 4]),
        (Variant::ChineseCheckers, 2, &[1, 4]),
        (Variant::ChineseCheckers, 3, &[1, 3, 5]),
        (Variant::ChineseCheckers, 4, &[1, 2, 4, 5]),
        (Variant::ChineseCheckers, 6, &[1, 2, 3, 4, 5, 6]),
    ];
    assert_eq!(Setup::all().count(), expected.len());
    for (variant, players, order) in expected {
        let s = setup(variant, players);
        let seats: Vec<u8> = s.layout().seats.iter().map(|s| s.number()).collect();
        assert_eq!(seats, order, "{s}");
        // Two rounds of play follow the same order, the round counting up after the last.
        let mut p = Position::start(s);
        for round in 1..=2u32 {
            for &n in order {
                assert_eq!((p.to_move().number(), p.round()), (n, round), "{s}");
                p.play(p.legal_moves()[0]);
            }
        }
        assert_eq!((p.to_move().number(), p.round()), (order[0], 3));
    }
}

#[test]
fn halma16_four_players_sit_clockwise_from_a1() {
    let s = setup(Variant::Halma16, 4);
    for (n, corner) in [(1, "a1"), (2, "a16"), (3, "p16"), (4, "p1")] {
        assert!(
            camp_of(s, n).contains(&corner.to_string()),
            "seat {n} in {corner}"
        );
    }
    let s = setup(Variant::Halma16, 2);
    assert!(camp_of(s, 1).contains(&"a1".to_string()));
    assert!(camp_of(s, 2).contains(&"p16".to_string()));
}

// ---- Position strings and move text ---------------------------------------------------------

#[test]
fn chinese_checkers_start_for_two_is_specs_string() {
    let s = setup(Variant::ChineseCheckers, 2);
    let start = Position::start(s);
    assert_eq!(start.to_string(), STAR_START_2);
    assert_eq!(pos(s, STAR_START_2), start);
}

#[test]
fn position_strings_of_the_square_starts() {
    let start = Position::start(setup(Variant::Halma8, 2));
    assert_eq!(
        start.to_string(),
        "1:1:1111..../111...../11....../1......./.......2/......22/.....222/....2222"
    );
    let start = Position::start(setup(Variant::Halma10, 2));
    assert_eq!(
        start.to_string(),
        "1:1:11111...../1111....../111......./11......../1........./.........2/........22/.......222/......2222/.....22222"
    );
    let start = Position::start(setup(Variant::Halma16, 4));
    let text = start.to_string();
    let rows: Vec<&str> = text[4..].split('/').collect();
    assert_eq!(rows.len(), 16);
    assert_eq!(rows[0], "1111........4444");
    assert_eq!(rows[3], "11............44");
    assert_eq!(rows[4], "................");
    assert_eq!(rows[15], "2222........3333");
    assert_eq!(rows[12], "22............33");
    // Every start reads back as itself.
    for s in Setup::all() {
        let start = Position::start(s);
        assert_eq!(pos(s, &start.to_string()), start, "{s}");
    }
}

#[test]
fn the_position_string_counts_rounds_and_the_seat_to_move() {
    let s = setup(Variant::ChineseCheckers, 3);
    let mut p = Position::start(s);
    assert!(p.to_string().starts_with("1:1:"));
    p.play(parse_move(&p, "d1-e5").expect("a legal move"));
    assert!(
        p.to_string().starts_with("3:1:"),
        "seat 1 has played in round 1"
    );
    p.play(p.legal_moves()[0]);
    p.play(p.legal_moves()[0]);
    assert!(p.to_string().starts_with("1:2:"));
    assert_eq!(p.moves_made(seat(1)), 1);
}

#[test]
fn move_text_examples_from_spec() {
    let s = setup(Variant::ChineseCheckers, 2);
    let start = Position::start(s);
    let step = parse_move(&start, "d1-e5").expect("a legal move");
    assert_eq!(step, Move::new(point(&start, "d1"), point(&start, "e5")));
    assert_eq!(move_to_string(&start, step), "d1-e5");
    let jump = parse_move(&start, "c1-e7").expect("a legal move");
    assert_eq!(move_to_string(&start, jump), "c1-e7");
    // c1-e7 goes over d2: with d2 gone, there is nothing to jump over.
    let p = build(s, 1, 1, &[(1, "a1 b1 b2 c1 c2 c3 d1 d3 d4 i5"), (4, NORTH)]);
    assert!(!dests(&p, "c1").contains(&"e7".to_string()));
    // a1-c3-e5: two jumps on a square board.
    let p = build(
        setup(Variant::Halma8, 2),
        1,
        1,
        &[(1, "a1 b2 d4 h1 h2 h3 g1 g2 g3 f1"), (2, H8_SEAT2)],
    );
    let m = parse_move(&p, "a1-c3-e5").expect("a legal move");
    assert_eq!(move_to_string(&p, m), "a1-c3-e5");
    assert_eq!(parse_move(&p, "A1-E5"), Ok(m), "names ignore case");
    assert_eq!(
        parse_move(&p, " a1 - c3 - e5 "),
        Ok(m),
        "spaces around names are ignored"
    );
}

#[test]
fn chinese_checkers_start_moves_for_two() {
    let start = Position::start(setup(Variant::ChineseCheckers, 2));
    assert_eq!(
        names(&start),
        sorted(
            "c1-e5 c1-e7 c2-e6 c2-e8 c3-e7 c3-e9 d1-e5 d1-e6 d2-e6 d2-e7 d3-e7 d3-e8 d4-e8 d4-e9"
        )
    );
}

#[test]
fn halma8_start_moves() {
    // Steps: d1 (e1 e2 d2), c2 (d2 d3 c3), b3 (c3 c4 b4), a4 (a5 b5 b4), c1-d2, b2-c3, a3-b4;
    // jumps: a1-c3, b1-d3, c1-e1, c1-c3, a2-c4, b2-d2, b2-b4, a3-c3, a3-a5.
    let start = Position::start(setup(Variant::Halma8, 2));
    assert_eq!(
        names(&start),
        sorted(
            "d1-e1 d1-e2 d1-d2 c2-d2 c2-d3 c2-c3 b3-c3 b3-c4 b3-b4 a4-a5 a4-b5 a4-b4 c1-d2 \
             b2-c3 a3-b4 a1-c3 b1-d3 c1-e1 c1-c3 a2-c4 b2-d2 b2-b4 a3-c3 a3-a5"
        )
    );
}

// ---- The parser's refusals ------------------------------------------------------------------

#[test]
fn parser_refusals_name_the_problem() {
    let s = setup(Variant::ChineseCheckers, 2);
    let mut game = Game::new(s);
    game.play_text("d1-e5").expect("a legal move");
    game.play_text("n1-m5").expect("a legal move");
    let p = *game.position();
    let cases: [(&str, ParseMoveError, &str); 12] = [
        (
            "c1-e5",
            ParseMoveError::NotEmpty("e5".into()),
            "e5 is not empty",
        ),
        (
            "c1-i5",
            ParseMoveError::NoChain {
                from: "c1".into(),
                to: "i5".into(),
            },
            "no chain of jumps leads from c1 to i5",
        ),
        (
            "z9-a1",
            ParseMoveError::UnknownPoint("z9".into()),
            "'z9' is not a point of the board",
        ),
        (
            "d2-e14",
            ParseMoveError::UnknownPoint("e14".into()),
            "'e14' is not a point of the board",
        ),
        (
            "d2-",
            ParseMoveError::UnknownPoint("".into()),
            "'' is not a point of the board",
        ),
        (
            "n2-m6",
            ParseMoveError::NotOwnPiece {
                point: "n2".into(),
                seat: seat(1),
            },
            "n2 holds no piece of seat 1",
        ),
        (
            "e6-e7",
            ParseMoveError::NotOwnPiece {
                point: "e6".into(),
                seat: seat(1),
            },
            "e6 holds no piece of seat 1",
        ),
        (
            "d2",
            ParseMoveError::OnePoint("d2".into()),
            "'d2' names only a start; write start and end, e.g. d2-…",
        ),
        ("  ", ParseMoveError::Empty, "no move given"),
        (
            "c1-e7-e9",
            ParseMoveError::NothingToJumpOver {
                from: "e7".into(),
                to: "e9".into(),
            },
            "there is no piece between e7 and e9 to jump over",
        ),
        (
            "c1-e7-g9",
            ParseMoveError::NotAJump {
                from: "e7".into(),
                to: "g9".into(),
            },
            "e7-g9 is neither a step nor a jump",
        ),
        (
            "c1-e7-e8",
            ParseMoveError::StepInChain {
                from: "e7".into(),
                to: "e8".into(),
            },
            "e7-e8 is a step, and a step and jumps are never combined",
        ),
    ];
    for (text, error, message) in cases {
        assert_eq!(parse_move(&p, text), Err(error), "{text}");
        assert_eq!(
            parse_move(&p, text).expect_err("refused").to_string(),
            message,
            "{text}"
        );
    }
    // On a square board, names off the board.
    let start = Position::start(setup(Variant::Halma8, 2));
    assert_eq!(
        parse_move(&start, "d1-i9"),
        Err(ParseMoveError::UnknownPoint("i9".into()))
    );
    // Once the game is over, nothing is read.
    game.resign(seat(4)).expect("a seat still playing");
    assert_eq!(game.play_text("c1-e7"), Err(ParseMoveError::GameOver));
    let over = pos(s, &STAR_START_2.replacen("1:1:", "1:201:", 1));
    assert_eq!(parse_move(&over, "d1-e5"), Err(ParseMoveError::GameOver));
    assert_eq!(ParseMoveError::GameOver.to_string(), "the game is over");
}

#[test]
fn anti_spoiling_as_spec_words_it_counts_a_single_own_piece() {
    // SPEC: the target is full and at least one of its pieces is the player's own. Seat 4 has
    // moved only n1 out; seat 1's first piece to arrive, m5-n1, fills the camp and wins.
    let s = setup(Variant::ChineseCheckers, 2);
    let p = build(
        s,
        1,
        12,
        &[
            (1, "m5 a1 b1 b2 c1 c2 c3 d1 d2 d3"),
            (4, "n2 n3 n4 o1 o2 o3 p1 p2 q1 i5"),
        ],
    );
    let mut game = Game::from_position(p);
    game.play_text("m5-n1").expect("a legal move");
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, EndReason::AntiSpoiling);
    assert_eq!(outcome.winner(), Some(seat(1)));
}
