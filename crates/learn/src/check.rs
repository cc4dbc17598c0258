//! The checks every lesson file passes in the test run. Each problem names the exercise (or
//! text) by its id and says what is wrong.

use crate::games::{Draughts, Halma, Rules};
use crate::model::{
    Course, Diagram, Exercise, Family, Goal, LessonFile, Marks, Opponent, Text, LANGUAGES,
};
use crate::search::{Play, Searcher, Target, TooLarge, Verdict};
use std::collections::{BTreeSet, HashSet};
use std::fmt;

/// Positions one exercise's searches may visit before the check gives up on it.
pub const SEARCH_BUDGET: u64 = 3_000_000;

/// Something wrong in a lesson file: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The id of the exercise, stage, course or text at fault.
    pub id: String,
    pub reason: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.id, self.reason)
    }
}

/// Every problem of `file`; empty when it is sound.
pub fn check(file: &LessonFile) -> Vec<Problem> {
    let mut out = Problems::default();
    check_ids(file, &mut out);
    check_texts(file, &mut out);
    for course in &file.courses {
        for stage in &course.stages {
            for ex in &stage.exercises {
                check_exercise(file.family, course, ex, &mut out);
            }
        }
    }
    for page in &file.rules {
        for section in &page.sections {
            if let Some(d) = &section.diagram {
                check_diagram(file.family, &page.variant, d, &section.id, &mut out);
            }
        }
    }
    let exercise_ids: HashSet<&str> = file.exercises().map(|(_, e)| e.id.as_str()).collect();
    for c in &file.confusions {
        if let Some(ex) = &c.exercise {
            if !exercise_ids.contains(ex.as_str()) {
                out.add(
                    &c.id,
                    format!("refers to exercise '{ex}', which does not exist"),
                );
            }
        }
        for v in &c.variants {
            if let Err(e) = variant_rules(file.family, v, None) {
                out.add(&c.id, e);
            }
        }
    }
    out.0
}

#[derive(Default)]
struct Problems(Vec<Problem>);

impl Problems {
    fn add(&mut self, id: &str, reason: impl Into<String>) {
        self.0.push(Problem {
            id: id.to_string(),
            reason: reason.into(),
        });
    }
}

fn check_ids(file: &LessonFile, out: &mut Problems) {
    let mut seen = HashSet::new();
    let mut ids: Vec<&str> = Vec::new();
    for c in &file.courses {
        ids.push(&c.id);
        for s in &c.stages {
            ids.push(&s.id);
            ids.extend(s.exercises.iter().map(|e| e.id.as_str()));
        }
    }
    for p in &file.rules {
        ids.extend(p.sections.iter().map(|s| s.id.as_str()));
    }
    ids.extend(file.confusions.iter().map(|c| c.id.as_str()));
    ids.extend(file.faq.iter().map(|f| f.id.as_str()));
    for id in ids {
        if id.is_empty()
            || !id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
        {
            out.add(id, "an id is written with a-z, 0-9, '-' and '.' only");
        }
        if !seen.insert(id) {
            out.add(id, "the id is used twice");
        }
    }
}

/// The `{name}` placeholders of a text.
pub fn placeholders(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                found.insert(after[..close].to_string());
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    found
}

/// Checks that `text` has every language, none empty, with the same placeholders.
pub fn check_text(id: &str, what: &str, text: &Text) -> Vec<Problem> {
    let mut out = Problems::default();
    for lang in text.keys() {
        if !LANGUAGES.contains(&lang.as_str()) {
            out.add(
                id,
                format!("{what}: '{lang}' is not one of the site's languages"),
            );
        }
    }
    let mut reference: Option<(&str, BTreeSet<String>)> = None;
    for lang in LANGUAGES {
        match text.get(lang) {
            None => out.add(id, format!("{what}: the {lang} text is missing")),
            Some(t) if t.trim().is_empty() => {
                out.add(id, format!("{what}: the {lang} text is empty"))
            }
            Some(t) => {
                let names = placeholders(t);
                match &reference {
                    None => reference = Some((lang, names)),
                    Some((first, expected)) if *expected != names => out.add(
                        id,
                        format!(
                            "{what}: the {lang} text has placeholders {names:?}, the {first} text {expected:?}"
                        ),
                    ),
                    Some(_) => {}
                }
            }
        }
    }
    out.0
}

