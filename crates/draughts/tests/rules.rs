//! One named test per rule and draw clause of SPEC §2 and §4.4, each from a FEN position.

use kingme_draughts::notation::{move_to_string, parse_move};
use kingme_draughts::{
    Color, DrawRule, EndReason, Game, Move, Outcome, ParseMoveError, PlayError, Position, Square,
    Variant,
};

fn pos(variant: Variant, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn names(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| move_to_string(p.variant(), m))
        .collect();
    v.sort();
    v
}

fn sq(variant: Variant, name: &str) -> Square {
    variant.geometry().parse_square(name).expect("square")
}

fn find(p: &Position, text: &str) -> Move {
    parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

// ---- English / American checkers ----------------------------------------------------------

#[test]
fn english_men_move_forward_only() {
    let p = pos(Variant::English, "B:Wh8:Bc3");
    assert_eq!(names(&p), ["c3-b4", "c3-d4"]);
    let p = pos(Variant::English, "W:Wc5:Ba1");
    assert_eq!(
        names(&p),
        ["c5-b4", "c5-d4"],
        "white men move down the board"
    );
}

#[test]
fn english_men_capture_forwards_only() {
    // Black man d4 with white men in front (c5) and behind (e3): only the forward jump exists.
    let p = pos(Variant::English, "B:Wc5,e3:Bd4");
    assert_eq!(names(&p), ["d4×b6"]);
}

#[test]
fn english_capture_is_compulsory_and_any_capture_may_be_chosen() {
    // d4 can take one piece (c5), f4 can take two (g5, g7): both are legal, quiet moves are not.
    let p = pos(Variant::English, "B:Wc5,g5,g7:Bd4,f4,a1");
    // f4×h6 must go on over g7 to f8, where it is crowned; the shorter d4×b6 is allowed too.
    assert_eq!(names(&p), ["d4×b6", "f4×h6×f8"]);
}

#[test]
fn seed_example_capture_must_continue_to_g7() {
    // Black c3, White d4 and f6, e5 and g7 empty: Black may not stop on e5.
    let p = pos(Variant::English, "B:Wd4,f6:Bc3");
    assert_eq!(names(&p), ["c3×e5×g7"]);
    let err = parse_move(&p, "c3×e5").expect_err("stopping on e5 is illegal");
    assert!(matches!(err, ParseMoveError::Illegal { .. }), "{err}");
    assert!(err.to_string().contains("must go on"), "{err}");
    assert_eq!(
        move_to_string(Variant::English, &find(&p, "c3xg7")),
        "c3×e5×g7"
    );
}

#[test]
fn english_crowning_ends_the_move() {
    // b6×d8 crowns; the new king could jump e7 backwards, but the move ends on d8.
    let p = pos(Variant::English, "B:Wc7,e7:Bb6");
    let moves = p.legal_moves();
    assert_eq!(names(&p), ["b6×d8"]);
    assert!(moves[0].promotes());
}

#[test]
fn english_kings_are_short_and_capture_backwards() {
    let p = pos(Variant::English, "B:Wh8:BKd4");
    assert_eq!(names(&p), ["d4-c3", "d4-c5", "d4-e3", "d4-e5"]);
    let p = pos(Variant::English, "B:Wc3,h8:BKd4");
    assert_eq!(names(&p), ["d4×b2"]);
    // A short king cannot take a piece two squares away.
    let p = pos(Variant::English, "B:Wb2,h8:BKd4");
    assert!(!p.must_capture());
}

#[test]
fn a_capture_may_end_on_its_own_starting_square_and_is_listed_once() {
    // The king goes round four men and comes back to c3, clockwise or anticlockwise: one move.
    let p = pos(Variant::English, "B:Wd4,f4,f2,d2,h8:BKc3");
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 1, "{:?}", names(&p));
    assert_eq!(moves[0].from(), moves[0].to());
    assert_eq!(moves[0].captured().count(), 4);
}

#[test]
fn a_player_without_pieces_or_moves_loses() {
    let game = Game::from_fen(Variant::English, "W:Wa3:Bb2,c1").expect("fen");
    // White's man on a3 moves down the board: b2 is taken and c1 behind it too.
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::NoLegalMove
        })
    );
    let mut game = Game::from_fen(Variant::English, "B:Wd4:Bc3").expect("fen");
    game.play_text("c3×e5", false).expect("capture");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::NoPieces
        })
    );
    assert!(game.legal_moves().is_empty());
}

// ---- International draughts ------------------------------------------------------------------

