//! Deliberately broken lessons: each is refused with its id and the reason.

use kingme_learn::{check, parse, Problem};

/// A draughts lesson file around one exercise (the exercise's JSON fields, without braces).
fn draughts_file(exercise: &str) -> String {
    format!(
        r#"{{"family": "draughts", "courses": [{{"id": "c", "variant": "english",
            "title": {T}, "stages": [{{"id": "s", "title": {T}, "intro": {T},
            "exercises": [{{{exercise}}}]}}]}}]}}"#,
        T = TEXT
    )
}

fn halma_file(exercise: &str) -> String {
    format!(
        r#"{{"family": "halma", "courses": [{{"id": "c", "variant": "halma-8",
            "title": {T}, "stages": [{{"id": "s", "title": {T}, "intro": {T},
            "exercises": [{{{exercise}}}]}}]}}]}}"#,
        T = TEXT
    )
}

const TEXT: &str = r#"{"en": "x", "zh-Hans": "x", "zh-Hant": "x"}"#;

fn problems(json: &str) -> Vec<Problem> {
    check(&parse(json).expect("the test file is well-formed JSON"))
}

/// Asserts that exactly the problems expected are reported, each for exercise `e`.
fn assert_reasons(json: &str, expected: &[&str]) {
    let found = problems(json);
    for want in expected {
        assert!(
            found.iter().any(|p| p.id == "e" && p.reason.contains(want)),
            "expected a problem containing {want:?}, found {found:#?}"
        );
    }
    assert_eq!(found.len(), expected.len(), "{found:#?}");
}

/// The worked position of seed 002, with the given fields added.
fn worked(fields: &str) -> String {
    draughts_file(&format!(
        r#""id": "e", "position": "B:Wd4,f6:Bc3", "prompt": {TEXT}, {fields}"#
    ))
}

#[test]
fn a_sound_exercise_has_no_problem() {
    let json = worked(
        r#""goal": {"kind": "capture_all"}, "par": 1, "unique": true, "solution": ["c3xe5xg7"],
        "hints": {"piece": "c3", "square": "g7"},
        "wrong": [{"move": "c3xe5", "legal": false, "reason": {"en": "the chain must go on", "zh-Hans": "要继续", "zh-Hant": "要繼續"}}]"#,
    );
    assert_eq!(problems(&json), vec![]);
}

