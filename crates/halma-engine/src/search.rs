//! Iterative deepening principal-variation search with a transposition table, killer and
//! history move ordering and late-move reductions, from the root player's point of view.
//!
//! Every node is the root player's (it maximises) or the opponents' (they minimise). With
//! 2 players that is plain alpha-beta. With more, [`Multi::Paranoid`] lets every opponent
//! move in turn, all minimising; [`Multi::BestReply`] (Schadd & Winands' Best-Reply Search)
//! answers each move of the root player with the single most harmful move of any opponent,
//! the others passing. Alone, every node is the root player's.

use crate::eval::{Evaluator, PLACE, WIN};
use crate::race::Race;
use crate::tables::Metric;
use crate::tt::{Bound, Table};
use crate::{Clock, Limits, SearchResult};
use kingme_halma::{Move, Position, Seat, MOVE_LIMIT};

/// The deepest the search goes below the root.
pub const MAX_PLY: usize = 64;
/// The clock and node limit are polled every this many nodes.
const POLL_INTERVAL: u64 = 1024;
const INFINITE: i32 = 32_000;
/// Scores this close to [`WIN`] are wins (or losses) a number of plies away.
const DECIDED: i32 = WIN - 2 * MAX_PLY as i32;

/// How the opponents are searched with more than 2 players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Multi {
    BestReply,
    Paranoid,
}

/// The search's choices that are not limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    pub multi: Multi,
    pub metric: Metric,
    /// With more than 2 players, whether the race alone may replace the search's move.
    pub race: Option<Race>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            multi: Multi::BestReply,
            metric: Metric::Axis,
            race: None,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Candidate {
    /// Which of the node's movers plays it (with Best-Reply Search, each opponent in turn).
    mover: u8,
    m: Move,
    order: i32,
}

pub struct Searcher<'c> {
    clock: &'c dyn Clock,
    table: Table,
    eval: Evaluator,
    root: Seat,
    players: usize,
    multi: Multi,
    nodes: u64,
    stopped: bool,
    started_ms: f64,
    hard_deadline_ms: Option<f64>,
    node_limit: Option<u64>,
    killers: [[Move; 2]; MAX_PLY],
    history: Vec<i32>,
    /// The game's earlier positions, then the search path down to the parent.
    path: Vec<u64>,
    earlier_len: usize,
    pv: Vec<Vec<Move>>,
    lists: Vec<Vec<Candidate>>,
    /// Mixed into every key: with more than 2 players scores depend on the root player and
    /// on how the opponents were searched.
    key_salt: u64,
}

impl std::fmt::Debug for Searcher<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("nodes", &self.nodes)
            .finish()
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= DECIDED {
        score + ply as i32
    } else if score <= -DECIDED {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= DECIDED {
        score - ply as i32
    } else if score <= -DECIDED {
        score + ply as i32
    } else {
        score
    }
}

