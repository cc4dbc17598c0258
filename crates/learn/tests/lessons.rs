//! The shipped lessons: every exercise checked against the rules crates and the engines.

use kingme_learn::model::{Goal, LessonFile};
use std::collections::BTreeMap;

fn assert_sound(name: &str, file: &LessonFile) {
    let problems = kingme_learn::check(file);
    let listed: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(
        problems.is_empty(),
        "{name}: {} problems:\n{}",
        problems.len(),
        listed.join("\n")
    );
}

fn per_variant(file: &LessonFile) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for (course, ex) in file.exercises() {
        *counts
            .entry(ex.variant_key(course).to_string())
            .or_insert(0) += 1;
    }
    counts
}

#[test]
fn the_draughts_lessons_are_sound() {
    let file = kingme_learn::draughts().expect("lessons/draughts.json parses");
    assert_sound("draughts", &file);
    let counts = per_variant(&file);
    println!("draughts exercises per variant: {counts:?}");
    for variant in ["english", "international", "russian", "brazilian"] {
        assert!(
            counts.get(variant).copied().unwrap_or(0) >= 5,
            "{variant} has too few exercises: {counts:?}"
        );
    }
}

#[test]
fn the_halma_lessons_are_sound() {
    let file = kingme_learn::halma().expect("lessons/halma.json parses");
    assert_sound("halma", &file);
    let counts = per_variant(&file);
    println!("Halma family exercises per variant: {counts:?}");
    for variant in ["halma-8", "halma-10", "halma-16", "chinese-checkers"] {
        assert!(
            counts.get(variant).copied().unwrap_or(0) >= 2,
            "{variant} has too few exercises: {counts:?}"
        );
        assert!(
            file.rules.iter().any(|p| p.variant == variant),
            "no rules page for {variant}"
        );
    }
    // Steps, chains that stop anywhere, camps, the yard rule, anti-spoiling.
    for id in [
        "h8.moves.steps",
        "h8.moves.stops",
        "h8.camps.win",
        "h8.camps.yard",
        "h10.yard.last",
        "cc.camps.stay",
        "cc.camps.spoil",
        "h16.moves.spoil",
    ] {
        assert!(
            file.exercises().any(|(_, e)| e.id == id),
            "exercise {id} is missing"
        );
    }
}

#[test]
fn there_are_at_least_sixty_exercises() {
    let draughts = kingme_learn::draughts().expect("lessons/draughts.json parses");
    let halma = kingme_learn::halma().expect("lessons/halma.json parses");
    let total = draughts.exercises().count() + halma.exercises().count();
    assert!(total >= 60, "{total} exercises");
}

#[test]
fn the_seed_material_is_all_there() {
    let file = kingme_learn::draughts().expect("lessons/draughts.json parses");
    let find = |id: &str| {
        file.exercises()
            .find(|(_, e)| e.id == id)
            .map(|(_, e)| e)
            .unwrap_or_else(|| panic!("exercise {id} is missing"))
    };
    // The worked position: Black c3, White d4 and f6; c3×e5 must go on to g7.
    let worked = find("en.multi.worked");
    assert_eq!(worked.position, "B:Wd4,f6:Bc3");
    let Goal::Quiz { choices, .. } = &worked.goal else {
        panic!("the worked position is a question");
    };
    let right: Vec<_> = choices.iter().filter(|c| c.correct).collect();
    assert_eq!(right.len(), 1);
    assert_eq!(right[0].play.as_deref(), Some("c3xe5xg7"));
    // The staged practice, the winning tips.
    for id in [
        "en.practice.none",
        "en.practice.single",
        "en.practice.double",
        "en.practice.kingrow",
        "ru.crown.goes-on",
        "en.practice.review",
        "en.practice.choice",
        "en.tips.force",
        "en.tips.backrow",
        "en.tips.centre",
        "en.tips.trade",
        "in.tips.majority",
    ] {
        find(id);
    }
    for id in [
        "faq.chinese-checkers",
        "faq.skip-capture",
        "faq.who-first",
        "faq.light-squares",
    ] {
        assert!(file.faq.iter().any(|f| f.id == id), "FAQ {id} is missing");
    }
    assert!(file
        .confusions
        .iter()
        .any(|c| c.id == "confusion.english-kings-fly"));
    for variant in ["english", "international", "russian", "brazilian"] {
        assert!(
            file.rules.iter().any(|p| p.variant == variant),
            "no rules page for {variant}"
        );
    }
}

#[test]
fn every_automatic_draw_has_a_position_about_to_reach_it() {
    let file = kingme_learn::draughts().expect("lessons/draughts.json parses");
    let rules: Vec<&str> = file
        .exercises()
        .filter_map(|(_, e)| match &e.goal {
            Goal::ReachDraw { rule } => Some(rule.as_str()),
            _ => None,
        })
        .collect();
    for rule in [
        "repetition",
        "forty-moves",
        "twenty-five-moves",
        "sixteen-move-endgame",
        "five-move-endgame",
        "thirty-moves",
        "three-kings",
    ] {
        assert!(rules.contains(&rule), "no exercise reaches the {rule} draw");
    }
}
