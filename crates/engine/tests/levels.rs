//! The site's levels, the draw policy and the game-facing API.

mod common;
use common::position;
use kingme_draughts::{notation, Color, Game, Variant};
use kingme_engine::{
    accepts_draw, choose_move, score, search, think_at_level, time_budget, wants_to_offer_draw,
    Clock, Level, Limits, Memory, TimeLeft, TimeUse,
};
use std::cell::Cell;

/// A clock that moves on by `step_ms` every time it is read: time passes only as the search
/// looks at it, so limits are tested without waiting.
struct FakeClock {
    now: Cell<f64>,
    step_ms: f64,
}

impl FakeClock {
    fn new(step_ms: f64) -> FakeClock {
        FakeClock {
            now: Cell::new(0.0),
            step_ms,
        }
    }
}

impl Clock for FakeClock {
    fn now_ms(&self) -> f64 {
        let t = self.now.get();
        self.now.set(t + self.step_ms);
        t
    }
}

/// A few positions of each variant: the start and two openings.
fn sample_games() -> Vec<Game> {
    let mut games = Vec::new();
    for v in Variant::ALL {
        let mut game = Game::new(v);
        games.push(game.clone());
        for i in 0..6 {
            let moves = game.legal_moves();
            game.play(&moves[i % moves.len()], false).expect("legal");
            if i % 3 == 2 {
                games.push(game.clone());
            }
        }
    }
    games
}

#[test]
fn every_level_plays_a_legal_move() {
    for game in sample_games() {
        for level in Level::ALL {
            let clock = FakeClock::new(25.0);
            let m = choose_move(&game, level, &clock, 7).expect("the game is not over");
            assert!(
                game.legal_moves().contains(&m),
                "{level} in {:?}",
                game.variant()
            );
        }
    }
}

#[test]
fn no_move_once_the_game_is_over() {
    // White to move without a piece: the game is lost for White.
    let pos = position(Variant::International, Color::White, &[], &["a7", "c7"]);
    let game = Game::from_position(pos);
    assert!(game.outcome().is_some());
    for level in Level::ALL {
        assert_eq!(choose_move(&game, level, &FakeClock::new(1.0), 1), None);
    }
    let r = search(&game, Limits::Depth(3), &FakeClock::new(1.0), &mut |_| {});
    assert_eq!(r.best, None);
}

#[test]
fn beginner_moves_at_random_about_forty_percent_of_the_time() {
    let game = Game::new(Variant::English);
    let calls = 400;
    let random = (0..calls)
        .filter(|&seed| {
            let r = think_at_level(&game, Level::Beginner, &FakeClock::new(1.0), seed)
                .expect("the game is not over");
            r.depth == 0
        })
        .count();
    let share = random as f64 / f64::from(calls as u32);
    assert!((0.32..=0.48).contains(&share), "random share {share}");
    // The same seed gives the same move.
    let a = choose_move(&game, Level::Beginner, &FakeClock::new(1.0), 99);
    let b = choose_move(&game, Level::Beginner, &FakeClock::new(1.0), 99);
    assert_eq!(a, b);
    // Non-random choices are 2-ply searches.
    let searched = (0..20)
        .filter_map(|seed| think_at_level(&game, Level::Beginner, &FakeClock::new(1.0), seed))
        .find(|r| r.depth > 0)
        .expect("some choices are searched");
    assert_eq!(searched.depth, 2);
}

#[test]
fn intermediate_searches_exactly_its_depth() {
    for v in Variant::ALL {
        let game = Game::new(v);
        let r = think_at_level(&game, Level::Intermediate, &FakeClock::new(1.0), 3)
            .expect("the game is not over");
        let expected = if v == Variant::International { 6 } else { 8 };
        assert_eq!(r.depth, expected, "{v}");
        assert!(r.nodes > 0);
    }
}

#[test]
fn advanced_keeps_within_one_and_a_half_seconds() {
    for v in [Variant::English, Variant::International] {
        let game = Game::new(v);
        let clock = FakeClock::new(2.0);
        let r = think_at_level(&game, Level::Advanced, &clock, 1).expect("the game is not over");
        let used = clock.now.get();
        assert!(r.best.is_some() && r.depth >= 1);
        // It used a real share of its time (the opening has no quick end: at least the
        // least share of its 0.7 s soft limit), and never more than 1.5 s by the clock it was
        // given.
        assert!(
            (700.0 * TimeUse::LEAST..=1500.0).contains(&used),
            "{v}: used {used} ms"
        );
    }
}

