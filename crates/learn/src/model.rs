//! The lesson format, as the JSON files in `lessons/` write it (the web client reads the same
//! files). Unknown fields are refused, so that a misspelt field is an error and not a silently
//! missing rule.

use serde::Deserialize;
use std::collections::BTreeMap;

/// The site's languages; every text has all of them.
pub const LANGUAGES: [&str; 3] = ["en", "zh-Hans", "zh-Hant"];

/// A text in every language: `{"en": "…", "zh-Hans": "…", "zh-Hant": "…"}`. Placeholders are
/// written `{name}` and must be the same in every language.
pub type Text = BTreeMap<String, String>;

/// The lessons of one game family.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    /// `draughts` or `halma`: how positions and moves are written.
    pub family: Family,
    /// One course per game of the family, in menu order.
    pub courses: Vec<Course>,
    /// The rules pages, one per game.
    #[serde(default)]
    pub rules: Vec<RulesPage>,
    /// Common confusions: a claim that sounds right and the answer.
    #[serde(default)]
    pub confusions: Vec<Confusion>,
    #[serde(default)]
    pub faq: Vec<Faq>,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    Draughts,
    Halma,
}

/// A game's lessons: stages of exercises, in order.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    pub id: String,
    /// The variant key (`english`, `russian`, `halma-8`, `chinese-checkers` …), the default of
    /// every exercise in the course.
    pub variant: String,
    pub title: Text,
    pub stages: Vec<Stage>,
}

/// A short rule section followed by exercises on a real board.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    pub id: String,
    pub title: Text,
    /// The rule the stage teaches, shown before its first exercise.
    pub intro: Text,
    pub exercises: Vec<Exercise>,
}

/// One exercise: a position, what to achieve, and what to say.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    /// Stable: progress is kept in the browser by this id.
    pub id: String,
    /// Overrides the course's variant.
    #[serde(default)]
    pub variant: Option<String>,
    /// Halma family: the number of players (2 when absent).
    #[serde(default)]
    pub players: Option<u8>,
    /// A FEN (draughts) or a SPEC §2.4 position string (Halma family). The learner is the side
    /// (seat) to move, after the prelude.
    pub position: String,
    /// Moves played from `position` before the learner starts, so that the draw counters and
    /// repetitions stand where the lesson needs them.
    #[serde(default)]
    pub prelude: Vec<String>,
    /// The side at the bottom of the board: `white`/`black`, or a seat number; the learner's
    /// side when absent.
    #[serde(default)]
    pub orientation: Option<String>,
    /// What to do, in words.
    pub prompt: Text,
    pub goal: Goal,
    /// Learner moves of the best solution (three stars within it).
    pub par: u32,
    /// The solution has no other first move that reaches the goal.
    #[serde(default)]
    pub unique: bool,
    /// The main line: the learner's moves, with the opponent's scripted replies between them.
    #[serde(default)]
    pub solution: Vec<String>,
    #[serde(default)]
    pub opponent: Opponent,
    /// First the piece, then the square.
    #[serde(default)]
    pub hints: Option<Hints>,
    /// Tries the author foresaw, each with the reason it is wrong.
    #[serde(default)]
    pub wrong: Vec<WrongTry>,
    /// Arrows and highlights, per learner step of the solution.
    #[serde(default)]
    pub marks: Vec<Marks>,
    /// Said when the goal is reached.
    #[serde(default)]
    pub success: Option<Text>,
}

/// What the learner must achieve.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Goal {
    /// A learner's piece ends a move on one of these squares (points) within par moves,
    /// whatever the opponent replies.
    Reach { squares: Vec<String> },
    /// Every opponent piece captured within par moves.
    CaptureAll,
    /// Play each legal capture once, in turn, from the same position: the list is exactly the
    /// legal captures.
    FindAllCaptures { captures: Vec<String> },
    /// A man crowned within `moves` moves, whatever the opponent replies.
    PromoteIn { moves: u32 },
    /// Win within `moves` moves, whatever the opponent replies.
    WinIn { moves: u32 },
    /// Do not lose for `moves` moves (or reach a draw before), whatever the opponent plays.
    HoldDrawFor { moves: u32 },
    /// The game is drawn automatically by `rule` (a draw rule's key, e.g. `forty-moves`)
    /// within par moves.
    ReachDraw { rule: String },
    /// Halma family: play each place the piece on `from` can reach in one move.
    FindAllDestinations { from: String, points: Vec<String> },
    /// A question with choices, answered by clicking a choice or by playing its move.
    Quiz {
        question: Text,
        choices: Vec<Choice>,
    },
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub id: String,
    pub text: Text,
    pub correct: bool,
    /// Said after the choice is made, right or wrong.
    pub explain: Text,
    /// A move that answers with this choice when played on the board.
    #[serde(default, rename = "move")]
    pub play: Option<String>,
    /// Whether that move is legal (the default); an illegal one is what the choice claims is
    /// not allowed.
    #[serde(default = "yes")]
    pub legal: bool,
}

fn yes() -> bool {
    true
}

/// Who answers the learner's moves.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Opponent {
    /// The replies written in the solution; the engine at Intermediate off that line.
    #[default]
    Scripted,
    /// The engine at this level (`beginner` … `expert`).
    Engine { level: String },
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hints {
    /// The piece to move first (the first solution move's start).
    pub piece: String,
    /// Where it goes (the first solution move's end).
    pub square: String,
}

/// A try the author foresaw: a legal move that misses the goal, or a move the rules refuse.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrongTry {
    #[serde(rename = "move")]
    pub play: String,
    /// `false` for a move the rules refuse (the board will not play it; the reason explains
    /// why).
    #[serde(default = "yes")]
    pub legal: bool,
    pub reason: Text,
}

/// What the board shows while the learner looks for the move at `step` (0 = the first).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Marks {
    pub step: usize,
    #[serde(default)]
    pub arrows: Vec<[String; 2]>,
    #[serde(default)]
    pub highlights: Vec<String>,
}

/// One game's rules (SPEC §2), in sections with diagrams drawn by the site's board.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesPage {
    pub variant: String,
    pub title: Text,
    pub sections: Vec<RulesSection>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSection {
    pub id: String,
    pub title: Text,
    pub body: Text,
    #[serde(default)]
    pub diagram: Option<Diagram>,
}

/// A small board: a position, with arrows and highlights.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Diagram {
    pub position: String,
    #[serde(default)]
    pub players: Option<u8>,
    #[serde(default)]
    pub arrows: Vec<[String; 2]>,
    #[serde(default)]
    pub highlights: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Confusion {
    pub id: String,
    /// The variants the confusion is about (all of the family when empty).
    #[serde(default)]
    pub variants: Vec<String>,
    pub claim: Text,
    pub answer: Text,
    /// A diagram or an exercise that shows it.
    #[serde(default)]
    pub exercise: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faq {
    pub id: String,
    pub question: Text,
    pub answer: Text,
}

impl LessonFile {
    /// Every exercise with its course, in order.
    pub fn exercises(&self) -> impl Iterator<Item = (&Course, &Exercise)> {
        self.courses.iter().flat_map(|c| {
            c.stages
                .iter()
                .flat_map(move |s| s.exercises.iter().map(move |e| (c, e)))
        })
    }
}

impl Exercise {
    /// The exercise's variant key.
    pub fn variant_key<'a>(&'a self, course: &'a Course) -> &'a str {
        self.variant.as_deref().unwrap_or(&course.variant)
    }
}
