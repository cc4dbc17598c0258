//! kingme's computer opponent: search and evaluation for every draughts variant.
//!
//! No clock, thread or I/O: the caller supplies the time through [`Clock`], so the same search
//! runs natively and in a Web Worker.
//!
//! What each [`Level`] means in draughts:
//!
//! - Beginner: 40 % of its moves at random, otherwise a 2-ply search.
//! - Intermediate: a fixed depth, 8 plies on 8×8 and 6 plies on 10×10.
//! - Advanced: full strength, at most 1.5 s per move.
//! - Expert: full strength with 5 s per move and a larger table, kept from move to move
//!   ([`Memory`]).
//!
//! With the feature `book`, Advanced and Expert play from an opening book when their
//! [`Memory`] has one (`Memory::set_book`, see [`book`]).

pub mod book;
pub mod eval;
pub mod score;
mod search;
mod tt;

use kingme_draughts::{Game, Move, Position, Variant};
use kingme_egdb::Egdb;
use kingme_engine_core::Rng;
pub use kingme_engine_core::{
    time_budget, Clock, Level, Limits, ParseLevelError, TimeLeft, TimeUse,
};
use search::{Root, Searcher};
use std::sync::Arc;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has none.
    pub best: Option<Move>,
    /// Centi-men from the side to move's view; see [`score`] for wins and losses.
    pub score: i32,
    /// The last completed iteration.
    pub depth: u32,
    pub nodes: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

/// How each [`Level`] plays draughts (the list in the crate documentation).
trait DraughtsLevel {
    /// How long and deep this level searches in `variant`.
    fn limits(self, variant: Variant) -> Limits;
    /// Share of moves chosen at random, in percent.
    fn random_percent(self) -> u32;
    /// Whether this level keeps its transposition table from one move to the next.
    fn remembers(self) -> bool;
    /// log2 of the transposition table's bucket count.
    fn table_log2(self) -> u32;
}

impl DraughtsLevel for Level {
    fn limits(self, variant: Variant) -> Limits {
        match self {
            Level::Beginner => Limits::Depth(2),
            Level::Intermediate => match variant {
                Variant::International => Limits::Depth(6),
                _ => Limits::Depth(8),
            },
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
            Level::Beginner => 12,
            Level::Intermediate => 17,
            Level::Advanced => 19,
            Level::Expert => 21,
        }
    }
}

/// The table size used by [`search`] and [`search_position`].
const ANALYSIS_TABLE_LOG2: u32 = 20;

/// Searches `position` (with no earlier history) within `limits`, calling `on_iteration`
/// after every completed iteration.
pub fn search_position(
    position: &Position,
    limits: Limits,
    clock: &dyn Clock,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let root = root_of_position(position);
    Searcher::new(&root, clock, ANALYSIS_TABLE_LOG2).run(&root, limits, on_iteration)
}

fn root_of_position(position: &Position) -> Root {
    Root {
        position: *position,
        counters: kingme_draughts::DrawCounters::new(position),
        earlier: Vec::new(),
    }
}

/// The move `level` plays in `position`; `None` when there is none. Equal seeds give equal
/// choices.
pub fn choose_move_in_position(
    position: &Position,
    level: Level,
    clock: &dyn Clock,
    seed: u64,
) -> Option<Move> {
    choose(&root_of_position(position), level, clock, seed)
}

fn choose(root: &Root, level: Level, clock: &dyn Clock, seed: u64) -> Option<Move> {
    think(root, level, clock, seed, None, &mut Memory::new()).and_then(|r| r.best)
}

/// What the computer remembers from one move to the next: the transposition table of its last
/// search, so that the next search starts from what it learnt. Only Expert uses it (the other
/// levels think afresh every move, as the site describes them). Keep one per game, or one for
/// many games in a row: what another game stored is only used where its positions recur.
#[derive(Debug, Default)]
pub struct Memory {
    table: Option<tt::Table>,
    /// Endgame databases, at most one per variant, probed by every search made through this
    /// memory (at every level) and by its draw policy.
    egdb: Vec<Arc<Egdb>>,
    /// Opening books, at most one per variant, played from by Advanced and Expert.
    #[cfg(feature = "book")]
    book: Vec<Arc<book::Book>>,
}

impl Memory {
    pub fn new() -> Memory {
        Memory::default()
    }

    /// Probes `db` in the searches and draw decisions of its variant (replacing an earlier
    /// database of that variant).
    pub fn set_egdb(&mut self, db: Arc<Egdb>) {
        self.egdb.retain(|d| d.variant() != db.variant());
        self.egdb.push(db);
    }

