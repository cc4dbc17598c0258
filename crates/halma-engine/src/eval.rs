//! The evaluation: how far each player still has to go, in tenths of a step.

use crate::tables::{Metric, Tables};
use kingme_halma::{Layout, Points, Position, Seat};

/// One step of distance.
pub const STEP: i32 = 10;
/// Being to move: about half of what a move gains in the middle game.
pub const TEMPO: i32 = 12;
/// A finished game for the player it concerns (see `search::terminal`).
pub const WIN: i32 = 30_000;
/// What each player who finished ahead of the root player costs it with more than 2 players.
pub const PLACE: i32 = 5_000;
/// The bound of the positional part with more than 2 players, below half a place.
const POSITIONAL_CAP: i32 = PLACE / 2 - 100;

/// Up to this many pieces outside the target camp, the endgame measures their way to its
/// free points one by one.
const ENDGAME_PIECES: u32 = 3;

/// With more than 2 players, each piece outside the target camp also costs this many
/// sixteenths of its distance squared: a step of a rear piece is worth more than one of a piece
/// near the camp, so the search brings stragglers along (over the others' pieces) instead of
/// racing the front ones.
const CONVEX_WEIGHT: i32 = 20;

/// The yard rule's pressure starts this many moves before the limit.
const YARD_WARNING: i32 = 12;
/// The cost of a piece at home per move the yard rule has come closer.
const YARD_PER_MOVE: i32 = 25;

#[derive(Clone, Copy, Debug)]
pub struct Evaluator {
    pub tables: &'static Tables,
    layout: &'static Layout,
    yard: Option<u32>,
    anti_spoiling: bool,
    /// The spread between a player's front and rear piece allowed for free.
    spread_free: i32,
    spread_weight: i32,
    convex_weight: i32,
}

impl Evaluator {
    pub fn new(pos: &Position, metric: Metric) -> Evaluator {
        let tables = Tables::of(pos.setup(), metric);
        let variant = pos.variant();
        Evaluator {
            tables,
            layout: pos.layout(),
            yard: variant.yard_limit(),
            anti_spoiling: variant.anti_spoiling(),
            spread_free: tables.span / 3,
            spread_weight: 4,
            convex_weight: if pos.layout().seats.len() > 2 {
                CONVEX_WEIGHT
            } else {
                0
            },
        }
    }

    /// How much `seat` still has to do, in eval units: lower is better, 0 when it is done.
    pub fn cost(&self, pos: &Position, seat: Seat) -> i32 {
        let s = seat.index();
        let d = &self.tables.dist[s];
        let camp = self.layout.target[s];
        let own = pos.pieces(seat);
        let outside = own & !camp;
        let mut sum = 0;
        let mut rear = 0;
        let mut front = i32::MAX;
        let mut squares = 0;
        for p in own {
            let x = i32::from(d[p.index()]);
            sum += x;
            if outside.contains(p) {
                squares += x * x;
                rear = rear.max(x);
                front = front.min(x);
            }
        }
        let mut left = sum - self.tables.camp_sum[s];
        if !outside.is_empty() {
            if self.anti_spoiling {
                left = self.spoiled_cost(pos, s, own, left);
            } else {
                let holes = camp & !own;
                if holes.len() <= ENDGAME_PIECES && holes.len() == outside.len() {
                    left = left.max(self.holes_cost(outside, holes));
                }
            }
        }
        let mut cost = STEP * left + self.convex_weight * squares / 16;
        if front != i32::MAX {
            cost += self.spread_weight * (rear - front - self.spread_free).max(0);
        }
        if let Some(limit) = self.yard {
            let at_home = (own & self.layout.home[s]).len() as i32;
            if at_home > 0 {
                let to_go = limit as i32 - pos.moves_made(seat) as i32;
                if to_go < YARD_WARNING {
                    cost += at_home * YARD_PER_MOVE * (YARD_WARNING - to_go.max(0));
                }
            }
        }
        cost
    }

    /// `left`, the distance still to go, where filling the target camp's empty points also
    /// finishes (anti-spoiling): with the others' pieces in the camp the distance sum cannot
    /// reach the camp's own and filling its empty points is the way, and with only a few points
    /// left the way to each of them counts, not the way to the camp's edge.
    fn spoiled_cost(&self, pos: &Position, s: usize, own: Points, left: i32) -> i32 {
        let camp = self.layout.target[s];
        let outside = own & !camp;
        let holes = camp & !pos.occupied();
        if holes.is_empty() {
            return left;
        }
        let blocked = !(camp & pos.occupied() & !own).is_empty();
        if holes.len() <= ENDGAME_PIECES && holes.len() <= outside.len() {
            let fill = self.holes_cost(outside, holes);
            return if blocked { fill } else { left.max(fill) };
        }
        if blocked {
            left.min(self.fill_cost(outside, holes.len() as usize, s))
        } else {
            left
        }
    }