#[test]
fn searching_leaves_the_game_unchanged() {
    for game in sample_games() {
        let before = game.clone();
        let _ = search(&game, Limits::Depth(4), &FakeClock::new(1.0), &mut |_| {});
        let _ = choose_move(&game, Level::Beginner, &FakeClock::new(1.0), 5);
        let _ = accepts_draw(&game, Level::Beginner, &FakeClock::new(1.0), None);
        assert_eq!(game.position(), before.position());
        assert_eq!(game.ply(), before.ply());
        assert!(game.moves().eq(before.moves()));
        assert_eq!(game.counters(), before.counters());
        assert_eq!(game.repetition_hashes(), before.repetition_hashes());
    }
}

#[test]
fn iterations_are_reported_in_order_with_a_principal_variation() {
    let game = Game::new(Variant::Russian);
    let mut depths = Vec::new();
    let r = search(&game, Limits::Depth(5), &FakeClock::new(1.0), &mut |it| {
        assert_eq!(it.pv.first().copied(), it.best);
        depths.push(it.depth);
    });
    assert_eq!(depths, vec![1, 2, 3, 4, 5]);
    assert_eq!(r.depth, 5);
    let nodes = search(
        &game,
        Limits::Nodes(5000),
        &FakeClock::new(1.0),
        &mut |_| {},
    )
    .nodes;
    assert!((5000..5100).contains(&nodes), "{nodes}");
}

#[test]
fn wins_are_scored_with_their_distance() {
    // Black (to move) takes White's last man: a win in one ply.
    let pos = position(Variant::English, Color::Black, &["d4"], &["c3", "a1"]);
    let r = search(
        &Game::from_position(pos),
        Limits::Depth(4),
        &FakeClock::new(1.0),
        &mut |_| {},
    );
    assert_eq!(r.score, score::win_in(1));
    assert_eq!(
        notation::move_to_string(Variant::English, &r.best.expect("a move")),
        "c3×e5"
    );
}

#[test]
fn a_draw_the_rules_will_declare_scores_zero() {
    // King and man against a lone king: drawn after five moves each unless won before; the
    // lone king stays out of reach, so every line ends in the rule's draw.
    let pos = position(
        Variant::International,
        Color::White,
        &["Ka1", "c3"],
        &["Kj2"],
    );
    let game = Game::from_position(pos);
    let r = search(&game, Limits::Depth(14), &FakeClock::new(1.0), &mut |_| {});
    assert_eq!(r.score, 0);
}

#[test]
fn draw_offers_are_accepted_only_when_fair() {
    let clock = || FakeClock::new(5.0);
    // White, to move, is three men and two kings up.
    let winning = position(
        Variant::International,
        Color::White,
        &["Ka1", "Kj10", "c3", "e3", "g3"],
        &["h10"],
    );
    let losing = position(
        Variant::International,
        Color::Black,
        &["Ka1", "Kj10", "c3", "e3", "g3"],
        &["h10"],
    );
    let bare = position(Variant::International, Color::White, &["Kb2"], &["Kh10"]);
    for level in [Level::Intermediate, Level::Advanced] {
        assert!(!accepts_draw(
            &Game::from_position(winning),
            level,
            &clock(),
            None
        ));
        assert!(accepts_draw(
            &Game::from_position(losing),
            level,
            &clock(),
            None
        ));
        assert!(accepts_draw(
            &Game::from_position(bare),
            level,
            &clock(),
            None
        ));
        assert!(wants_to_offer_draw(
            &Game::from_position(bare),
            level,
            &clock(),
            None
        ));
        assert!(!wants_to_offer_draw(
            &Game::new(Variant::International),
            level,
            &clock(),
            None
        ));
        assert!(!wants_to_offer_draw(
            &Game::from_position(winning),
            level,
            &clock(),
            None
        ));
    }
}

#[test]
fn a_draw_judgement_on_the_clock_takes_a_share_of_the_move_budget() {
    // Kings only, two against two: both judgements search, and Advanced would search for
    // 300–600 ms without a clock.
    let pos = position(
        Variant::International,
        Color::White,
        &["Ka1", "Kc3"],
        &["Kh10", "Kf8"],
    );
    let game = Game::from_position(pos);
    let time = TimeLeft {
        remaining_ms: 6_000,
        increment_ms: 0,
    };
    let share = time_budget(time.remaining_ms, time.increment_ms, None) / 4;
    for judge in [accepts_draw, wants_to_offer_draw] {
        let clock = FakeClock::new(1.0);
        let _ = judge(&game, Level::Advanced, &clock, Some(time));
        let spent = clock.now.get();
        assert!(
            spent <= (share + 5) as f64,
            "{spent} ms spent judging, the share is {share} ms"
        );
        let unlimited = FakeClock::new(1.0);
        let _ = judge(&game, Level::Advanced, &unlimited, None);
        assert!(
            unlimited.now.get() >= 300.0 * TimeUse::LEAST,
            "without a clock the judgement takes its own time"
        );
    }
}

