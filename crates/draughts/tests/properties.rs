//! Properties over random games in every variant, and parsers fed arbitrary text.

use kingme_draughts::notation::{move_to_pdn, move_to_string, parse_move};
use kingme_draughts::{pdn, Game, Position, Variant};
use proptest::prelude::*;

fn variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Along a random game: every generated move plays, is listed once and is found again from
    /// its own notation; FEN round-trips; undo restores position, hash and counters exactly.
    #[test]
    fn random_games_keep_every_invariant(v in variant(), choices in prop::collection::vec(any::<u16>(), 1..160)) {
        let mut game = Game::new(v);
        for choice in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                prop_assert!(game.outcome().is_some());
                break;
            }
            for (i, m) in moves.iter().enumerate() {
                prop_assert!(!moves[..i].contains(m), "listed twice: {}", move_to_string(v, m));
                let full = move_to_string(v, m);
                prop_assert_eq!(parse_move(game.position(), &full), Ok(*m), "{}", full);
                let numeric = move_to_pdn(v, m);
                prop_assert_eq!(parse_move(game.position(), &numeric), Ok(*m), "{}", numeric);
            }
            let fen = game.position().to_fen();
            prop_assert_eq!(Position::from_fen(v, &fen), Ok(*game.position()), "{}", fen);

            let m = moves[usize::from(choice) % moves.len()];
            let before = (*game.position(), game.counters(), game.draw_offer(), game.outcome());
            let offer = choice % 7 == 0 && game.may_offer_draw();
            game.play(&m, offer).expect("generated moves are legal");
            let mut undone = game.clone();
            undone.undo();
            prop_assert_eq!((*undone.position(), undone.counters(), undone.draw_offer(), undone.outcome()), before);
            prop_assert_eq!(undone.position().hash(), before.0.hash());
        }
        // The whole game survives PDN export and import.
        let text = pdn::write(&game, &[]);
        let back = pdn::read(&text, None).expect("own PDN reads back");
        prop_assert_eq!(back.game.position(), game.position());
        prop_assert_eq!(back.game.ply(), game.ply());
    }

    #[test]
    fn hash_is_a_function_of_the_position(v in variant(), choices in prop::collection::vec(any::<u16>(), 1..80)) {
        let mut pos = Position::start(v);
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() { break; }
            pos.play_unchecked(&moves[usize::from(choice) % moves.len()]);
            let rebuilt = Position::from_fen(v, &pos.to_fen()).expect("round trip");
            prop_assert_eq!(rebuilt.hash(), pos.hash());
        }
    }

    #[test]
    fn fen_parser_never_panics(v in variant(), text in ".{0,60}") {
        let _ = Position::from_fen(v, &text);
    }

    #[test]
    fn fen_parser_never_panics_on_fen_like_text(v in variant(), text in "[WBK:,0-9a-j\\-. ]{0,40}") {
        let _ = Position::from_fen(v, &text);
    }

    #[test]
    fn move_parser_never_panics(v in variant(), text in "[a-k0-9x×:\\- ]{0,16}|.{0,20}") {
        let _ = parse_move(&Position::start(v), &text);
    }

    #[test]
    fn square_parser_never_panics(v in variant(), text in ".{0,6}") {
        let _ = v.geometry().parse_square(&text);
        let _ = kingme_draughts::notation::parse_square(v, &text);
    }

    #[test]
    fn pdn_parser_never_panics(text in "(\\[[A-Za-z]{0,8} \"[^\"]{0,10}\"?\\]?|[{}();$0-9a-j. x\\-*/]){0,30}") {
        let _ = pdn::read(&text, Some(Variant::International));
        let _ = pdn::read(&text, None);
    }
}

#[test]
fn malformed_input_gets_errors_that_name_the_problem() {
    let v = Variant::International;
    let err = |fen: &str| Position::from_fen(v, fen).expect_err(fen).to_string();
    assert!(err("").contains("empty"));
    assert!(err("X:W31").contains("'X'"));
    assert!(err("W:W31,51").contains("'51'"));
    assert!(err("W:W31-29").contains("'31-29'"));
    assert!(err("W:W31:B31").contains("'31'"));
    assert!(err("W:W1:B50").contains("crowning"), "{}", err("W:W1:B50"));
    assert!(err("W:Wzz").contains("'zz'"));
    let start = Position::start(v);
    let perr = |t: &str| parse_move(&start, t).expect_err(t).to_string();
    assert!(perr("").contains("empty"));
    assert!(perr("32-").contains("separator"));
    assert!(perr("32-99").contains("'99'"));
    assert!(
        perr("32-23").contains("cannot move to"),
        "{}",
        perr("32-23")
    );
    assert!(perr("18-23").contains("black"), "{}", perr("18-23"));
    assert!(perr("28-23").contains("no piece on"), "{}", perr("28-23"));
    let e = pdn::read("1. 32-28 19-23 2. 28-99", Some(v)).expect_err("bad move");
    assert!(e.to_string().starts_with("ply 3"), "{e}");
    let e = pdn::read("[GameType \"99\"] 1. 32-28", None).expect_err("unknown game type");
    assert!(e.to_string().contains("99"), "{e}");
    let e = pdn::read("{ never closed", Some(v)).expect_err("unterminated");
    assert!(e.to_string().contains("comment"), "{e}");
}

#[test]
fn ambiguous_move_text_lists_the_candidates() {
    // Two routes from c3 end on c7: over d4 and d6, or over b4 and b6.
    let pos = Position::from_fen(Variant::English, "B:Wd4,d6,b4,b6:Bc3").expect("fen");
    let e = parse_move(&pos, "c3xc7").expect_err("ambiguous");
    let text = e.to_string();
    assert!(
        text.contains("ambiguous") && text.contains("c3×e5×c7") && text.contains("c3×a5×c7"),
        "{text}"
    );
    let m = parse_move(&pos, "c3:e5:c7").expect("naming the landing resolves it");
    assert_eq!(move_to_string(Variant::English, &m), "c3×e5×c7");
}

#[test]
fn a_full_route_names_its_move_even_when_it_shortens_a_longer_capture() {
    // Russian: the man on d6 may take c7 alone and crown on b8, or crown on f8 and go round
    // g7, g5, e5 and c7 as a king, ending on b8 as well.
    let pos = Position::from_fen(
        Variant::Russian,
        "W:Wd6,g3,b2,f2,h2,e1:Bh8,c7,e7,g7,f6,e5,g5",
    )
    .expect("fen");
    let names: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| move_to_string(Variant::Russian, m))
        .collect();
    assert_eq!(names, ["d6×b8", "d6×f8×h6×f4×d6×b8"]);
    for m in pos.legal_moves().iter() {
        assert_eq!(
            parse_move(&pos, &move_to_string(Variant::Russian, m)),
            Ok(*m)
        );
        assert_eq!(parse_move(&pos, &move_to_pdn(Variant::Russian, m)), Ok(*m));
    }
    let loop_round = parse_move(&pos, "d6:h6:b8").expect("a landing of the loop names it");
    assert_eq!(loop_round.captured().count(), 5);
}
