//! Bad input: malformed position strings, player counts the games are not offered for, and
//! illegal moves, each refused with a message that names the problem and nothing changed.

mod common;

use common::{pos, setup};
use kingme_halma::{
    Game, Move, ParsePositionError, PlayError, PlayerCountError, Position, Seat, Setup, Variant,
};

const H8: &str = "1111..../111...../11....../1......./.......2/......22/.....222/....2222";
const STAR2: &str = "1/11/111/1111/............./............/.........../........../........./........../.........../............/............./4444/444/44/4";

fn refused(setup: Setup, text: &str) -> (ParsePositionError, String) {
    let e = Position::parse(setup, text).expect_err(text);
    let message = e.to_string();
    (e, message)
}

#[test]
fn a_position_string_needs_three_parts() {
    let s = setup(Variant::Halma8, 2);
    for text in ["", "1", "1:1", H8] {
        let (e, message) = refused(s, text);
        assert_eq!(e, ParsePositionError::Shape, "{text}");
        assert!(message.contains("S:N:CELLS"), "{message}");
    }
}

#[test]
fn the_seat_to_move_must_be_in_play() {
    let s = setup(Variant::Halma8, 2);
    for seat in ["0", "3", "7", "x", "", "-1"] {
        let (e, message) = refused(s, &format!("{seat}:1:{H8}"));
        assert_eq!(e, ParsePositionError::Seat(seat.into()));
        assert_eq!(message, format!("'{seat}' is not a seat in play"));
    }
    // On the star with 2 players seats 2, 3, 5 and 6 are not in play.
    let s = setup(Variant::ChineseCheckers, 2);
    for seat in ["2", "3", "5", "6"] {
        let (e, _) = refused(s, &format!("{seat}:1:{STAR2}"));
        assert_eq!(e, ParsePositionError::Seat(seat.into()));
    }
}

#[test]
fn the_round_is_a_number_from_1() {
    let s = setup(Variant::Halma8, 2);
    for round in ["0", "-3", "one", "", "1.5"] {
        let (e, message) = refused(s, &format!("1:{round}:{H8}"));
        assert_eq!(e, ParsePositionError::Round(round.into()));
        assert_eq!(
            message,
            format!("'{round}' is not a round number (1 or more)")
        );
    }
}

#[test]
fn the_row_count_is_the_boards() {
    let s = setup(Variant::Halma8, 2);
    let (e, message) = refused(s, &format!("1:1:{H8}/........"));
    assert_eq!(
        e,
        ParsePositionError::RowCount {
            expected: 8,
            found: 9
        }
    );
    assert_eq!(message, "expected 8 rows, found 9");
    let (e, _) = refused(s, "1:1:1111..../111.....");
    assert_eq!(
        e,
        ParsePositionError::RowCount {
            expected: 8,
            found: 2
        }
    );
    // The star has 17 rows; an 8×8 string is no star position.
    let (e, _) = refused(setup(Variant::ChineseCheckers, 2), &format!("1:1:{H8}"));
    assert_eq!(
        e,
        ParsePositionError::RowCount {
            expected: 17,
            found: 8
        }
    );
}

#[test]
fn every_row_has_the_boards_length() {
    let s = setup(Variant::Halma8, 2);
    let text = format!("1:1:{}", H8.replacen("11....../", "11.......//", 1));
    let (e, _) = refused(s, &text);
    assert!(matches!(e, ParsePositionError::RowCount { .. }), "{e:?}");
    let text = format!("1:1:{}", H8.replacen("11....../", "11......./", 1));
    let (e, message) = refused(s, &text);
    assert_eq!(
        e,
        ParsePositionError::RowLength {
            row: "3".into(),
            expected: 8,
            found: 9
        }
    );
    assert_eq!(message, "row 3 has 9 cells, expected 8");
    // On the star rows are named by their letters: row e has 13 points.
    let s = setup(Variant::ChineseCheckers, 2);
    let text = format!(
        "1:1:{}",
        STAR2.replacen("/............./", "/............/", 1)
    );
    let (e, message) = refused(s, &text);
    assert_eq!(
        e,
        ParsePositionError::RowLength {
            row: "e".into(),
            expected: 13,
            found: 12
        }
    );
    assert_eq!(message, "row e has 12 cells, expected 13");
}

#[test]
fn cells_are_dots_or_digits_of_seats_in_play() {
    let s = setup(Variant::Halma8, 2);
    for (c, row) in [('x', "5"), ('3', "5"), ('0', "5"), ('9', "5")] {
        let text = format!("1:1:{}", H8.replacen(".......2", &format!("{c}......2"), 1));
        let (e, message) = refused(s, &text);
        assert_eq!(
            e,
            ParsePositionError::Cell {
                row: row.into(),
                found: c
            }
        );
        assert_eq!(
            message,
            format!("'{c}' in row {row} is neither '.' nor the digit of a seat in play")
        );
    }
    // Seat 2 is not in play on the star with 2 players.
    let s = setup(Variant::ChineseCheckers, 2);
    let text = format!("1:1:{}", STAR2.replacen("/........./", "/....2..../", 1));
    let (e, _) = refused(s, &text);
    assert_eq!(
        e,
        ParsePositionError::Cell {
            row: "i".into(),
            found: '2'
        }
    );
}

