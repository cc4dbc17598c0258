//! Game records in the spirit of PDN: tag pairs, then numbered rounds of full-path moves.
//!
//! ```text
//! [Event "club evening"]
//! [Variant "chinese-checkers"]
//! [Players "3"]
//! [Seat1 "Ann"]
//! [Seat3 "Bo"]
//! [Seat5 "Cy"]
//! [Result "3>1>5"]
//! [Termination "target filled"]
//!
//! 1. d1-e5 j1-k2 m13-l12 2. c1-e7 … 41. e7-f6 resigns:5 3>1>5
//! ```
//!
//! **Tags.** `Variant` (required unless the reader is given the game): `halma-8`, `halma-10`,
//! `halma-16` or `chinese-checkers`. `Players`: the number of players, 2 when absent. `Seat1` …
//! `Seat6`: the name of the player in that seat (only seats in play). `Position`: the position
//! string of SPEC §2.4 the game started from, absent for the setup's start. `Result`: the
//! placings (below). `Termination`: why the game ended, one of `target filled`,
//! `anti-spoiling`, `yard rule`, `threefold repetition`, `200 moves`, `resignation`,
//! `time-out`. Other tags
//! (`Event`, `Site`, `Date`, `Round` …) are kept as they are.
//!
//! **Results.** The seats in finishing order separated by `>`, seats sharing a place joined by
//! `=`: `3>1>5` (seat 3 first, then 1, then 5), `1=4` (a draw of two players), `2>1=4=5` (seat
//! 2 first, the other three share second place after 200 moves each), `*` for a game not over.
//!
//! **Moves.** `N.` opens round N; the round lists the turns of the seats in turn order, those
//! that have finished or left skipped. A turn is a move as a hop path (`d1-e5`, `a1-c3-e5`; on
//! reading, any legal path or the bare `start-end`), `pass` for a player without a legal move,
//! `resigns:S` when seat S gives up (on reading, a bare `resigns` is the seat to move), or
//! `time:S` when seat S runs out of time. The
//! movetext may end with the result; `{…}` are comments. A record whose moves end the game
//! must say so in its result; a finished result after moves that leave the game open is read
//! as resignations (the last-placed seat still playing resigns first) when the termination is
//! absent or `resignation`.

use crate::game::{EndReason, Game, Outcome, Turn};
use crate::notation::{self, ParseMoveError};
use crate::position::{ParsePositionError, Position};
use crate::setup::{PlayerCountError, Seat, Setup};
use crate::variant::{ParseVariantError, Variant};
use std::fmt;

/// A record read from text: the game with every turn played, and its tags in file order.
#[derive(Clone, Debug)]
pub struct Record {
    pub game: Game,
    pub tags: Vec<(String, String)>,
}

impl Record {
    /// The value of the first tag called `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// The name of the player in `seat`, from its `SeatN` tag.
    pub fn seat_name(&self, seat: Seat) -> Option<&str> {
        self.tag(&format!("Seat{}", seat.number()))
    }
}

/// What the reader assumes when the record does not say: the game, the number of players and
/// the start position (for plain move text). When the record says otherwise, it is an error.
#[derive(Clone, Debug, Default)]
pub struct Given {
    pub variant: Option<Variant>,
    pub players: Option<u8>,
    /// A position string (SPEC §2.4).
    pub position: Option<String>,
}

impl Given {
    /// The game and player count of `setup`.
    pub fn setup(setup: Setup) -> Given {
        Given {
            variant: Some(setup.variant()),
            players: Some(setup.players()),
            position: None,
        }
    }
}