#[test]
fn a_solution_stopping_halfway_is_refused_with_the_rules_reason() {
    assert_reasons(
        &worked(r#""goal": {"kind": "capture_all"}, "par": 1, "solution": ["c3xe5"]"#),
        &["solution move c3xe5 is not legal: illegal move 'c3xe5': the piece on c3 cannot end a capture on e5; a started capture must go on while it can"],
    );
}

#[test]
fn a_wrong_try_said_to_be_illegal_that_is_legal_is_refused() {
    let json = worked(
        r#""goal": {"kind": "capture_all"}, "par": 1, "solution": ["c3xe5xg7"],
        "wrong": [{"move": "c3xe5xg7", "legal": false, "reason": {TEXT}}]"#,
    )
    .replace("{TEXT}", TEXT);
    assert_reasons(
        &json,
        &["is said to be refused by the rules, but it is legal"],
    );
}

#[test]
fn an_unreachable_goal_and_a_wrong_par_are_refused() {
    // Two moves of a man cannot reach the far row from c3.
    let json = draughts_file(&format!(
        r#""id": "e", "position": "B:Wh8:Bc3", "prompt": {TEXT},
        "goal": {{"kind": "reach", "squares": ["d8"]}}, "par": 2,
        "solution": ["c3-d4", "h8-g7", "d4-e5"]"#
    ));
    assert_reasons(
        &json,
        &[
            "the solution line does not reach the goal",
            "the goal is not reached within 2 moves",
        ],
    );
}

#[test]
fn a_false_uniqueness_claim_is_refused() {
    // Either man reaches the fourth rank.
    let json = draughts_file(&format!(
        r#""id": "e", "position": "B:Wh8:Bc3,e3", "prompt": {TEXT},
        "goal": {{"kind": "reach", "squares": ["d4"]}}, "par": 1, "unique": true,
        "solution": ["c3-d4"]"#
    ));
    assert_reasons(&json, &["claimed unique, but e3-d4 also reaches the goal"]);
}

#[test]
fn a_missing_capture_in_find_all_captures_is_named() {
    let json = draughts_file(&format!(
        r#""id": "e", "position": "B:Wd4,f4:Bc3,g3", "prompt": {TEXT},
        "goal": {{"kind": "find_all_captures", "captures": ["c3xe5"]}}, "par": 1"#
    ));
    assert_reasons(&json, &["the legal capture g3×e5 is missing"]);
}

#[test]
fn a_win_that_is_not_there_is_refused_by_the_search_and_the_engine() {
    // Black cannot win at once: White still has its king after any move.
    let json = draughts_file(&format!(
        r#""id": "e", "position": "B:WKh8:BKa1", "prompt": {TEXT},
        "goal": {{"kind": "win_in", "moves": 1}}, "par": 1, "solution": ["a1-b2"]"#
    ));
    assert_reasons(
        &json,
        &[
            "the solution line does not reach the goal",
            "the goal is not reached within 1 moves",
            "the engine at depth 1 does not find the win in 1",
        ],
    );
}

#[test]
fn a_bad_position_and_a_hint_off_the_solution_are_refused() {
    let json = draughts_file(&format!(
        r#""id": "e", "position": "B:Wz9:Bc3", "prompt": {TEXT}, "goal": {{"kind": "capture_all"}}, "par": 1"#
    ));
    assert_reasons(&json, &["position: invalid FEN: square 'z9'"]);
    let json = worked(
        r#""goal": {"kind": "capture_all"}, "par": 1, "solution": ["c3xe5xg7"],
        "hints": {"piece": "d4", "square": "g7"}"#,
    );
    assert_reasons(&json, &["hint piece d4 is not where the solution starts"]);
}

#[test]
fn missing_languages_and_placeholders_are_named() {
    let json = worked(
        r#""goal": {"kind": "capture_all"}, "par": 1, "solution": ["c3xe5xg7"],
        "success": {"en": "Taken {count}", "zh-Hans": "吃了{count}枚"}"#,
    );
    assert_reasons(&json, &["success: the zh-Hant text is missing"]);
    let json = worked(
        r#""goal": {"kind": "capture_all"}, "par": 1, "solution": ["c3xe5xg7"],
        "success": {"en": "Taken {count}", "zh-Hans": "吃了{count}枚", "zh-Hant": "吃了{n}枚"}"#,
    );
    assert_reasons(
        &json,
        &["success: the zh-Hant text has placeholders {\"n\"}"],
    );
}

#[test]
fn a_draw_goal_is_checked_by_playing_the_rules() {
    // Kings shuffling: after the prelude, g7-h8 makes the start position occur a third time.
    let prelude = r#"["a1-b2", "h8-g7", "b2-a1", "g7-h8", "a1-b2", "h8-g7", "b2-a1"]"#;
    let json = draughts_file(&format!(
        r#""id": "e", "position": "B:WKh8:BKa1", "prelude": {prelude}, "prompt": {TEXT},
        "goal": {{"kind": "reach_draw", "rule": "repetition"}}, "par": 1, "unique": true,
        "solution": ["g7-h8"], "wrong": [{{"move": "g7-h8", "reason": {TEXT}}}]"#
    ));
    assert_reasons(
        &json,
        &[
            "wrong try g7-h8 is the solution's first move",
            "wrong try g7-h8 reaches the goal",
        ],
    );
}

#[test]
fn duplicate_ids_are_refused() {
    let ex = format!(
        r#""id": "e", "position": "B:Wd4,f6:Bc3", "prompt": {TEXT}, "goal": {{"kind": "capture_all"}}, "par": 1, "solution": ["c3xe5xg7"]"#
    );
    let json = draughts_file(&format!("{ex}}}, {{{ex}"));
    assert_reasons(&json, &["the id is used twice"]);
}

#[test]
fn halma_moves_and_destinations_are_judged_by_the_halma_rules() {
    // The start of halma-8: a4 can step to a5, b5 and b4.
    let start = "1:1:1111..../111...../11....../1......./.......2/......22/.....222/....2222";
    let json = halma_file(&format!(
        r#""id": "e", "position": "{start}", "prompt": {TEXT},
        "goal": {{"kind": "find_all_destinations", "from": "a4", "points": ["a5", "b5"]}}, "par": 2"#
    ));
    assert_reasons(&json, &["the piece on a4 can reach 3 points, 2 are listed"]);
}

#[test]
fn a_holding_move_that_loses_is_refused_by_the_engine() {
    // International, two kings against a lone king with two moves left of the 5-move limit:
    // g5-i3 steps next to the king on h2, which takes it.
    let json = draughts_file(&format!(
        r#""id": "e", "variant": "international", "position": "W:WKb2,Kh2:BKf8",
        "prelude": ["b2-a1", "f8-c5", "a1-c3", "c5-e7", "c3-g7", "e7-g5", "g7-i9"],
        "prompt": {TEXT}, "goal": {{"kind": "hold_draw_for", "moves": 2}}, "par": 2,
        "solution": ["g5-i3"], "wrong": [{{"move": "g5-d8", "reason": {TEXT}}}]"#
    ));
    assert_reasons(
        &json,
        &[
            "after g5-i3 the engine at depth 3 finds a win for the opponent",
            "wrong try g5-d8: the engine at depth 3 finds no win for the opponent after it",
        ],
    );
}

/// A Chinese checkers lesson file for `players` around one exercise.
fn star_file(players: u8, exercise: &str) -> String {
    halma_file(exercise)
        .replace(
            r#""variant": "halma-8""#,
            r#""variant": "chinese-checkers""#,
        )
        .replace(
            r#""id": "e", "#,
            &format!(r#""id": "e", "players": {players}, "#),
        )
}

/// Three players: the learner's pieces on n2, o1, o2 and q1 are in their target camp.
const THREE_LOCK: &str = "1:40:./../.../..../............./............/...1.1...../..1.1...../...1.1.../3........./33.......55/333......555/3333.5...5555/.1../11./../1";
/// Three players: the first has finished, the learner is one move from finishing (m5-n1).
const THREE_PLACINGS: &str = "1:38:./../.../..../.........3333/.........333/.........33/.........3/........./.........5/.........55/.........555/....1....5555/.111/111/11/1";

#[test]
fn with_three_players_the_learner_moves_after_every_other_seat() {
    // The line: the learner, both other seats, the learner again.
    let sound = star_file(
        3,
        &format!(
            r#""id": "e", "position": "{THREE_LOCK}", "prompt": {TEXT},
            "goal": {{"kind": "reach", "squares": ["p1"]}}, "par": 2,
            "solution": ["n2-n1", "m4-l4", "k10-j10", "n1-p1"]"#
        ),
    );
    assert_eq!(problems(&sound), vec![]);
    // One reply short: the learner's second move is taken for the third seat's reply.
    let short = star_file(
        3,
        &format!(
            r#""id": "e", "position": "{THREE_LOCK}", "prompt": {TEXT},
            "goal": {{"kind": "reach", "squares": ["p1"]}}, "par": 2,
            "solution": ["n2-n1", "m4-l4", "n1-p1"]"#
        ),
    );
    assert_reasons(&short, &["scripted reply n1-p1 is not legal"]);
}

#[test]
fn with_three_players_a_win_is_the_learner_finishing() {
    let finishes = star_file(
        3,
        &format!(
            r#""id": "e", "position": "{THREE_PLACINGS}", "prompt": {TEXT},
            "goal": {{"kind": "win_in", "moves": 1}}, "par": 1, "unique": true, "solution": ["m5-n1"]"#
        ),
    );
    assert_eq!(problems(&finishes), vec![]);
    let misses = star_file(
        3,
        &format!(
            r#""id": "e", "position": "{THREE_PLACINGS}", "prompt": {TEXT},
            "goal": {{"kind": "win_in", "moves": 1}}, "par": 1, "solution": ["m5-m6"]"#
        ),
    );
    assert_reasons(
        &misses,
        &[
            "the solution line does not reach the goal",
            "the goal is not reached within 1 moves against every reply after m5-m6",
        ],
    );
    let draw = star_file(
        3,
        &format!(
            r#""id": "e", "position": "{THREE_PLACINGS}", "prompt": {TEXT},
            "goal": {{"kind": "hold_draw_for", "moves": 1}}, "par": 1, "solution": ["m5-n1"]"#
        ),
    );
    assert_reasons(
        &draw,
        &["a draw goal is for two players; this exercise has 3"],
    );
}
