//! Iterative deepening principal-variation search with aspiration windows, a transposition
//! table, killer and history move ordering, and a capture quiescence.

use crate::eval::Evaluator;
use crate::score::{from_tt, is_decided, loss_in, plies_to_end, to_tt, win_in, INFINITE};
use crate::tt::{Bound, MoveKey, Table};
use crate::{Clock, Limits, SearchResult};
use kingme_draughts::{DrawCounters as Counters, Move, MoveList, Position};
use kingme_egdb::{Egdb, Value};
use kingme_engine_core::TimeUse;

/// The deepest the search goes below the root, extensions included.
pub const MAX_PLY: usize = 128;
/// The hard time limit and the stop request are polled every this many nodes.
const POLL_INTERVAL: u64 = 2048;
/// A score fall between iterations this large (a third of a man) makes a move critical.
const CRITICAL_FALL: i32 = 33;

/// A position to search and the history that decides its draws.
#[derive(Clone, Debug)]
pub struct Root {
    pub position: Position,
    pub counters: Counters,
    /// Hashes of the earlier positions since the last irreversible move, oldest first, not
    /// including `position` itself.
    pub earlier: Vec<u64>,
}

pub struct Searcher<'c> {
    tt: Table,
    eval: Evaluator,
    killers: [[Option<(u8, u8)>; 2]; MAX_PLY],
    history: Vec<i32>,
    nodes: u64,
    stopped: bool,
    clock: &'c dyn Clock,
    started_ms: f64,
    hard_deadline_ms: Option<f64>,
    node_limit: Option<u64>,
    /// Hashes of the game's earlier positions, then of the search path down to the parent.
    path: Vec<u64>,
    pv: Vec<Vec<Move>>,
    root_best: Option<(Move, i32)>,
    /// Endgame tables to probe, if any.
    egdb: Option<&'c Egdb>,
    variant: kingme_draughts::Variant,
}

