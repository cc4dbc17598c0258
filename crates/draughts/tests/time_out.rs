//! `Game::could_still_win`: whether the side whose opponent ran out of time could still win.

use kingme_draughts::{Color, EndReason, Game, Variant};

#[test]
fn a_side_with_a_piece_could_still_win() {
    let game = Game::new(Variant::English);
    assert!(game.could_still_win(Color::White));
    assert!(game.could_still_win(Color::Black));
    // A lone man against three kings: the kings could walk into its captures.
    let game = Game::from_fen(Variant::International, "W:W46:BK1,K5,K10").expect("a position");
    assert!(game.outcome().is_none());
    assert!(game.could_still_win(Color::White));
    assert!(game.could_still_win(Color::Black));
}

#[test]
fn a_finished_game_answers_who_won() {
    let mut game = Game::new(Variant::English);
    game.resign(Color::White).expect("a game in play");
    assert!(game.could_still_win(Color::Black));
    assert!(!game.could_still_win(Color::White));
    let mut game = Game::new(Variant::English);
    let first = game.legal_moves()[0];
    game.play(&first, true).expect("a legal move with an offer");
    game.accept_draw().expect("the offer stands");
    assert!(!game.could_still_win(Color::White));
    assert!(!game.could_still_win(Color::Black));
}

#[test]
fn running_out_of_time_loses_and_ends_the_game() {
    let mut game = Game::from_fen(Variant::International, "W:W46:BK1,K5,K10").expect("a position");
    game.time_out(Color::Black).expect("a game in play");
    let outcome = game.outcome().expect("the flag ends the game");
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, EndReason::TimeOut);
    assert_eq!(outcome.reason.key(), "time-out");
    assert!(game.time_out(Color::White).is_err());
    assert!(game.play_text("46-41", false).is_err());
}

#[test]
fn a_flag_is_taken_back_with_the_move_before_it() {
    let mut game = Game::new(Variant::English);
    let first = game.legal_moves()[0];
    game.play(&first, false).expect("a legal move");
    game.time_out(Color::White).expect("a game in play");
    assert!(game.outcome().is_some());
    game.undo().expect("a move to take back");
    assert!(game.outcome().is_none());
    assert_eq!(game.ply(), 0);
}