#[test]
fn international_men_capture_backwards_but_move_forwards() {
    let p = pos(Variant::International, "W:We5:Bd4,j10");
    assert_eq!(names(&p), ["e5×c3"]);
    let p = pos(Variant::International, "W:We5:Bj10");
    assert_eq!(names(&p), ["e5-d6", "e5-f6"]);
}

#[test]
fn international_kings_fly() {
    let p = pos(Variant::International, "W:WKa1:Bj8");
    assert_eq!(p.legal_moves().len(), 9, "a1 sees b2 … j10");
}

#[test]
fn flying_king_captures_from_afar_and_chooses_any_landing() {
    let p = pos(Variant::International, "W:WKa1:Bd4");
    assert_eq!(
        names(&p),
        ["a1×e5", "a1×f6", "a1×g7", "a1×h8", "a1×i9", "a1×j10"]
    );
    // A piece right behind the target blocks the capture.
    let p = pos(Variant::International, "W:WKa1:Bd4,e5");
    assert!(!p.must_capture());
}

#[test]
fn majority_capture_is_compulsory() {
    // a3 can take one piece (b4); g3 can take two (f4, then f6): only the longer is legal.
    let p = pos(Variant::International, "W:Wa3,g3:Bb4,f4,f6");
    assert_eq!(names(&p), ["g3×e5×g7"]);
}

#[test]
fn kings_and_men_count_the_same_in_the_majority_rule() {
    // Taking one king is worth less than taking two men.
    let p = pos(Variant::International, "W:Wc3,h4:BKd4,g5,e7,j10");
    let moves = p.legal_moves();
    assert!(
        moves.iter().all(|m| m.captured().count() == 2),
        "{:?}",
        names(&p)
    );
    assert!(moves
        .iter()
        .all(|m| m.from() == sq(Variant::International, "h4")));
}

#[test]
fn international_man_passing_the_far_rank_stays_a_man() {
    let p = pos(Variant::International, "W:Wb8:Bc9,e9,a3");
    let moves = p.legal_moves();
    assert_eq!(names(&p), ["b8×d10×f8"]);
    assert!(!moves[0].promotes());
    let mut after = p;
    after.play_unchecked(&moves[0]);
    assert!(after
        .men(Color::White)
        .contains(sq(Variant::International, "f8")));
}

#[test]
fn international_man_ending_on_the_far_rank_is_crowned() {
    let p = pos(Variant::International, "W:Wb8:Bc9,a3");
    let m = find(&p, "b8×d10");
    assert!(m.promotes());
    let mut after = p;
    after.play_unchecked(&m);
    assert!(after
        .kings(Color::White)
        .contains(sq(Variant::International, "d10")));
}

// ---- Russian and Brazilian draughts --------------------------------------------------------------

#[test]
fn russian_man_crowned_mid_capture_goes_on_as_a_flying_king() {
    let p = pos(Variant::Russian, "W:Wb6:Bc7,f6");
    assert_eq!(names(&p), ["b6×d8×g5", "b6×d8×h4"]);
    assert!(p.legal_moves().iter().all(|m| m.promotes()));
}

#[test]
fn brazilian_man_crowned_mid_capture_stops_as_a_man_would() {
    // Same position: in Brazilian the man on d8 cannot take f6 (a man jumps adjacent pieces
    // only), so the move ends on d8, where it is crowned.
    let p = pos(Variant::Brazilian, "W:Wb6:Bc7,f6");
    assert_eq!(names(&p), ["b6×d8"]);
    assert!(p.legal_moves()[0].promotes());
}

#[test]
fn russian_capture_choice_is_free() {
    // One route takes one piece, another takes two: both are legal in Russian, only the longer in
    // Brazilian.
    let fen = "W:Wa3,g3:Bb4,f4,f6";
    assert_eq!(names(&pos(Variant::Russian, fen)), ["a3×c5", "g3×e5×g7"]);
    assert_eq!(names(&pos(Variant::Brazilian, fen)), ["g3×e5×g7"]);
}

#[test]
fn jumped_pieces_stay_on_the_board_until_the_move_ends() {
    // After a1×d4 the king may take c5 or e3. From f2 (after e3), c5 would lie on the diagonal
    // back through e3 — but e3 is still on the board and blocks, so no route takes all three.
    let p = pos(Variant::Russian, "W:WKa1:Bc3,e3,c5");
    assert_eq!(names(&p), ["a1×d4×a7", "a1×d4×b6", "a1×d4×f2", "a1×d4×g1"]);
}

