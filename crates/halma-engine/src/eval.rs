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

fn permutations(items: &mut [usize], from: usize, visit: &mut dyn FnMut(&[usize])) {
    if from + 1 >= items.len() {
        visit(items);
        return;
    }
    for i in from..items.len() {
        items.swap(from, i);
        permutations(items, from + 1, visit);
        items.swap(from, i);
    }
}

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
        for p in own {
            let x = i32::from(d[p.index()]);
            sum += x;
            if outside.contains(p) {
                rear = rear.max(x);
                front = front.min(x);
            }
        }
        let mut left = sum - self.tables.camp_sum[s];
        if self.anti_spoiling && outside != own && !outside.is_empty() {
            left = left.min(self.fill_cost(pos, seat));
        } else if (1..=ENDGAME_PIECES).contains(&outside.len()) {
            left = left.max(self.holes_cost(outside, camp & !own));
        }
        let mut cost = STEP * left;
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

    /// The fewest steps that bring the last few pieces outside the camp onto its free points,
    /// each piece to its own point: the distance sum misses that a piece next to the camp
    /// may have a long way round to the one point still free.
    fn holes_cost(&self, outside: Points, holes: Points) -> i32 {
        let mut pieces = [0usize; ENDGAME_PIECES as usize];
        let mut targets = [0usize; ENDGAME_PIECES as usize];
        let k = outside.len() as usize;
        for (slot, p) in pieces.iter_mut().zip(outside) {
            *slot = p.index();
        }
        for (slot, p) in targets.iter_mut().zip(holes) {
            *slot = p.index();
        }
        let between = &self.tables.between;
        let mut best = i32::MAX;
        let mut order = [0, 1, 2];
        permutations(&mut order[..k], 0, &mut |perm| {
            let cost = perm
                .iter()
                .enumerate()
                .map(|(i, &j)| i32::from(between[pieces[i]][targets[j]]))
                .sum();
            best = best.min(cost);
        });
        best
    }

    /// With a piece in the target camp, filling the camp's empty points with the nearest
    /// pieces also finishes (anti-spoiling): their steps to the camp, in distance units.
    fn fill_cost(&self, pos: &Position, seat: Seat) -> i32 {
        let s = seat.index();
        let camp = self.layout.target[s];
        let empty = (camp & !pos.occupied()).len() as usize;
        let outside = pos.pieces(seat) & !camp;
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