    /// The fewest steps that bring pieces of `outside` onto every point of `holes` (at most
    /// [`ENDGAME_PIECES`] of them), each to its own point: the distance sum misses that a piece
    /// next to the camp may have a long way round to the one point still free. Some best
    /// assignment gives every hole one of its `holes.len()` nearest pieces, so only those are
    /// tried.
    fn holes_cost(&self, outside: Points, holes: Points) -> i32 {
        const K: usize = ENDGAME_PIECES as usize;
        let between = &self.tables.between;
        let h = holes.len() as usize;
        if h == 0 {
            return 0;
        }
        // For each hole, its nearest pieces: (steps, piece index), nearest first.
        let mut near = [[(u8::MAX, usize::MAX); K]; K];
        for (slot, hole) in near.iter_mut().zip(holes) {
            for p in outside {
                let d = between[p.index()][hole.index()];
                if d < slot[h - 1].0 {
                    let mut i = h - 1;
                    while i > 0 && slot[i - 1].0 > d {
                        slot[i] = slot[i - 1];
                        i -= 1;
                    }
                    slot[i] = (d, p.index());
                }
            }
        }
        let mut best = i32::MAX;
        let mut chosen = [usize::MAX; K];
        fn assign(
            near: &[[(u8, usize); K]; K],
            h: usize,
            hole: usize,
            chosen: &mut [usize; K],
            sum: i32,
            best: &mut i32,
        ) {
            if hole == h {
                *best = (*best).min(sum);
                return;
            }
            for &(d, p) in &near[hole][..h] {
                if p == usize::MAX || chosen[..hole].contains(&p) {
                    continue;
                }
                chosen[hole] = p;
                assign(near, h, hole + 1, chosen, sum + i32::from(d), best);
            }
        }
        assign(&near, h, 0, &mut chosen, 0, &mut best);
        best
    }

    /// A cheap bound for filling `empty` points of seat `s`'s camp: the steps of the nearest
    /// pieces of `outside` to the camp, one more each to enter, in distance units.
    fn fill_cost(&self, outside: Points, empty: usize, s: usize) -> i32 {
        let mut steps: [u8; 32] = [u8::MAX; 32];
        let mut n = 0;
        for p in outside {
            if n < steps.len() {
                steps[n] = self.tables.to_camp[s][p.index()];
                n += 1;
            }
        }
        if empty > n {
            return i32::MAX;
        }
        let steps = &mut steps[..n];
        steps.sort_unstable();
        steps[..empty].iter().map(|&x| i32::from(x) + 1).sum()
    }

    /// The position's value for `root`: with 2 players its lead over the opponent (and the
    /// tempo); with more, its lead over the best placed opponent still playing, less a place
    /// for every opponent who has finished; alone, minus its own cost.
    pub fn value(&self, pos: &Position, root: Seat) -> i32 {
        let seats = &self.layout.seats;
        let mine = self.cost(pos, root);
        match seats.len() {
            1 => -mine,
            2 => {
                let other = if seats[0] == root { seats[1] } else { seats[0] };
                let tempo = if pos.to_move() == root { TEMPO } else { -TEMPO };
                self.cost(pos, other) - mine + tempo
            }
            _ => {
                let active = pos.active();
                let mut best = i32::MAX;
                let mut ahead = 0;
                for &s in seats {
                    if s == root {
                        continue;
                    }
                    if active.contains(s) {
                        best = best.min(self.cost(pos, s));
                    } else if pos.finished().contains(s) {
                        ahead += 1;
                    }
                }
                let lead = if best == i32::MAX { 0 } else { best - mine };
                lead.clamp(-POSITIONAL_CAP, POSITIONAL_CAP) - PLACE * ahead
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kingme_halma::{Setup, Variant};

    #[test]
    fn the_last_piece_is_measured_to_the_free_point_so_making_room_inside_the_camp_counts() {
        // One player alone (rows a to q): nine pieces in the target camp, its tip q1 free, the
        // last piece on m8 beside the camp; then the same with p1's piece moved up to q1.
        let rows = "./../.../..../............./............/.........../........../........./\
                    ........../.........../............/.......1...../1111/111";
        let solo = |top: &str| {
            let text = format!("1:20:{rows}/{top}");
            Position::parse(Setup::solo(Variant::ChineseCheckers), &text).expect("a position")
        };
        let (hole_deep, hole_shallow) = (solo("11/."), solo(".1/1"));
        let eval = Evaluator::new(&hole_deep, Metric::Axis);
        let seat = hole_deep.to_move();
        assert!(
            eval.cost(&hole_shallow, seat) < eval.cost(&hole_deep, seat),
            "{} < {}",
            eval.cost(&hole_shallow, seat),
            eval.cost(&hole_deep, seat)
        );
    }

    #[test]
    fn with_more_than_two_players_a_step_counts_more_the_farther_back_the_piece_is() {
        // Six players after four greedy rounds: each one-step move of the side to move, as the
        // piece's distance and how much the move lowers its cost.
        let mut pos = Position::start(Setup::new(Variant::ChineseCheckers, 6).expect("a setup"));
        for ply in 0..24 {
            pos.play(crate::greedy_move(&pos, ply).expect("a move"));
        }
        let eval = Evaluator::new(&pos, Metric::Axis);
        let seat = pos.to_move();
        let d = |p: kingme_halma::Point| i32::from(eval.tables.dist[seat.index()][p.index()]);
        let before = eval.cost(&pos, seat);
        let gains: Vec<(i32, i32)> = pos
            .legal_moves()
            .iter()
            .filter(|m| d(m.from()) - d(m.to()) == 1)
            .map(|&m| (d(m.from()), before - eval.cost(&pos.after(m), seat)))
            .collect();
        let rear = gains.iter().max_by_key(|g| g.0).expect("steps");
        let front = gains.iter().min_by_key(|g| g.0).expect("steps");
        assert!(rear.0 > front.0, "{gains:?}");
        assert!(rear.1 > front.1, "{gains:?}");
    }
}
