//! The engine with endgame databases: it converts a won ending and knows a drawn one.

use kingme_draughts::{Color, Game, Variant};
use kingme_egdb::{build_order, Egdb, Signature};
use kingme_engine::{
    accepts_draw, search, search_with_egdb, wants_to_offer_draw, Clock, Level, Limits, Memory,
};
use std::sync::Arc;

/// A clock that never moves: the levels used here stop by depth.
struct Still;

impl Clock for Still {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

fn english_up_to_three() -> Arc<Egdb> {
    Arc::new(Egdb::build_in_memory(Variant::English, build_order(3)).expect("builds"))
}

/// Three International kings against one, and what they capture down to.
fn international_kings() -> Arc<Egdb> {
    let kings = |a, b| Signature::new(0, a, 0, b);
    let db = Egdb::build_in_memory(
        Variant::International,
        [
            vec![kings(1, 1)],
            vec![kings(1, 2), kings(2, 1)],
            vec![kings(1, 3), kings(3, 1)],
        ],
    )
    .expect("builds");
    Arc::new(db)
}

/// Plays `game` out, `strong` with the database and the other side without, at
/// Intermediate (a fixed depth); returns the game once it is over or after `max_plies`.
fn play_out(mut game: Game, strong: Color, db: &Arc<Egdb>, max_plies: usize) -> Game {
    let mut with = Memory::new();
    with.set_egdb(Arc::clone(db));
    let mut without = Memory::new();
    for ply in 0..max_plies {
        if game.outcome().is_some() {
            break;
        }
        let memory = if game.position().turn() == strong {
            &mut with
        } else {
            &mut without
        };
        let m = memory
            .choose_move(&game, Level::Intermediate, &Still, ply as u64)
            .expect("a move");
        game.play(&m, false).expect("a legal move");
    }
    game
}

#[test]
fn two_english_kings_beat_one_within_the_database_distance() {
    let db = english_up_to_three();
    let game = Game::from_fen(Variant::English, "B:BK1,K3:WK32").expect("a FEN");
    let value = db.probe(game.position()).expect("in the database");
    let kingme_egdb::Value::Win(plies) = value else {
        panic!("a win, the database says {value:?}");
    };
    let end = play_out(game, Color::Black, &db, 2 * usize::from(plies));
    let outcome = end.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(Color::Black), "{outcome:?}");
    // Against every defence the database's moves win within its distance.
    assert!(end.ply() <= usize::from(plies), "{} plies", end.ply());
}

#[test]
fn the_search_scores_a_database_win_by_its_distance() {
    let db = english_up_to_three();
    let game = Game::from_fen(Variant::English, "B:BK1,K3:WK32").expect("a FEN");
    let with = search_with_egdb(&game, Limits::Depth(3), &Still, Some(&db), &mut |_| {});
    let Some(kingme_egdb::Value::Win(plies)) = db.probe(game.position()) else {
        panic!("a won position");
    };
    assert_eq!(with.score, kingme_engine::score::win_in(usize::from(plies)));
    // Without the database the same shallow search sees no win.
    let without = search(&game, Limits::Depth(3), &Still, &mut |_| {});
    assert!(!kingme_engine::score::is_decided(without.score));
}

#[test]
fn a_database_draw_is_accepted_and_offered() {
    let db = international_kings();
    // Three white kings cannot catch the black king on the long diagonal.
    let game = Game::from_fen(Variant::International, "W:WK47,K38,K24:BK46").expect("a FEN");
    assert_eq!(db.probe(game.position()), Some(kingme_egdb::Value::Draw));
    let mut memory = Memory::new();
    memory.set_egdb(Arc::clone(&db));
    assert!(memory.accepts_draw(&game, Level::Intermediate, &Still, None));
    assert!(memory.wants_to_offer_draw(&game, Level::Intermediate, &Still, None));
    // Without the database the three kings look far better and decline.
    assert!(!accepts_draw(&game, Level::Intermediate, &Still, None));
    assert!(!wants_to_offer_draw(
        &game,
        Level::Intermediate,
        &Still,
        None
    ));
}

#[test]
fn a_database_win_is_not_given_away() {
    let db = english_up_to_three();
    let game = Game::from_fen(Variant::English, "B:BK1,K3:WK32").expect("a FEN");
    let mut memory = Memory::new();
    memory.set_egdb(db);
    assert!(!memory.accepts_draw(&game, Level::Beginner, &Still, None));
    assert!(!memory.wants_to_offer_draw(&game, Level::Beginner, &Still, None));
}
