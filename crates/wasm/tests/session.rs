#![allow(clippy::unwrap_used)]

use kingme_engine_core::Level;
use kingme_wasm::session::{parse_level, Memory, Session};
use kingme_wasm::view::{Details, DraughtsDetails, GameView, Resignation};
use kingme_wasm::SystemClock;

fn draughts(view: &GameView) -> &DraughtsDetails {
    match &view.details {
        Details::Draughts(d) => d,
        Details::Halma(_) => panic!("a draughts game has draughts details"),
    }
}

fn path(squares: &str) -> Vec<String> {
    squares.split('-').map(str::to_owned).collect()
}

#[test]
fn a_new_english_game_lists_black_moves_with_routes() {
    let s = Session::new("english", None, None).unwrap();
    let moves = s.legal_moves();
    assert_eq!(moves.len(), 7);
    let m = moves.iter().find(|m| m.notation == "c3-d4").unwrap();
    assert_eq!(m.path, ["c3", "d4"]);
    assert!(m.captures.is_empty());
    let snap = s.view();
    // Black moves first in English checkers: seat 0, its men on ranks 1–3.
    assert_eq!(snap.turn, Some(0));
    assert_eq!(snap.seats[0].color, kingme_wasm::view::ColorKey::Black);
    assert_eq!(snap.seats[1].view_angle, 180.0);
    assert_eq!(snap.layout.cells.len(), 64);
    assert_eq!(snap.layout.cells.iter().filter(|c| c.playable).count(), 32);
    assert!(snap.layout.cells[0].playable && snap.layout.cells[0].name == "a1");
    assert!(!snap.layout.cells[1].playable && snap.layout.cells[1].x == 1.0);
    assert_eq!(snap.pieces.len(), 24);
    assert!(snap.pieces.iter().any(|p| p.cell == "c3" && p.seat == 0));
    assert_eq!(draughts(&snap).pieces_left[0].men, 12);
    assert!(draughts(&snap).must_capture.is_empty());
    assert!(draughts(&snap).may_offer_draw);
    assert_eq!(snap.last_move, None);
}

#[test]
fn playing_by_path_and_by_text_agree_and_undo_restores() {
    let mut s = Session::new("english", None, None).unwrap();
    let start = s.view();
    let played = s.play_path(&path("c3-d4"), false).unwrap();
    assert_eq!(played.notation, "c3-d4");
    s.play_text("f6-e5", true).unwrap();
    let snap = s.view();
    assert_eq!(snap.moves, ["c3-d4", "f6-e5"]);
    assert_eq!(draughts(&snap).draw_offer, Some(1));
    assert_eq!(snap.last_moves.len(), 2);
    let last = snap.last_move.clone().unwrap();
    assert_eq!(last.seat, 1);
    assert!(last.offered_draw);
    // Black must now capture d4×f6.
    assert_eq!(draughts(&snap).must_capture, ["d4"]);
    let capture = &s.legal_moves()[0];
    assert_eq!(capture.path, ["d4", "f6"]);
    assert_eq!(capture.captures, ["e5"]);
    assert!(s.undo().is_some());
    assert_eq!(draughts(&s.view()).draw_offer, None);
    assert!(s.undo().is_some());
    assert!(s.undo().is_none());
    assert_eq!(s.view(), start);
}

#[test]
fn bad_input_is_refused_with_a_message_naming_it() {
    let err = Session::new("chess", None, None).unwrap_err();
    assert!(err.to_string().contains("chess"), "{err}");
    assert!(Session::new("english", None, Some("W:Wzz")).is_err());
    let mut s = Session::new("english", None, None).unwrap();
    let err = s.play_path(&path("c3-c5"), false).unwrap_err();
    assert!(err.to_string().contains("c3-c5"), "{err}");
    assert!(s.play_path(&path("q9-d4"), false).is_err());
    assert!(s.play_path(&[], false).is_err());
    assert!(s.play_text("a1-b2", false).is_err());
    assert!(s
        .accept_draw()
        .unwrap_err()
        .to_string()
        .contains("no draw offer"));
    assert!(s.resign(2).unwrap_err().to_string().contains("seat 2"));
    assert!(parse_level("grandmaster")
        .unwrap_err()
        .to_string()
        .contains("grandmaster"));
    assert_eq!(s.view().ply, 0);
}