#[test]
fn kings_only_with_equal_numbers_are_a_draw_the_computer_offers_and_accepts() {
    for variant in Variant::ALL {
        let top = if variant == Variant::International {
            "10"
        } else {
            "8"
        };
        let one_each = position(variant, Color::White, &["Kc1"], &[&format!("Kf{top}")]);
        let two_each = position(
            variant,
            Color::White,
            &["Kc1", "Ke1"],
            &[&format!("Kf{top}"), &format!("Kd{top}")],
        );
        for pos in [one_each, two_each] {
            for level in Level::ALL {
                let game = Game::from_position(pos);
                let clock = FakeClock::new(5.0);
                assert!(
                    accepts_draw(&game, level, &clock, None),
                    "{variant} {level}"
                );
                assert!(
                    wants_to_offer_draw(&game, level, &clock, None),
                    "{variant} {level}"
                );
            }
        }
    }
}

#[test]
fn no_draw_is_accepted_in_the_opening() {
    for variant in Variant::ALL {
        let mut game = Game::new(variant);
        for level in Level::ALL {
            let clock = FakeClock::new(5.0);
            assert!(
                !accepts_draw(&game, level, &clock, None),
                "{variant} {level} at the start"
            );
        }
        let m = game.legal_moves()[0];
        game.play(&m, true)
            .expect("a legal first move with an offer");
        for level in Level::ALL {
            let clock = FakeClock::new(5.0);
            assert!(
                !accepts_draw(&game, level, &clock, None),
                "{variant} {level} after one move"
            );
        }
    }
}

#[test]
fn levels_parse_from_their_keys() {
    for level in Level::ALL {
        assert_eq!(level.key().parse::<Level>(), Ok(level));
    }
    assert!("master"
        .parse::<Level>()
        .is_err_and(|e| e.to_string().contains("master")));
}

#[test]
fn with_a_clock_the_computer_keeps_to_its_time_budget() {
    let game = Game::new(Variant::International);
    let time = TimeLeft {
        remaining_ms: 3_000,
        increment_ms: 1_000,
    };
    // 3 s left and 1 s a move: 100 + 750 ms, at most a sixth of the time left (500 ms).
    let budget = time_budget(3_000, 1_000, Some(4_900));
    assert_eq!(budget, 500);
    for level in [Level::Intermediate, Level::Advanced, Level::Expert] {
        let clock = FakeClock::new(0.5);
        let r = Memory::new()
            .think_timed(&game, level, &clock, 7, Some(time))
            .expect("the game is not over");
        assert!(
            game.legal_moves().contains(&r.best.expect("a move")),
            "{level}"
        );
        // Read once per poll interval and a few times per iteration, the clock passes the
        // budget by a few readings at most.
        assert!(
            clock.now.get() <= budget as f64 + 10.0,
            "{level}: {}",
            clock.now.get()
        );
    }
    // With time to spare the level plays as without a clock.
    let plenty = TimeLeft {
        remaining_ms: 3_600_000,
        increment_ms: 30_000,
    };
    for level in [Level::Intermediate, Level::Advanced] {
        let timed = Memory::new().think_timed(&game, level, &FakeClock::new(0.5), 7, Some(plenty));
        let untimed = think_at_level(&game, level, &FakeClock::new(0.5), 7);
        assert_eq!(timed, untimed, "{level}");
    }
}

#[test]
fn a_critical_move_gets_more_time_and_a_settled_one_less() {
    let soft = 700.0;
    let limits = Limits::Time {
        soft_ms: 700,
        hard_ms: 1450,
    };
    let (mut early, mut late) = (0, 0);
    for game in sample_games() {
        let clock = FakeClock::new(1.0);
        let mut judged = TimeUse::new(33);
        let mut last_best = None;
        // After each iteration: the time used and the share of the soft limit then due.
        let mut iterations = Vec::new();
        let r = search(&game, limits, &clock, &mut |it| {
            judged.completed(it.depth, it.best != last_best, it.score);
            last_best = it.best;
            iterations.push((clock.now.get(), judged.share()));
        });
        let used = clock.now.get();
        assert!(used <= 1460.0, "{used} ms is past the hard limit");
        let Some((&(at_last, share_last), before)) = iterations.split_last() else {
            continue;
        };
        for &(at, share) in before {
            assert!(
                at < soft * share,
                "went on at {at} ms with a share of {share}"
            );
        }
        // Unless the hard limit cut the next iteration short (or the search had nothing
        // left to find), the search stopped because its share of the soft limit was spent.
        let cut_short = used >= 1450.0;
        if !cut_short && !score::is_decided(r.score) {
            assert!(
                at_last >= soft * share_last,
                "stopped at {at_last} ms with a share of {share_last}"
            );
            if at_last < soft {
                early += 1;
            } else {
                late += 1;
            }
        }
    }
    assert!(early > 0 && late > 0, "{early} stopped early, {late} late");
}