    /// Adds one table file to the database of `variant` (made empty first if there is none),
    /// with its values decompressed by the caller ([`Egdb::compressed_values`]): the browser
    /// loads tables one by one as games need them.
    ///
    /// # Errors
    /// The file's [`kingme_egdb::FormatError`]; the database is unchanged.
    pub fn add_egdb_table(
        &mut self,
        variant: Variant,
        file: &[u8],
        values: Vec<u8>,
    ) -> Result<kingme_egdb::Signature, kingme_egdb::FormatError> {
        let slot = match self.egdb.iter().position(|d| d.variant() == variant) {
            Some(i) => i,
            None => {
                self.egdb.push(Arc::new(Egdb::new(variant)));
                self.egdb.len() - 1
            }
        };
        Arc::make_mut(&mut self.egdb[slot]).insert_decompressed(file, values)
    }

    /// A memory that plays from the shipped opening books ([`book::shipped`]).
    #[cfg(feature = "shipped-books")]
    pub fn with_shipped_books() -> Memory {
        let mut memory = Memory::new();
        for variant in Variant::ALL {
            if let Ok(b) = book::shipped(variant) {
                memory.set_book(b);
            }
        }
        memory
    }

    #[cfg(feature = "book")]
    /// Plays from `book` at Advanced and Expert in its variant (replacing an earlier book of
    /// that variant).
    pub fn set_book(&mut self, book: Arc<book::Book>) {
        self.book.retain(|b| b.variant() != book.variant());
        self.book.push(book);
    }

    #[cfg(feature = "book")]
    /// The opening book of `variant`, if one was given.
    pub fn book(&self, variant: Variant) -> Option<&book::Book> {
        self.book
            .iter()
            .find(|b| b.variant() == variant)
            .map(|b| b.as_ref())
    }

    /// The database of `variant`, if one was given.
    pub fn egdb(&self, variant: Variant) -> Option<&Egdb> {
        self.egdb
            .iter()
            .find(|d| d.variant() == variant)
            .map(|d| d.as_ref())
    }

    fn egdb_arc(&self, variant: Variant) -> Option<Arc<Egdb>> {
        self.egdb.iter().find(|d| d.variant() == variant).cloned()
    }

    /// [`accepts_draw`], knowing the endgame database: a position it holds as drawn (or lost)
    /// is accepted at once, a won one never.
    pub fn accepts_draw(
        &self,
        game: &Game,
        level: Level,
        clock: &dyn Clock,
        time: Option<TimeLeft>,
    ) -> bool {
        accepts_draw_with(game, level, clock, time, self.egdb(game.variant()))
    }

    /// [`wants_to_offer_draw`], knowing the endgame database: a position it holds as drawn is
    /// offered a draw.
    pub fn wants_to_offer_draw(
        &self,
        game: &Game,
        level: Level,
        clock: &dyn Clock,
        time: Option<TimeLeft>,
    ) -> bool {
        wants_to_offer_draw_with(game, level, clock, time, self.egdb(game.variant()))
    }

    /// What [`think_at_level`] decides, with Expert starting from what it remembers of its
    /// earlier searches and remembering this one.
    pub fn think(
        &mut self,
        game: &Game,
        level: Level,
        clock: &dyn Clock,
        seed: u64,
    ) -> Option<SearchResult> {
        self.think_timed(game, level, clock, seed, None)
    }

    /// [`Memory::think`] for a computer with `time` on its clock: it searches no longer than
    /// [`time_budget`] gives it (nor than its level would).
    pub fn think_timed(
        &mut self,
        game: &Game,
        level: Level,
        clock: &dyn Clock,
        seed: u64,
        time: Option<TimeLeft>,
    ) -> Option<SearchResult> {
        if game.outcome().is_some() {
            return None;
        }
        think(&root_of_game(game), level, clock, seed, time, self)
    }

    /// The move [`Memory::think`] decides on.
    pub fn choose_move(
        &mut self,
        game: &Game,
        level: Level,
        clock: &dyn Clock,
        seed: u64,
    ) -> Option<Move> {
        self.think(game, level, clock, seed).and_then(|r| r.best)
    }

    /// The table to search with at `level`: the remembered one for Expert, a new one otherwise.
    fn table_for(&mut self, level: Level) -> tt::Table {
        let log2 = level.table_log2();
        match self.table.take() {
            Some(table) if level.remembers() && table.log2_buckets() == log2 => table,
            _ => tt::Table::new(log2),
        }
    }

    fn keep(&mut self, level: Level, table: tt::Table) {
        if level.remembers() {
            self.table = Some(table);
        }
    }
}