#[test]
fn a_flying_king_must_land_where_it_can_go_on_capturing() {
    // Only d4 lets the king continue after taking c3 (e5 … h8 would end the capture early).
    let p = pos(Variant::Russian, "W:WKa1:Bc3,e3,c5");
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| m.landings()[0] == sq(Variant::Russian, "d4")));
}

#[test]
fn own_pieces_cannot_be_jumped() {
    let p = pos(Variant::Russian, "W:Wc3,d4:Bh8");
    assert!(!p.must_capture());
}

// ---- Draw rules ------------------------------------------------------------------------------------

/// Plays `plies` quiet moves chosen deterministically so that nothing is captured, no capture is
/// offered to the opponent, no position occurs a third time, and `allowed` holds.
fn shuffle(game: &mut Game, plies: usize, allowed: impl Fn(&Position, &Move) -> bool) {
    for i in 0..plies {
        assert!(
            game.outcome().is_none(),
            "game ended early at shuffle ply {i}: {:?}",
            game.outcome()
        );
        let before = *game.position();
        let candidates: Vec<Move> = game.legal_moves().into_iter().collect();
        let mut chosen = None;
        let mut best_repeats = usize::MAX;
        for m in candidates
            .iter()
            .filter(|m| !m.is_capture() && allowed(&before, m))
        {
            let mut trial = game.clone();
            trial.play(m, false).expect("legal");
            if trial.position().must_capture() {
                continue;
            }
            let repeats = trial.repetition_count();
            if repeats < best_repeats {
                best_repeats = repeats;
                chosen = Some(*m);
            }
        }
        let m = chosen.unwrap_or_else(|| panic!("no quiet move at shuffle ply {i}"));
        game.play(&m, false).expect("legal");
    }
}

fn kings_only(p: &Position, m: &Move) -> bool {
    p.all_kings().contains(m.from())
}

fn draw_by(rule: DrawRule) -> Option<Outcome> {
    Some(Outcome {
        winner: None,
        reason: EndReason::Draw(rule),
    })
}

#[test]
fn threefold_repetition_with_the_same_side_to_move() {
    let mut game = Game::from_fen(Variant::English, "B:WKh8:BKa1").expect("fen");
    for (i, m) in [
        "a1-b2", "h8-g7", "b2-a1", "g7-h8", "a1-b2", "h8-g7", "b2-a1",
    ]
    .iter()
    .enumerate()
    {
        game.play_text(m, false).expect("legal");
        assert_eq!(game.outcome(), None, "after ply {}", i + 1);
    }
    assert_eq!(
        game.repetition_count(),
        2,
        "b2-a1 returned to the start position once more"
    );
    game.play_text("g7-h8", false).expect("legal");
    assert_eq!(game.repetition_count(), 3);
    assert_eq!(game.outcome(), draw_by(DrawRule::Repetition));
}

#[test]
fn english_forty_move_rule() {
    let mut game = Game::from_fen(Variant::English, "B:WKh8,Kf8,a7:BKa1,Kc1,h2").expect("fen");
    shuffle(&mut game, 79, kings_only);
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.counters().nearest().map(|c| (c.rule, c.plies_left)),
        Some((DrawRule::FortyMoves, 1))
    );
    shuffle(&mut game, 1, kings_only);
    assert_eq!(game.outcome(), draw_by(DrawRule::FortyMoves));
}

#[test]
fn a_man_move_restarts_the_forty_move_count() {
    let mut game = Game::from_fen(Variant::English, "B:WKh8,Kf8,a7:BKa1,Kc1,h2").expect("fen");
    shuffle(&mut game, 60, kings_only);
    shuffle(&mut game, 1, |p, m| !kings_only(p, m));
    assert_eq!(game.counters().nearest().map(|c| c.plies_left), Some(80));
}

#[test]
fn international_twenty_five_move_rule() {
    let mut game =
        Game::from_fen(Variant::International, "W:WKa1,Kj2,a7:BKj10,Ka9,j4").expect("fen");
    shuffle(&mut game, 49, kings_only);
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, 1, kings_only);
    assert_eq!(game.outcome(), draw_by(DrawRule::TwentyFiveMoves));
}

#[test]
fn brazilian_draws_follow_the_international_rules() {
    let mut game = Game::from_fen(Variant::Brazilian, "W:WKa1,Kh2,a3:BKh8,Kb8,h6").expect("fen");
    shuffle(&mut game, 50, kings_only);
    assert_eq!(
        game.outcome(),
        draw_by(DrawRule::TwentyFiveMoves),
        "{:?} {}",
        game.countdowns(),
        game.position().to_fen()
    );
    let game = Game::from_fen(Variant::Brazilian, "W:WKa1,Kh2:BKd8").expect("fen");
    let left = game.counters().nearest().map(|c| (c.rule, c.plies_left));
    assert_eq!(left, Some((DrawRule::FiveMoveEndgame, 10)));
}

