//! `kingme play`: engine matches from varied openings, each opening played with both colours
//! (in the Halma family: with A in every seat).

use crate::bench::WallClock;
use crate::hub::HubClient;
use crate::position_args::{Family, GameVariant};
use crate::CliError;
use kingme_draughts::{pdn, Color, Game, Move, Variant};
use kingme_egdb::Egdb;
use kingme_engine::book::{Book, Rng};
use kingme_engine::{search_with_egdb, Level, Limits, Memory, TimeLeft};
use std::collections::HashSet;
use std::fmt;
use std::io::Write;
use std::str::FromStr;
use std::sync::Arc;

/// Who plays: a site level, a fixed time or depth, an external Hub engine (draughts), or the
/// greedy mover (Halma family).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineSpec {
    Level(Level),
    MoveTime(u64),
    Depth(u32),
    Hub(String),
    Greedy,
}

impl FromStr for EngineSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<EngineSpec, String> {
        if let Some(ms) = s.strip_prefix("movetime:") {
            return ms
                .parse()
                .ok()
                .filter(|&ms: &u64| ms > 0)
                .map(EngineSpec::MoveTime)
                .ok_or_else(|| format!("'{s}': movetime needs a positive number of milliseconds"));
        }
        if let Some(d) = s.strip_prefix("depth:") {
            return d
                .parse()
                .ok()
                .filter(|&d: &u32| d > 0 && d < 100)
                .map(EngineSpec::Depth)
                .ok_or_else(|| format!("'{s}': depth needs a number of plies from 1 to 99"));
        }
        if let Some(cmd) = s.strip_prefix("hub:") {
            if cmd.trim().is_empty() {
                return Err(format!("'{s}': hub needs a command"));
            }
            return Ok(EngineSpec::Hub(cmd.to_string()));
        }
        if s.eq_ignore_ascii_case("greedy") {
            return Ok(EngineSpec::Greedy);
        }
        s.parse::<Level>().map(EngineSpec::Level).map_err(|_| {
            format!(
                "unknown engine '{s}' (expected beginner, intermediate, advanced, expert, \
                 movetime:MS, depth:N, hub:COMMAND or, in the Halma family, greedy)"
            )
        })
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineSpec::Level(l) => write!(f, "{l}"),
            EngineSpec::MoveTime(ms) => write!(f, "movetime:{ms}"),
            EngineSpec::Depth(d) => write!(f, "depth:{d}"),
            EngineSpec::Hub(c) => write!(f, "hub:{c}"),
            EngineSpec::Greedy => f.write_str("greedy"),
        }
    }
}