/// The decision of `level` with what led to it: a random pick or a book move has depth 0 and
/// no nodes (a book move has its score from the book).
fn think(
    root: &Root,
    level: Level,
    clock: &dyn Clock,
    seed: u64,
    time: Option<TimeLeft>,
    memory: &mut Memory,
) -> Option<SearchResult> {
    let moves = root.position.legal_moves();
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
    if moves.len() == 1 && matches!(level, Level::Advanced | Level::Expert) {
        return Some(instant(moves[0]));
    }
    #[cfg(feature = "book")]
    if matches!(level, Level::Advanced | Level::Expert) {
        let variant = root.position.variant();
        if let Some(b) = memory
            .book(variant)
            .and_then(|book| book.pick(&root.position, &mut rng))
        {
            return Some(SearchResult {
                score: b.score,
                ..instant(b.mv)
            });
        }
    }
    let limits = level.limits(root.position.variant());
    let limits = time.map_or(limits, |t| limits.for_clock(t));
    let db = memory.egdb_arc(root.position.variant());
    let mut searcher =
        Searcher::with_table(root, clock, memory.table_for(level)).with_egdb(db.as_deref());
    let mut result = searcher.run(root, limits, &mut |_| {});
    memory.keep(level, searcher.into_table());
    if result.best.is_none() {
        result.best = Some(moves[0]);
    }
    Some(result)
}

fn root_of_game(game: &Game) -> Root {
    let mut earlier = game.repetition_hashes();
    earlier.pop();
    Root {
        position: *game.position(),
        counters: game.counters(),
        earlier,
    }
}

/// Searches the game's current position within `limits`, knowing its history (repetitions and
/// the counting draw rules), and calls `on_iteration` after every completed iteration. The
/// result has no move when the game is over. The game is not changed.
pub fn search(
    game: &Game,
    limits: Limits,
    clock: &dyn Clock,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    if game.outcome().is_some() {
        return SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
    }
    let root = root_of_game(game);
    Searcher::new(&root, clock, ANALYSIS_TABLE_LOG2).run(&root, limits, on_iteration)
}

/// [`search`] probing `egdb` (when it is of the game's variant).
pub fn search_with_egdb(
    game: &Game,
    limits: Limits,
    clock: &dyn Clock,
    egdb: Option<&Egdb>,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    if game.outcome().is_some() {
        return search(game, limits, clock, on_iteration);
    }
    let root = root_of_game(game);
    Searcher::new(&root, clock, ANALYSIS_TABLE_LOG2)
        .with_egdb(egdb)
        .run(&root, limits, on_iteration)
}

/// The move the computer plays at `level`; `None` when the game is over. Equal seeds give
/// equal choices.
pub fn choose_move(game: &Game, level: Level, clock: &dyn Clock, seed: u64) -> Option<Move> {
    Memory::new().choose_move(game, level, clock, seed)
}

/// What [`choose_move`] decides, with the search behind it (depth 0 for a move picked at
/// random or forced); `None` when the game is over.
pub fn think_at_level(
    game: &Game,
    level: Level,
    clock: &dyn Clock,
    seed: u64,
) -> Option<SearchResult> {
    Memory::new().think(game, level, clock, seed)
}

/// A quick judgement of the game's position for the side to move, in centi-men.
/// The score the computer gives the game's position when judging a draw. With `time` on its
/// clock the judgement takes at most a quarter of what a move would ([`time_budget`]), so that
/// judging and then moving stay within the clock's share for one turn.
fn judge(
    game: &Game,
    level: Level,
    clock: &dyn Clock,
    time: Option<TimeLeft>,
    egdb: Option<&Egdb>,
) -> i32 {
    let limits = match level {
        Level::Beginner | Level::Intermediate => level.limits(game.variant()),
        Level::Advanced | Level::Expert => Limits::Time {
            soft_ms: 300,
            hard_ms: 600,
        },
    };
    let limits = time.map_or(limits, |t| {
        limits.within(time_budget(t.remaining_ms, t.increment_ms, limits.max_ms()) / 4)
    });
    let root = root_of_game(game);
    Searcher::new(&root, clock, level.table_log2())
        .with_egdb(egdb)
        .run(&root, limits, &mut |_| {})
        .score
}

/// What the endgame database says of the game's position for the side to move, when it
/// holds it and the result comes before every counting rule's end (the database ignores
/// them): `Some(0)` drawn, `Some(1)` won, `Some(-1)` lost.
fn known_result(game: &Game, egdb: Option<&Egdb>) -> Option<i32> {
    let value = egdb?.probe(game.position())?;
    let left = game.counters().nearest().map_or(u32::MAX, |c| c.plies_left);
    Some(match value {
        kingme_egdb::Value::Draw => 0,
        kingme_egdb::Value::Win(d) | kingme_egdb::Value::Loss(d) if u32::from(d) > left => 0,
        kingme_egdb::Value::Win(_) => 1,
        kingme_egdb::Value::Loss(_) => -1,
    })
}