fn not_from(square: &'static str) -> impl Fn(&Position, &Move) -> bool {
    move |p, m| m.from() != p.variant().geometry().parse_square(square).expect("square")
}

#[test]
fn sixteen_move_limit_for_three_pieces_against_a_lone_king() {
    // The white king on a1 stays on the long diagonal, so the diagonal clause never applies.
    let mut game = Game::from_fen(Variant::International, "W:WKa1,Kj2,Kj4:BKf10").expect("fen");
    assert_eq!(
        game.counters().nearest().map(|c| (c.rule, c.plies_left)),
        Some((DrawRule::SixteenMoveEndgame, 32))
    );
    shuffle(&mut game, 31, not_from("a1"));
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, 1, not_from("a1"));
    assert_eq!(game.outcome(), draw_by(DrawRule::SixteenMoveEndgame));
}

#[test]
fn five_move_limit_for_two_pieces_against_a_lone_king() {
    let mut game = Game::from_fen(Variant::International, "W:WKa1,Kj2:BKf10").expect("fen");
    shuffle(&mut game, 9, not_from("a1"));
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, 1, not_from("a1"));
    assert_eq!(game.outcome(), draw_by(DrawRule::FiveMoveEndgame));
}

#[test]
fn lone_king_on_the_long_diagonal_shortens_the_limit_to_five_moves() {
    // No white piece on a1–j10; Black's king steps onto it at once.
    let mut game = Game::from_fen(Variant::International, "B:WKa3,Kj2,Kj4:BKd6").expect("fen");
    game.play_text("d6-e5", false)
        .expect("onto the long diagonal");
    assert_eq!(
        game.counters().nearest().map(|c| (c.rule, c.plies_left)),
        Some((DrawRule::FiveMoveEndgame, 10))
    );
    shuffle(&mut game, 10, |p, m| {
        // Keep White off the long diagonal so that nothing else changes.
        let diag = p.variant().geometry().long_diagonal();
        p.turn() == Color::Black || !diag.contains(m.to())
    });
    assert_eq!(game.outcome(), draw_by(DrawRule::FiveMoveEndgame));
}

#[test]
fn three_against_one_becoming_two_against_one_restarts_at_five_moves_but_never_beyond_sixteen() {
    // Early capture: the limit restarts at 5 moves each.
    let mut game = Game::from_fen(Variant::International, "B:WKa1,Kj2,Kc5:BKb6").expect("fen");
    game.play_text("b6×d4", false)
        .expect("the lone king takes c5");
    let left = game.counters().nearest().map(|c| (c.rule, c.plies_left));
    assert_eq!(left, Some((DrawRule::FiveMoveEndgame, 10)));

    // Late capture: only what is left of the first 16-move limit remains.
    let mut game = Game::from_fen(Variant::International, "W:WKa1,Kj2,Kj6:BKf10").expect("fen");
    shuffle(&mut game, 28, not_from("a1"));
    walk_into_capture(&mut game);
    assert_eq!(
        game.position().pieces(Color::White).count(),
        2,
        "a white king was taken"
    );
    let left = game.counters().nearest().map(|c| (c.rule, c.plies_left));
    assert_eq!(
        left,
        Some((DrawRule::SixteenMoveEndgame, 2)),
        "32 - 30 plies, not a fresh 10"
    );
    shuffle(&mut game, 2, |_, _| true);
    assert_eq!(game.outcome(), draw_by(DrawRule::SixteenMoveEndgame));
}

/// The side to move makes a move that lets the opponent capture exactly one piece, which it
/// does.
fn walk_into_capture(game: &mut Game) {
    let moves: Vec<Move> = game.legal_moves().into_iter().collect();
    let walks_in = moves.iter().find(|m| {
        let mut t = game.clone();
        t.play(m, false).expect("legal");
        t.position().must_capture() && t.legal_moves().iter().all(|c| c.captured().count() == 1)
    });
    let Some(walks_in) = walks_in.copied() else {
        panic!(
            "no move walks into a capture from {}",
            game.position().to_fen()
        )
    };
    game.play(&walks_in, false).expect("legal");
    let capture = game.legal_moves()[0];
    game.play(&capture, false).expect("legal");
}