fn check_texts(file: &LessonFile, out: &mut Problems) {
    let mut texts: Vec<(&str, String, &Text)> = Vec::new();
    for c in &file.courses {
        texts.push((&c.id, "title".into(), &c.title));
        for s in &c.stages {
            texts.push((&s.id, "title".into(), &s.title));
            texts.push((&s.id, "intro".into(), &s.intro));
            for e in &s.exercises {
                texts.push((&e.id, "prompt".into(), &e.prompt));
                if let Some(t) = &e.success {
                    texts.push((&e.id, "success".into(), t));
                }
                for (i, w) in e.wrong.iter().enumerate() {
                    texts.push((
                        &e.id,
                        format!("wrong try {} ({})", i + 1, w.play),
                        &w.reason,
                    ));
                }
                if let Goal::Quiz { question, choices } = &e.goal {
                    texts.push((&e.id, "question".into(), question));
                    for ch in choices {
                        texts.push((&e.id, format!("choice {}", ch.id), &ch.text));
                        texts.push((&e.id, format!("choice {} explanation", ch.id), &ch.explain));
                    }
                }
            }
        }
    }
    for p in &file.rules {
        texts.push((&p.variant, "rules title".into(), &p.title));
        for s in &p.sections {
            texts.push((&s.id, "title".into(), &s.title));
            texts.push((&s.id, "body".into(), &s.body));
        }
    }
    for c in &file.confusions {
        texts.push((&c.id, "claim".into(), &c.claim));
        texts.push((&c.id, "answer".into(), &c.answer));
    }
    for f in &file.faq {
        texts.push((&f.id, "question".into(), &f.question));
        texts.push((&f.id, "answer".into(), &f.answer));
    }
    for (id, what, text) in texts {
        out.0.extend(check_text(id, &what, text));
    }
}

enum AnyRules {
    Draughts(Draughts),
    Halma(Halma),
}

fn variant_rules(family: Family, key: &str, players: Option<u8>) -> Result<AnyRules, String> {
    match family {
        Family::Draughts => {
            if players.is_some() {
                return Err("draughts has no player count".into());
            }
            key.parse::<kingme_draughts::Variant>()
                .map(|v| AnyRules::Draughts(Draughts(v)))
                .map_err(|e| e.to_string())
        }
        Family::Halma => {
            let variant = key
                .parse::<kingme_halma::Variant>()
                .map_err(|e| e.to_string())?;
            let setup = kingme_halma::Setup::new(variant, players.unwrap_or(2))
                .map_err(|e| e.to_string())?;
            if setup.layout().seats.len() < 2 {
                return Err("an exercise needs an opponent: play it with 2 players or more".into());
            }
            Ok(AnyRules::Halma(Halma { setup }))
        }
    }
}

fn check_exercise(family: Family, course: &Course, ex: &Exercise, out: &mut Problems) {
    match variant_rules(family, ex.variant_key(course), ex.players) {
        Err(e) => out.add(&ex.id, e),
        Ok(AnyRules::Draughts(r)) => {
            for reason in exercise_problems(&r, ex) {
                out.add(&ex.id, reason);
            }
        }
        Ok(AnyRules::Halma(r)) => {
            for reason in exercise_problems(&r, ex) {
                out.add(&ex.id, reason);
            }
        }
    }
}

fn check_diagram(family: Family, variant: &str, d: &Diagram, id: &str, out: &mut Problems) {
    let problems = match variant_rules(family, variant, d.players) {
        Err(e) => vec![e],
        Ok(AnyRules::Draughts(r)) => diagram_problems(&r, d),
        Ok(AnyRules::Halma(r)) => diagram_problems(&r, d),
    };
    for p in problems {
        out.add(id, format!("diagram: {p}"));
    }
}

fn diagram_problems<R: Rules>(rules: &R, d: &Diagram) -> Vec<String> {
    let mut out = Vec::new();
    if let Err(e) = rules.start(&d.position, &[]) {
        out.push(e);
    }
    let names = d.arrows.iter().flatten().chain(&d.highlights);
    out.extend(names.filter_map(|n| rules.point(n).err()));
    out
}

/// What the learner's moves are measured against.
enum Searchable {
    /// A goal with a forced line: within this many learner moves.
    Within(u32),
    /// Not searched for a forced line.
    No,
}