/// Why a record was refused: each names the tag, line, or round and seat of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A tag line that is not `[Name "value"]`.
    Tag {
        line: usize,
        reason: String,
    },
    /// A comment `{` that is never closed.
    UnclosedComment {
        line: usize,
    },
    /// No `Variant` tag, and no game given.
    NoVariant,
    Variant(ParseVariantError),
    /// A `Players` value that is no number.
    Players(String),
    PlayerCount(PlayerCountError),
    /// A `SeatN` tag for a seat that does not play.
    SeatNotInPlay {
        tag: String,
        setup: Setup,
    },
    Position(ParsePositionError),
    /// The position the reader was given (not the record's) is malformed.
    GivenPosition(ParsePositionError),
    /// A result text that is not placings, or that does not place every seat once.
    Result {
        text: String,
        reason: String,
    },
    Termination(String),
    /// The record and what the reader was given disagree (e.g. the game).
    Conflict {
        what: &'static str,
        record: String,
        given: String,
    },
    /// A round marker `N.` where another round is being played.
    RoundMarker {
        found: String,
        round: u32,
    },
    /// A move that cannot be read or played.
    Move {
        round: u32,
        seat: Seat,
        text: String,
        error: ParseMoveError,
    },
    /// A resignation that cannot be taken: no such seat, or one not playing.
    Resign {
        round: u32,
        text: String,
        reason: String,
    },
    /// The result or termination the record declares is not what its moves give.
    Disagrees {
        what: &'static str,
        record: String,
        game: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordError::*;
        match self {
            Tag { line, reason } => write!(f, "record line {line}: bad tag: {reason}"),
            UnclosedComment { line } => {
                write!(f, "record line {line}: the comment '{{' is never closed")
            }
            NoVariant => f.write_str(
                "the record names no game: add a tag [Variant \"…\"] (halma-8, halma-10, \
                 halma-16 or chinese-checkers)",
            ),
            Variant(e) => write!(f, "Variant tag: {e}"),
            Players(p) => write!(f, "Players tag: '{p}' is not a number of players"),
            PlayerCount(e) => write!(f, "Players tag: {e}"),
            SeatNotInPlay { tag, setup } => {
                let seats: Vec<String> = setup
                    .layout()
                    .seats
                    .iter()
                    .map(|s| s.number().to_string())
                    .collect();
                write!(
                    f,
                    "tag {tag}: that seat does not play in {setup} (seats {})",
                    seats.join(", ")
                )
            }
            Position(e) => write!(f, "Position tag: {e}"),
            GivenPosition(e) => write!(f, "the given position: {e}"),
            Result { text, reason } => write!(f, "result '{text}': {reason}"),
            Termination(t) => write!(
                f,
                "Termination tag: '{t}' is not a way a game ends (target filled, \
                 anti-spoiling, yard rule, threefold repetition, 200 moves, resignation, \
                 time-out)"
            ),
            Conflict {
                what,
                record,
                given,
            } => write!(f, "the record's {what} is {record}, but {given} was given"),
            RoundMarker { found, round } => {
                write!(
                    f,
                    "round marker '{found}' where round {round} is being played"
                )
            }
            Move {
                round,
                seat,
                text,
                error,
            } => write!(f, "round {round}, {seat}: '{text}': {error}"),
            Resign {
                round,
                text,
                reason,
            } => write!(f, "round {round}: '{text}': {reason}"),
            Disagrees { what, record, game } => {
                write!(
                    f,
                    "the record's {what} is {record}, but its moves give {game}"
                )
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// The result text of a game: placings (`3>1>5`, `1=4`) once it is over, `*` before.
pub fn result_text(outcome: Option<&Outcome>) -> String {
    match outcome {
        None => "*".to_string(),
        Some(o) => placings_text(&o.ranking),
    }
}

fn placings_text(ranking: &[Vec<Seat>]) -> String {
    ranking
        .iter()
        .map(|group| {
            let mut group = group.clone();
            group.sort();
            group
                .iter()
                .map(|s| s.number().to_string())
                .collect::<Vec<_>>()
                .join("=")
        })
        .collect::<Vec<_>>()
        .join(">")
}

/// Reads a result text for `setup`: `None` for `*`, otherwise the places (each group sorted).
///
/// # Errors
/// When the text is not placings, or does not name every seat in play exactly once.
pub fn parse_result(setup: Setup, text: &str) -> Result<Option<Vec<Vec<Seat>>>, RecordError> {
    let text = text.trim();
    if text == "*" {
        return Ok(None);
    }
    let bad = |reason: String| RecordError::Result {
        text: text.to_string(),
        reason,
    };
    let layout = setup.layout();
    let mut seen = Vec::new();
    let mut ranking = Vec::new();
    for group in text.split('>') {
        let mut seats = Vec::new();
        for s in group.split('=') {
            let s = s.trim();
            let seat = s
                .parse::<u8>()
                .ok()
                .and_then(Seat::new)
                .filter(|&seat| layout.in_play.contains(seat))
                .ok_or_else(|| {
                    bad(format!(
                        "'{s}' is not a seat in play (write seats in finishing order, e.g. \
                         3>1>5, = for a shared place, * for a game not over)"
                    ))
                })?;
            if seen.contains(&seat) {
                return Err(bad(format!("{seat} is placed twice")));
            }
            seen.push(seat);
            seats.push(seat);
        }
        seats.sort();
        ranking.push(seats);
    }
    if let Some(missing) = layout.seats.iter().find(|s| !seen.contains(s)) {
        return Err(bad(format!("{missing} is not placed")));
    }
    Ok(Some(ranking))
}

fn parse_termination(text: &str) -> Result<EndReason, RecordError> {
    const ALL: [EndReason; 7] = [
        EndReason::TargetFilled,
        EndReason::AntiSpoiling,
        EndReason::YardRule,
        EndReason::Repetition,
        EndReason::MoveLimit,
        EndReason::Resignation,
        EndReason::TimeOut,
    ];
    let t = text.trim();
    ALL.into_iter()
        .find(|r| r.key().eq_ignore_ascii_case(t))
        .ok_or_else(|| RecordError::Termination(t.to_string()))
}

fn find_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Tags the writer derives from the game; given ones of these names are ignored.
const DERIVED: [&str; 5] = ["Variant", "Players", "Position", "Result", "Termination"];

/// Writes `game` as a record, with extra tags (`Event`, `Seat1` …) in the given order; the
/// `Seat` tags follow `Variant` and `Players`.
///
/// ```
/// use kingme_halma::{record, Game, Setup, Variant};
/// let mut game = Game::new(Setup::new(Variant::ChineseCheckers, 2).unwrap());
/// game.play_text("d1-e5").unwrap();
/// let text = record::write(&game, &[("Seat1", "Ann")]);
/// assert!(text.contains("[Variant \"chinese-checkers\"]") && text.contains("1. d1-e5 *"));
/// let back = record::parse(&text).unwrap();
/// assert_eq!(back.game.position(), game.position());
/// assert_eq!(back.seat_name(kingme_halma::Seat::new(1).unwrap()), Some("Ann"));
/// ```
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    let setup = game.setup();
    let outcome = game.outcome();
    let is_seat_tag = |n: &str| n.len() == 5 && n[..4].eq_ignore_ascii_case("seat");
    let is_derived = |n: &str| DERIVED.iter().any(|d| d.eq_ignore_ascii_case(n));
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    for &(n, v) in tags {
        if !is_seat_tag(n) && !is_derived(n) {
            tag(n, v);
        }
    }
    tag("Variant", setup.variant().key());
    tag("Players", &setup.players().to_string());
    for &(n, v) in tags {
        if is_seat_tag(n) {
            tag(n, v);
        }
    }
    if *game.start() != Position::start(setup) {
        tag("Position", &game.start().to_string());
    }
    let result = result_text(outcome.as_ref());
    tag("Result", &result);
    if let Some(o) = &outcome {
        tag("Termination", o.reason.key());
    }
    out.push('\n');
    // A round's number stays on the line of its first turn.
    let mut words: Vec<String> = Vec::new();
    let mut round = None;
    for (before, turn) in game.turns() {
        let text = notation::turn_to_string(before, turn);
        if round != Some(before.round()) {
            round = Some(before.round());
            words.push(format!("{}. {text}", before.round()));
        } else {
            words.push(text);
        }
    }
    words.push(result);
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Reads the first record of `text`; its `Variant` tag names the game.
///
/// # Errors
/// Names the tag, line, or round and seat of the first problem.
pub fn parse(text: &str) -> Result<Record, RecordError> {
    parse_with(text, &Given::default())
}

/// Reads the first record of `text`, or plain move text, assuming `given` where the record is
/// silent.
///
/// # Errors
/// As [`parse`]; also when the record's game or start differs from `given`.
pub fn parse_with(text: &str, given: &Given) -> Result<Record, RecordError> {
    let (tags, tokens) = lex(text)?;
    let setup = record_setup(&tags, given)?;
    for (name, _) in &tags {
        let seat_number = name
            .strip_prefix("Seat")
            .or_else(|| name.strip_prefix("seat"))
            .and_then(|n| n.parse::<u8>().ok());
        if let Some(n) = seat_number {
            if !Seat::new(n).is_some_and(|s| setup.layout().in_play.contains(s)) {
                return Err(RecordError::SeatNotInPlay {
                    tag: name.clone(),
                    setup,
                });
            }
        }
    }
    let start = match (find_tag(&tags, "Position"), given.position.as_deref()) {
        (Some(r), Some(g)) => {
            let (a, b) = (
                Position::parse(setup, r).map_err(RecordError::Position)?,
                Position::parse(setup, g).map_err(RecordError::GivenPosition)?,
            );
            if a != b {
                return Err(RecordError::Conflict {
                    what: "Position",
                    record: r.to_string(),
                    given: g.to_string(),
                });
            }
            a
        }
        (Some(p), None) => Position::parse(setup, p).map_err(RecordError::Position)?,
        (None, Some(p)) => Position::parse(setup, p).map_err(RecordError::GivenPosition)?,
        (None, None) => Position::start(setup),
    };
    let declared_result = find_tag(&tags, "Result").map(str::to_string);
    let termination = find_tag(&tags, "Termination")
        .map(parse_termination)
        .transpose()?;
    let mut game = Game::from_position(start);
    let mut movetext_result: Option<String> = None;
    for token in tokens {
        if movetext_result.is_some() {
            // Something after the result: the next record's move text never starts here, so
            // this is a move after the end.
            let round = game.position().round();
            return Err(RecordError::Move {
                round,
                seat: game.position().to_move(),
                text: token,
                error: ParseMoveError::GameOver,
            });
        }
        if let Some(rest) = round_marker(&token) {
            let (number, rest) = rest;
            let round = game.position().round();
            if number != round && game.outcome().is_none() {
                return Err(RecordError::RoundMarker {
                    found: token.clone(),
                    round,
                });
            }
            if !rest.is_empty() {
                play_token(&mut game, rest)?;
            }
            continue;
        }
        if token == "*" || token.contains('>') || token.contains('=') {
            movetext_result = Some(token);
            continue;
        }
        play_token(&mut game, &token)?;
    }
    let declared = match (&declared_result, &movetext_result) {
        (Some(tag), Some(text)) => {
            let a = parse_result(setup, tag)?;
            let b = parse_result(setup, text)?;
            if a != b {
                return Err(RecordError::Result {
                    text: text.clone(),
                    reason: format!("the Result tag says {tag}"),
                });
            }
            Some((tag.clone(), a))
        }
        (Some(t), None) | (None, Some(t)) => Some((t.clone(), parse_result(setup, t)?)),
        (None, None) => None,
    };
    if let Some((_, Some(ranking))) = &declared {
        if game.outcome().is_none() && matches!(termination, None | Some(EndReason::Resignation)) {
            resign_as_declared(&mut game, ranking);
        }
    }
    let outcome = game.outcome();
    if let Some((text, ranking)) = &declared {
        let actual = outcome.as_ref().map(|o| sorted(&o.ranking));
        if *ranking != actual {
            return Err(RecordError::Disagrees {
                what: "result",
                record: text.clone(),
                game: describe(outcome.as_ref()),
            });
        }
    }
    if let Some(reason) = termination {
        if outcome.as_ref().map(|o| o.reason) != Some(reason) {
            return Err(RecordError::Disagrees {
                what: "termination",
                record: reason.key().to_string(),
                game: describe(outcome.as_ref()),
            });
        }
    }
    Ok(Record { game, tags })
}

fn sorted(ranking: &[Vec<Seat>]) -> Vec<Vec<Seat>> {
    ranking
        .iter()
        .map(|g| {
            let mut g = g.clone();
            g.sort();
            g
        })
        .collect()
}

fn describe(outcome: Option<&Outcome>) -> String {
    match outcome {
        None => "a game not over (*)".to_string(),
        Some(o) => format!("{} ({})", placings_text(&o.ranking), o.reason.key()),
    }
}

/// A declared result the moves do not reach: the seats still playing resign, the last-placed
/// first, until the game is over.
fn resign_as_declared(game: &mut Game, ranking: &[Vec<Seat>]) {
    while game.outcome().is_none() {
        let active = game.position().active();
        let Some(&seat) = ranking
            .iter()
            .rev()
            .flatten()
            .find(|&&s| active.contains(s))
        else {
            return;
        };
        if game.resign(seat).is_err() {
            return;
        }
    }
}

/// `12.`, `12...` or `12.d1-e5`: the number and what follows the dots.
fn round_marker(token: &str) -> Option<(u32, &str)> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !token[digits..].starts_with('.') {
        return None;
    }
    let number = token[..digits].parse().ok()?;
    Some((number, token[digits..].trim_start_matches('.')))
}

/// A seat leaving the game as `token` (lower case) writes it: `resigns:S` (a bare `resigns` or
/// `resign` is `to_move`'s) or `time:S`; `None` for any other token, the way it is written when
/// the seat is not one.
fn leaving_turn(token: &str, to_move: Seat) -> Option<Result<Turn, &'static str>> {
    let seat = |n: &str| n.trim().parse::<u8>().ok().and_then(Seat::new);
    if let Some(n) = token.strip_prefix("time:") {
        return Some(
            seat(n)
                .map(Turn::TimeOut)
                .ok_or("a time-out is written time:S with S the seat (1 to 6)"),
        );
    }
    let rest = token
        .strip_prefix("resigns")
        .or_else(|| token.strip_prefix("resign"))?;
    let resigner = match rest.strip_prefix(':') {
        Some(n) => seat(n),
        None if rest.is_empty() => Some(to_move),
        None => None,
    };
    Some(
        resigner
            .map(Turn::Resign)
            .ok_or("a resignation is written resigns:S with S the seat (1 to 6)"),
    )
}

fn play_token(game: &mut Game, token: &str) -> Result<(), RecordError> {
    let pos = *game.position();
    let round = pos.round();
    if let Some(leaving) = leaving_turn(&token.to_ascii_lowercase(), pos.to_move()) {
        let reason = match leaving {
            Ok(turn) => match game.replay(turn) {
                Ok(()) => return Ok(()),
                Err(e) => e.to_string(),
            },
            Err(how) => how.to_string(),
        };
        return Err(RecordError::Resign {
            round,
            text: token.to_string(),
            reason,
        });
    }
    game.play_text(token)
        .map(|_| ())
        .map_err(|error| RecordError::Move {
            round,
            seat: pos.to_move(),
            text: token.to_string(),
            error,
        })
}

fn record_setup(tags: &[(String, String)], given: &Given) -> Result<Setup, RecordError> {
    let variant = match find_tag(tags, "Variant") {
        Some(v) => {
            let v: Variant = v.parse().map_err(RecordError::Variant)?;
            match given.variant {
                Some(g) if g != v => {
                    return Err(RecordError::Conflict {
                        what: "game",
                        record: v.to_string(),
                        given: g.to_string(),
                    })
                }
                _ => v,
            }
        }
        None => given.variant.ok_or(RecordError::NoVariant)?,
    };
    let players = match find_tag(tags, "Players") {
        Some(p) => {
            let n = p
                .trim()
                .parse::<u8>()
                .map_err(|_| RecordError::Players(p.to_string()))?;
            match given.players {
                Some(g) if g != n => {
                    return Err(RecordError::Conflict {
                        what: "number of players",
                        record: n.to_string(),
                        given: g.to_string(),
                    })
                }
                _ => n,
            }
        }
        None => given.players.unwrap_or(2),
    };
    Setup::new(variant, players).map_err(RecordError::PlayerCount)
}

type Tags = Vec<(String, String)>;

/// Splits a record into its tags and the words of its move text (comments dropped). Reading
/// stops where a second record's tags begin.
fn lex(text: &str) -> Result<(Tags, Vec<String>), RecordError> {
    let mut tags = Vec::new();
    let mut tokens = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line = 1;
    let mut word = String::new();
    let flush = |word: &mut String, tokens: &mut Vec<String>| {
        if !word.is_empty() {
            tokens.push(std::mem::take(word));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                flush(&mut word, &mut tokens);
                i += 1;
            }
            '{' => {
                flush(&mut word, &mut tokens);
                let open = line;
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err(RecordError::UnclosedComment { line: open }),
                        Some('}') => break,
                        Some('\n') => line += 1,
                        Some(_) => {}
                    }
                    i += 1;
                }
                i += 1;
            }
            '[' if word.is_empty() => {
                if !tokens.is_empty() {
                    break;
                }
                let (tag, next) = lex_tag(&chars, i, line)?;
                tags.push(tag);
                i = next;
            }
            c if c.is_whitespace() => {
                flush(&mut word, &mut tokens);
                i += 1;
            }
            c => {
                word.push(c);
                i += 1;
            }
        }
    }
    flush(&mut word, &mut tokens);
    Ok((tags, tokens))
}

