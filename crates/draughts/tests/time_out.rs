//! `Game::could_still_win`: whether the side whose opponent ran out of time could still win.

use kingme_draughts::{Color, Game, Variant};

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
