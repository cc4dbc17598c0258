//! The game-neutral model for Halma and Chinese checkers: cells, seats, moves, resignations,
//! the yard rule's countdown, records and the computer.
#![allow(clippy::unwrap_used)]

use kingme_engine_core::Level;
use kingme_wasm::session::{games, Memory, Session};
use kingme_wasm::view::{BoardShape, ColorKey, Details, Family, GameView, HalmaDetails, SeatState};
use kingme_wasm::SystemClock;

fn halma(view: &GameView) -> &HalmaDetails {
    match &view.details {
        Details::Halma(d) => d,
        Details::Draughts(_) => panic!("a Halma game has Halma details"),
    }
}

fn cell<'a>(view: &'a GameView, name: &str) -> &'a kingme_wasm::view::Cell {
    view.layout.cells.iter().find(|c| c.name == name).unwrap()
}

#[test]
fn the_games_list_names_every_game_with_its_player_counts() {
    let list = games();
    let keys: Vec<&str> = list.iter().map(|g| g.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "english",
            "international",
            "russian",
            "brazilian",
            "halma-8",
            "halma-10",
            "halma-16",
            "chinese-checkers"
        ]
    );
    let star = list.last().unwrap();
    assert_eq!(
        (star.family, star.players.as_slice()),
        (Family::Halma, &[2, 3, 4, 6][..])
    );
    assert_eq!(list[0].players, [2]);
}

#[test]
fn the_star_has_121_cells_at_their_places_with_six_camps() {
    let view = Session::new("chinese-checkers", Some(6), None)
        .unwrap()
        .view();
    assert_eq!(view.layout.shape, BoardShape::Star);
    assert_eq!(view.layout.cells.len(), 121);
    let a1 = cell(&view, "a1");
    assert_eq!((a1.x, a1.y, a1.camp), (0.0, 0.0, Some(0)));
    let centre = cell(&view, "i5");
    assert_eq!(centre.x, 0.0);
    assert!((centre.y - 8.0 * 3f64.sqrt() / 2.0).abs() < 1e-9);
    assert_eq!(centre.camp, None);
    // e1 is the left tip of row e, twelve half-steps left of the centre line: seat 2's camp.
    let e1 = cell(&view, "e1");
    assert_eq!((e1.x, e1.camp), (-6.0, Some(1)));
    assert_eq!(cell(&view, "q1").camp, Some(3));
    for camp in 0..6 {
        assert_eq!(
            view.layout
                .cells
                .iter()
                .filter(|c| c.camp == Some(camp))
                .count(),
            10
        );
    }
    // Neighbours are one unit apart.
    let (d1, d2) = (cell(&view, "d1"), cell(&view, "d2"));
    assert!(((d2.x - d1.x).powi(2) + (d2.y - d1.y).powi(2) - 1.0).abs() < 1e-9);
    let (c1, d1) = (cell(&view, "c1"), cell(&view, "d1"));
    assert!(((c1.x - d1.x).powi(2) + (c1.y - d1.y).powi(2) - 1.0).abs() < 1e-9);
}

#[test]
fn seats_carry_colour_name_and_view_angle() {
    let view = Session::new("chinese-checkers", Some(3), None)
        .unwrap()
        .view();
    let seats: Vec<(u8, ColorKey, f64, &str)> = view
        .seats
        .iter()
        .map(|s| (s.index, s.color, s.view_angle, s.name.as_str()))
        .collect();
    assert_eq!(
        seats,
        [
            (0, ColorKey::Red, 0.0, "south"),
            (2, ColorKey::Green, 120.0, "north-west"),
            (4, ColorKey::Violet, 240.0, "north-east"),
        ]
    );
    let four = Session::new("halma-16", Some(4), None).unwrap().view();
    let angles: Vec<(f64, &str)> = four
        .seats
        .iter()
        .map(|s| (s.view_angle, s.name.as_str()))
        .collect();
    assert_eq!(
        angles,
        [
            (0.0, "south-west"),
            (90.0, "north-west"),
            (180.0, "north-east"),
            (270.0, "south-east")
        ]
    );
    let two = Session::new("halma-8", None, None).unwrap().view();
    assert_eq!(two.seats[1].view_angle, 180.0);
    assert_eq!(two.layout.cells.len(), 64);
    assert!(two.layout.cells.iter().all(|c| c.playable));
    assert_eq!(cell(&two, "h8").camp, Some(1));
    assert_eq!((cell(&two, "h8").x, cell(&two, "h8").y), (7.0, 7.0));
    let colours: Vec<ColorKey> = two.seats.iter().map(|s| s.color).collect();
    assert_eq!(colours, [ColorKey::Red, ColorKey::Blue]);
}

