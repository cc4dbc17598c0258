use kingme_engine_core::Rng;
use kingme_halma::{Move, Position, Seat, Setup, Variant};
use kingme_halma_engine::{
    choose_move, greedy_move, search, search_with, think, Clock, Level, Limits, Memory, Multi,
    Options, Race, SearchResult, TimeLeft,
};
use std::cell::Cell;

/// Time moves on by `step` ms at every reading.
struct Ticking {
    now: Cell<f64>,
    step: f64,
}

impl Ticking {
    fn new(step: f64) -> Ticking {
        Ticking {
            now: Cell::new(0.0),
            step,
        }
    }
}

impl Clock for Ticking {
    fn now_ms(&self) -> f64 {
        let t = self.now.get();
        self.now.set(t + self.step);
        t
    }
}

/// A position from the points each seat's pieces stand on.
fn place(setup: Setup, to_move: u8, round: u32, seats: &[(u8, &[&str])]) -> Position {
    let board = setup.layout().board;
    let mut cells: Vec<char> = vec!['.'; board.len()];
    for &(seat, names) in seats {
        for name in names {
            let p = board.point(name).expect("a point of the board");
            let i = board
                .cells()
                .iter()
                .position(|c| c.point == p)
                .expect("a cell");
            assert_eq!(cells[i], '.', "{name} twice");
            cells[i] = char::from(b'0' + seat);
        }
    }
    let mut rows = Vec::new();
    let mut at = 0;
    for &len in board.row_lengths() {
        rows.push(cells[at..at + len as usize].iter().collect::<String>());
        at += len as usize;
    }
    let text = format!("{to_move}:{round}:{}", rows.join("/"));
    Position::parse(setup, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn depth(pos: &Position, d: u32) -> SearchResult {
    search(pos, &[], Limits::Depth(d), &Ticking::new(0.0), &mut |_| {})
}

fn star(players: u8) -> Setup {
    Setup::new(Variant::ChineseCheckers, players).expect("offered")
}

#[test]
fn the_last_piece_steps_into_the_target_camp_and_wins() {
    let pos = place(
        star(2),
        1,
        20,
        &[
            (
                1,
                &["q1", "p1", "p2", "o1", "o2", "o3", "n1", "n2", "n3", "m8"],
            ),
            (
                4,
                &["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9", "h1"],
            ),
        ],
    );
    let board = pos.board();
    let win = Move::new(
        board.point("m8").expect("a point"),
        board.point("n4").expect("a point"),
    );
    for d in [1, 3, 4] {
        let r = depth(&pos, d);
        assert_eq!(r.best, Some(win), "depth {d}");
        assert!(r.score > 29_000, "depth {d}: {}", r.score);
    }
    assert_eq!(greedy_move(&pos, 1), Some(win));
}

#[test]
fn a_long_jump_chain_beats_a_step_and_finishing_by_a_chain_is_a_win() {
    let setup = Setup::two_players(Variant::Halma8);
    let target = ["h8", "g8", "f8", "e8", "h7", "f7", "h6", "g6"];
    let others = ["b2", "d4", "f6", "a8", "b8", "c8", "a7", "b7", "a6", "d8"];
    let mut ones: Vec<&str> = target.to_vec();
    ones.extend(["a1", "h1"]);
    let pos = place(setup, 1, 10, &[(1, &ones), (2, &others)]);
    let board = pos.board();
    let chain = Move::new(
        board.point("a1").expect("a point"),
        board.point("g7").expect("a point"),
    );
    let r = depth(&pos, 2);
    assert_eq!(r.best, Some(chain));
    assert_eq!(pos.path(chain).len(), 4);

    ones = target.to_vec();
    ones.extend(["a1", "h5"]);
    let pos = place(setup, 1, 10, &[(1, &ones), (2, &others)]);
    let r = depth(&pos, 3);
    assert_eq!(r.best, Some(chain));
    assert!(r.score > 29_000);
}

#[test]
fn a_player_without_a_move_passes() {
    let home = |seat: usize| -> Vec<String> {
        let layout = star(6).layout();
        layout.home[seat]
            .iter()
            .map(|p| layout.board.name(p).to_string())
            .collect()
    };
    let blockers = ["e5", "e6", "e7", "e8", "e9", "f4", "f5", "f6", "f7", "f8"];
    let mut sixes: Vec<String> = home(5);
    sixes.retain(|n| n != "f10");
    sixes.push("f9".into());
    let (ones, threes, fours, fives, sixes) = (home(0), home(2), home(3), home(4), sixes);
    let (ones, threes, fours, fives, sixes) = (
        refs(&ones),
        refs(&threes),
        refs(&fours),
        refs(&fives),
        refs(&sixes),
    );
    let pos = place(
        star(6),
        1,
        9,
        &[
            (1, &ones),
            (2, &blockers),
            (3, &threes),
            (4, &fours),
            (5, &fives),
            (6, &sixes),
        ],
    );
    assert_eq!(pos.legal_moves().as_slice(), &[Move::PASS]);
    assert_eq!(depth(&pos, 3).best, Some(Move::PASS));
    assert_eq!(greedy_move(&pos, 3), Some(Move::PASS));
    for level in Level::ALL {
        let m = choose_move(&pos, &[], level, &Ticking::new(10.0), 5);
        assert_eq!(m, Some(Move::PASS), "{level}");
    }
    // Seat 2, next, searches with seat 1's pass among the replies it expects.
    let next = pos.after(Move::PASS);
    let r = depth(&next, 4);
    assert!(next.is_legal(r.best.expect("a move")));
}

/// Plays `plies` moves of `level` (and the paranoid search) from `pos`, checking each.
fn play_on(mut pos: Position, plies: usize, seed: u64) {
    let clock = Ticking::new(10.0);
    for ply in 0..plies {
        if pos.is_over() {
            break;
        }
        let m = choose_move(&pos, &[], Level::Intermediate, &clock, seed + ply as u64)
            .expect("a move while the game goes on");
        assert!(pos.is_legal(m), "{pos}: {m:?}");
        let paranoid = Options {
            multi: Multi::Paranoid,
            ..Options::default()
        };
        let p = search_with(&pos, &[], Limits::Depth(2), &clock, paranoid, &mut |_| {});
        assert!(pos.is_legal(p.best.expect("a move")), "{pos}");
        assert!(!pos.finished().contains(pos.to_move()));
        pos.play(m);
    }
}

#[test]
fn finished_players_are_skipped_with_three_and_six_players() {
    let seat6_camp = [
        "e10", "e11", "e12", "e13", "f10", "f11", "f12", "g10", "g11", "h10",
    ];
    let pos = place(
        star(3),
        1,
        30,
        &[
            (
                1,
                &["a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3", "i5"],
            ),
            (3, &seat6_camp),
            (
                5,
                &[
                    "j10", "k10", "k11", "l10", "l11", "l12", "m10", "m11", "m12", "i9",
                ],
            ),
        ],
    );
    assert!(pos.finished().contains(Seat::new(3).expect("a seat")));
    play_on(pos, 8, 1);

    let seat5_camp = [
        "j10", "k10", "k11", "l10", "l11", "l12", "m10", "m11", "m12", "m13",
    ];
    let seat1_camp = ["a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3", "d4"];
    let layout = star(6).layout();
    let names = |seat: usize| -> Vec<String> {
        layout.home[seat]
            .iter()
            .map(|p| layout.board.name(p).to_string())
            .collect()
    };
    let (threes, sixes) = (names(2), names(5));
    let threes: Vec<&str> = threes.iter().map(String::as_str).collect();
    let sixes: Vec<&str> = sixes.iter().map(String::as_str).collect();
    let pos = place(
        star(6),
        1,
        40,
        &[
            (
                1,
                &["i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9", "h5"],
            ),
            (2, &seat5_camp),
            (3, &threes),
            (4, &seat1_camp),
            (
                5,
                &["g3", "g4", "g5", "g6", "g7", "g8", "g9", "f4", "f5", "f6"],
            ),
            (6, &sixes),
        ],
    );
    assert_eq!(pos.finished().len(), 2);
    play_on(pos, 10, 2);
}

#[test]
fn random_positions_of_every_setup_get_legal_moves() {
    let clock = Ticking::new(10.0);
    for setup in Setup::all().chain([Setup::solo(Variant::ChineseCheckers)]) {
        let mut rng = Rng::new(u64::from(setup.players()) * 31 + setup.variant() as u64);
        for game in 0..3u64 {
            let mut pos = Position::start(setup);
            let plies = 10 + rng.below(60);
            for _ in 0..plies {
                if pos.is_over() {
                    break;
                }
                let moves = pos.legal_moves();
                let m = if rng.chance(50) {
                    moves[rng.below(moves.len())]
                } else {
                    greedy_move(&pos, rng.next_u64()).expect("a move")
                };
                pos.play(m);
            }
            if pos.is_over() {
                assert_eq!(greedy_move(&pos, 1), None);
                assert_eq!(depth(&pos, 2).best, None);
                continue;
            }
            let r = search(&pos, &[], Limits::Nodes(3000), &clock, &mut |_| {});
            assert!(pos.is_legal(r.best.expect("a move")), "{setup}: {pos}");
            assert!(pos.is_legal(r.pv[0]));
            for level in [Level::Beginner, Level::Intermediate] {
                let m = choose_move(&pos, &[], level, &clock, game).expect("a move");
                assert!(pos.is_legal(m), "{setup} {level}: {pos}");
            }
            assert!(pos.is_legal(greedy_move(&pos, game).expect("a move")));
        }
    }
}

#[test]
fn levels_keep_to_their_limits() {
    let pos = Position::start(star(2));
    let r = think(&pos, &[], Level::Intermediate, &Ticking::new(10.0), 1).expect("a move");
    assert_eq!(r.depth, 3);
    for (level, hard_ms) in [(Level::Advanced, 1450.0), (Level::Expert, 4900.0)] {
        let clock = Ticking::new(10.0);
        let r = think(&pos, &[], level, &clock, 1).expect("a move");
        assert!(pos.is_legal(r.best.expect("a move")));
        assert!(r.depth >= 1);
        // The clock is read once per 1024 nodes (and a few times per iteration).
        assert!(
            r.nodes as f64 <= (hard_ms / 10.0 + 2.0) * 1024.0,
            "{level}: {} nodes",
            r.nodes
        );
        assert!(clock.now.get() <= hard_ms + 200.0, "{level}");
    }
    // With 6 players and the race alone first, the two stay within the limit together.
    let six = Position::start(star(6));
    let racing = Options {
        race: Some(Race::MEASURED),
        ..Options::default()
    };
    let clock = Ticking::new(10.0);
    let limits = Limits::Time {
        soft_ms: 700,
        hard_ms: 1450,
    };
    let r = search_with(&six, &[], limits, &clock, racing, &mut |_| {});
    assert!(six.is_legal(r.best.expect("a move")));
    assert!(clock.now.get() <= 1450.0 + 200.0, "{}", clock.now.get());
    let r = search_with(
        &six,
        &[],
        limits,
        &Ticking::new(100_000.0),
        racing,
        &mut |_| {},
    );
    assert!(six.is_legal(r.best.expect("a move")));
    // Out of time at once: still a legal move.
    let r = think(&pos, &[], Level::Advanced, &Ticking::new(100_000.0), 1).expect("a move");
    assert!(pos.is_legal(r.best.expect("a move")));
    let r = search(&pos, &[], Limits::Nodes(1), &Ticking::new(0.0), &mut |_| {});
    assert!(pos.is_legal(r.best.expect("a move")));
}

#[test]
fn equal_seeds_equal_choices() {
    let pos = Position::start(star(4));
    let clock = Ticking::new(10.0);
    for seed in 0..20 {
        let a = choose_move(&pos, &[], Level::Beginner, &clock, seed);
        let b = choose_move(&pos, &[], Level::Beginner, &clock, seed);
        assert_eq!(a, b);
        assert_eq!(greedy_move(&pos, seed), greedy_move(&pos, seed));
    }
    let picks: std::collections::HashSet<_> =
        (0..20).filter_map(|s| greedy_move(&pos, s)).collect();
    assert!(picks.len() > 1, "ties are broken at random");
}

#[test]
fn expert_remembers_from_move_to_move() {
    let mut pos = Position::start(Setup::two_players(Variant::Halma10));
    let clock = Ticking::new(20.0);
    let mut memory = Memory::new();
    for level in [Level::Advanced, Level::Intermediate] {
        let m = memory
            .choose_move(&pos, &[], level, &clock, 1)
            .expect("a move");
        assert!(pos.is_legal(m));
        assert!(!memory.remembers(), "{level}");
    }
    let first = memory
        .think(&pos, &[], Level::Expert, &clock, 1)
        .expect("a move");
    assert!(memory.remembers());
    let again = memory
        .think(&pos, &[], Level::Expert, &clock, 1)
        .expect("a move");
    assert!(
        again.depth >= first.depth,
        "{} < {}",
        again.depth,
        first.depth
    );
    let mut earlier = Vec::new();
    for _ in 0..4 {
        let m = memory
            .choose_move(&pos, &earlier, Level::Expert, &clock, 1)
            .expect("a move");
        assert!(pos.is_legal(m));
        earlier.push(pos.hash());
        pos.play(m);
    }
}

#[test]
fn a_third_repetition_is_a_draw() {
    // Seat 1 is far ahead: a move back into a position seen twice throws the win away.
    let setup = Setup::two_players(Variant::Halma8);
    let ones = ["h8", "g8", "f8", "e8", "h7", "g7", "f7", "h6", "g6", "e5"];
    let twos = ["a8", "b8", "c8", "a7", "b7", "a6", "d8", "c7", "b6", "a5"];
    let pos = place(setup, 1, 20, &[(1, &ones), (2, &twos)]);
    let best = depth(&pos, 1).best.expect("a move");
    let after = pos.after(best);
    let r = search(
        &pos,
        &[after.hash(), 0, after.hash()],
        Limits::Depth(1),
        &Ticking::new(0.0),
        &mut |_| {},
    );
    assert_ne!(r.best, Some(best));
    assert!(r.score > 0);
}

#[test]
fn the_solo_race_brings_every_piece_across() {
    let start = Position::start(Setup::solo(Variant::Halma8));
    let moves = kingme_halma_engine::solo_race(&start, 50).expect("a finish");
    let mut pos = start;
    for m in &moves {
        assert!(pos.is_legal(*m));
        pos.play(*m);
    }
    assert!(pos.finished().contains(pos.to_move()) || pos.is_over());
    let r = depth(&Position::start(Setup::solo(Variant::ChineseCheckers)), 3);
    assert!(r.best.is_some());
}

#[test]
fn the_race_alone_brings_the_mover_home_with_the_others_standing_still() {
    let mut pos = Position::start(star(6));
    for ply in 0..36 {
        pos.play(greedy_move(&pos, ply).expect("a move"));
    }
    let seat = pos.to_move();
    let moves = kingme_halma_engine::race_alone(&pos, 30).expect("a finish");
    let others = pos.occupied() & !pos.pieces(seat);
    for m in &moves {
        assert_eq!(pos.to_move(), seat);
        assert!(pos.is_legal(*m), "{pos} {m:?}");
        pos.play(*m);
        while !pos.is_over() && pos.to_move() != seat {
            pos.play(Move::PASS);
        }
    }
    assert!(pos.finished().contains(seat), "{pos}");
    assert_eq!(pos.occupied() & !pos.pieces(seat), others);
    // Alone on the star it is the solo race; with others on the board only this.
    assert!(kingme_halma_engine::solo_race(&pos, 30).is_none());
}

#[test]
fn with_a_clock_the_computer_keeps_to_its_time_budget() {
    let pos = Position::start(star(3));
    let time = TimeLeft {
        remaining_ms: 6_000,
        increment_ms: 0,
    };
    // 6 s left: a thirtieth, 200 ms, for Expert (4.9 s without a clock) and Intermediate.
    let budget = kingme_halma_engine::time_budget(6_000, 0, Some(4_900));
    assert_eq!(budget, 200);
    for level in [Level::Intermediate, Level::Expert] {
        let clock = Ticking::new(1.0);
        let r = Memory::new()
            .think_timed(&pos, &[], level, &clock, 1, Some(time))
            .expect("a move");
        assert!(pos.is_legal(r.best.expect("a move")));
        // Read once per 1024 nodes and a few times per iteration, the clock passes the budget
        // by a few readings at most.
        assert!(
            clock.now.get() <= budget as f64 + 20.0,
            "{level}: {}",
            clock.now.get()
        );
    }
    // With time to spare the level plays as without a clock.
    let plenty = TimeLeft {
        remaining_ms: 3_600_000,
        increment_ms: 30_000,
    };
    let timed = Memory::new().think_timed(
        &pos,
        &[],
        Level::Intermediate,
        &Ticking::new(1.0),
        1,
        Some(plenty),
    );
    let untimed = think(&pos, &[], Level::Intermediate, &Ticking::new(1.0), 1);
    assert_eq!(timed, untimed);
}