#[test]
fn every_seat_has_all_its_pieces() {
    let s = setup(Variant::Halma8, 2);
    let text = format!("1:1:{}", H8.replacen("1.......", "........", 1));
    let (e, message) = refused(s, &text);
    let one = Seat::new(1).expect("seat");
    assert_eq!(
        e,
        ParsePositionError::PieceCount {
            seat: one,
            expected: 10,
            found: 9
        }
    );
    assert_eq!(message, "seat 1 has 9 pieces, expected 10");
    let text = format!("1:1:{}", H8.replacen("......22", "2.....22", 1));
    let (e, _) = refused(s, &text);
    let two = Seat::new(2).expect("seat");
    assert_eq!(
        e,
        ParsePositionError::PieceCount {
            seat: two,
            expected: 10,
            found: 11
        }
    );
    // 16×16 with 4: 13 each.
    let s = setup(Variant::Halma16, 4);
    let start = Position::start(s).to_string();
    let (e, _) = refused(s, &start.replacen("4444/", "444./", 1));
    let four = Seat::new(4).expect("seat");
    assert_eq!(
        e,
        ParsePositionError::PieceCount {
            seat: four,
            expected: 13,
            found: 12
        }
    );
}

#[test]
fn the_seat_to_move_may_not_have_finished_while_others_play_on() {
    // Three players on the star; seat 1 has filled the north, seats 3 and 5 still play.
    let s = setup(Variant::ChineseCheckers, 3);
    let start = Position::start(s).to_string();
    let rows: Vec<&str> = start[4..].split('/').collect();
    let mut swapped: Vec<String> = rows.iter().map(|r| r.replace('1', ".")).collect();
    for (i, r) in ["1111", "111", "11", "1"].iter().enumerate() {
        swapped[13 + i] = (*r).to_string();
    }
    let cells = swapped.join("/");
    let (e, message) = refused(s, &format!("1:5:{cells}"));
    let one = Seat::new(1).expect("seat");
    assert_eq!(e, ParsePositionError::SeatToMoveFinished(one));
    assert_eq!(message, "seat 1 is to move but has already finished");
    let p = pos(s, &format!("3:5:{cells}"));
    assert!(p.finished().contains(one) && !p.is_over());
}

#[test]
fn whitespace_around_the_parts_is_allowed() {
    let s = setup(Variant::Halma8, 2);
    let p = pos(s, &format!("  1 : 1 : {H8}\n"));
    assert_eq!(p, Position::start(s));
}

#[test]
fn player_counts_the_games_are_not_offered_for() {
    for (variant, players) in [
        (Variant::Halma8, 1),
        (Variant::Halma8, 3),
        (Variant::Halma8, 4),
        (Variant::Halma10, 4),
        (Variant::Halma16, 3),
        (Variant::Halma16, 6),
        (Variant::ChineseCheckers, 1),
        (Variant::ChineseCheckers, 5),
        (Variant::ChineseCheckers, 7),
        (Variant::ChineseCheckers, 0),
    ] {
        let e = Setup::new(variant, players).expect_err("not offered");
        assert_eq!(e, PlayerCountError { variant, players });
        let offered: Vec<String> = variant.player_counts().iter().map(u8::to_string).collect();
        assert_eq!(
            e.to_string(),
            format!(
                "{variant} is not played by {players} players (it is played by {})",
                offered.join(", ")
            )
        );
    }
    assert_eq!(
        Setup::new(Variant::ChineseCheckers, 5)
            .expect_err("five")
            .to_string(),
        "chinese-checkers is not played by 5 players (it is played by 2, 3, 4, 6)"
    );
    for s in Setup::all() {
        assert_eq!(Setup::new(s.variant(), s.players()), Ok(s));
    }
}

#[test]
fn unknown_game_names_are_refused() {
    let e = "draughts".parse::<Variant>().expect_err("not a Halma game");
    assert_eq!(
        e.to_string(),
        "unknown game 'draughts' (expected halma-8, halma-10, halma-16 or chinese-checkers)"
    );
    for v in Variant::ALL {
        assert_eq!(v.key().parse::<Variant>(), Ok(v));
    }
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut game = Game::new(setup(Variant::ChineseCheckers, 2));
    let board = game.position().board();
    let at = |n: &str| board.point(n).expect("a point");
    let before = *game.position();
    for m in [
        Move::new(at("d1"), at("i5")),
        Move::new(at("d1"), at("d2")),
        Move::new(at("n1"), at("m5")),
        Move::new(at("e5"), at("e6")),
        Move::new(at("a1"), at("a1")),
        Move::PASS,
    ] {
        assert_eq!(game.play(m), Err(PlayError::Illegal(m)));
        assert_eq!(*game.position(), before);
        assert_eq!(game.ply(), 0);
    }
    for text in [
        "d1-i5", "d1-d2", "n1-m5", "pass", "c1-e7-e9", "zz", "", "d1-e5-",
    ] {
        assert!(game.play_text(text).is_err(), "{text}");
        assert_eq!(*game.position(), before, "{text}");
        assert_eq!(game.ply(), 0);
    }
    // A seat that is not playing may not resign.
    let three = Seat::new(3).expect("seat");
    assert_eq!(game.resign(three), Err(PlayError::NotPlaying(three)));
    assert_eq!(game.ply(), 0);
    // After the end, nothing is played.
    game.resign(Seat::new(1).expect("seat"))
        .expect("seat 1 plays");
    let end = *game.position();
    let legal = Position::start(setup(Variant::ChineseCheckers, 2)).legal_moves()[0];
    assert_eq!(game.play(legal), Err(PlayError::GameOver));
    assert_eq!(*game.position(), end);
    assert_eq!(PlayError::GameOver.to_string(), "the game is over");
}
