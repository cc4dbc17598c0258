//! Matches between computer players, for measuring strength.
//!
//! `cargo run --release -p kingme-halma-engine --example matches -- GAME PLAYERS GAMES A B [FIRST]`
//! plays GAMES games of GAME (halma-8, chinese-checkers …) with PLAYERS players: player A in
//! one seat (rotating from game to game) and player B in all the others. A player is
//! `greedy`, a level (`beginner` … `expert`), `dN` (N plies), `nN` (N nodes) or `tS/H`
//! (soft/hard milliseconds), optionally followed by `:paranoid` (instead of Best-Reply
//! Search), `:steps` (the steps-to-camp distance instead of the axis one) or `:race` (the race
//! alone with more than 2 players, [`Race::MEASURED`]). The first two rounds are played by the
//! greedy player with a seed per game, so that games differ; each game number plays the same
//! game, and FIRST (0 by default) is the first game's number, so that a long match can be
//! split into parts. Each game's line gives the round in which A and the first finisher
//! finished, and how many of the others' pieces stood in the first finisher's camp.

use kingme_halma::{Move, Position, Seat, Setup, Variant, MOVE_LIMIT};
use kingme_halma_engine::{
    greedy_move, search_with, Clock, Level, Limits, Memory, Metric, Multi, Options, Race,
};
use std::time::Instant;

struct Wall(Instant);