#[test]
fn moves_have_their_hop_paths_and_play_by_path() {
    let mut s = Session::new("chinese-checkers", Some(2), None).unwrap();
    let moves = s.legal_moves();
    assert_eq!(moves.len(), 14);
    let jump = moves.last().unwrap().clone();
    assert_eq!(jump.path.len(), 2);
    s.play_path(&jump.path, false).unwrap();
    let view = s.view();
    assert_eq!(view.turn, Some(3));
    assert_eq!(halma(&view).seats[1].moves_made, 0);
    assert_eq!(view.last_move.as_ref().unwrap().played.path, jump.path);
    assert_eq!(view.last_move.as_ref().unwrap().seat, 0);
    assert!(view
        .pieces
        .iter()
        .any(|p| p.cell == *jump.path.last().unwrap() && p.seat == 0));
    assert_eq!(halma(&view).seats[0].moves_made, 1);
    assert_eq!(halma(&view).seats[1].target, 0);
    assert_eq!(halma(&view).seats[0].outside_target, 10);
    // A bad path names the problem and changes nothing.
    let err = s.play_path(&["q1".into(), "z9".into()], false).unwrap_err();
    assert!(err.to_string().contains("z9"), "{err}");
    assert_eq!(s.view().ply, 1);
    assert!(s.undo().is_some());
    assert_eq!(s.view().turn, Some(0));
}

#[test]
fn a_resigned_players_pieces_stay_and_the_others_play_on() {
    let mut s = Session::new("chinese-checkers", Some(3), None).unwrap();
    s.resign(0).unwrap();
    let view = s.view();
    assert!(view.result.is_none());
    assert_eq!(view.turn, Some(2));
    assert_eq!(view.pieces.iter().filter(|p| p.seat == 0).count(), 10);
    assert_eq!(halma(&view).seats[0].state, SeatState::Resigned);
    assert_eq!(s.record().resigned[0].seat, 0);
    s.resign(2).unwrap();
    let result = s.view().result.unwrap();
    assert_eq!(result.placings, [vec![4], vec![2], vec![0]]);
    assert_eq!(result.winner, Some(4));
    assert_eq!(result.reason, "resignation");
    assert!(s.resign(4).unwrap_err().to_string().contains("over"));
    assert!(Session::new("chinese-checkers", Some(3), None)
        .unwrap()
        .resign(1)
        .is_err());
}

#[test]
fn the_yard_rule_counts_down_and_ends_the_game() {
    let mut s = Session::new("halma-8", None, None).unwrap();
    assert_eq!(halma(&s.view()).yard_limit, Some(30));
    assert_eq!(halma(&s.view()).seats[0].yard_moves_left, Some(31));
    let mut seed = 1;
    while s.view().result.is_none() && s.view().ply < 200 {
        // Seat 0 shuffles a piece that never leaves home; seat 1 plays the computer's moves.
        let view = s.view();
        if view.turn == Some(0) {
            let moves = s.legal_moves();
            let inside = moves
                .iter()
                .find(|m| m.path.first().map(String::as_str) == Some("a1"));
            let path = inside.unwrap_or(&moves[0]).path.clone();
            s.play_path(&path, false).unwrap();
        } else {
            seed += 1;
            let turn = s
                .computer_turn(
                    Level::Beginner,
                    &SystemClock,
                    seed,
                    None,
                    &mut Memory::default(),
                )
                .unwrap();
            s.play_path(&turn.chosen.unwrap().path, false).unwrap();
        }
    }
    let result = s.view().result.unwrap();
    assert_eq!(result.reason, "yard-rule", "{result:?}");
    assert_eq!(result.winner, Some(1));
    assert_eq!(halma(&s.view()).seats[0].state, SeatState::YardRule);
}

