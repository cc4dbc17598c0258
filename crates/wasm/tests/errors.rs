//! The rules' errors reach the page with a stable code, the parameters their message names and
//! the problem inside, beside the English message.
#![allow(clippy::unwrap_used)]

use kingme_wasm::errors::{ErrorCode, ErrorView};
use kingme_wasm::session::Session;

fn param<'a>(e: &'a ErrorView, name: &str) -> &'a str {
    e.params.get(name).map_or("", String::as_str)
}

#[test]
fn a_bad_fen_names_its_field() {
    let e = Session::new("english", None, Some("X:W21:B1"))
        .unwrap_err()
        .0;
    assert_eq!(e.code, ErrorCode::FenTurn);
    assert_eq!(param(&e, "text"), "X");
    assert_eq!(e.message, "invalid FEN: side to move 'X' must be W or B");
    assert_eq!(e.cause, None);
}

#[test]
fn a_fen_with_an_impossible_man_carries_the_position_error_inside() {
    // A white man on square 29 (f8) would have been crowned.
    let e = Session::new("english", None, Some("W:W29:B30"))
        .unwrap_err()
        .0;
    assert_eq!(e.code, ErrorCode::FenPosition);
    let cause = e.cause.as_deref().unwrap();
    assert_eq!(cause.code, ErrorCode::PositionManOnCrowningRank);
    assert_eq!(param(cause, "square"), "f8");
    assert!(e.message.contains(&cause.message), "{}", e.message);
}

#[test]
fn a_pdn_move_that_cannot_be_played_names_its_ply_and_why() {
    let e = Session::from_record("[GameType \"20\"]\n1. 32-28 32-27 *", None, None)
        .unwrap_err()
        .0;
    assert_eq!(e.code, ErrorCode::PdnMove);
    assert_eq!(param(&e, "ply"), "2");
    assert_eq!(param(&e, "text"), "32-27");
    assert!(e.cause.is_some());
    let e = Session::from_record("1. 11-15 *", None, None)
        .unwrap_err()
        .0;
    assert_eq!(e.code, ErrorCode::PdnNoVariant);
}

#[test]
fn an_illegal_typed_move_and_a_bad_square_have_codes() {
    let mut s = Session::new("english", None, None).unwrap();
    let e = s.play_text("c3-c5", false).unwrap_err().0;
    assert_eq!(e.code, ErrorCode::MoveIllegal);
    assert_eq!(param(&e, "text"), "c3-c5");
    let e = s.play_text("z9-c5", false).unwrap_err().0;
    assert_eq!(e.code, ErrorCode::MoveSquare);
    assert_eq!(e.cause.unwrap().code, ErrorCode::SquareOffBoard);
}

#[test]
fn halma_positions_records_and_moves_have_codes() {
    let e = Session::new("halma-8", Some(2), Some("1:1:..."))
        .unwrap_err()
        .0;
    assert_eq!(e.code, ErrorCode::HalmaPositionRowCount);
    assert_eq!(param(&e, "expected"), "8");
    assert_eq!(param(&e, "found"), "1");
    let e = Session::new("halma-8", Some(5), None).unwrap_err().0;
    assert_eq!(e.code, ErrorCode::PlayerCount);
    assert_eq!(param(&e, "players"), "5");
    let e = Session::from_record("[Variant \"halma-8\"]\n[Players \"x\"]\n", None, None)
        .unwrap_err()
        .0;
    assert_eq!((e.code, param(&e, "text")), (ErrorCode::RecordPlayers, "x"));
    let mut s = Session::new("halma-8", Some(2), None).unwrap();
    let e = s.play_text("q9-a1", false).unwrap_err().0;
    assert_eq!(e.code, ErrorCode::UnknownPoint);
    assert_eq!(param(&e, "point"), "q9");
}

#[test]
fn the_sites_own_refusals_have_codes_too() {
    let e = Session::new("chess", None, None).unwrap_err().0;
    assert_eq!(
        (e.code, param(&e, "name")),
        (ErrorCode::UnknownGame, "chess")
    );
    let s = Session::new("english", None, None).unwrap();
    assert_eq!(s.view_at(1).unwrap_err().0.code, ErrorCode::NoSuchMove);
}