/// Plies after which a game with all its material has left the opening.
const OPENING_PLIES: usize = 40;

/// Whether the game has left the opening: 20 moves each played, or a third of the pieces gone.
fn past_the_opening(game: &Game) -> bool {
    let at_start = Position::start(game.variant()).occupied().count();
    game.ply() >= OPENING_PLIES || game.position().occupied().count() * 3 <= at_start * 2
}

/// Whether the computer, to move at `level`, accepts the opponent's draw offer: only once the
/// game has left the opening, and only when a draw is fair for it, never when it stands
/// clearly better. With `time` on its clock, the judgement is held to a share of it.
pub fn accepts_draw(game: &Game, level: Level, clock: &dyn Clock, time: Option<TimeLeft>) -> bool {
    accepts_draw_with(game, level, clock, time, None)
}

fn accepts_draw_with(
    game: &Game,
    level: Level,
    clock: &dyn Clock,
    time: Option<TimeLeft>,
    egdb: Option<&Egdb>,
) -> bool {
    if game.outcome().is_some() || !past_the_opening(game) {
        return false;
    }
    if let Some(known) = known_result(game, egdb) {
        return known <= 0;
    }
    let fair_up_to = match level {
        Level::Beginner => 60,
        Level::Intermediate => 25,
        Level::Advanced | Level::Expert => 10,
    };
    judge(game, level, clock, time, egdb) <= fair_up_to
}

/// Whether the computer, to move at `level`, offers a draw with its move: only in dead-drawn
/// positions (no men left, or a counting rule about to end the game, and a level score). With
/// `time` on its clock, the judgement is held to a share of it.
pub fn wants_to_offer_draw(
    game: &Game,
    level: Level,
    clock: &dyn Clock,
    time: Option<TimeLeft>,
) -> bool {
    wants_to_offer_draw_with(game, level, clock, time, None)
}

fn wants_to_offer_draw_with(
    game: &Game,
    level: Level,
    clock: &dyn Clock,
    time: Option<TimeLeft>,
    egdb: Option<&Egdb>,
) -> bool {
    if !game.may_offer_draw() || game.outcome().is_some() {
        return false;
    }
    if let Some(known) = known_result(game, egdb) {
        return known == 0;
    }
    let pos = game.position();
    let no_men = (pos.occupied() & !pos.all_kings()).is_empty();
    let rule_near = game
        .counters()
        .nearest()
        .is_some_and(|c| c.moves_left <= 10);
    if !(no_men || rule_near) {
        return false;
    }
    judge(game, level, clock, time, egdb).abs() <= 8
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// Time moves on by 10 ms at every reading.
    struct TickingClock(Cell<f64>);

    impl Clock for TickingClock {
        fn now_ms(&self) -> f64 {
            let t = self.0.get();
            self.0.set(t + 10.0);
            t
        }
    }

    #[test]
    fn a_kept_table_makes_the_same_search_cheaper() {
        let game = Game::new(Variant::International);
        let root = root_of_game(&game);
        let clock = TickingClock(Cell::new(0.0));
        let mut fresh = Searcher::new(&root, &clock, 16);
        let first = fresh.run(&root, Limits::Depth(8), &mut |_| {});
        let mut again = Searcher::with_table(&root, &clock, fresh.into_table());
        let second = again.run(&root, Limits::Depth(8), &mut |_| {});
        assert_eq!(second.depth, 8);
        assert!(
            second.nodes < first.nodes,
            "{} nodes with the kept table, {} without",
            second.nodes,
            first.nodes
        );
        assert!(game.legal_moves().contains(&second.best.expect("a move")));
    }

    #[test]
    fn only_expert_remembers_between_moves() {
        let mut game = Game::new(Variant::English);
        let clock = TickingClock(Cell::new(0.0));
        let mut memory = Memory::new();
        for level in [Level::Advanced, Level::Intermediate] {
            let m = memory.choose_move(&game, level, &clock, 1).expect("a move");
            assert!(game.legal_moves().contains(&m));
            assert!(memory.table.is_none(), "{level}");
        }
        for _ in 0..3 {
            let m = memory
                .choose_move(&game, Level::Expert, &clock, 1)
                .expect("a move");
            assert!(memory.table.is_some());
            game.play(&m, false).expect("a legal move");
        }
        assert_eq!(game.ply(), 3);
    }
}