impl Clock for Wall {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

#[derive(Clone, Debug)]
enum Player {
    Greedy,
    Level(Level),
    Search(Limits, Options),
}

fn parse_player(text: &str) -> Player {
    let mut parts = text.split(':');
    let head = parts.next().unwrap_or_default();
    let mut options = Options::default();
    for flag in parts {
        match flag {
            "paranoid" => options.multi = Multi::Paranoid,
            "brs" => options.multi = Multi::BestReply,
            "steps" => options.metric = Metric::Steps,
            "race" => options.race = Some(Race::MEASURED),
            other => panic!("unknown flag {other}"),
        }
    }
    if head == "greedy" {
        return Player::Greedy;
    }
    if let Ok(level) = head.parse::<Level>() {
        return Player::Level(level);
    }
    let number = |s: &str| s.parse::<u64>().expect("a number");
    let limits = match head.split_at(1) {
        ("d", n) => Limits::Depth(number(n) as u32),
        ("n", n) => Limits::Nodes(number(n)),
        ("t", n) => {
            let (s, h) = n.split_once('/').expect("tSOFT/HARD");
            Limits::Time {
                soft_ms: number(s),
                hard_ms: number(h),
            }
        }
        _ => panic!("unknown player {text}"),
    };
    Player::Search(limits, options)
}

fn choose(
    player: &Player,
    memory: &mut Memory,
    pos: &Position,
    earlier: &[u64],
    clock: &Wall,
    seed: u64,
) -> Move {
    let m = match player {
        Player::Greedy => greedy_move(pos, seed),
        Player::Level(level) => memory.choose_move(pos, earlier, *level, clock, seed),
        Player::Search(limits, options) => {
            search_with(pos, earlier, *limits, clock, *options, &mut |_| {}).best
        }
    };
    m.expect("a move while the game goes on")
}

/// The first player to finish: in which round, and how many pieces of the others stood in
/// its target camp then (anti-spoiling lets them count towards filling it).
#[derive(Clone, Copy, Debug)]
struct First {
    round: u32,
    others_in_camp: u32,
}

/// Plays one game; returns the seats in finishing order (with 2 players, the winner),
/// whether the game was drawn for those still playing, the round in which `a_seat`
/// finished (the game's last round when it did not) and the first finisher, if any.
fn play(
    setup: Setup,
    players: &[(Seat, &Player)],
    game: u64,
    clock: &Wall,
    a_seat: Seat,
) -> (Vec<Seat>, bool, u32, Option<First>) {
    let mut a_round = 0;
    let mut first = None;
    let mut pos = Position::start(setup);
    let mut earlier: Vec<u64> = Vec::new();
    let mut memories: Vec<Memory> = players.iter().map(|_| Memory::new()).collect();
    let mut order = Vec::new();
    let n = setup.layout().seats.len() as u64;
    let mut ply = 0u64;
    let mut drawn = false;
    while !pos.is_over() {
        let seat = pos.to_move();
        let i = players
            .iter()
            .position(|p| p.0 == seat)
            .expect("a player per seat");
        let seed = game * 100_003 + ply;
        let m = if ply < 2 * n {
            greedy_move(&pos, seed).expect("a move")
        } else {
            choose(players[i].1, &mut memories[i], &pos, &earlier, clock, seed)
        };
        assert!(pos.is_legal(m), "{pos} {m:?}");
        earlier.push(pos.hash());
        let before = pos.finished();
        pos.play(m);
        ply += 1;
        for &s in &setup.layout().seats {
            if pos.finished().contains(s) && !before.contains(s) {
                if s == a_seat {
                    a_round = pos.round();
                }
                if order.is_empty() {
                    let camp = setup.layout().target[s.index()];
                    first = Some(First {
                        round: pos.round(),
                        others_in_camp: (camp & pos.occupied() & !pos.pieces(s)).len(),
                    });
                }
                order.push(s);
            }
        }
        if n == 2 && earlier.iter().filter(|&&h| h == pos.hash()).count() >= 2 {
            drawn = true;
            break;
        }
    }
    if pos.round() > MOVE_LIMIT {
        drawn = true;
    }
    // With 2 players, losing by the yard rule makes the other the winner.
    if n == 2 && order.is_empty() {
        order.extend(
            setup
                .layout()
                .seats
                .iter()
                .filter(|&&s| !pos.lost().contains(s)),
        );
        if order.len() != 1 {
            order.clear();
        }
    }
    if std::env::var_os("SHOW_END").is_some() {
        println!("  end: {pos} lost {:?}", pos.lost());
    }
    if a_round == 0 {
        a_round = pos.round();
    }
    (order, drawn, a_round, first)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (first_game, args) = match &args[..] {
        [head @ .., first] if args.len() == 6 => (first.parse().expect("a game number"), head),
        _ => (0, &args[..]),
    };
    let [game, players, games, a, b] = args else {
        eprintln!("usage: matches GAME PLAYERS GAMES A B [FIRST]");
        std::process::exit(2);
    };
    let variant: Variant = game.parse().expect("a game");
    let setup = Setup::new(variant, players.parse().expect("a player count")).expect("a setup");
    let games: u64 = games.parse().expect("a game count");
    let (pa, pb) = (parse_player(a), parse_player(b));
    let seats = setup.layout().seats.clone();
    let clock = Wall(Instant::now());
    let (mut points, mut firsts, mut places) = (0.0, 0, 0usize);
    let mut finish_rounds = 0u64;
    let mut spoiled_firsts = 0;
    for g in first_game..first_game + games {
        let a_seat = seats[g as usize % seats.len()];
        let assignment: Vec<(Seat, &Player)> = seats
            .iter()
            .map(|&s| (s, if s == a_seat { &pa } else { &pb }))
            .collect();
        let t = clock.now_ms();
        let (order, drawn, a_round, first) = play(setup, &assignment, g, &clock, a_seat);
        finish_rounds += u64::from(a_round);
        if first.is_some_and(|f| f.others_in_camp > 0) {
            spoiled_firsts += 1;
        }
        let place = order.iter().position(|&s| s == a_seat).map(|i| i + 1);
        let outcome = if seats.len() == 2 {
            if order.first() == Some(&a_seat) {
                points += 1.0;
                "win"
            } else if order.is_empty() {
                points += 0.5;
                "draw"
            } else {
                "loss"
            }
        } else if place == Some(1) {
            "first"
        } else {
            "not first"
        };
        if place == Some(1) {
            firsts += 1;
        }
        places += place.unwrap_or(seats.len());
        println!(
            "game {g}: A as {a_seat}: {outcome} (place {place:?}, order {:?}{}, rounds: A {a_round}, {}) {:.1} s",
            order.iter().map(|s| s.number()).collect::<Vec<_>>(),
            if drawn { ", drawn" } else { "" },
            match first {
                None => "no one finished".to_string(),
                Some(First {
                    round,
                    others_in_camp: 0,
                }) => format!("first {round}"),
                Some(First {
                    round,
                    others_in_camp,
                }) => format!("first {round} with {others_in_camp} of the others' pieces in its camp"),
            },
            (clock.now_ms() - t) / 1000.0
        );
    }
    println!(
        "{a} vs {b}, {setup}, {games} games: A first {firsts} ({:.0} %), points {points} ({:.0} %), mean place {:.2}, A's mean finishing round {:.2} (the last round where it did not finish); the first finisher had others' pieces in its camp in {spoiled_firsts} games",
        100.0 * firsts as f64 / games as f64,
        100.0 * points / games as f64,
        places as f64 / games as f64,
        finish_rounds as f64 / games as f64
    );
}