#[test]
fn records_round_trip_and_bad_ones_are_refused() {
    let mut s = Session::new("chinese-checkers", Some(3), None).unwrap();
    for _ in 0..3 {
        let m = s.legal_moves()[0].path.clone();
        s.play_path(&m, false).unwrap();
    }
    s.resign(2).unwrap();
    let text = s.record_text();
    assert!(text.contains("[Variant \"chinese-checkers\"]"), "{text}");
    let back = Session::from_record(&text, None, None).unwrap();
    assert_eq!(back.view(), s.view());
    assert_eq!(back.record(), s.record());
    let err = Session::from_record(
        "[Variant \"chinese-checkers\"]\n[Players \"5\"]\n*",
        None,
        None,
    )
    .unwrap_err();
    assert!(err.to_string().contains('5'), "{err}");
    // Plain move text is read as the chosen game's.
    let plain = Session::from_record("1. d1-e5 *", Some("chinese-checkers"), Some(2)).unwrap();
    assert_eq!(plain.view().ply, 1);
}

#[test]
fn games_open_by_key_player_count_and_position() {
    assert!(Session::new("halma-8", Some(4), None)
        .unwrap_err()
        .to_string()
        .contains("4 players"));
    assert!(Session::new("english", Some(3), None)
        .unwrap_err()
        .to_string()
        .contains("3"));
    assert!(Session::new("go", None, None)
        .unwrap_err()
        .to_string()
        .contains("go"));
    let err = Session::new("halma-8", None, Some("1:1:zz")).unwrap_err();
    assert!(!err.to_string().is_empty());
    let s = Session::new("halma-8", None, None).unwrap();
    let again = Session::new("halma-8", None, Some(&s.fen())).unwrap();
    assert_eq!(again.view().pieces, s.view().pieces);
    assert!(s.clone().accept_draw().is_err());
}

#[test]
fn the_computer_moves_for_the_seat_to_move() {
    let mut s = Session::new("chinese-checkers", Some(6), None).unwrap();
    let mut memory = Memory::default();
    for seed in 0..6 {
        let turn = s
            .computer_turn(Level::Beginner, &SystemClock, seed, None, &mut memory)
            .unwrap();
        let chosen = turn.chosen.unwrap();
        assert!(s.legal_moves().contains(&chosen));
        s.play_path(&chosen.path, false).unwrap();
    }
    assert_eq!(s.view().turn, Some(0));
    assert_eq!(s.view().last_moves.len(), 6);
    let report = s.search_nodes(2_000, &SystemClock);
    assert!(report.nodes > 0 && report.best.is_some());
}

#[test]
fn the_history_numbers_rounds_and_earlier_views_replay_the_game() {
    let mut s = Session::new("chinese-checkers", Some(3), None).unwrap();
    let start = s.view();
    let mut views = vec![start.clone()];
    for _ in 0..4 {
        let m = s.legal_moves()[0].path.clone();
        s.play_path(&m, false).unwrap();
        views.push(s.view());
    }
    let seats: Vec<u8> = start.seats.iter().map(|seat| seat.index).collect();
    let history = s.view().history;
    assert_eq!(
        history
            .iter()
            .map(|h| (h.number, h.seat))
            .collect::<Vec<_>>(),
        [(1, seats[0]), (1, seats[1]), (1, seats[2]), (2, seats[0])]
    );
    for (k, view) in views.iter().enumerate() {
        assert_eq!(&s.view_at(k).unwrap(), view, "after {k} moves");
    }
    assert!(s.view_at(5).is_err());
    // A resignation after the last move stays when looking at that move.
    s.resign(seats[1]).unwrap();
    let at_four = s.view_at(4).unwrap();
    assert_eq!(halma(&at_four).seats[1].state, SeatState::Resigned);
    assert_eq!(
        halma(&s.view_at(3).unwrap()).seats[1].state,
        SeatState::Playing
    );
}

#[test]
fn a_flagged_player_leaves_and_the_others_play_on() {
    let mut s = Session::new("chinese-checkers", Some(3), None).unwrap();
    s.time_out(0).unwrap();
    let view = s.view();
    assert!(view.result.is_none());
    assert_eq!(view.turn, Some(2));
    assert_eq!(view.pieces.iter().filter(|p| p.seat == 0).count(), 10);
    assert_eq!(s.record().timed_out[0].seat, 0);
    assert!(s.record().resigned.is_empty());
    assert_eq!(halma(&view).seats[0].state, SeatState::TimedOut);
    s.time_out(2).unwrap();
    let result = s.view().result.unwrap();
    assert_eq!(result.winner, Some(4));
    assert_eq!(result.reason, "time-out");
    // A seat not in the game is named in the error.
    assert!(Session::new("chinese-checkers", Some(3), None)
        .unwrap()
        .time_out(1)
        .is_err());
}