/// One `[Name "value"]` on one line from `chars[start]` (the `[`): the pair and the index
/// after `]`.
fn lex_tag(
    chars: &[char],
    start: usize,
    line: usize,
) -> Result<((String, String), usize), RecordError> {
    let bad = |reason: &str| RecordError::Tag {
        line,
        reason: reason.to_string(),
    };
    let mut i = start + 1;
    while chars
        .get(i)
        .is_some_and(|c| c.is_whitespace() && *c != '\n')
    {
        i += 1;
    }
    let mut name = String::new();
    while let Some(&c) = chars.get(i) {
        if c.is_ascii_alphanumeric() || c == '_' {
            name.push(c);
            i += 1;
        } else {
            break;
        }
    }
    if name.is_empty() {
        return Err(bad("a tag is written [Name \"value\"]"));
    }
    while chars
        .get(i)
        .is_some_and(|c| c.is_whitespace() && *c != '\n')
    {
        i += 1;
    }
    if chars.get(i) != Some(&'"') {
        return Err(bad(&format!(
            "the value of {name} must be in double quotes"
        )));
    }
    i += 1;
    let mut value = String::new();
    loop {
        match chars.get(i) {
            None | Some('\n') => {
                return Err(bad(&format!("the value of {name} has no closing quote")))
            }
            Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                value.push(chars[i + 1]);
                i += 2;
            }
            Some('"') => {
                i += 1;
                break;
            }
            Some(&c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    while chars
        .get(i)
        .is_some_and(|c| c.is_whitespace() && *c != '\n')
    {
        i += 1;
    }
    if chars.get(i) != Some(&']') {
        return Err(bad(&format!("the tag {name} has no closing ']'")));
    }
    Ok(((name, value), i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    fn setup(v: Variant, n: u8) -> Setup {
        Setup::new(v, n).expect("offered")
    }

    /// Plays the first legal move (by a seeded choice) until the game ends or `plies` are played.
    fn playout(setup: Setup, plies: usize, seed: u64) -> Game {
        let mut game = Game::new(setup);
        let mut x = seed | 1;
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = moves[(x % moves.len() as u64) as usize];
            game.play(m).expect("legal");
        }
        game
    }

    fn same_game(a: &Game, b: &Game) {
        assert_eq!(a.start(), b.start());
        let ta: Vec<(Position, Turn)> = a.turns().map(|(p, t)| (*p, t)).collect();
        let tb: Vec<(Position, Turn)> = b.turns().map(|(p, t)| (*p, t)).collect();
        assert_eq!(ta, tb);
        assert_eq!(a.position(), b.position());
        assert_eq!(a.outcome(), b.outcome());
    }

    fn round_trip(game: &Game, tags: &[(&str, &str)]) -> Record {
        let text = write(game, tags);
        let back = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        same_game(game, &back.game);
        assert_eq!(write(&back.game, tags), text, "writing is stable");
        back
    }

    #[test]
    fn every_setup_round_trips_a_random_game() {
        for (k, s) in Setup::all().enumerate() {
            let game = playout(s, 60, 7 + k as u64);
            round_trip(&game, &[("Event", "test")]);
            // Played to the end: the yard rule, repetition or the 200-move limit.
            let game = playout(s, 2000, 11 + k as u64);
            assert!(game.outcome().is_some(), "random games end");
            round_trip(&game, &[("Event", "test")]);
        }
    }

    #[test]
    fn resignations_and_passes_round_trip() {
        let s = setup(Variant::ChineseCheckers, 3);
        let mut game = playout(s, 7, 3);
        // A seat that is not to move gives up, then the seat to move.
        let other = game
            .position()
            .layout()
            .next_seat(game.position().to_move());
        game.resign(other).expect("playing");
        game.play(game.legal_moves()[0]).expect("legal");
        let to_move = game.position().to_move();
        game.resign(to_move).expect("playing");
        assert!(game.outcome().is_some());
        let text = write(&game, &[]);
        assert!(
            text.contains(&format!("resigns:{}", other.number())),
            "{text}"
        );
        assert!(text.contains("[Termination \"resignation\"]"), "{text}");
        round_trip(&game, &[]);

        // Seat 1 walled in on the star: rows e and f above its camp are full.
        let s = setup(Variant::ChineseCheckers, 4);
        let pos = Position::parse(
            s,
            "1:3:1/11/111/1111/....22222..../...222225.../.........../........../\
             ........./........../.........55/.........555/.........5555/4444/444/44/4",
        )
        .expect("valid");
        assert_eq!(pos.legal_moves().as_slice(), &[Move::PASS]);
        let mut game = Game::from_position(pos);
        game.play(Move::PASS).expect("pass");
        game.play_text("e1-d1").expect_err("seat 2 has no e1");
        game.play(game.legal_moves()[0]).expect("legal");
        let back = round_trip(&game, &[]);
        let text = write(&back.game, &[]);
        assert!(text.contains("3. pass "), "{text}");
        assert!(text.contains("[Position \"1:3:"), "{text}");
    }

    #[test]
    fn finished_multiplayer_game_writes_placings() {
        let s = setup(Variant::ChineseCheckers, 3);
        let names = [("Seat1", "Ann"), ("Seat3", "Bo"), ("Seat5", "Cy")];
        let mut game = Game::new(s);
        for text in ["d1-e5", "j1-j2", "j10-i9"] {
            game.play_text(text).expect("legal");
        }
        let text = write(&game, &names);
        assert!(text.contains("[Seat3 \"Bo\"]"));
        assert!(text.contains("1. d1-e5 j1-j2 j10-i9 *"), "{text}");
        let back = round_trip(&game, &names);
        assert_eq!(back.seat_name(Seat::new(5).expect("seat")), Some("Cy"));

        // Seat 1 fills its camp first; seat 3 then resigns, leaving seat 5 second.
        let pos = Position::parse(
            s,
            "1:12:./../.../..../............./............/.........../........../\
             ........./3........5/33.......55/333......555/3333....15555/111./111/11/1",
        )
        .expect("valid");
        let mut game = Game::from_position(pos);
        game.play_text("m9-n4").expect("legal");
        assert!(game.outcome().is_none(), "seats 3 and 5 play on");
        game.resign(Seat::new(3).expect("seat")).expect("playing");
        let text = write(&game, &names);
        assert!(text.contains("[Result \"1>5>3\"]"), "{text}");
        assert!(text.contains("[Termination \"resignation\"]"), "{text}");
        assert!(text.contains("12. m9-n4 resigns:3 1>5>3"), "{text}");
        round_trip(&game, &names);
    }

    #[test]
    fn result_texts() {
        let s = setup(Variant::ChineseCheckers, 3);
        let seat = |n| Seat::new(n).expect("seat");
        assert_eq!(
            parse_result(s, "3>1>5"),
            Ok(Some(vec![vec![seat(3)], vec![seat(1)], vec![seat(5)]]))
        );
        assert_eq!(
            parse_result(s, "3>5=1"),
            Ok(Some(vec![vec![seat(3)], vec![seat(1), seat(5)]]))
        );
        assert_eq!(parse_result(s, "*"), Ok(None));
        for (bad, needle) in [
            ("3>1", "seat 5 is not placed"),
            ("3>1>1", "seat 1 is placed twice"),
            ("3>2>1", "'2' is not a seat in play"),
            ("1-0", "'1-0' is not a seat in play"),
        ] {
            let e = parse_result(s, bad).expect_err(bad).to_string();
            assert!(e.contains(needle), "{bad}: {e}");
        }
        let outcome = Outcome {
            ranking: vec![vec![seat(4), seat(1)]],
            reason: EndReason::Repetition,
        };
        assert_eq!(result_text(Some(&outcome)), "1=4");
    }

    #[test]
    fn plain_move_text_with_a_given_game() {
        let given = Given::setup(setup(Variant::ChineseCheckers, 2));
        let r = parse_with("d1-e5 n1-m5 {a comment} c1-e7", &given).expect("reads");
        assert_eq!(r.game.ply(), 3);
        assert!(r.game.outcome().is_none());
        let e = parse_with("1. d1-e5 n1-m5 2. c1-e5", &given)
            .expect_err("e5 is taken")
            .to_string();
        assert_eq!(e, "round 2, seat 1: 'c1-e5': e5 is not empty");
        assert!(parse("d1-e5")
            .expect_err("no game")
            .to_string()
            .contains("Variant"));
        let e = parse_with(
            "[Variant \"halma-8\"]\n1. a1-b2",
            &Given::setup(setup(Variant::ChineseCheckers, 2)),
        )
        .expect_err("conflict")
        .to_string();
        assert!(
            e.contains("halma-8") && e.contains("chinese-checkers"),
            "{e}"
        );
    }

    #[test]
    fn bad_tags_players_and_positions_are_named() {
        for (text, needle) in [
            ("[Variant \"chess\"]\n1. a1-b2", "unknown game 'chess'"),
            ("[Variant chinese-checkers]\n", "line 1: bad tag"),
            ("[Event \"x\"]\n[Variant \"halma-8\n", "line 2: bad tag"),
            (
                "[Variant \"halma-8\"]\n[Players \"4\"]\n",
                "halma-8 is not played by 4 players",
            ),
            (
                "[Variant \"chinese-checkers\"]\n[Players \"many\"]\n",
                "'many' is not a number of players",
            ),
            (
                "[Variant \"chinese-checkers\"]\n[Seat2 \"Bo\"]\n",
                "tag Seat2: that seat does not play",
            ),
            (
                "[Variant \"halma-8\"]\n[Position \"1:1:1111\"]\n",
                "Position tag: expected 8 rows",
            ),
            (
                "[Variant \"halma-8\"]\n[Termination \"checkmate\"]\n",
                "'checkmate' is not a way a game ends",
            ),
            (
                "[Variant \"halma-8\"]\n1. a4-a5 {never closed",
                "line 2: the comment",
            ),
        ] {
            let e = parse(text).expect_err(text).to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn bad_moves_name_round_and_seat() {
        let head = "[Variant \"chinese-checkers\"]\n[Players \"6\"]\n";
        let e = parse(&format!("{head}1. d1-e5 e4-f4 j1-z9"))
            .expect_err("z9 is no point")
            .to_string();
        assert_eq!(
            e,
            "round 1, seat 3: 'j1-z9': 'z9' is not a point of the board"
        );
        let e = parse(&format!(
            "{head}1. d1-e5 e4-f4 j1-j2 n1-m5 j10-i9 e10-e9 2. c1-i5"
        ))
        .expect_err("no chain")
        .to_string();
        assert_eq!(
            e,
            "round 2, seat 1: 'c1-i5': no chain of jumps leads from c1 to i5"
        );
        let e = parse(&format!("{head}1. d1-e5 2. e4-f4"))
            .expect_err("marker")
            .to_string();
        assert!(e.contains("round marker '2.' where round 1"), "{e}");
        let e = parse(&format!("{head}1. d1-e5 resigns:9"))
            .expect_err("seat 9")
            .to_string();
        assert!(
            e.contains("round 1: 'resigns:9': a resignation is written"),
            "{e}"
        );
        let e = parse(&format!("{head}1. d1-e5 resigns:1 resigns:1"))
            .expect_err("twice")
            .to_string();
        assert!(e.contains("seat 1 is not playing"), "{e}");
    }

    #[test]
    fn a_result_the_moves_do_not_give_is_refused() {
        let s = setup(Variant::Halma8, 2);
        let game = playout(s, 4, 1);
        let text = write(&game, &[]);
        // Unfinished game declared won by seat 1 with the wrong termination.
        let bad = text
            .replace(
                "[Result \"*\"]",
                "[Result \"1>2\"]\n[Termination \"target filled\"]",
            )
            .replace(" *\n", " 1>2\n");
        let e = parse(&bad).expect_err("disagrees").to_string();
        assert!(e.contains("the record's result is 1>2"), "{e}");
        assert!(e.contains("not over"), "{e}");
        // Tag and move-text results that differ.
        let bad = text.replace(" *\n", " 2>1\n");
        let e = parse(&bad).expect_err("differ").to_string();
        assert!(e.contains("the Result tag says *"), "{e}");
        // A declared result without termination is read as a resignation.
        let resigned = text
            .replace("[Result \"*\"]", "[Result \"2>1\"]")
            .replace(" *\n", " 2>1\n");
        let r = parse(&resigned).expect("a resignation");
        let o = r.game.outcome().expect("over");
        assert_eq!(o.reason, EndReason::Resignation);
        assert_eq!(o.winner(), Seat::new(2));

        // A finished game declared unfinished.
        let pos = Position::parse(
            s,
            "1:20:2222..../222...../22....../....2..1/......../......11/.....111/....1111",
        )
        .expect("valid");
        let mut game = Game::from_position(pos);
        game.play_text("h4-h5").expect("legal");
        let o = game.outcome().expect("seat 1 has filled its target");
        assert_eq!(result_text(Some(&o)), "1>2");
        let text = write(&game, &[]);
        let bad = text
            .replace("[Result \"1>2\"]", "[Result \"*\"]")
            .replace(" 1>2\n", " *\n")
            .replace("[Termination \"target filled\"]\n", "");
        let e = parse(&bad).expect_err("over").to_string();
        assert_eq!(
            e,
            "the record's result is *, but its moves give 1>2 (target filled)"
        );
        let e = parse(&text.replace("target filled", "yard rule"))
            .expect_err("termination")
            .to_string();
        assert!(e.contains("termination is yard rule"), "{e}");
        let e = parse(&text.replace(" 1>2\n", " h5-h4 1>2\n"))
            .expect_err("after the end")
            .to_string();
        assert!(e.contains("'h5-h4': the game is over"), "{e}");
    }
}