fn exercise_problems<R: Rules>(rules: &R, ex: &Exercise) -> Vec<String> {
    let mut out = Vec::new();
    let start = match rules.start(&ex.position, &ex.prelude) {
        Ok(s) => s,
        Err(e) => return vec![format!("position: {e}")],
    };
    if let Some(side) = &ex.orientation {
        if !rules.orientation_ok(side) {
            out.push(format!("orientation '{side}' is no side of this game"));
        }
    }
    if let Opponent::Engine { level } = &ex.opponent {
        if let Err(e) = level.parse::<kingme_engine_core::Level>() {
            out.push(format!("opponent: {e}"));
        }
    }
    if ex.par == 0 {
        out.push("par must be at least 1".into());
    }

    let players = rules.players();
    if players > 2 && matches!(ex.goal, Goal::HoldDrawFor { .. } | Goal::ReachDraw { .. }) {
        out.push(format!(
            "a draw goal is for two players; this exercise has {players}"
        ));
    }

    // The main line: every move legal in turn; the learner's moves are those played when the
    // learner is to move, the others are the scripted replies of every other seat.
    let mut line: Vec<(R::State, R::Move)> = Vec::new();
    let mut learner_moves: Vec<R::Move> = Vec::new();
    let mut last_is_learners = false;
    let mut state = start.clone();
    for (i, text) in ex.solution.iter().enumerate() {
        last_is_learners = state.learner_to_move();
        let who = if last_is_learners {
            "solution move"
        } else {
            "scripted reply"
        };
        match rules.legal(&state, text) {
            Ok(m) => {
                if last_is_learners {
                    learner_moves.push(m);
                }
                line.push((state.clone(), m));
                state = state.after(m);
                if state.verdict().is_some() && i + 1 < ex.solution.len() {
                    out.push(format!(
                        "the game is over after {who} {text}, before the line ends"
                    ));
                    return out;
                }
            }
            Err(e) => {
                out.push(format!("{who} {text} is not legal: {e}"));
                return out;
            }
        }
    }

    let searcher = Searcher::new(SEARCH_BUDGET);
    let searchable = match &ex.goal {
        Goal::Reach { .. } | Goal::CaptureAll | Goal::ReachDraw { .. } => {
            Searchable::Within(ex.par)
        }
        Goal::PromoteIn { moves } | Goal::WinIn { moves } => {
            if ex.par > *moves {
                out.push(format!(
                    "par {} is more than the goal's {moves} moves",
                    ex.par
                ));
            }
            Searchable::Within(*moves)
        }
        _ => Searchable::No,
    };

    let squares: Vec<u16> = match &ex.goal {
        Goal::Reach { squares } => {
            if squares.is_empty() {
                out.push("reach: no square to reach".into());
            }
            squares
                .iter()
                .filter_map(|s| match rules.point(s) {
                    Ok(p) => Some(p),
                    Err(e) => {
                        out.push(format!("reach: {e}"));
                        None
                    }
                })
                .collect()
        }
        _ => Vec::new(),
    };
    let draw_rule = match &ex.goal {
        Goal::ReachDraw { rule } => rule.clone(),
        _ => String::new(),
    };
    let reached = |before: &R::State, m: R::Move, after: &R::State| -> bool {
        match &ex.goal {
            Goal::Reach { .. } => squares.contains(&rules.ends(m).1),
            Goal::CaptureAll => rules.opponent_pieces(after) == 0,
            Goal::PromoteIn { .. } => rules.promotes(m),
            Goal::WinIn { .. } => after.verdict() == Some(Verdict::Won),
            Goal::ReachDraw { .. } => after.verdict() == Some(Verdict::Drawn(draw_rule.clone())),
            _ => {
                let _ = before;
                false
            }
        }
    };
    let ended_well = |after: &R::State| -> bool {
        match &ex.goal {
            Goal::WinIn { .. } => after.verdict() == Some(Verdict::Won),
            Goal::ReachDraw { .. } => after.verdict() == Some(Verdict::Drawn(draw_rule.clone())),
            Goal::CaptureAll => rules.opponent_pieces(after) == 0,
            _ => false,
        }
    };
    let target = Target {
        reached: &reached,
        ended_well: &ended_well,
    };
    let too_large = |e: TooLarge| {
        format!(
            "the search for the goal grew beyond {} positions; make the exercise smaller",
            e.0
        )
    };

    if let Searchable::Within(limit) = searchable {
        if ex.solution.is_empty() {
            out.push("a goal to reach needs a solution line".into());
        } else {
            if !last_is_learners {
                out.push("the solution line must end with a learner's move".into());
            }
            if learner_moves.len() as u32 != ex.par {
                out.push(format!(
                    "par is {} but the solution has {} learner moves",
                    ex.par,
                    learner_moves.len()
                ));
            }
            if let Some((before, m)) = line.last() {
                let after = before.after(*m);
                let ends_well = after.verdict().is_some() && ended_well(&after);
                if !reached(before, *m, &after) && !ends_well {
                    out.push("the solution line does not reach the goal".into());
                }
            }
            match searcher.forced_with(&start, learner_moves[0], limit, &target) {
                Ok(true) => {}
                Ok(false) => out.push(format!(
                    "the goal is not reached within {limit} moves against every reply after {}",
                    rules.name_move(&start, learner_moves[0])
                )),
                Err(e) => out.push(too_large(e)),
            }
            if ex.unique {
                for m in start.moves() {
                    if m == learner_moves[0] {
                        continue;
                    }
                    match searcher.forced_with(&start, m, limit, &target) {
                        Ok(true) => out.push(format!(
                            "the solution is claimed unique, but {} also reaches the goal",
                            rules.name_move(&start, m)
                        )),
                        Ok(false) => {}
                        Err(e) => {
                            out.push(too_large(e));
                            break;
                        }
                    }
                }
            }
        }
    }

    // With more than two players the exhaustive search above is the proof (the engine's
    // score of a finish depends on who finished before).
    if let (Goal::WinIn { moves }, 2) = (&ex.goal, players) {
        if !rules.engine_wins(&start, 2 * moves - 1) {
            out.push(format!(
                "the engine at depth {} does not find the win in {moves}",
                2 * moves - 1
            ));
        }
    }

    if let Goal::HoldDrawFor { moves } = &ex.goal {
        let plies = 2 * moves;
        match learner_moves.first() {
            None => out.push("hold_draw_for needs a solution: the holding move".into()),
            Some(&m) => {
                let after = start.after(m);
                let lost = after.verdict() == Some(Verdict::Lost);
                if lost || rules.engine_wins(&after, plies - 1) {
                    out.push(format!(
                        "after {} the engine at depth {} finds a win for the opponent",
                        rules.name_move(&start, m),
                        plies - 1
                    ));
                }
            }
        }
        if ex.unique {
            for m in start.moves() {
                if Some(&m) == learner_moves.first() {
                    continue;
                }
                let after = start.after(m);
                if after.verdict() != Some(Verdict::Lost) && !rules.engine_wins(&after, plies - 1) {
                    out.push(format!(
                        "the holding move is claimed unique, but {} holds too",
                        rules.name_move(&start, m)
                    ));
                }
            }
        }
    }

    // Foreseen wrong tries: legal and missing the goal, or refused by the rules.
    for w in &ex.wrong {
        match (rules.legal(&start, &w.play), w.legal) {
            (Ok(m), true) => {
                if learner_moves.first() == Some(&m) {
                    out.push(format!("wrong try {} is the solution's first move", w.play));
                }
                match searchable {
                    Searchable::Within(limit) => {
                        match searcher.forced_with(&start, m, limit, &target) {
                            Ok(true) => out.push(format!(
                                "wrong try {} reaches the goal within {limit} moves",
                                w.play
                            )),
                            Ok(false) => {}
                            Err(e) => out.push(too_large(e)),
                        }
                    }
                    Searchable::No => {
                        if let Goal::HoldDrawFor { moves } = &ex.goal {
                            let after = start.after(m);
                            let lost = after.verdict() == Some(Verdict::Lost);
                            if !lost && !rules.engine_wins(&after, 2 * moves - 1) {
                                out.push(format!(
                                    "wrong try {}: the engine at depth {} finds no win for the opponent after it",
                                    w.play,
                                    2 * moves - 1
                                ));
                            }
                        }
                    }
                }
            }
            (Ok(_), false) => out.push(format!(
                "wrong try {} is said to be refused by the rules, but it is legal",
                w.play
            )),
            (Err(e), true) => out.push(format!("wrong try {} is not legal: {e}", w.play)),
            (Err(_), false) => {}
        }
    }

    match &ex.goal {
        Goal::FindAllCaptures { captures } => match rules.captures(&start) {
            None => out.push("find_all_captures: this game has no captures".into()),
            Some(legal) => {
                if legal.is_empty() {
                    out.push("find_all_captures: the position has no capture".into());
                }
                let mut listed = Vec::new();
                for text in captures {
                    match rules.legal(&start, text) {
                        Ok(m) if legal.contains(&m) => {
                            if listed.contains(&m) {
                                out.push(format!("find_all_captures: {text} is listed twice"));
                            }
                            listed.push(m);
                        }
                        Ok(_) => out.push(format!("find_all_captures: {text} is not a capture")),
                        Err(e) => out.push(format!("find_all_captures: {text} is not legal: {e}")),
                    }
                }
                for m in &legal {
                    if !listed.contains(m) {
                        out.push(format!(
                            "find_all_captures: the legal capture {} is missing",
                            rules.name_move(&start, *m)
                        ));
                    }
                }
                if ex.par as usize != captures.len() {
                    out.push(format!(
                        "par is {} but there are {} captures to find",
                        ex.par,
                        captures.len()
                    ));
                }
            }
        },
        Goal::FindAllDestinations { from, points } => {
            match rules.point(from) {
                Err(e) => out.push(format!("find_all_destinations: {e}")),
                Ok(p) => match rules.destinations(&start, p) {
                    None => out
                        .push("find_all_destinations: a draughts lesson asks for captures".into()),
                    Some(legal) => {
                        if !rules.learner_owns(&start, p) {
                            out.push(format!(
                                "find_all_destinations: {from} holds no piece of the learner"
                            ));
                        }
                        let mut listed = Vec::new();
                        for name in points {
                            match rules.point(name) {
                                Err(e) => out.push(format!("find_all_destinations: {e}")),
                                Ok(q) if !legal.contains(&q) => out.push(format!(
                                "find_all_destinations: the piece on {from} cannot move to {name}"
                            )),
                                Ok(q) if listed.contains(&q) => out
                                    .push(format!("find_all_destinations: {name} is listed twice")),
                                Ok(q) => listed.push(q),
                            }
                        }
                        let missing: Vec<String> = legal
                            .iter()
                            .filter(|q| !listed.contains(q))
                            .map(|&q| rules.point_name(q))
                            .collect();
                        if !missing.is_empty() {
                            out.push(format!(
                            "find_all_destinations: the piece on {from} can reach {} points, {} are listed; missing {}",
                            legal.len(),
                            listed.len(),
                            missing.join(", ")
                        ));
                        }
                        if ex.par as usize != points.len() {
                            out.push(format!(
                                "par is {} but there are {} points to find",
                                ex.par,
                                points.len()
                            ));
                        }
                    }
                },
            }
        }
        Goal::Quiz { choices, .. } => {
            if !choices.iter().any(|c| c.correct) {
                out.push("quiz: no choice is correct".into());
            }
            let mut ids = HashSet::new();
            for c in choices {
                if !ids.insert(&c.id) {
                    out.push(format!("quiz: choice id {} is used twice", c.id));
                }
                if let Some(text) = &c.play {
                    match (rules.legal(&start, text), c.legal) {
                        (Ok(_), true) | (Err(_), false) => {}
                        (Ok(_), false) => out.push(format!(
                            "quiz: choice {}'s move {text} is said to be refused, but it is legal",
                            c.id
                        )),
                        (Err(e), true) => out.push(format!(
                            "quiz: choice {}'s move {text} is not legal: {e}",
                            c.id
                        )),
                    }
                }
            }
        }
        _ => {}
    }

    if let Some(h) = &ex.hints {
        match line.first() {
            None => out.push("hints need a solution to point at".into()),
            Some((_, m)) => {
                let (from, to) = rules.ends(*m);
                if rules.point(&h.piece) != Ok(from) {
                    out.push(format!(
                        "hint piece {} is not where the solution starts",
                        h.piece
                    ));
                }
                if rules.point(&h.square) != Ok(to) {
                    out.push(format!(
                        "hint square {} is not where the solution ends",
                        h.square
                    ));
                }
            }
        }
    }
    check_marks(rules, &ex.marks, learner_moves.len().max(1), &mut out);
    out
}

fn check_marks<R: Rules>(rules: &R, marks: &[Marks], steps: usize, out: &mut Vec<String>) {
    for mk in marks {
        if mk.step >= steps {
            out.push(format!(
                "marks for step {}, but the solution has {steps} learner moves",
                mk.step
            ));
        }
        for name in mk.arrows.iter().flatten().chain(&mk.highlights) {
            if let Err(e) = rules.point(name) {
                out.push(format!("marks: {e}"));
            }
        }
    }
}