#[test]
fn winning_on_the_last_move_of_a_limit_is_a_win() {
    // 2 kings against 1 with Black to move: the limit's last ply is White's 5th move.
    let mut game = Game::from_fen(Variant::International, "B:WKa1,Kj2:BKf10").expect("fen");
    shuffle(&mut game, 8, not_from("a1"));
    assert_eq!(game.counters().nearest().map(|c| c.plies_left), Some(2));
    // Black's 9th ply walks into a capture; White's capture is the limit's last ply.
    let before_last = {
        let mut t = game.clone();
        walk_into_capture(&mut t);
        t.undo();
        t
    };
    assert_eq!(
        before_last.counters().nearest().map(|c| c.plies_left),
        Some(1)
    );
    walk_into_capture(&mut game);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::NoPieces
        })
    );
}

#[test]
fn russian_thirty_move_rule_counts_moves_without_capture() {
    let mut game = Game::from_fen(Variant::Russian, "W:WKa1,Kc1,a3:BKh8,Kf8,h6").expect("fen");
    shuffle(&mut game, 59, |_, _| true);
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, 1, |_, _| true);
    assert_eq!(game.outcome(), draw_by(DrawRule::ThirtyMoves));
}

#[test]
fn russian_three_kings_against_a_lone_king_within_eighteen_moves() {
    // White (three kings) moves first: its 18th move is the 35th ply.
    let mut game = Game::from_fen(Variant::Russian, "W:WKa1,Kc1,Ke1:BKh6").expect("fen");
    assert_eq!(
        game.counters().nearest().map(|c| (c.rule, c.plies_left)),
        Some((DrawRule::ThreeKings, 35))
    );
    shuffle(&mut game, 34, not_from("a1"));
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, 1, not_from("a1"));
    assert_eq!(game.outcome(), draw_by(DrawRule::ThreeKings));
}

// ---- Draw offers (SPEC §4.4) ----------------------------------------------------------------------

#[test]
fn a_draw_offer_travels_with_a_move_and_can_be_accepted() {
    let mut game = Game::new(Variant::English);
    assert_eq!(game.accept_draw(), Err(PlayError::NoOfferToAccept));
    game.play_text("c3-d4", true).expect("offer with the move");
    assert_eq!(game.draw_offer(), Some(Color::Black));
    game.accept_draw().expect("white accepts");
    assert_eq!(game.outcome(), draw_by(DrawRule::Agreement));
}

#[test]
fn moving_declines_and_bars_a_new_offer_until_a_man_moves_or_a_piece_is_taken() {
    let mut game = Game::from_fen(Variant::English, "B:WKh8,a7:BKa1,h2").expect("fen");
    game.play_text("a1-b2", true).expect("black offers");
    game.play_text("h8-g7", false)
        .expect("white declines with a king move");
    assert_eq!(game.draw_offer(), None);
    assert!(!game.may_offer_draw(), "black's offer was declined");
    assert_eq!(
        game.play_text("b2-a1", true),
        Err(PlayError::OfferNotAllowed)
    );
    // A man move that carries an offer does not lift the bar…
    game.play_text("b2-a1", false).expect("black king move");
    assert!(game.may_offer_draw(), "white never offered");
    game.play_text("a7-b6", true)
        .expect("white's man move with an offer");
    game.play_text("a1-b2", false).expect("black declines");
    assert!(
        !game.may_offer_draw(),
        "white's offer was declined and its own man move carried it"
    );
    // …but a man move without an offer does.
    game.play_text("g7-f8", false).expect("white king move");
    game.play_text("h2-g3", false).expect("black man move");
    assert!(game.may_offer_draw());
}

#[test]
fn undoing_a_move_takes_its_draw_offer_with_it() {
    let mut game = Game::new(Variant::International);
    game.play_text("32-28", true).expect("offer");
    assert_eq!(game.draw_offer(), Some(Color::White));
    game.undo();
    assert_eq!(game.draw_offer(), None);
    assert_eq!(*game.position(), Position::start(Variant::International));
}

#[test]
fn resignation_ends_the_game_and_nothing_can_be_played_after() {
    let mut game = Game::new(Variant::Russian);
    game.resign(Color::White).expect("resign");
    let outcome = Outcome {
        winner: Some(Color::Black),
        reason: EndReason::Resignation,
    };
    assert_eq!(game.outcome(), Some(outcome));
    assert_eq!(
        game.play_text("c3-d4", false),
        Err(PlayError::GameOver(outcome))
    );
    assert!(game.legal_moves().is_empty());
}
