//! `Position::could_still_finish`: whether the player whose opponent ran out of time could still
//! win, or is certain not to (a draw then).

mod common;

use common::{build, home, setup};
use kingme_halma::{record, EndReason, Game, Position, Seat, Turn, Variant};

fn seat(n: u8) -> Seat {
    Seat::new(n).expect("seat 1-6")
}

/// Halma 8×8, seat 1 to move in `round` with `ones`; seat 2 has left its home (or the yard
/// rule would have ended the game) but not reached its target: it stands on the first ten points
/// outside both camps that `ones` leaves free.
fn halma8(round: u32, ones: &str) -> Position {
    let s = setup(Variant::Halma8, 2);
    let layout = s.layout();
    let camps = layout.home[0] | layout.home[layout.seats[1].index()];
    let twos: Vec<String> = common::set_names(layout.board, layout.board.points() & !camps)
        .into_iter()
        .filter(|name| !ones.split_whitespace().any(|o| o == name))
        .take(10)
        .collect();
    build(s, 1, round, &[(1, ones), (2, &twos.join(" "))])
}

#[test]
fn at_the_start_both_could_finish() {
    for variant in [
        Variant::Halma8,
        Variant::Halma10,
        Variant::Halma16,
        Variant::ChineseCheckers,
    ] {
        let p = Position::start(setup(variant, 2));
        assert!(p.could_still_finish(seat(1)), "{variant}");
        assert!(p.could_still_finish(p.layout().seats[1]), "{variant}");
    }
}

#[test]
fn too_few_moves_before_the_200_move_limit_rule_a_win_out() {
    // Ten pieces outside the target camp need ten moves at least.
    let ones = "d3 e3 f3 g3 d4 e4 f4 g4 e5 f5";
    // Round 191: 190 made, 10 left.
    assert!(halma8(191, ones).could_still_finish(seat(1)));
    // Round 192: 191 made, 9 left.
    assert!(!halma8(192, ones).could_still_finish(seat(1)));
}

#[test]
fn pieces_left_at_home_past_the_yard_rule_rule_a_win_out() {
    let s = setup(Variant::Halma8, 2);
    let camp = home(s, 1);
    let at_home: Vec<&str> = camp.split_whitespace().take(2).collect();
    let ones = format!("{} {} e3 f3 g3 e4 f4 g4 e5 f5", at_home[0], at_home[1]);
    // Round 30: 29 made, two moves before the rule's check (after move 31): both may leave.
    assert!(halma8(30, &ones).could_still_finish(seat(1)));
    // Round 31: 30 made, one move left for two pieces: the yard rule would end it first.
    assert!(!halma8(31, &ones).could_still_finish(seat(1)));
}

#[test]
fn with_anti_spoiling_one_own_piece_in_the_target_may_be_enough() {
    let s = setup(Variant::ChineseCheckers, 2);
    let layout = s.layout();
    let [first, second] = [layout.seats[0], layout.seats[1]];
    let names = |points| common::set_names(layout.board, points);
    // The first seat's target camp is the second's home: the second keeps all but one cell.
    let target = names(layout.target[first.index()]);
    let camps = layout.home[first.index()] | layout.home[second.index()];
    let elsewhere = names(layout.board.points() & !camps);
    let twos = format!("{} {}", target[1..].join(" "), elsewhere[0]);
    let far = names(layout.home[first.index()]);
    let at_home = far[..10].join(" ");
    let one_in = format!("{} {}", far[..9].join(" "), target[0]);
    // The second seat to move in the last round: the first has made all its 200 moves.
    let last = |ones: &str| {
        build(
            s,
            second.number(),
            200,
            &[(first.number(), ones), (second.number(), &twos)],
        )
    };
    assert!(
        last(&one_in).could_still_finish(first),
        "one own piece in a camp the other may still fill"
    );
    assert!(
        !last(&at_home).could_still_finish(first),
        "no move left, no piece in the camp"
    );
    // One move left (the first seat to move in round 200): a piece into the camp might do.
    let p = build(
        s,
        first.number(),
        200,
        &[(first.number(), &at_home), (second.number(), &twos)],
    );
    assert!(p.could_still_finish(first));
}

#[test]
fn with_two_players_the_one_out_of_time_loses() {
    let mut game = Game::new(setup(Variant::ChineseCheckers, 2));
    let second = game.setup().layout().seats[1];
    game.time_out(seat(1)).expect("a game in play");
    let outcome = game.outcome().expect("the flag ends the game");
    assert_eq!(outcome.reason, EndReason::TimeOut);
    assert_eq!(outcome.reason.key(), "time-out");
    assert_eq!(outcome.ranking, vec![vec![second], vec![seat(1)]]);
    assert!(game.time_out(second).is_err());
    assert_eq!(
        game.turns().last().map(|(_, t)| t),
        Some(Turn::TimeOut(seat(1)))
    );
}

#[test]
fn a_flag_against_a_player_who_could_not_finish_is_a_draw() {
    // Round 192 of 8×8: both have nine moves left and ten pieces outside their targets.
    let p = halma8(192, "d3 e3 f3 g3 d4 e4 f4 g4 e5 f5");
    let second = p.layout().seats[1];
    assert!(!p.could_still_finish(second));
    let mut game = Game::from_position(p);
    game.time_out(seat(1)).expect("a game in play");
    let outcome = game.outcome().expect("the flag ends the game");
    assert_eq!(outcome.reason, EndReason::TimeOut);
    assert!(outcome.is_draw(), "{outcome:?}");
    assert_eq!(outcome.ranking.len(), 1);
    assert!(outcome.ranking[0].contains(&seat(1)) && outcome.ranking[0].contains(&second));
    game.undo().expect("the flag to take back");
    assert!(game.outcome().is_none());
}

#[test]
fn with_more_players_the_one_out_of_time_leaves_and_the_game_goes_on() {
    let mut game = Game::new(setup(Variant::ChineseCheckers, 3));
    let seats = game.setup().layout().seats.clone();
    game.time_out(seats[0]).expect("a game in play");
    assert!(game.outcome().is_none());
    assert!(!game.position().active().contains(seats[0]));
    assert_eq!(game.position().to_move(), seats[1]);
    game.time_out(seats[1]).expect("still playing");
    let outcome = game.outcome().expect("one player left");
    assert_eq!(outcome.reason, EndReason::TimeOut);
    // The last to leave is placed above the first.
    assert_eq!(
        outcome.ranking,
        vec![vec![seats[2]], vec![seats[1]], vec![seats[0]]]
    );
}

#[test]
fn a_record_writes_and_reads_a_time_out() {
    let mut game = Game::new(setup(Variant::ChineseCheckers, 3));
    let first = game.legal_moves()[0];
    game.play(first).expect("a legal move");
    let seats = game.setup().layout().seats.clone();
    game.time_out(seats[1]).expect("a game in play");
    let text = record::write(&game, &[]);
    assert!(
        text.contains(&format!("time:{}", seats[1].number())),
        "{text}"
    );
    let back = record::parse(&text).expect("the record reads");
    assert_eq!(
        back.game.turns().last().map(|(_, t)| t),
        Some(Turn::TimeOut(seats[1]))
    );
    let e = record::parse(&text.replace(&format!("time:{}", seats[1].number()), "time:9"))
        .expect_err("no seat 9");
    assert!(e.to_string().contains("time:S"), "{e}");
}