/// Lets every other player pass until it is `seat`'s turn (or the game is over, or `seat` out
/// of it): the search's Best-Reply nodes and the race alone both skip the others this way.
pub(crate) fn pass_until_turn_of(position: &mut Position, seat: Seat) {
    while !position.is_over() && position.active().contains(seat) && position.to_move() != seat {
        position.play(Move::PASS);
    }
}

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<'c> Searcher<'c> {
    pub fn new(
        root: &Position,
        earlier: &[u64],
        clock: &'c dyn Clock,
        mut table: Table,
        options: Options,
    ) -> Searcher<'c> {
        table.new_search();
        let players = root.layout().seats.len();
        let key_salt = if players > 2 {
            mix(0x100 + root.to_move().index() as u64 + 16 * options.multi as u64)
        } else {
            0
        };
        Searcher {
            clock,
            table,
            eval: Evaluator::new(root, options.metric),
            root: root.to_move(),
            players,
            multi: options.multi,
            nodes: 0,
            stopped: false,
            started_ms: 0.0,
            hard_deadline_ms: None,
            node_limit: None,
            killers: [[Move::PASS; 2]; MAX_PLY],
            history: vec![0; 256 * 256],
            path: earlier.to_vec(),
            earlier_len: earlier.len(),
            pv: vec![Vec::new(); MAX_PLY + 1],
            lists: vec![Vec::new(); MAX_PLY + 1],
            key_salt,
        }
    }

    pub fn into_table(self) -> Table {
        self.table
    }

    fn key(&self, pos: &Position) -> u64 {
        let mut extra = u64::from(pos.finished().bits()) | u64::from(pos.lost().bits()) << 8;
        let round = pos.round();
        if let Some(limit) = pos.variant().yard_limit() {
            extra |= u64::from(round.min(limit + 2)) << 16;
        }
        if round + 16 > MOVE_LIMIT {
            extra |= u64::from(round) << 32;
        }
        let salt = if extra == 0 { 0 } else { mix(extra) };
        pos.hash() ^ self.key_salt ^ salt
    }

    /// The root player's score of a position where the game is decided for it.
    fn terminal(&self, pos: &Position, ply: usize) -> Option<i32> {
        let root = self.root;
        let plies = ply as i32;
        let finished = pos.finished();
        let ahead = || finished.iter().filter(|&s| s != root).count() as i32;
        if finished.contains(root) {
            return Some(WIN - PLACE * ahead() - plies);
        }
        if pos.lost().contains(root) {
            return Some(plies - WIN);
        }
        if !pos.is_over() {
            return None;
        }
        Some(match self.players {
            1 => plies - WIN,
            2 if !finished.is_empty() => plies - WIN,
            2 if !pos.lost().is_empty() => WIN - plies,
            2 => 0,
            _ => -PLACE * ahead(),
        })
    }

    fn repeats(&self, hash: u64) -> bool {
        let mut seen = 0;
        for (i, &h) in self.path.iter().enumerate().rev() {
            if h == hash {
                if i >= self.earlier_len {
                    return true;
                }
                seen += 1;
            }
        }
        seen >= 2
    }

    fn poll(&mut self) {
        if let Some(limit) = self.node_limit {
            if self.nodes >= limit {
                self.stopped = true;
            }
        }
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            if let Some(deadline) = self.hard_deadline_ms {
                if self.clock.now_ms() >= deadline {
                    self.stopped = true;
                }
            }
        }
    }

    /// The positions in which each mover of `pos` moves: the seat to move, or with Best-Reply
    /// Search at an opponents' node every opponent still playing, in turn order.
    fn movers(&self, pos: &Position, out: &mut [Position; 6]) -> usize {
        out[0] = *pos;
        if pos.to_move() == self.root || self.multi == Multi::Paranoid || self.players <= 2 {
            return 1;
        }
        let mut n = 0;
        let mut p = *pos;
        while p.to_move() != self.root && n < 6 {
            out[n] = p;
            n += 1;
            p.play(Move::PASS);
        }
        n
    }

    /// The position after `m` in `before` and whose node it is. With Best-Reply Search an
    /// opponent's move hands the turn straight back to the root player.
    fn child(&self, before: &Position, m: Move, best_reply: bool) -> Position {
        let mut child = before.after(m);
        if best_reply {
            pass_until_turn_of(&mut child, self.root);
        }
        child
    }

    fn gain(&self, seat: Seat, m: Move) -> i32 {
        let d = &self.eval.tables.dist[seat.index()];
        i32::from(d[m.from().index()]) - i32::from(d[m.to().index()])
    }

    fn order(&self, seat: Seat, m: Move, ply: usize, tt_move: Option<Move>) -> i32 {
        if Some(m) == tt_move {
            return i32::MAX;
        }
        let mut order = self.gain(seat, m) * 4096;
        if self.killers[ply].contains(&m) {
            order += 4096 + if self.killers[ply][0] == m { 1 } else { 0 };
        }
        order + self.history[m.from().index() * 256 + m.to().index()].min(4095)
    }

    #[allow(clippy::too_many_arguments)]
    fn value_of(
        &mut self,
        child: &Position,
        same_side: bool,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if same_side {
            self.node(child, depth, ply + 1, alpha, beta)
        } else {
            -self.node(child, depth, ply + 1, -beta, -alpha)
        }
    }

    /// The value of `pos` for the side of its node (the root player or the opponents).
    fn node(&mut self, pos: &Position, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        self.poll();
        if self.stopped {
            return 0;
        }
        let is_max = pos.to_move() == self.root;
        let sign = if is_max { 1 } else { -1 };
        if let Some(v) = self.terminal(pos, ply) {
            return sign * v;
        }
        if self.players == 2 && self.repeats(pos.hash()) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return sign * self.eval.value(pos, self.root);
        }
        let key = self.key(pos);
        let mut tt_move = None;
        if let Some(hit) = self.table.probe(key) {
            tt_move = hit.best;
            let score = from_tt(hit.score, ply);
            if hit.depth >= depth && beta - alpha == 1 {
                match hit.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        let mut before = [*pos; 6];
        let n_movers = self.movers(pos, &mut before);
        let best_reply =
            n_movers > 1 || (!is_max && self.multi == Multi::BestReply && self.players > 2);
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        for (i, b) in before.iter().enumerate().take(n_movers) {
            let seat = b.to_move();
            for m in b.legal_moves() {
                let order = self.order(seat, m, ply, tt_move);
                list.push(Candidate {
                    mover: i as u8,
                    m,
                    order,
                });
            }
        }
        list.sort_unstable_by_key(|c| std::cmp::Reverse(c.order));

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        self.path.push(pos.hash());
        for (i, c) in list.iter().enumerate() {
            let b = &before[usize::from(c.mover)];
            let child = self.child(b, c.m, best_reply);
            let same_side = (child.to_move() == self.root) == is_max;
            let quiet = c.order < 4096 && Some(c.m) != tt_move;
            let mut reduction = 0;
            if depth >= 3 && i >= 3 && quiet {
                reduction = 1 + i32::from(i >= 10 && c.order < 0);
            }
            let v = if i == 0 {
                self.value_of(&child, same_side, depth - 1, ply, alpha, beta)
            } else {
                let mut v = self.value_of(
                    &child,
                    same_side,
                    depth - 1 - reduction,
                    ply,
                    alpha,
                    alpha + 1,
                );
                if v > alpha && reduction > 0 {
                    v = self.value_of(&child, same_side, depth - 1, ply, alpha, alpha + 1);
                }
                if v > alpha && v < beta {
                    v = self.value_of(&child, same_side, depth - 1, ply, alpha, beta);
                }
                v
            };
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(c.m);
                if v > alpha {
                    alpha = v;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(c.m);
                    head[ply].extend_from_slice(&tail[0]);
                    if v >= beta {
                        if !c.m.is_pass() {
                            let h = &mut self.history[c.m.from().index() * 256 + c.m.to().index()];
                            *h = (*h + depth * depth).min(1 << 20);
                            let k = &mut self.killers[ply];
                            if k[0] != c.m {
                                k[1] = k[0];
                                k[0] = c.m;
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(key, depth, to_tt(best, ply), bound, best_move);
        best
    }

    /// Whether `m` scores at least `bound` from `root` at `depth`: a null-window search with
    /// no node limit, stopped only by the hard deadline (then `false`).
    pub fn scores_at_least(&mut self, root: &Position, m: Move, depth: u32, bound: i32) -> bool {
        self.stopped = false;
        self.node_limit = None;
        self.path.push(root.hash());
        let child = root.after(m);
        let same_side = child.to_move() == root.to_move();
        let v = self.value_of(&child, same_side, depth as i32 - 1, 0, bound - 1, bound);
        self.path.pop();
        !self.stopped && v >= bound
    }

    /// Searches `root` deeper and deeper until `limits` say stop.
    pub fn run(
        &mut self,
        root: &Position,
        limits: Limits,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        self.started_ms = self.clock.now_ms();
        let mut max_depth = MAX_PLY as u32 - 2;
        let mut soft_ms = None;
        match limits {
            Limits::Depth(d) => max_depth = d.clamp(1, max_depth),
            Limits::Nodes(n) => self.node_limit = Some(n.max(1)),
            Limits::Time {
                soft_ms: s,
                hard_ms,
            } => {
                soft_ms = Some(self.started_ms + s as f64);
                self.hard_deadline_ms = Some(self.started_ms + hard_ms as f64);
            }
            Limits::DepthWithin {
                depth,
                soft_ms: s,
                hard_ms,
            } => {
                max_depth = depth.clamp(1, max_depth);
                soft_ms = Some(self.started_ms + s as f64);
                self.hard_deadline_ms = Some(self.started_ms + hard_ms as f64);
            }
        }
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if root.is_over() {
            return result;
        }
        let seat = root.to_move();
        let tt_move = self.table.probe(self.key(root)).and_then(|h| h.best);
        let mut moves: Vec<(Move, i32)> = root
            .legal_moves()
            .into_iter()
            .map(|m| (m, self.order(seat, m, 0, tt_move)))
            .collect();
        moves.sort_by_key(|e| std::cmp::Reverse(e.1));
        result.best = Some(moves[0].0);
        result.pv = vec![moves[0].0];
        self.path.push(root.hash());
        for depth in 1..=max_depth {
            if depth > 1 {
                if let Some(soft) = soft_ms {
                    if self.clock.now_ms() >= soft {
                        break;
                    }
                }
            }
            let mut alpha = -INFINITE;
            let mut best: Option<(Move, i32)> = None;
            let mut pv = Vec::new();
            for (i, entry) in moves.iter_mut().enumerate() {
                let m = entry.0;
                let child = root.after(m);
                let same_side = child.to_move() == seat;
                let d = depth as i32 - 1;
                let v = if i == 0 {
                    self.value_of(&child, same_side, d, 0, alpha, INFINITE)
                } else {
                    let v = self.value_of(&child, same_side, d, 0, alpha, alpha + 1);
                    if v > alpha && !self.stopped {
                        self.value_of(&child, same_side, d, 0, alpha, INFINITE)
                    } else {
                        v
                    }
                };
                if self.stopped {
                    break;
                }
                entry.1 = v;
                if v > alpha {
                    alpha = v;
                    best = Some((m, v));
                    pv.clear();
                    pv.push(m);
                    pv.extend_from_slice(&self.pv[1]);
                }
            }
            let Some((m, score)) = best else { break };
            if self.stopped {
                // A move that beat the previous iteration's best at this depth is better.
                if Some(m) != result.best {
                    result.best = Some(m);
                    result.pv = pv;
                    result.score = score;
                }
                break;
            }
            result.best = Some(m);
            result.score = score;
            result.depth = depth;
            result.pv = pv;
            result.nodes = self.nodes;
            self.table
                .store(self.key(root), depth as i32, score, Bound::Exact, Some(m));
            on_iteration(&result);
            // The best first, the others by their (bound) scores.
            let first = moves.iter().position(|e| e.0 == m).unwrap_or(0);
            let top = moves.remove(first);
            moves.sort_by_key(|e| std::cmp::Reverse(e.1));
            moves.insert(0, top);
            if score.abs() >= DECIDED && (WIN - score.abs()) < depth as i32 {
                break;
            }
            if moves.len() == 1
                && depth >= 2
                && !matches!(limits, Limits::Depth(_) | Limits::DepthWithin { .. })
            {
                break;
            }
        }
        self.path.pop();
        result.nodes = self.nodes;
        result
    }
}
