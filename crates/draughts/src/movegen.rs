//! Move generation, compiled once per variant so that every rule is a constant.

use crate::moves::MAX_LANDINGS;
use crate::{
    Bitboard, CaptureChoice, Color, CrowningInCapture, Direction, Move, MoveList, Position,
    RuleSet, Square, Variant,
};

pub(crate) trait Rules {
    const SET: RuleSet;
}

macro_rules! rules_marker {
    ($name:ident, $variant:expr) => {
        pub(crate) struct $name;
        impl Rules for $name {
            const SET: RuleSet = $variant.rules();
        }
    };
}

rules_marker!(EnglishRules, Variant::English);
rules_marker!(InternationalRules, Variant::International);
rules_marker!(RussianRules, Variant::Russian);
rules_marker!(BrazilianRules, Variant::Brazilian);

/// Calls `$f::<R>($args)` with the rules marker of `$variant`.
macro_rules! dispatch {
    ($variant:expr, $f:ident($($arg:expr),*)) => {
        match $variant {
            Variant::English => $f::<EnglishRules>($($arg),*),
            Variant::International => $f::<InternationalRules>($($arg),*),
            Variant::Russian => $f::<RussianRules>($($arg),*),
            Variant::Brazilian => $f::<BrazilianRules>($($arg),*),
        }
    };
}

pub(crate) fn legal_moves(pos: &Position, out: &mut MoveList) {
    dispatch!(pos.variant(), generate(pos, out))
}

pub(crate) fn count_legal_moves(pos: &Position) -> u64 {
    dispatch!(pos.variant(), count(pos))
}

pub(crate) fn has_capture(pos: &Position) -> bool {
    dispatch!(pos.variant(), any_capture(pos))
}

#[inline(always)]
fn forward<R: Rules>(color: Color) -> [Direction; 2] {
    if color == R::SET.first_mover {
        [Direction::UpLeft, Direction::UpRight]
    } else {
        [Direction::DownLeft, Direction::DownRight]
    }
}

#[inline(always)]
fn crowning<R: Rules>(color: Color) -> Bitboard {
    if color == R::SET.first_mover {
        R::SET.geometry.last_rank()
    } else {
        R::SET.geometry.first_rank()
    }
}

#[inline(always)]
fn shift<R: Rules>(bb: Bitboard, dir: Direction) -> Bitboard {
    R::SET.geometry.shift(bb, dir)
}

#[inline(always)]
fn man_capture_dirs<R: Rules>(color: Color) -> &'static [Direction] {
    if R::SET.men_capture_backwards {
        &Direction::ALL
    } else if color == R::SET.first_mover {
        &[Direction::UpLeft, Direction::UpRight]
    } else {
        &[Direction::DownLeft, Direction::DownRight]
    }
}

/// The men of the side to move that can capture at once.
#[inline(always)]
fn capturing_men<R: Rules>(men: Bitboard, enemy: Bitboard, empty: Bitboard, us: Color) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    for &dir in man_capture_dirs::<R>(us) {
        let landings = shift::<R>(shift::<R>(men, dir) & enemy, dir) & empty;
        if landings.non_empty() {
            let back = dir.reverse();
            found |= shift::<R>(shift::<R>(landings, back), back);
        }
    }
    found
}

/// Whether a king on `sq` can capture a piece of `enemy` not in `captured`.
#[inline(always)]
fn king_can_capture<R: Rules>(
    sq: Square,
    enemy: Bitboard,
    captured: Bitboard,
    empty: Bitboard,
) -> bool {
    let sq_bb = Bitboard::from_square(sq);
    for dir in Direction::ALL {
        let mut s = shift::<R>(sq_bb, dir);
        if R::SET.flying_kings {
            while s.intersects(empty) {
                s = shift::<R>(s, dir);
            }
        }
        if s.intersects(enemy) && !s.intersects(captured) && shift::<R>(s, dir).intersects(empty) {
            return true;
        }
    }
    false
}

fn any_capture<R: Rules>(pos: &Position) -> bool {
    let us = pos.turn();
    let enemy = pos.pieces(!us);
    let empty = R::SET.geometry.squares() & !pos.occupied();
    if capturing_men::<R>(pos.men(us), enemy, empty, us).non_empty() {
        return true;
    }
    pos.kings(us)
        .any(|k| king_can_capture::<R>(k, enemy, Bitboard::EMPTY, empty))
}

struct CaptureSearch<'a, R: Rules> {
    out: &'a mut MoveList,
    from: Square,
    enemy: Bitboard,
    empty: Bitboard,
    crowning: Bitboard,
    man_dirs: &'static [Direction],
    best: u32,
    path: [Square; MAX_LANDINGS],
    marker: std::marker::PhantomData<R>,
}