#[test]
fn a_game_from_fen_reports_result_when_one_side_is_stuck() {
    // The white king on a1 takes the last black man on b2, landing anywhere up to j10.
    let mut s = Session::new("international", None, Some("W:WK46:B41")).unwrap();
    let moves = s.legal_moves();
    assert_eq!(moves.len(), 8);
    assert!(moves
        .iter()
        .all(|m| m.captures == ["b2"] && m.path[0] == "a1"));
    assert_eq!(draughts(&s.view()).must_capture, ["a1"]);
    s.play_path(&moves[0].path.clone(), false).unwrap();
    let result = s.view().result.unwrap();
    assert_eq!(result.winner, Some(0));
    assert_eq!(result.placings, [[0], [1]]);
    assert_eq!(result.reason, "no-pieces");
    assert!(s.legal_moves().is_empty());
    assert!(s
        .play_text("a1-b2", false)
        .unwrap_err()
        .to_string()
        .contains("over"));
}

#[test]
fn resignation_and_agreement_end_the_game() {
    let mut s = Session::new("russian", None, None).unwrap();
    s.resign(0).unwrap();
    let r = s.view().result.unwrap();
    assert_eq!((r.winner, r.reason.as_str()), (Some(1), "resignation"));
    assert_eq!(s.view().turn, None);

    let mut s = Session::new("russian", None, None).unwrap();
    let first = s.legal_moves()[0].path.clone();
    s.play_path(&first, true).unwrap();
    s.accept_draw().unwrap();
    let r = s.view().result.unwrap();
    assert_eq!((r.winner, r.reason.as_str()), (None, "agreement"));
    assert_eq!(r.placings, [[0, 1]]);
}

#[test]
fn pdn_round_trips_with_moves_and_start() {
    let mut s = Session::new("english", None, None).unwrap();
    for m in ["c3-d4", "f6-e5", "d4xf6"] {
        s.play_text(m, false).unwrap();
    }
    let back = Session::from_record(&s.record_text(), None, None).unwrap();
    assert_eq!(back.view(), s.view());
    assert_eq!(
        back.start_fen(),
        Session::new("english", None, None).unwrap().fen()
    );
    assert!(Session::from_record("[GameType \"99\"] 1. zz", None, None).is_err());
}

#[test]
fn pdn_without_a_game_type_is_read_with_the_chosen_rules() {
    let untagged = "1. 11-15 22-18 *";
    let err = Session::from_record(untagged, None, None).unwrap_err();
    assert!(err.to_string().contains("GameType"), "{err}");
    let english = Session::from_record(untagged, Some("english"), None).unwrap();
    assert_eq!(english.view().ply, 2);
    assert!(Session::from_record(untagged, Some("chess"), None).is_err());
    // The tag, when there is one, names the rules.
    let tagged = "[GameType \"20\"] 1. 32-28 *";
    let international = Session::from_record(tagged, Some("english"), None).unwrap();
    assert_eq!(international.view().variant, "international");
}

#[test]
fn the_record_keeps_draw_offers_and_an_ending_no_move_made() {
    let mut s = Session::new("english", None, None).unwrap();
    s.play_text("c3-d4", true).unwrap();
    s.play_text("f6-e5", false).unwrap();
    s.resign(1).unwrap();
    let record = s.record();
    assert_eq!(record.variant, "english");
    let offers: Vec<bool> = record.moves.iter().map(|m| m.offer).collect();
    assert_eq!(offers, [true, false]);
    assert_eq!(record.moves[0].path, ["c3", "d4"]);
    assert_eq!(record.resigned, [Resignation { seat: 1, after: 2 }]);
    assert!(!record.draw_agreed);
    // PDN has no draw offers, but it keeps the resignation.
    let back = Session::from_record(&s.record_text(), None, None)
        .unwrap()
        .record();
    assert_eq!(back.moves.len(), 2);
    assert_eq!(back.resigned, [Resignation { seat: 1, after: 2 }]);

    let mut agreed = Session::new("russian", None, None).unwrap();
    let first = agreed.legal_moves()[0].path.clone();
    agreed.play_path(&first, true).unwrap();
    agreed.accept_draw().unwrap();
    let record = Session::from_record(&agreed.record_text(), None, None)
        .unwrap()
        .record();
    assert!(record.resigned.is_empty() && record.draw_agreed);
    assert_eq!(
        Session::new("russian", None, None).unwrap().record().moves,
        []
    );
}