impl std::fmt::Debug for Searcher<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl<'c> Searcher<'c> {
    pub fn new(root: &Root, clock: &'c dyn Clock, tt_log2: u32) -> Searcher<'c> {
        Searcher::with_table(root, clock, Table::new(tt_log2))
    }

    /// A searcher that starts from what `table` learnt in earlier searches.
    pub fn with_table(root: &Root, clock: &'c dyn Clock, mut table: Table) -> Searcher<'c> {
        table.new_search();
        Searcher {
            tt: table,
            eval: Evaluator::new(root.position.variant()),
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * 64 * 64],
            nodes: 0,
            stopped: false,
            clock,
            started_ms: 0.0,
            hard_deadline_ms: None,
            node_limit: None,
            path: root.earlier.clone(),
            pv: vec![Vec::new(); MAX_PLY + 1],
            root_best: None,
            egdb: None,
            variant: root.position.variant(),
        }
    }

    /// Probes `egdb` at every node with few enough pieces and no capture pending.
    pub fn with_egdb(mut self, egdb: Option<&'c Egdb>) -> Searcher<'c> {
        self.egdb = egdb.filter(|db| db.variant() == self.variant);
        self
    }

    /// The database's score of `pos`, `ply` plies below the root: a win or loss at its
    /// distance, so that shorter wins score higher. The database ignores the counting draw
    /// rules, so a result further away than the nearest counting rule's end scores as a draw
    /// (the rule would most likely end the game first). `None` without a table, with more
    /// pieces than the tables hold, or with a capture pending (the search plays captures out).
    #[inline]
    fn probe(&self, pos: &Position, counters: &Counters, ply: usize) -> Option<i32> {
        let db = self.egdb?;
        if pos.occupied().count() > db.max_pieces() || pos.must_capture() {
            return None;
        }
        let value = db.probe(pos)?;
        let left = counters.nearest().map_or(u32::MAX, |c| c.plies_left);
        Some(match value {
            Value::Draw => 0,
            Value::Win(d) | Value::Loss(d) if u32::from(d) > left => 0,
            Value::Win(d) => win_in(ply + usize::from(d)),
            Value::Loss(d) => loss_in(ply + usize::from(d)),
        })
    }

    /// The transposition table, to keep for a later search.
    pub fn into_table(self) -> Table {
        self.tt
    }

    /// Searches `root` deeper and deeper until `limits` say stop; reports every completed
    /// iteration.
    pub fn run(
        &mut self,
        root: &Root,
        limits: Limits,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        self.started_ms = self.clock.now_ms();
        let (max_depth, soft_ms) = match limits {
            Limits::Depth(d) => (d.clamp(1, MAX_PLY as u32 - 8), None),
            Limits::Nodes(n) => {
                self.node_limit = Some(n.max(1));
                (MAX_PLY as u32 - 8, None)
            }
            Limits::Time { soft_ms, hard_ms } => {
                self.hard_deadline_ms = Some(self.started_ms + hard_ms as f64);
                (MAX_PLY as u32 - 8, Some(soft_ms as f64))
            }
            Limits::DepthWithin {
                depth,
                soft_ms,
                hard_ms,
            } => {
                self.hard_deadline_ms = Some(self.started_ms + hard_ms as f64);
                (depth.clamp(1, MAX_PLY as u32 - 8), Some(soft_ms as f64))
            }
        };
        let pos = root.position;
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        let mut result = SearchResult {
            best: moves.first().copied(),
            score: if moves.is_empty() { loss_in(0) } else { 0 },
            depth: 0,
            nodes: 0,
            pv: moves.first().copied().into_iter().collect(),
        };
        if moves.is_empty() {
            return result;
        }
        let mut previous = 0;
        let mut time_use = TimeUse::new(CRITICAL_FALL);
        for depth in 1..=max_depth {
            self.root_best = None;
            let score = self.aspiration(root, depth as i32, previous);
            if self.stopped {
                // A move that finished its search in the cut-short iteration beat everything
                // searched before it, the previous best included.
                if let Some((m, s)) = self.root_best {
                    if Some(m) != result.best {
                        result.best = Some(m);
                        result.score = s;
                        result.pv = vec![m];
                    }
                }
                result.nodes = self.nodes;
                break;
            }
            previous = score;
            let best = self.pv[0].first().copied().or(result.best);
            time_use.completed(depth, best != result.best, score);
            result = SearchResult {
                best,
                score,
                depth,
                nodes: self.nodes,
                pv: self.pv[0].clone(),
            };
            on_iteration(&result);
            if is_decided(score) && plies_to_end(score) <= depth {
                break;
            }
            if let Some(soft) = soft_ms {
                if time_use.should_stop(self.clock.now_ms() - self.started_ms, soft) {
                    break;
                }
            }
            if self.node_limit.is_some_and(|n| self.nodes >= n) {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn aspiration(&mut self, root: &Root, depth: i32, previous: i32) -> i32 {
        let mut window = 30;
        let (mut alpha, mut beta) = if depth >= 4 && !is_decided(previous) {
            (previous - window, previous + window)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.negamax(&root.position, root.counters, depth, alpha, beta, 0, true);
            if self.stopped {
                return score;
            }
            if score <= alpha && alpha > -INFINITE {
                alpha = (score - window).max(-INFINITE);
            } else if score >= beta && beta < INFINITE {
                beta = (score + window).min(INFINITE);
            } else {
                return score;
            }
            window *= 2;
            if window > 500 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if let Some(limit) = self.node_limit {
            if self.nodes >= limit {
                self.stopped = true;
            }
        }
        if self.nodes & (POLL_INTERVAL - 1) == 0 {
            if let Some(deadline) = self.hard_deadline_ms {
                if self.clock.now_ms() >= deadline {
                    self.stopped = true;
                }
            }
        }
    }

    /// Whether `hash` occurred before with the same side to move since the last irreversible
    /// move: the rules would (on a third time) declare a draw, the search already on the second.
    fn is_repetition(&self, hash: u64, counters: &Counters) -> bool {
        let window = counters.reversible_plies() as usize;
        let n = self.path.len();
        let mut back = 2;
        while back <= window && back <= n {
            if self.path[n - back] == hash {
                return true;
            }
            back += 2;
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        counters: Counters,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv[ply].clear();
        if ply > 0 {
            if self.is_repetition(pos.hash(), &counters) {
                return 0;
            }
            alpha = alpha.max(loss_in(ply));
            beta = beta.min(win_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
            if self.egdb.is_some() {
                if counters.verdict().is_some() && !pos.is_lost() {
                    return 0;
                }
                if let Some(s) = self.probe(pos, &counters, ply) {
                    self.count_node();
                    return s;
                }
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 8 {
            return self.quiescence(pos, counters, alpha, beta, ply, true);
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return loss_in(ply);
        }
        if ply > 0 && counters.verdict().is_some() {
            return 0;
        }

        let hash = pos.hash();
        let mut tt_index = None;
        if let Some(hit) = self.tt.probe(hash) {
            tt_index = hit.best.and_then(|k| k.find(&moves));
            if !pv_node && hit.depth >= depth {
                let s = from_tt(hit.score, ply);
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        // A forced reply (often a capture) costs nothing to look through.
        let extension = i32::from(moves.len() == 1);
        let mut order = OrderList::new();
        self.order(&moves, tt_index, ply, pos, &mut order);
        let us = pos.turn().index();
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        let mut quiets_tried: smallvec::SmallVec<[(u8, u8); 32]> = smallvec::SmallVec::new();
        self.path.push(hash);
        for n in 0..moves.len() {
            let i = pick_next(&mut order, n);
            let m = moves[i];
            let mut child = *pos;
            child.play_unchecked(&m);
            let new_depth = depth - 1 + extension;
            if new_depth > 0 {
                self.tt.prefetch(child.hash());
            }
            let child_counters = counters.after(pos, &m, &child);
            let quiet = !m.is_capture();
            let key = (m.from().index(), m.to().index());
            let is_killer = self.killers[ply].contains(&Some(key));
            let score = if n == 0 {
                -self.negamax(
                    &child,
                    child_counters,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    pv_node,
                )
            } else {
                let reduction = if depth >= 3 && n >= 3 && quiet && !is_killer && extension == 0 {
                    1 + i32::from(n >= 8 && depth >= 6)
                } else {
                    0
                };
                let mut s = -self.negamax(
                    &child,
                    child_counters,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(
                        &child,
                        child_counters,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                    );
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.negamax(
                        &child,
                        child_counters,
                        new_depth,
                        -beta,
                        -alpha,
                        ply + 1,
                        true,
                    );
                }
                s
            };
            if self.stopped {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_index = Some(i);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                    if ply == 0 {
                        self.root_best = Some((m, score));
                    }
                    if score >= beta {
                        if quiet {
                            self.reward(us, key, &quiets_tried, depth, ply);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(key);
            }
        }
        self.path.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let best_key = best_index.map(|i| MoveKey::new(&moves[i], i));
        self.tt
            .store(hash, depth, to_tt(best, ply), bound, best_key);
        best
    }

    fn reward(&mut self, us: usize, key: (u8, u8), tried: &[(u8, u8)], depth: i32, ply: usize) {
        if self.killers[ply][0] != Some(key) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(key);
        }
        let bonus = depth * depth;
        let slot = |(from, to): (u8, u8)| us * 4096 + usize::from(from) * 64 + usize::from(to);
        let h = &mut self.history[slot(key)];
        *h = (*h + bonus).min(1 << 16);
        for &k in tried {
            let h = &mut self.history[slot(k)];
            *h = (*h - bonus).max(-(1 << 16));
        }
    }

    fn order(
        &self,
        moves: &MoveList,
        tt_index: Option<usize>,
        ply: usize,
        pos: &Position,
        out: &mut OrderList,
    ) {
        let us = pos.turn().index();
        let kings = pos.all_kings();
        let killers = self.killers[ply];
        let history = &self.history[us * 4096..(us + 1) * 4096];
        for (i, m) in moves.iter().enumerate() {
            let score = if Some(i) == tt_index {
                1 << 30
            } else if m.is_capture() {
                (1 << 20)
                    + 64 * m.captured().count() as i32
                    + 16 * (m.captured() & kings).count() as i32
                    + 8 * i32::from(m.promotes())
            } else {
                let key = (m.from().index(), m.to().index());
                if killers[0] == Some(key) {
                    1 << 19
                } else if killers[1] == Some(key) {
                    1 << 18
                } else {
                    let promote = if m.promotes() { 1 << 17 } else { 0 };
                    promote + history[usize::from(key.0) * 64 + usize::from(key.1)]
                }
            };
            out.push((score, i));
        }
    }

    /// Searches captures out: while the side to move must capture there is no standing pat.
    /// At the horizon, when the opponent threatens a capture, every reply is tried once.
    fn quiescence(
        &mut self,
        pos: &Position,
        counters: Counters,
        alpha: i32,
        beta: i32,
        ply: usize,
        at_horizon: bool,
    ) -> i32 {
        self.count_node();
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate(pos).0;
        }
        if pos.must_capture() {
            if ply > 0 && counters.verdict().is_some() {
                return 0;
            }
            let mut moves = MoveList::new();
            pos.legal_moves_into(&mut moves);
            let mut order = OrderList::new();
            self.order(&moves, None, ply, pos, &mut order);
            return self.quiescence_moves(
                pos,
                counters,
                &moves,
                |n| pick_next(&mut order, n),
                (alpha, beta),
                ply,
                at_horizon,
            );
        }
        let (eval, has_move) = self.eval.evaluate(pos);
        if !has_move {
            return loss_in(ply);
        }
        if ply > 0 && counters.verdict().is_some() {
            return 0;
        }
        if ply > 0 {
            if let Some(s) = self.probe(pos, &counters, ply) {
                return s;
            }
        }
        if at_horizon {
            let mut passed = *pos;
            passed.pass_unchecked();
            if passed.must_capture() {
                let mut moves = MoveList::new();
                pos.legal_moves_into(&mut moves);
                return self.quiescence_moves(
                    pos,
                    counters,
                    &moves,
                    |n| n,
                    (alpha, beta),
                    ply,
                    false,
                );
            }
        }
        eval
    }

    /// Searches every move of `moves`, taking the `n`-th from `next(n)`, one ply deeper in
    /// quiescence; returns the best score (0 once the search is stopped).
    #[allow(clippy::too_many_arguments)]
    fn quiescence_moves(
        &mut self,
        pos: &Position,
        counters: Counters,
        moves: &MoveList,
        mut next: impl FnMut(usize) -> usize,
        (mut alpha, beta): (i32, i32),
        ply: usize,
        child_at_horizon: bool,
    ) -> i32 {
        let mut best = -INFINITE;
        for n in 0..moves.len() {
            let m = &moves[next(n)];
            let mut child = *pos;
            child.play_unchecked(m);
            let c = counters.after(pos, m, &child);
            let s = -self.quiescence(&child, c, -beta, -alpha, ply + 1, child_at_horizon);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

type OrderList = smallvec::SmallVec<[(i32, usize); 128]>;

/// Moves the best-scored remaining entry to `n` and returns its move index.
#[inline]
fn pick_next(order: &mut OrderList, n: usize) -> usize {
    let mut best = n;
    for j in n + 1..order.len() {
        if order[j].0 > order[best].0 {
            best = j;
        }
    }
    order.swap(n, best);
    order[n].1
}
