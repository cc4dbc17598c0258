//! `kingme play` for the Halma family: A in one seat, B in all the others, A moving through
//! every seat from game to game, each opening played once with A in each seat.

use super::earlier;
use crate::bench::WallClock;
use crate::play::{EngineSpec, Tally};
use crate::CliError;
use kingme_halma::{record, Game, Move, Seat, Setup};
use kingme_halma_engine::{greedy_move, search, Level, Limits, Memory};
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

/// A match as `kingme play` was asked for it.
#[derive(Debug)]
pub struct Match {
    pub setup: Setup,
    pub games: u32,
    pub a: EngineSpec,
    pub b: EngineSpec,
    pub record: Option<PathBuf>,
    pub seed: u64,
}

/// One seat's player, with what it remembers during a game.
enum Player {
    Level(Level, Memory),
    MoveTime(u64),
    Depth(u32),
    Greedy,
}

impl Player {
    fn new(spec: &EngineSpec) -> Result<Player, CliError> {
        Ok(match spec {
            EngineSpec::Level(l) => Player::Level(*l, Memory::new()),
            EngineSpec::MoveTime(ms) => Player::MoveTime(*ms),
            EngineSpec::Depth(d) => Player::Depth(*d),
            EngineSpec::Greedy => Player::Greedy,
            EngineSpec::Hub(_) => {
                return Err(CliError(
                    "hub engines play only draughts; the Halma family takes beginner, \
                     intermediate, advanced, expert, greedy, movetime:MS or depth:N"
                        .into(),
                ))
            }
        })
    }

