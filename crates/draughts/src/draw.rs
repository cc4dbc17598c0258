//! The automatic draw rules that count moves: the 40-, 25- and 30-move rules, the International
//! endgame limits (which Brazilian draughts, International rules on 8×8, shares) and the Russian
//! three-kings rule. Repetition needs the game's history and lives
//! in [`crate::Game`].

use crate::{Color, Move, Position, Variant};
use std::fmt;

/// A reason a game is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum DrawRule {
    /// The same position with the same side to move for the third time.
    Repetition,
    /// Both players agreed.
    Agreement,
    /// English: 40 moves each with no man moved and nothing captured.
    FortyMoves,
    /// International: 25 moves each in which only kings moved, without captures.
    TwentyFiveMoves,
    /// International: 3 pieces against a lone king, not won within 16 moves each.
    SixteenMoveEndgame,
    /// International: 2 pieces or fewer against a lone king (or the lone king on the long
    /// diagonal), not won within 5 moves each.
    FiveMoveEndgame,
    /// Russian: 30 moves each without a capture.
    ThirtyMoves,
    /// Russian: three kings against a lone king that have not captured it in 18 moves.
    ThreeKings,
}

impl DrawRule {
    /// A short stable name, used in JSON and by the web client's translations.
    pub const fn key(self) -> &'static str {
        match self {
            DrawRule::Repetition => "repetition",
            DrawRule::Agreement => "agreement",
            DrawRule::FortyMoves => "forty-moves",
            DrawRule::TwentyFiveMoves => "twenty-five-moves",
            DrawRule::SixteenMoveEndgame => "sixteen-move-endgame",
            DrawRule::FiveMoveEndgame => "five-move-endgame",
            DrawRule::ThirtyMoves => "thirty-moves",
            DrawRule::ThreeKings => "three-kings",
        }
    }
}

impl fmt::Display for DrawRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawRule::Repetition => "threefold repetition",
            DrawRule::Agreement => "agreement",
            DrawRule::FortyMoves => "40-move rule",
            DrawRule::TwentyFiveMoves => "25-move rule",
            DrawRule::SixteenMoveEndgame => "16-move endgame limit",
            DrawRule::FiveMoveEndgame => "5-move endgame limit",
            DrawRule::ThirtyMoves => "30-move rule",
            DrawRule::ThreeKings => "three kings against one",
        })
    }
}

fn countdown(rule: DrawRule, plies_left: u16) -> Countdown {
    let plies_left = u32::from(plies_left);
    Countdown {
        rule,
        plies_left,
        moves_left: plies_left.div_ceil(2),
    }
}

