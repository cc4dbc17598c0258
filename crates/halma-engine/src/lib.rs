//! kingme's computer player for Halma and Chinese checkers, for 1 to 6 players.
//!
//! No clock, thread or I/O: the caller supplies the time through [`Clock`], so the same search
//! runs natively and in a Web Worker.
//!
//! What each [`Level`] means here:
//!
//! - Beginner: 40 % of its moves at random, otherwise a 1-ply search.
//! - Intermediate: a fixed depth of 3 plies.
//! - Advanced: at most 1.5 s per move.
//! - Expert: at most 5 s per move and a larger table, kept from move to move ([`Memory`]).
//!
//! With more than 2 players the opponents are searched by Best-Reply Search; with one player
//! alone the search only has the player's own moves. [`Options::race`] adds the race alone (a
//! beam over the player's own moves to its finish, the others standing still), whose first
//! move is played when the search scores it nearly as well as its own best; it is measured
//! against the plain search, and the levels do not use it.

mod bench;
mod eval;
mod race;
mod search;
mod tables;
mod tt;

pub use bench::{bench, BENCH_DEPTH, BENCH_POSITIONS};
use kingme_engine_core::Rng;
pub use kingme_engine_core::{time_budget, Clock, Level, Limits, ParseLevelError, TimeLeft};
use kingme_halma::{Move, Position};
pub use race::{race_alone, solo_race, Race};
use search::Searcher;
pub use search::{Multi, Options};
pub use tables::Metric;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over.
    pub best: Option<Move>,
    /// Tenths of a step from the side to move's view; wins score 30000 less the plies to the
    /// end (and, with more than 2 players, 5000 less for every opponent who finished first).
    pub score: i32,
    /// The last completed iteration.
    pub depth: u32,
    pub nodes: u64,
    /// The principal variation, starting with `best` (with more than 2 players, each move of
    /// the side to move followed by the reply the search expects, whoever makes it).
    pub pv: Vec<Move>,
}

/// How each [`Level`] plays.
trait HalmaLevel {
    fn limits(self) -> Limits;
    /// Share of moves chosen at random, in percent.
    fn random_percent(self) -> u32;
    /// Whether this level keeps its transposition table from one move to the next.
    fn remembers(self) -> bool;
    /// log2 of the transposition table's bucket count.
    fn table_log2(self) -> u32;
}

impl HalmaLevel for Level {
    fn limits(self) -> Limits {
        match self {
            Level::Beginner => Limits::Depth(1),
            Level::Intermediate => Limits::Depth(3),
            Level::Advanced => Limits::Time {
                soft_ms: 700,
                hard_ms: 1450,
            },
            Level::Expert => Limits::Time {
                soft_ms: 2500,
                hard_ms: 4900,
            },
        }
    }

    fn random_percent(self) -> u32 {
        match self {
            Level::Beginner => 40,
            _ => 0,
        }
    }

    fn remembers(self) -> bool {
        matches!(self, Level::Expert)
    }

    fn table_log2(self) -> u32 {
        match self {
            Level::Beginner => 10,
            Level::Intermediate => 14,
            Level::Advanced => 18,
            Level::Expert => 20,
        }
    }
}

/// The table size of [`search`].
const ANALYSIS_TABLE_LOG2: u32 = 19;

/// Searches `position` within `limits`, calling `on_iteration` after every completed
/// iteration. `earlier` holds the hashes ([`Position::hash`]) of the game's earlier
/// positions, oldest first, without `position` itself: with 2 players a third repetition is
/// a draw. The result has no move when the game is over.
pub fn search(
    position: &Position,
    earlier: &[u64],
    limits: Limits,
    clock: &dyn Clock,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    search_with(
        position,
        earlier,
        limits,
        clock,
        Options::default(),
        on_iteration,
    )
}

/// [`search`] with other [`Options`] (how the opponents are searched, the distance metric),
/// for measuring them against each other.
pub fn search_with(
    position: &Position,
    earlier: &[u64],
    limits: Limits,
    clock: &dyn Clock,
    options: Options,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let table = tt::Table::new(ANALYSIS_TABLE_LOG2);
    let mut searcher = Searcher::new(position, earlier, clock, table, options);
    run(
        &mut searcher,
        position,
        limits,
        options.race,
        clock,
        on_iteration,
    )
}