/// A game clock for both sides: `BASE+INC`, seconds on each clock at the start and seconds
/// added after each move (`60+0.5`; `60` alone has no increment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(s: &str) -> Result<TimeControl, String> {
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let seconds = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0 && *v < 1e6)
                // Checked finite and in range, so the milliseconds fit.
                .map(|v| (v * 1000.0).round() as u64)
        };
        match (seconds(base), seconds(inc)) {
            (Some(base_ms), Some(increment_ms)) if base_ms > 0 => Ok(TimeControl {
                base_ms,
                increment_ms,
            }),
            _ => Err(format!(
                "'{s}': a clock is BASE+INC in seconds, e.g. 60+0.5, with BASE above 0"
            )),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = |ms: u64| ms as f64 / 1000.0;
        write!(f, "{}+{}", secs(self.base_ms), secs(self.increment_ms))
    }
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// english (american), international, russian, brazilian, halma-8, halma-10, halma-16 or
    /// chinese-checkers.
    #[arg(long)]
    variant: GameVariant,
    /// The number of players (Halma family only): A takes seat 1, B every other seat, and the
    /// seats rotate from game to game so that A plays each of them; 2 by default.
    #[arg(long)]
    players: Option<u8>,
    /// Number of games (openings × 2 colours; in the Halma family openings × seats).
    #[arg(long)]
    games: u32,
    /// First engine: beginner, intermediate, advanced, expert, movetime:MS, depth:N,
    /// hub:COMMAND (draughts) or greedy (Halma family).
    #[arg(long)]
    a: EngineSpec,
    /// Second engine.
    #[arg(long)]
    b: EngineSpec,
    /// Append every game to this file: PDN for draughts, a game record for the Halma family.
    #[arg(long)]
    pdn: Option<std::path::PathBuf>,
    /// Endgame databases for the first engine (the folder `kingme egdb build` wrote).
    #[arg(long)]
    a_egdb: Option<std::path::PathBuf>,
    /// Endgame databases for the second engine.
    #[arg(long)]
    b_egdb: Option<std::path::PathBuf>,
    /// The first engine's opening book: `shipped` (the one compiled in), `none`, or a book
    /// file. By default Advanced and Expert play from the shipped book and the other engines
    /// from none; movetime:MS and depth:N play from a book only when it is named here.
    #[arg(long)]
    a_book: Option<crate::book::Choice>,
    /// The second engine's opening book.
    #[arg(long)]
    b_book: Option<crate::book::Choice>,
    /// Thinking time per move of Hub engines, in milliseconds (without --clock).
    #[arg(long, default_value_t = 1000)]
    hub_movetime: u64,
    /// Play with a clock, BASE+INC in seconds (e.g. 10+0.1): every engine thinks within its
    /// time left (a level never longer than it would without a clock, a Hub engine is told its
    /// time), and a side whose time runs out loses.
    #[arg(long)]
    clock: Option<TimeControl>,
    /// Start every game from the initial position instead of a random opening of 2–4 plies
    /// (each pair of games still swaps the colours): for engines whose variety is their book.
    #[arg(long)]
    from_start: bool,
    /// Seed of the openings (and of the levels' chance).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn memory_with(egdb: Option<&Arc<Egdb>>, book: Option<&Arc<Book>>) -> Memory {
    let mut memory = Memory::new();
    if let Some(db) = egdb {
        memory.set_egdb(Arc::clone(db));
    }
    if let Some(b) = book {
        memory.set_book(Arc::clone(b));
    }
    memory
}

/// The book `spec` plays from: the one `choice` names, or by default the shipped one for
/// Advanced and Expert.
fn book_for(
    spec: &EngineSpec,
    choice: Option<&crate::book::Choice>,
    variant: Variant,
) -> Result<Option<Arc<Book>>, CliError> {
    match (choice, spec) {
        (Some(c), _) => c.load(variant),
        (None, EngineSpec::Level(Level::Advanced | Level::Expert)) => {
            crate::book::shipped(variant).map(Some)
        }
        (None, _) => Ok(None),
    }
}

/// Games longer than this are adjudicated drawn (Brazilian has no move-count rule).
const MAX_PLIES: usize = 400;

enum Player {
    /// One of our engines, with what it remembers during a game, its endgame database and its
    /// opening book.
    Internal(EngineSpec, Memory, Option<Arc<Egdb>>, Option<Arc<Book>>),
    Hub(Box<HubClient>, u64),
}

impl Player {
    fn new(
        spec: &EngineSpec,
        variant: Variant,
        hub_movetime: u64,
        egdb: Option<Arc<Egdb>>,
        book: Option<Arc<Book>>,
    ) -> Result<Player, CliError> {
        Ok(match spec {
            EngineSpec::Hub(cmd) => {
                Player::Hub(Box::new(HubClient::start(cmd, variant)?), hub_movetime)
            }
            EngineSpec::Greedy => {
                return Err(CliError(
                    "greedy plays only the Halma family (halma-8, halma-10, halma-16, \
                     chinese-checkers)"
                        .into(),
                ))
            }
            other => Player::Internal(
                other.clone(),
                memory_with(egdb.as_ref(), book.as_ref()),
                egdb,
                book,
            ),
        })
    }

