//! Helpers shared by the test files: positions written as position strings, move lists by name.
#![allow(dead_code)]

use kingme_halma::notation::move_to_string;
use kingme_halma::{Board, Point, Points, Position, Setup, Variant};
use std::collections::HashMap;

pub fn setup(variant: Variant, players: u8) -> Setup {
    Setup::new(variant, players).expect("an offered player count")
}

/// Reads a position string, naming it when it is refused.
pub fn pos(setup: Setup, text: &str) -> Position {
    Position::parse(setup, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The CELLS part of a position string with `pieces` (a seat and the names of its points) on
/// `variant`'s board, everything else empty.
pub fn cells(variant: Variant, pieces: &[(u8, &str)]) -> String {
    let board = Board::of(variant);
    let mut owner: HashMap<Point, u8> = HashMap::new();
    for &(seat, names) in pieces {
        for name in names.split_whitespace() {
            let p = board
                .point(name)
                .unwrap_or_else(|| panic!("{name} is no point"));
            assert!(owner.insert(p, seat).is_none(), "{name} given twice");
        }
    }
    let mut out = String::new();
    let mut cells = board.cells().iter();
    for (r, &len) in board.row_lengths().iter().enumerate() {
        if r > 0 {
            out.push('/');
        }
        for cell in cells.by_ref().take(len as usize) {
            out.push(match owner.get(&cell.point) {
                Some(&s) => char::from(b'0' + s),
                None => '.',
            });
        }
    }
    out
}

/// A position from the seat to move, the round and the pieces by name.
pub fn build(setup: Setup, to_move: u8, round: u32, pieces: &[(u8, &str)]) -> Position {
    let text = format!("{to_move}:{round}:{}", cells(setup.variant(), pieces));
    pos(setup, &text)
}

/// Every legal move as its printed path, sorted.
pub fn names(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|&m| move_to_string(p, m))
        .collect();
    v.sort();
    v
}

pub fn point(p: &Position, name: &str) -> Point {
    p.board()
        .point(name)
        .unwrap_or_else(|| panic!("{name} is no point"))
}

/// The names of a set of points, sorted.
pub fn set_names(board: &Board, set: Points) -> Vec<String> {
    let mut v: Vec<String> = set.iter().map(|p| board.name(p).to_string()).collect();
    v.sort();
    v
}

/// Names from a space-separated list, sorted (to compare with [`set_names`]).
pub fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Where the piece on `from` can go, by name.
pub fn dests(p: &Position, from: &str) -> Vec<String> {
    set_names(p.board(), p.destinations(point(p, from)))
}

/// The names of the points of `seat`'s home camp.
pub fn home(setup: Setup, seat: u8) -> String {
    let layout = setup.layout();
    let s = kingme_halma::Seat::new(seat).expect("seat");
    set_names(layout.board, layout.home[s.index()]).join(" ")
}