/// Runs `searcher` on `position` within `limits`. With more than 2 players and a `race`, it
/// first plans the race alone (in at most a quarter of a time limit, which the search then
/// does without) and plays the plan's first move instead of the search's best when the
/// search, at the depth it completed, scores it within the race's margin.
fn run(
    searcher: &mut Searcher,
    position: &Position,
    limits: Limits,
    race: Option<Race>,
    clock: &dyn Clock,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let Some(race) = race.filter(|_| position.layout().seats.len() > 2 && !position.is_over())
    else {
        return searcher.run(position, limits, on_iteration);
    };
    let start = clock.now_ms();
    let deadline = limits.max_ms().map(|max| (clock, start + max as f64 / 4.0));
    let plan = race::race_until(position, race.width, deadline);
    let limits = match limits.max_ms() {
        Some(max) => {
            // Whole milliseconds spent, well inside u64.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let spent = (clock.now_ms() - start).max(0.0) as u64;
            limits.within(max.saturating_sub(spent).max(1))
        }
        None => limits,
    };
    let mut result = searcher.run(position, limits, on_iteration);
    let first = plan.as_deref().and_then(<[Move]>::first).copied();
    if let (Some(best), Some(first)) = (result.best, first) {
        if first != best
            && result.depth > 0
            && searcher.scores_at_least(position, first, result.depth, result.score - race.margin)
        {
            result.best = Some(first);
            result.pv = vec![first];
        }
    }
    result
}

/// The move `level` plays in `position`; `None` when the game is over. Equal seeds give equal
/// choices.
pub fn choose_move(
    position: &Position,
    earlier: &[u64],
    level: Level,
    clock: &dyn Clock,
    seed: u64,
) -> Option<Move> {
    Memory::new().choose_move(position, earlier, level, clock, seed)
}

/// What [`choose_move`] decides, with the search behind it (depth 0 for a move picked at
/// random or forced); `None` when the game is over.
pub fn think(
    position: &Position,
    earlier: &[u64],
    level: Level,
    clock: &dyn Clock,
    seed: u64,
) -> Option<SearchResult> {
    Memory::new().think(position, earlier, level, clock, seed)
}

/// The move that brings the mover's pieces nearest their target camp (the largest drop in the
/// sum of their distances), ties broken at random by `seed`; `None` when the game is over.
pub fn greedy_move(position: &Position, seed: u64) -> Option<Move> {
    let moves = position.legal_moves();
    let seat = position.to_move();
    let tables = tables::Tables::of(position.setup(), Metric::Axis);
    let d = &tables.dist[seat.index()];
    let gain = |m: &Move| i32::from(d[m.from().index()]) - i32::from(d[m.to().index()]);
    let best = moves.iter().map(gain).max()?;
    let top: Vec<Move> = moves.iter().copied().filter(|m| gain(m) == best).collect();
    Some(top[Rng::new(seed).below(top.len())])
}

/// What the computer remembers from one move to the next: the transposition table of its last
/// search. Only Expert uses it; the other levels think afresh every move. Keep one per game
/// and seat, or one for many games in a row: what another game stored is only used where its
/// positions recur.
#[derive(Debug, Default)]
pub struct Memory {
    table: Option<tt::Table>,
}

impl Memory {
    pub fn new() -> Memory {
        Memory::default()
    }

    /// What [`think`] decides, with Expert starting from what it remembers of its earlier
    /// searches and remembering this one.
    pub fn think(
        &mut self,
        position: &Position,
        earlier: &[u64],
        level: Level,
        clock: &dyn Clock,
        seed: u64,
    ) -> Option<SearchResult> {
        self.think_timed(position, earlier, level, clock, seed, None)
    }