#[test]
fn the_computer_plays_a_legal_move() {
    let s = Session::new("english", None, None).unwrap();
    let turn = s
        .computer_turn(
            Level::Beginner,
            &SystemClock,
            7,
            None,
            &mut Memory::default(),
        )
        .unwrap();
    assert!(!turn.accept_draw);
    let chosen = turn.chosen.unwrap();
    assert!(s.legal_moves().contains(&chosen));
}

#[test]
fn with_a_book_advanced_plays_a_book_move_at_once() {
    let file = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/book/english.bin"
    ))
    .unwrap();
    let book =
        kingme_engine::book::Book::from_bytes(kingme_draughts::Variant::English, &file).unwrap();
    let start = kingme_draughts::Position::start(kingme_draughts::Variant::English);
    let book_moves: Vec<String> = book
        .probe(&start)
        .unwrap()
        .iter()
        .map(|b| {
            kingme_draughts::notation::move_to_string(kingme_draughts::Variant::English, &b.mv)
        })
        .collect();
    let mut memory = Memory::default();
    memory.draughts.set_book(std::sync::Arc::new(book));
    let s = Session::new("english", None, None).unwrap();
    for seed in 0..8 {
        let turn = s
            .computer_turn(Level::Advanced, &SystemClock, seed, None, &mut memory)
            .unwrap();
        let chosen = turn.chosen.unwrap();
        assert!(
            book_moves.contains(&chosen.notation),
            "{chosen:?} {book_moves:?}"
        );
    }
}

#[test]
fn a_node_limited_search_reports_its_work() {
    let s = Session::new("international", None, None).unwrap();
    let report = s.search_nodes(20_000, &SystemClock);
    assert!(report.nodes >= 1000, "{report:?}");
    assert!(s.legal_moves().contains(&report.best.unwrap()));
}