/// How close a counting rule is to declaring a draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Countdown {
    pub rule: DrawRule,
    /// Plies (single moves) left before the draw.
    pub plies_left: u32,
    /// Moves of each side left before the draw (plies rounded up to whole moves).
    pub moves_left: u32,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum EndgameClass {
    Sixteen,
    Five,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct EndgameLimit {
    class: EndgameClass,
    /// Plies left before the draw.
    plies_left: u16,
    /// Plies left of the 16-move limit that started first, which nothing may extend.
    cap_left: Option<u16>,
    rule: DrawRule,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct ThreeKingsLimit {
    strong: Color,
    /// Plies left until the strong side has made its 18th move.
    plies_left: u16,
}

/// The counters of the move-counting draw rules, carried from position to position. `Copy`, so
/// that the engine can carry them through its search and agree with the game exactly.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawCounters {
    variant: Variant,
    reversible: u16,
    since_capture: u16,
    endgame: Option<EndgameLimit>,
    three_kings: Option<ThreeKingsLimit>,
}

const FORTY_MOVES: u16 = 80;
const TWENTY_FIVE_MOVES: u16 = 50;
const THIRTY_MOVES: u16 = 60;
const SIXTEEN_MOVES: u16 = 32;
const FIVE_MOVES: u16 = 10;
const THREE_KINGS_MOVES: u16 = 18;

impl DrawCounters {
    /// Counters for a game that starts at `pos` (counting from zero; a position set up from a FEN
    /// starts its limits at that moment).
    pub fn new(pos: &Position) -> DrawCounters {
        let blank = DrawCounters {
            variant: pos.variant(),
            reversible: 0,
            since_capture: 0,
            endgame: None,
            three_kings: None,
        };
        DrawCounters {
            endgame: blank.next_endgame(pos),
            three_kings: blank.next_three_kings(pos),
            ..blank
        }
    }

    /// The counters after `m` has been played from `before`, reaching `after`.
    pub fn after(&self, before: &Position, m: &Move, after: &Position) -> DrawCounters {
        let man_moved = !before.all_kings().contains(m.from());
        let mut next = *self;
        next.reversible = if man_moved || m.is_capture() {
            0
        } else {
            self.reversible.saturating_add(1)
        };
        next.since_capture = if m.is_capture() {
            0
        } else {
            self.since_capture.saturating_add(1)
        };
        if let Some(limit) = next.endgame.as_mut() {
            limit.plies_left = limit.plies_left.saturating_sub(1);
            limit.cap_left = limit.cap_left.map(|c| c.saturating_sub(1));
        }
        next.endgame = next.next_endgame(after);
        if let Some(tk) = next.three_kings.as_mut() {
            tk.plies_left = tk.plies_left.saturating_sub(1);
        }
        next.three_kings = next.next_three_kings(after);
        next
    }

    /// Plies since the last man move or capture: only positions in this window can repeat.
    pub const fn reversible_plies(&self) -> u32 {
        self.reversible as u32
    }

    /// The counting rule that declares the game drawn now, if any. A side left without a legal
    /// move has lost instead: check that first. Allocates nothing (the engine calls it at every
    /// node).
    pub fn verdict(&self) -> Option<DrawRule> {
        let mut reached = None;
        self.each_countdown(|rule, plies_left| {
            if plies_left == 0 && reached.is_none() {
                reached = Some(rule);
            }
        });
        reached
    }

    /// Every counting rule in force, with what is left of it.
    pub fn countdowns(&self) -> Vec<Countdown> {
        let mut out = Vec::new();
        self.each_countdown(|rule, plies_left| out.push(countdown(rule, plies_left)));
        out
    }

    /// The countdown closest to a draw, if any rule is counting.
    pub fn nearest(&self) -> Option<Countdown> {
        let mut nearest: Option<Countdown> = None;
        self.each_countdown(|rule, plies_left| {
            if nearest.is_none_or(|n| u32::from(plies_left) < n.plies_left) {
                nearest = Some(countdown(rule, plies_left));
            }
        });
        nearest
    }

    fn each_countdown(&self, mut visit: impl FnMut(DrawRule, u16)) {
        match self.variant {
            Variant::English => visit(
                DrawRule::FortyMoves,
                FORTY_MOVES.saturating_sub(self.reversible),
            ),
            Variant::International | Variant::Brazilian => visit(
                DrawRule::TwentyFiveMoves,
                TWENTY_FIVE_MOVES.saturating_sub(self.reversible),
            ),
            Variant::Russian => visit(
                DrawRule::ThirtyMoves,
                THIRTY_MOVES.saturating_sub(self.since_capture),
            ),
        }
        if let Some(limit) = self.endgame {
            visit(limit.rule, limit.plies_left);
        }
        if let Some(tk) = self.three_kings {
            visit(DrawRule::ThreeKings, tk.plies_left);
        }
    }

    fn next_endgame(&self, pos: &Position) -> Option<EndgameLimit> {
        if !matches!(self.variant, Variant::International | Variant::Brazilian) {
            return None;
        }
        let (lone, class) = endgame_class(pos)?;
        let previous = self.endgame;
        let mut limit = match (previous, class) {
            (Some(p), c) if p.class == c => p,
            (Some(p), EndgameClass::Five) => {
                let plies_left = p.cap_left.map_or(FIVE_MOVES, |cap| cap.min(FIVE_MOVES));
                EndgameLimit {
                    class,
                    plies_left,
                    cap_left: p.cap_left,
                    rule: if plies_left == FIVE_MOVES || p.cap_left.is_none() {
                        DrawRule::FiveMoveEndgame
                    } else {
                        p.rule
                    },
                }
            }
            (_, EndgameClass::Sixteen) => EndgameLimit {
                class,
                plies_left: SIXTEEN_MOVES,
                cap_left: Some(SIXTEEN_MOVES),
                rule: DrawRule::SixteenMoveEndgame,
            },
            (None, EndgameClass::Five) => EndgameLimit {
                class,
                plies_left: FIVE_MOVES,
                cap_left: None,
                rule: DrawRule::FiveMoveEndgame,
            },
        };
        if class == EndgameClass::Sixteen {
            let diagonal = pos.variant().geometry().long_diagonal();
            let lone_on_diagonal = pos.pieces(lone).intersects(diagonal);
            let strong_off_diagonal = !pos.pieces(!lone).intersects(diagonal);
            if lone_on_diagonal && strong_off_diagonal && limit.plies_left > FIVE_MOVES {
                limit.plies_left = FIVE_MOVES;
                limit.rule = DrawRule::FiveMoveEndgame;
            }
        }
        Some(limit)
    }

    fn next_three_kings(&self, pos: &Position) -> Option<ThreeKingsLimit> {
        if self.variant != Variant::Russian {
            return None;
        }
        let strong = Color::ALL.into_iter().find(|&c| {
            pos.kings(c).count() == 3
                && pos.men(c).is_empty()
                && pos.kings(!c).count() == 1
                && pos.men(!c).is_empty()
        })?;
        match self.three_kings {
            Some(tk) if tk.strong == strong => Some(tk),
            _ => {
                let strong_first = pos.turn() == strong;
                let plies_left = 2 * THREE_KINGS_MOVES - u16::from(strong_first);
                Some(ThreeKingsLimit { strong, plies_left })
            }
        }
    }
}

/// The side with a lone king and the class of the other side's material, if the position is
/// one of the International endgames with a move limit.
fn endgame_class(pos: &Position) -> Option<(Color, EndgameClass)> {
    let lone = Color::ALL
        .into_iter()
        .find(|&c| pos.pieces(c).count() == 1 && pos.men(c).is_empty())?;
    let strong = !lone;
    let (kings, men) = (pos.kings(strong).count(), pos.men(strong).count());
    match (kings, men) {
        (3, 0) | (2, 1) | (1, 2) => Some((lone, EndgameClass::Sixteen)),
        (2, 0) | (1, 1) | (1, 0) => Some((lone, EndgameClass::Five)),
        _ => None,
    }
}