impl<R: Rules> CaptureSearch<'_, R> {
    fn emit(&mut self, len: usize, captured: Bitboard, promotes: bool) {
        let count = captured.count();
        if R::SET.capture_choice == CaptureChoice::Majority {
            if count < self.best {
                return;
            }
            if count > self.best {
                self.out.clear();
                self.best = count;
            }
        }
        let m = Move::new(self.from, self.path, len as u8, captured, promotes);
        if !self.out.contains(&m) {
            self.out.push(m);
        }
    }

    fn man(&mut self, sq: Square, captured: Bitboard, len: usize) {
        let mut continued = false;
        let sq_bb = Bitboard::from_square(sq);
        for &dir in self.man_dirs {
            let mid = shift::<R>(sq_bb, dir);
            if !mid.intersects(self.enemy) || mid.intersects(captured) {
                continue;
            }
            let land = shift::<R>(mid, dir);
            let Some(land_sq) = (land & self.empty).first() else {
                continue;
            };
            continued = true;
            let captured = captured | mid;
            self.path[len] = land_sq;
            if land.intersects(self.crowning) {
                match R::SET.crowning_in_capture {
                    CrowningInCapture::EndsMove => {
                        self.emit(len + 1, captured, true);
                        continue;
                    }
                    CrowningInCapture::ContinuesAsKing => {
                        self.king(land_sq, captured, len + 1, true);
                        continue;
                    }
                    CrowningInCapture::StaysMan => {}
                }
            }
            self.man(land_sq, captured, len + 1);
        }
        if !continued && len > 0 {
            self.emit(len, captured, sq_bb.intersects(self.crowning));
        }
    }

    fn king(&mut self, sq: Square, captured: Bitboard, len: usize, crowned: bool) {
        let mut continued = false;
        let sq_bb = Bitboard::from_square(sq);
        for dir in Direction::ALL {
            let mut target = shift::<R>(sq_bb, dir);
            if R::SET.flying_kings {
                while target.intersects(self.empty) {
                    target = shift::<R>(target, dir);
                }
            }
            if !target.intersects(self.enemy) || target.intersects(captured) {
                continue;
            }
            let mut land = shift::<R>(target, dir) & self.empty;
            if land.is_empty() {
                continue;
            }
            continued = true;
            let captured = captured | target;
            if !R::SET.flying_kings {
                self.path[len] = land.first().expect("checked non-empty");
                self.king(self.path[len], captured, len + 1, crowned);
                continue;
            }
            let mut landings = Bitboard::EMPTY;
            while land.non_empty() {
                landings |= land;
                land = shift::<R>(land, dir) & self.empty;
            }
            if R::SET.capture_choice == CaptureChoice::Free {
                // A king must land where it can go on capturing, when such a square exists.
                let going_on = landings
                    .filter(|&l| king_can_capture::<R>(l, self.enemy, captured, self.empty))
                    .fold(Bitboard::EMPTY, |mut acc, l| {
                        acc.insert(l);
                        acc
                    });
                if going_on.non_empty() {
                    landings = going_on;
                }
            }
            for l in landings {
                self.path[len] = l;
                self.king(l, captured, len + 1, crowned);
            }
        }
        if !continued && len > 0 {
            self.emit(len, captured, crowned);
        }
    }
}

/// Fills `out` with the captures of the side to move; returns whether there were any.
fn captures<R: Rules>(pos: &Position, out: &mut MoveList) -> bool {
    let us = pos.turn();
    let enemy = pos.pieces(!us);
    let board_empty = R::SET.geometry.squares() & !pos.occupied();
    let men = capturing_men::<R>(pos.men(us), enemy, board_empty, us);
    let kings = pos.kings(us);
    if men.is_empty()
        && !{ kings }.any(|k| king_can_capture::<R>(k, enemy, Bitboard::EMPTY, board_empty))
    {
        return false;
    }
    let mut search = CaptureSearch::<R> {
        out,
        from: Square::new_unchecked(0),
        enemy,
        empty: board_empty,
        crowning: crowning::<R>(us),
        man_dirs: man_capture_dirs::<R>(us),
        best: 1,
        path: [Square::new_unchecked(0); MAX_LANDINGS],
        marker: std::marker::PhantomData,
    };
    for sq in men {
        search.from = sq;
        search.empty = board_empty | Bitboard::from_square(sq);
        search.man(sq, Bitboard::EMPTY, 0);
    }
    for sq in kings {
        search.from = sq;
        search.empty = board_empty | Bitboard::from_square(sq);
        search.king(sq, Bitboard::EMPTY, 0, false);
    }
    true
}

fn generate<R: Rules>(pos: &Position, out: &mut MoveList) {
    debug_assert!(out.is_empty());
    if captures::<R>(pos, out) {
        return;
    }
    let us = pos.turn();
    let empty = R::SET.geometry.squares() & !pos.occupied();
    let crown = crowning::<R>(us);
    for dir in forward::<R>(us) {
        let back = dir.reverse();
        for to in shift::<R>(pos.men(us), dir) & empty {
            let from = shift::<R>(Bitboard::from_square(to), back)
                .first()
                .expect("came from a man");
            out.push(Move::quiet(from, to, crown.contains(to)));
        }
    }
    for from in pos.kings(us) {
        for dir in Direction::ALL {
            let mut s = shift::<R>(Bitboard::from_square(from), dir) & empty;
            while let Some(to) = s.first() {
                out.push(Move::quiet(from, to, false));
                if !R::SET.flying_kings {
                    break;
                }
                s = shift::<R>(s, dir) & empty;
            }
        }
    }
}

fn count<R: Rules>(pos: &Position) -> u64 {
    let mut list = MoveList::new();
    if captures::<R>(pos, &mut list) {
        return list.len() as u64;
    }
    let us = pos.turn();
    let empty = R::SET.geometry.squares() & !pos.occupied();
    let mut n = 0;
    for dir in forward::<R>(us) {
        n += (shift::<R>(pos.men(us), dir) & empty).count();
    }
    let kings = pos.kings(us);
    if kings.non_empty() {
        for dir in Direction::ALL {
            let mut s = shift::<R>(kings, dir) & empty;
            if R::SET.flying_kings {
                while s.non_empty() {
                    n += s.count();
                    s = shift::<R>(s, dir) & empty;
                }
            } else {
                n += s.count();
            }
        }
    }
    u64::from(n)
}