#[test]
fn legal_moves_are_listed_in_reading_order() {
    let notation =
        |s: &Session| -> Vec<String> { s.legal_moves().into_iter().map(|m| m.notation).collect() };
    let english = Session::new("english", None, None).unwrap();
    assert_eq!(
        notation(&english),
        ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
    // The generator lists these by direction (b4-a5, d4-c5, …, then b4-c5, …).
    let international = Session::new("international", None, None).unwrap();
    assert_eq!(
        notation(&international),
        ["b4-a5", "b4-c5", "d4-c5", "d4-e5", "f4-e5", "f4-g5", "h4-g5", "h4-i5", "j4-i5"]
    );
}

#[test]
fn the_computer_offers_a_draw_with_a_king_each() {
    let mut s = Session::new("english", None, Some("B:WK32:BK1")).unwrap();
    let first = s.legal_moves()[0].path.clone();
    s.play_path(&first, false).unwrap();
    let turn = s
        .computer_turn(
            Level::Beginner,
            &SystemClock,
            7,
            None,
            &mut Memory::default(),
        )
        .unwrap();
    assert!(turn.chosen.is_some());
    assert!(turn.offer_draw, "{turn:?}");
}

#[test]
fn the_history_numbers_moves_in_pairs_and_earlier_views_replay_the_game() {
    let mut s = Session::new("english", None, None).unwrap();
    let start = s.view();
    s.play_text("c3-d4", false).unwrap();
    let after_one = s.view();
    s.play_text("f6-e5", true).unwrap();
    s.play_text("d4xf6", false).unwrap();
    let history = s.view().history;
    let numbered: Vec<(u32, u8, &str, &str, bool)> = history
        .iter()
        .map(|h| {
            (
                h.number,
                h.seat,
                h.notation.as_str(),
                h.record.as_str(),
                h.offered_draw,
            )
        })
        .collect();
    // English PDN numbers the squares: c3 is 11, d4 15, f6 22, e5 18.
    assert_eq!(
        numbered,
        [
            (1, 0, "c3-d4", "11-15", false),
            (1, 1, "f6-e5", "22-18", true),
            (2, 0, "d4×f6", "15x22", false)
        ]
    );
    assert_eq!(s.view_at(0).unwrap(), start);
    assert_eq!(s.view_at(1).unwrap(), after_one);
    assert_eq!(s.view_at(3).unwrap(), s.view());
    // Looking back leaves the game as it is.
    assert_eq!(s.view().ply, 3);
    let err = s.view_at(4).unwrap_err();
    assert!(err.to_string().contains("3 moves, not 4"), "{err}");
}

#[test]
fn a_game_begun_by_the_second_side_numbers_its_first_move_as_half_of_move_one() {
    let fen = Session::new("english", None, None).unwrap().start_fen();
    let white_first = format!("W{}", &fen[1..]);
    let mut s = Session::new("english", None, Some(&white_first)).unwrap();
    let reply = s.legal_moves()[0].notation.clone();
    s.play_text(&reply, false).unwrap();
    let answer = s.legal_moves()[0].notation.clone();
    s.play_text(&answer, false).unwrap();
    let history = s.view().history;
    assert_eq!(
        history
            .iter()
            .map(|h| (h.number, h.seat))
            .collect::<Vec<_>>(),
        [(1, 1), (2, 0)]
    );
}

#[test]
fn an_earlier_view_of_a_resigned_game_is_still_in_play() {
    let mut s = Session::new("english", None, None).unwrap();
    s.play_text("c3-d4", false).unwrap();
    s.resign(1).unwrap();
    assert!(s.view().result.is_some());
    assert_eq!(s.view_at(1).unwrap().result, s.view().result);
    let before = s.view_at(0).unwrap();
    assert_eq!(before.result, None);
    assert_eq!(before.turn, Some(0));
}

#[test]
fn a_flag_ends_the_game_as_the_rules_say() {
    // The side to move ran out of time: the other side wins and the record says so.
    let mut s = Session::new("english", None, None).unwrap();
    let first = s.legal_moves()[0].path.clone();
    s.play_path(&first, false).unwrap();
    s.time_out(1).unwrap();
    let r = s.view().result.unwrap();
    assert_eq!((r.winner, r.reason.as_str()), (Some(0), "time-out"));
    assert_eq!(s.record().timed_out, [Resignation { seat: 1, after: 1 }]);
    assert!(s.time_out(0).unwrap_err().to_string().contains("over"));

    // A lone king could still win (the men may walk into its captures): the flag loses.
    let mut s = Session::new("international", None, Some("W:WK46:B1,2,3")).unwrap();
    s.time_out(1).unwrap();
    let r = s.view().result.unwrap();
    assert_eq!((r.winner, r.reason.as_str()), (Some(0), "time-out"));

    // No seat 2 in draughts: a typed error naming it.
    let mut s = Session::new("english", None, None).unwrap();
    assert!(s.time_out(2).unwrap_err().to_string().contains("seat 2"));
}

/// A clock that moves on by a millisecond every time it is read.
struct TickingClock(std::cell::Cell<f64>);

impl kingme_engine_core::Clock for TickingClock {
    fn now_ms(&self) -> f64 {
        let t = self.0.get();
        self.0.set(t + 1.0);
        t
    }
}

#[test]
fn a_computer_turn_on_the_clock_judges_a_draw_offer_within_its_budget() {
    // Two kings against one: the computer declines the offer, moves, and judges whether to
    // offer a draw itself — all within the time its clock gives one move, and a half.
    let mut s = Session::new("english", None, Some("B:WK32,K28:BK1")).unwrap();
    let first = s.legal_moves()[0].path.clone();
    s.play_path(&first, true).unwrap();
    let time = kingme_engine_core::TimeLeft {
        remaining_ms: 6_000,
        increment_ms: 0,
    };
    let budget = kingme_engine_core::time_budget(time.remaining_ms, time.increment_ms, None);
    let clock = TickingClock(std::cell::Cell::new(0.0));
    let turn = s
        .computer_turn(
            Level::Advanced,
            &clock,
            7,
            Some(time),
            &mut Memory::default(),
        )
        .unwrap();
    assert!(!turn.accept_draw && !turn.offer_draw, "{turn:?}");
    assert!(turn.chosen.is_some());
    let spent = clock.0.get();
    assert!(
        spent <= budget as f64 * 1.5,
        "the turn took {spent} ms of a {budget} ms budget"
    );
}