    /// [`Memory::think`] for a computer with `time` on its clock: it searches no longer than
    /// [`time_budget`] gives it (nor than its level would).
    pub fn think_timed(
        &mut self,
        position: &Position,
        earlier: &[u64],
        level: Level,
        clock: &dyn Clock,
        seed: u64,
        time: Option<TimeLeft>,
    ) -> Option<SearchResult> {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let instant = |m: Move| SearchResult {
            best: Some(m),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![m],
        };
        let mut rng = Rng::new(seed);
        if rng.chance(level.random_percent()) {
            return Some(instant(moves[rng.below(moves.len())]));
        }
        if moves.len() == 1 {
            return Some(instant(moves[0]));
        }
        let table = self.table_for(level);
        let mut searcher = Searcher::new(position, earlier, clock, table, Options::default());
        let limits = time.map_or(level.limits(), |t| level.limits().for_clock(t));
        let mut result = searcher.run(position, limits, &mut |_| {});
        if level.remembers() {
            self.table = Some(searcher.into_table());
        }
        if result.best.is_none() {
            result.best = Some(moves[0]);
        }
        Some(result)
    }

    /// The move [`Memory::think`] decides on.
    pub fn choose_move(
        &mut self,
        position: &Position,
        earlier: &[u64],
        level: Level,
        clock: &dyn Clock,
        seed: u64,
    ) -> Option<Move> {
        self.think(position, earlier, level, clock, seed)
            .and_then(|r| r.best)
    }

    /// Whether a table from an earlier search is kept.
    pub fn remembers(&self) -> bool {
        self.table.is_some()
    }

    fn table_for(&mut self, level: Level) -> tt::Table {
        let log2 = level.table_log2();
        match self.table.take() {
            Some(table) if level.remembers() && table.log2_buckets() == log2 => table,
            _ => tt::Table::new(log2),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use kingme_halma::{Setup, Variant};

    struct Still;

    impl Clock for Still {
        fn now_ms(&self) -> f64 {
            0.0
        }
    }

    /// Best-Reply Search at 2 plies, by brute force: each move of the root player, answered by
    /// the one move of any opponent (the others passing) that leaves it worst off.
    fn best_reply_values(pos: &Position) -> Vec<(Move, i32)> {
        let root = pos.to_move();
        let eval = Evaluator::new(pos, Metric::Axis);
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let mut value = i32::MAX;
                let mut mover = pos.after(m);
                while mover.to_move() != root {
                    for reply in mover.legal_moves() {
                        let mut after = mover.after(reply);
                        while after.to_move() != root {
                            after.play(Move::PASS);
                        }
                        value = value.min(eval.value(&after, root));
                    }
                    mover.play(Move::PASS);
                }
                (m, value)
            })
            .collect()
    }

    #[test]
    fn with_more_than_two_players_the_race_replaces_the_search_move_only_within_its_margin() {
        let race = Race {
            width: 20,
            margin: 30,
        };
        let racing = Options {
            race: Some(race),
            ..Options::default()
        };
        let mut pos = Position::start(Setup::new(Variant::ChineseCheckers, 6).expect("a setup"));
        let (mut taken, mut refused, mut unplanned) = (0, 0, 0);
        for ply in 0..90 {
            if ply >= 12 && ply % 3 == 0 {
                let values = best_reply_values(&pos);
                let top = values.iter().map(|v| v.1).max().expect("moves");
                let value_of = |m: Move| values.iter().find(|v| v.0 == m).expect("a move").1;
                let plain = search(&pos, &[], Limits::Depth(2), &Still, &mut |_| {});
                let raced = search_with(&pos, &[], Limits::Depth(2), &Still, racing, &mut |_| {});
                let best = plain.best.expect("a move");
                assert_eq!(value_of(best), top, "{pos}");
                // With the others standing still their pieces may keep the camp from filling.
                match race_alone(&pos, race.width).and_then(|plan| plan.first().copied()) {
                    None => {
                        assert_eq!(raced.best, Some(best), "{pos}");
                        unplanned += 1;
                    }
                    Some(first) if first != best && value_of(first) >= top - race.margin => {
                        assert_eq!(raced.best, Some(first), "{pos}");
                        taken += 1;
                    }
                    Some(first) => {
                        assert_eq!(raced.best, Some(best), "{pos}");
                        refused += usize::from(first != best);
                    }
                }
            }
            pos.play(greedy_move(&pos, ply).expect("a move"));
        }
        assert!(
            taken > 0 && refused > 0,
            "taken {taken}, refused {refused}, unplanned {unplanned}"
        );
    }
}