    fn choose(&mut self, game: &Game, seed: u64) -> Option<Move> {
        let clock = WallClock::new();
        let pos = game.position();
        let earlier = earlier(game);
        let found = match self {
            Player::Level(level, memory) => memory.choose_move(pos, &earlier, *level, &clock, seed),
            Player::MoveTime(ms) => {
                let limits = Limits::Time {
                    soft_ms: *ms / 2,
                    hard_ms: *ms,
                };
                search(pos, &earlier, limits, &clock, &mut |_| {}).best
            }
            Player::Depth(d) => search(pos, &earlier, Limits::Depth(*d), &clock, &mut |_| {}).best,
            Player::Greedy => greedy_move(pos, seed),
        };
        found.or_else(|| game.legal_moves().first().copied())
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

    /// `count` different random starts of one or two rounds that leave the game open.
    fn generate(&mut self, setup: Setup, count: usize) -> Vec<Vec<Move>> {
        let seats = setup.layout().seats.len();
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut attempts = 0;
        while out.len() < count && attempts < count * 1000 {
            attempts += 1;
            let plies = seats * (1 + (self.next() % 2) as usize);
            let mut game = Game::new(setup);
            let mut moves = Vec::new();
            for _ in 0..plies {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[(self.next() % legal.len() as u64) as usize];
                if game.play(m).is_err() {
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

/// Places of one side over the match: a shared place counts as the average of the places it
/// covers (two players sharing first both have 1.5).
#[derive(Default, Debug)]
struct Places {
    sum: f64,
    count: u32,
    /// Games in which this side holds (or shares) the first place.
    firsts: u32,
}

impl Places {
    fn average(&self) -> f64 {
        self.sum / f64::from(self.count.max(1))
    }
}

/// The place of `seat` in `ranking`, a shared place averaged.
fn place(ranking: &[Vec<Seat>], seat: Seat) -> Option<f64> {
    let mut first = 1;
    for group in ranking {
        if group.contains(&seat) {
            let last = first + group.len() - 1;
            return Some((first + last) as f64 / 2.0);
        }
        first += group.len();
    }
    None
}

fn ordinal(p: f64) -> String {
    if p.fract() != 0.0 {
        return format!("{p:.1}");
    }
    let n = p as u32;
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

pub fn run(m: &Match) -> Result<(), CliError> {
    let setup = m.setup;
    let seats = setup.layout().seats.clone();
    let n = seats.len();
    let (a_name, b_name) = (m.a.to_string(), m.b.to_string());
    // Check both specs before playing anything.
    Player::new(&m.a)?;
    Player::new(&m.b)?;
    let openings = Openings(m.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
        .generate(setup, (m.games as usize).div_ceil(n));
    let mut file = match &m.record {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| CliError(format!("cannot open {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let mut tally = Tally::default();
    let (mut a_places, mut b_places) = (Places::default(), Places::default());
    let mut played = 0u32;
    'outer: for (i, opening) in openings.iter().enumerate() {
        for k in 0..n {
            if played == m.games {
                break 'outer;
            }
            played += 1;
            let a_seat = seats[k];
            let mut players: Vec<Player> = seats
                .iter()
                .map(|&s| Player::new(if s == a_seat { &m.a } else { &m.b }))
                .collect::<Result<_, _>>()?;
            let mut game = Game::new(setup);
            for &mv in opening {
                game.play(mv)?;
            }
            let seed = m.seed ^ (u64::from(played) << 20);
            while game.outcome().is_none() {
                let to_move = game.position().to_move();
                let index = seats.iter().position(|&s| s == to_move).unwrap_or(0);
                let mv = players[index]
                    .choose(&game, seed ^ game.ply() as u64)
                    .ok_or_else(|| CliError("no move in a game that is not over".into()))?;
                game.play(mv)?;
            }
            let Some(outcome) = game.outcome() else {
                continue;
            };
            let a_place = place(&outcome.ranking, a_seat).unwrap_or(n as f64);
            a_places.sum += a_place;
            a_places.count += 1;
            let first = &outcome.ranking[0];
            if first.contains(&a_seat) {
                a_places.firsts += 1;
            }
            if first.iter().any(|&s| s != a_seat) {
                b_places.firsts += 1;
            }
            for &s in seats.iter().filter(|&&s| s != a_seat) {
                b_places.sum += place(&outcome.ranking, s).unwrap_or(n as f64);
                b_places.count += 1;
            }
            let placings = record::result_text(Some(&outcome));
            let verdict = if n == 2 {
                let text = match outcome.winner() {
                    Some(w) if w == a_seat => {
                        tally.wins += 1;
                        "A wins"
                    }
                    Some(_) => {
                        tally.losses += 1;
                        "B wins"
                    }
                    None => {
                        tally.draws += 1;
                        "draw"
                    }
                };
                format!(
                    "{text}  running {}-{}-{}",
                    tally.wins, tally.draws, tally.losses
                )
            } else {
                format!("A {}", ordinal(a_place))
            };
            println!(
                "game {played:>3} opening {:>3} A={a_name} in seat {}: {placings} ({}, round {}) {verdict}",
                i + 1,
                a_seat.number(),
                outcome.reason.key(),
                game.position().round(),
            );
            if let Some(f) = file.as_mut() {
                let round = played.to_string();
                let names: Vec<(String, String)> = seats
                    .iter()
                    .map(|&s| {
                        let who = if s == a_seat {
                            format!("{a_name} (A)")
                        } else {
                            format!("{b_name} (B)")
                        };
                        (format!("Seat{}", s.number()), who)
                    })
                    .collect();
                let mut tags: Vec<(&str, &str)> = vec![("Event", "kingme play"), ("Round", &round)];
                tags.extend(names.iter().map(|(t, v)| (t.as_str(), v.as_str())));
                writeln!(f, "{}", record::write(&game, &tags))
                    .map_err(|e| CliError(format!("writing the record: {e}")))?;
            }
        }
    }
    if n == 2 {
        println!("{a_name} vs {b_name} ({setup}): {}", tally.summary());
    } else {
        println!(
            "{a_name} (A, 1 seat) vs {b_name} (B, {} seats) ({setup}): A average place {:.2}, \
             first in {} of {played}; B average place {:.2}, first in {} of {played}",
            n - 1,
            a_places.average(),
            a_places.firsts,
            b_places.average(),
            b_places.firsts,
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_places_are_averaged() {
        let s = |n| Seat::new(n).expect("seat");
        let ranking = vec![vec![s(3)], vec![s(1), s(5)]];
        assert_eq!(place(&ranking, s(3)), Some(1.0));
        assert_eq!(place(&ranking, s(5)), Some(2.5));
        assert_eq!(ordinal(1.0), "1st");
        assert_eq!(ordinal(2.5), "2.5");
        assert_eq!(ordinal(3.0), "3rd");
    }

    #[test]
    fn openings_are_distinct_whole_rounds() {
        let setup = Setup::new(kingme_halma::Variant::ChineseCheckers, 3).expect("offered");
        let ops = Openings(99).generate(setup, 10);
        assert_eq!(ops.len(), 10);
        assert!(ops.iter().all(|o| o.len() == 3 || o.len() == 6));
    }
}