    /// Forgets the previous game, so that every game is played as if it were the first.
    fn new_game(&mut self) {
        if let Player::Internal(_, memory, egdb, book) = self {
            *memory = memory_with(egdb.as_ref(), book.as_ref());
        }
    }

    fn choose(&mut self, game: &Game, seed: u64, time: Option<TimeLeft>) -> Result<Move, CliError> {
        let clock = WallClock::new();
        // A fixed time or depth plays from its book first (a level's memory does it itself).
        if let Player::Internal(EngineSpec::MoveTime(_) | EngineSpec::Depth(_), _, _, Some(b)) =
            self
        {
            if let Some(m) = b.pick(game.position(), &mut Rng::new(seed)) {
                return Ok(m.mv);
            }
        }
        let found = match self {
            Player::Hub(client, ms) => return client.choose(game, *ms, time),
            Player::Internal(EngineSpec::Level(level), memory, _, _) => memory
                .think_timed(game, *level, &clock, seed, time)
                .and_then(|r| r.best),
            Player::Internal(EngineSpec::MoveTime(ms), _, egdb, _) => {
                let limits = Limits::Time {
                    soft_ms: *ms / 2,
                    hard_ms: *ms,
                };
                let limits = time.map_or(limits, |t| limits.for_clock(t));
                search_with_egdb(game, limits, &clock, egdb.as_deref(), &mut |_| {}).best
            }
            Player::Internal(EngineSpec::Depth(d), _, egdb, _) => {
                let limits = Limits::Depth(*d);
                let limits = time.map_or(limits, |t| limits.for_clock(t));
                search_with_egdb(game, limits, &clock, egdb.as_deref(), &mut |_| {}).best
            }
            Player::Internal(EngineSpec::Hub(_) | EngineSpec::Greedy, ..) => None,
        };
        found.ok_or_else(|| CliError("engine found no move in a game that is not over".into()))
    }
}

/// A small seeded generator for the openings.
struct Openings(u64);

impl Openings {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// `count` different random starts of 2 to 4 plies that do not end the game.
    fn generate(&mut self, variant: Variant, count: usize) -> Vec<Vec<Move>> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut attempts = 0;
        while out.len() < count && attempts < count * 1000 {
            attempts += 1;
            let plies = 2 + (self.next() % 3) as usize;
            let mut game = Game::new(variant);
            let mut moves = Vec::new();
            for _ in 0..plies {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[(self.next() % legal.len() as u64) as usize];
                if game.play(&m, false).is_err() {
                    break;
                }
                moves.push(m);
            }
            if game.outcome().is_none() && seen.insert(game.position().hash()) {
                out.push(moves);
            }
        }
        out
    }
}

#[derive(Default, Debug)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Elo difference and its 95 % margin.
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let se = (var / n).sqrt();
        let elo = |p: f64| {
            let p = p.clamp(0.001, 0.999);
            -400.0 * (1.0 / p - 1.0).log10()
        };
        (elo(s), (elo(s + 1.96 * se) - elo(s - 1.96 * se)) / 2.0)
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError("--games must be at least 1".into()));
    }
    let variant = match args.variant.with_players(args.players)? {
        Family::Draughts(v) => v,
        Family::Halma(_) if args.a_book.is_some() || args.b_book.is_some() => {
            return Err(CliError(
                "--a-book and --b-book are for draughts; the Halma family has no book".into(),
            ))
        }
        Family::Halma(_) if args.clock.is_some() => {
            return Err(CliError(
                "--clock is for draughts; the Halma family plays without a clock here".into(),
            ))
        }
        Family::Halma(setup) => {
            return crate::halma::play::run(&crate::halma::play::Match {
                setup,
                games: args.games,
                a: args.a,
                b: args.b,
                record: args.pdn,
                seed: args.seed,
            })
        }
    };
    let load = |dir: &Option<std::path::PathBuf>| -> Result<Option<Arc<Egdb>>, CliError> {
        dir.as_ref()
            .map(|d| crate::egdb::load(variant, d).map(Arc::new))
            .transpose()
    };
    let mut a = Player::new(
        &args.a,
        variant,
        args.hub_movetime,
        load(&args.a_egdb)?,
        book_for(&args.a, args.a_book.as_ref(), variant)?,
    )?;
    let mut b = Player::new(
        &args.b,
        variant,
        args.hub_movetime,
        load(&args.b_egdb)?,
        book_for(&args.b, args.b_book.as_ref(), variant)?,
    )?;
    let name = |p: &Player, spec: &EngineSpec| match p {
        Player::Hub(c, _) => format!("{} (hub)", c.name()),
        Player::Internal(..) => spec.to_string(),
    };
    let (a_name, b_name) = (name(&a, &args.a), name(&b, &args.b));
    let pairs = args.games.div_ceil(2) as usize;
    let openings = if args.from_start {
        vec![Vec::new(); pairs]
    } else {
        Openings(args.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1).generate(variant, pairs)
    };
    let mut pdn_file = match &args.pdn {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| CliError(format!("cannot open {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let first_mover = variant.rules().first_mover;
    let mut tally = Tally::default();
    let mut played = 0;
    'outer: for (i, opening) in openings.iter().enumerate() {
        for a_first in [true, false] {
            if played == args.games {
                break 'outer;
            }
            played += 1;
            let a_color = if a_first { first_mover } else { !first_mover };
            a.new_game();
            b.new_game();
            let mut game = Game::new(variant);
            for m in opening {
                game.play(m, false)?;
            }
            let seed = args.seed ^ (u64::from(played) << 20);
            let start_clock = args.clock.map(|c| TimeLeft {
                remaining_ms: c.base_ms,
                increment_ms: c.increment_ms,
            });
            let (mut a_time, mut b_time) = (start_clock, start_clock);
            while game.outcome().is_none() && game.ply() < MAX_PLIES {
                let mover = game.position().turn();
                let (player, time) = if mover == a_color {
                    (&mut a, &mut a_time)
                } else {
                    (&mut b, &mut b_time)
                };
                let started = std::time::Instant::now();
                let m = player.choose(&game, seed ^ game.ply() as u64, *time)?;
                if let Some(t) = *time {
                    match after_move(t, started.elapsed().as_secs_f64() * 1000.0) {
                        Some(left) => *time = Some(left),
                        None => {
                            game.time_out(mover)?;
                            break;
                        }
                    }
                }
                game.play(&m, false)?;
            }
            let (result, text) = match game.outcome().map(|o| o.winner) {
                Some(Some(w)) if w == a_color => (1, "A wins"),
                Some(Some(_)) => (-1, "B wins"),
                Some(None) => (0, "draw"),
                None => (0, "draw (adjudicated)"),
            };
            match result {
                1 => tally.wins += 1,
                -1 => tally.losses += 1,
                _ => tally.draws += 1,
            }
            let reason = game
                .outcome()
                .map_or("move limit".to_string(), |o| o.reason.to_string());
            println!(
                "game {played:>3} opening {:>3} A={} as {}: {text} ({reason}, {} plies)  running {}-{}-{}",
                i + 1,
                a_name,
                color_name(a_color),
                game.ply(),
                tally.wins,
                tally.draws,
                tally.losses
            );
            if let Some(f) = pdn_file.as_mut() {
                let (white, black) = if a_color == Color::White {
                    (&a_name, &b_name)
                } else {
                    (&b_name, &a_name)
                };
                let round = played.to_string();
                let time_control = args.clock.map(|c| c.to_string());
                let mut tags = vec![
                    ("Event", "kingme play"),
                    ("Round", round.as_str()),
                    ("White", white.as_str()),
                    ("Black", black.as_str()),
                ];
                if let Some(tc) = &time_control {
                    tags.push(("TimeControl", tc.as_str()));
                }
                let text = pdn::write(&game, &tags);
                writeln!(f, "{text}").map_err(|e| CliError(format!("writing PDN: {e}")))?;
            }
        }
    }
    println!("{a_name} vs {b_name} ({variant}): {}", tally.summary());
    Ok(())
}

impl Tally {
    /// `+W =D -L of N, score S %, Elo ±E`, as the match's last line says it.
    pub fn summary(&self) -> String {
        let (elo, margin) = self.elo();
        let elo_text = if self.draws == 0 && (self.wins == 0 || self.losses == 0) {
            // Every game went one way: the score only bounds the difference.
            format!(
                "Elo {}{:.0} or more",
                if elo > 0.0 { '+' } else { '-' },
                elo.abs()
            )
        } else {
            format!("Elo {elo:+.0} ± {margin:.0}")
        };
        format!(
            "+{} ={} -{} of {}, score {:.1} %, {elo_text}",
            self.wins,
            self.draws,
            self.losses,
            self.games(),
            100.0 * self.score(),
        )
    }
}

/// The clock after a move that took `spent_ms`, its increment added; `None` when the time ran
/// out before the move was made.
fn after_move(time: TimeLeft, spent_ms: f64) -> Option<TimeLeft> {
    (spent_ms <= time.remaining_ms as f64).then(|| {
        let left = time.less(spent_ms);
        TimeLeft {
            remaining_ms: left.remaining_ms + left.increment_ms,
            ..left
        }
    })
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_and_bad_ones_are_named() {
        let tc = |base_ms, increment_ms| TimeControl {
            base_ms,
            increment_ms,
        };
        assert_eq!("60+0.5".parse(), Ok(tc(60_000, 500)));
        assert_eq!("3+2".parse(), Ok(tc(3_000, 2_000)));
        assert_eq!("10".parse(), Ok(tc(10_000, 0)));
        assert_eq!(tc(10_000, 100).to_string(), "10+0.1");
        for bad in ["", "0+1", "abc", "5+x", "-3+1", "1e9", "inf"] {
            let err = bad.parse::<TimeControl>().expect_err(bad);
            assert!(err.contains("BASE+INC"), "{bad}: {err}");
        }
    }

    #[test]
    fn a_move_spends_its_time_then_gains_the_increment_and_a_late_one_flags() {
        let time = TimeLeft {
            remaining_ms: 1_000,
            increment_ms: 100,
        };
        let left = |t: Option<TimeLeft>| t.map(|t| t.remaining_ms);
        assert_eq!(left(after_move(time, 250.4)), Some(850));
        assert_eq!(left(after_move(time, 1_000.0)), Some(100));
        assert_eq!(after_move(time, 1_000.5), None);
    }

    #[test]
    fn engine_specs_parse_and_bad_ones_are_named() {
        assert_eq!("advanced".parse(), Ok(EngineSpec::Level(Level::Advanced)));
        assert_eq!("movetime:250".parse(), Ok(EngineSpec::MoveTime(250)));
        assert_eq!("depth:6".parse(), Ok(EngineSpec::Depth(6)));
        assert_eq!(
            "hub:dame hub".parse(),
            Ok(EngineSpec::Hub("dame hub".into()))
        );
        assert!(matches!("movetime:0".parse::<EngineSpec>(), Err(e) if e.contains("movetime")));
        assert!(matches!("grandmaster".parse::<EngineSpec>(), Err(e) if e.contains("grandmaster")));
    }

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        assert!(even.elo().0.abs() < 1e-9 && even.elo().1 > 0.0);
        let strong = Tally {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        assert!((strong.elo().0 - 190.8).abs() < 1.0);
    }

    #[test]
    fn openings_are_distinct_and_leave_the_game_open() {
        let ops = Openings(12345).generate(Variant::English, 20);
        assert_eq!(ops.len(), 20);
        let mut ends = HashSet::new();
        for o in &ops {
            assert!((2..=4).contains(&o.len()));
            let mut g = Game::new(Variant::English);
            for m in o {
                g.play(m, false).expect("opening moves are legal");
            }
            assert!(ends.insert(g.position().hash()));
        }
    }
}
