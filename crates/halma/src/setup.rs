//! A game and its player count: the seats in play, their camps and turn order.

use crate::board::Board;
use crate::points::{Point, Points};
use crate::Variant;
use std::fmt;
use std::sync::OnceLock;

/// A seat, numbered 1–6 as in SPEC §2.4 (the position string's digits). On square boards seats
/// 1 and 2 (or 1–4 clockwise from a1); on the star seats 1–6 clockwise from the south, of which
/// 2 players use 1 and 4, 3 use 1, 3, 5, 4 use 1, 2, 4, 5.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Seat(u8);

impl Seat {
    /// Seat `n` (1–6).
    pub const fn new(n: u8) -> Option<Seat> {
        if n >= 1 && n <= 6 {
            Some(Seat(n))
        } else {
            None
        }
    }

    pub const fn number(self) -> u8 {
        self.0
    }

    /// 0–5, for arrays by seat.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A set of seats.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Seats(u8);

impl Seats {
    pub const NONE: Seats = Seats(0);

    pub const fn contains(self, s: Seat) -> bool {
        self.0 >> s.index() & 1 != 0
    }

    pub fn insert(&mut self, s: Seat) {
        self.0 |= 1 << s.index();
    }

    pub fn remove(&mut self, s: Seat) {
        self.0 &= !(1 << s.index());
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (1..=6u8).map(Seat).filter(move |&s| self.contains(s))
    }

    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The seats of a bit set (bit 0 = seat 1); bits above seat 6 are dropped.
    pub const fn from_bits(bits: u8) -> Seats {
        Seats(bits & 0x3f)
    }
}

/// A player count this game does not offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerCountError {
    pub variant: Variant,
    pub players: u8,
}

impl fmt::Display for PlayerCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counts: Vec<String> = self
            .variant
            .player_counts()
            .iter()
            .map(u8::to_string)
            .collect();
        write!(
            f,
            "{} is not played by {} players (it is played by {})",
            self.variant,
            self.players,
            counts.join(", ")
        )
    }
}

impl std::error::Error for PlayerCountError {}

/// A game with a player count it is offered for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    variant: Variant,
    players: u8,
}

/// What a setup fixes: seats in turn order, camps, the number of pieces.
#[derive(Debug)]
pub struct Layout {
    pub setup: Setup,
    pub board: &'static Board,
    /// The seats in play in turn order (seat 1 first, then clockwise).
    pub seats: Vec<Seat>,
    /// Each seat's starting camp, by [`Seat::index`] (empty for seats not in play, except on
    /// the star, where all six camps exist).
    pub home: [Points; 6],
    /// Each seat's target camp, by [`Seat::index`].
    pub target: [Points; 6],
    /// Pieces per player (the size of every camp in play).
    pub pieces: u32,
    /// Seats in play, as a set.
    pub in_play: Seats,
}

impl Setup {
    /// `variant` played by `players`.
    ///
    /// # Errors
    /// When the game is not offered for that many players.
    pub fn new(variant: Variant, players: u8) -> Result<Setup, PlayerCountError> {
        if variant.player_counts().contains(&players) {
            Ok(Setup { variant, players })
        } else {
            Err(PlayerCountError { variant, players })
        }
    }

    /// One player alone on the board (the solo race: how few moves bring every piece across).
    /// Not offered as a game; used to measure the computer's racing.
    pub fn solo(variant: Variant) -> Setup {
        Setup {
            variant,
            players: 1,
        }
    }

    /// `variant` with its smallest player count (2).
    pub fn two_players(variant: Variant) -> Setup {
        Setup {
            variant,
            players: 2,
        }
    }

    pub const fn variant(self) -> Variant {
        self.variant
    }

    pub const fn players(self) -> u8 {
        self.players
    }

    /// Every setup the games are offered in.
    pub fn all() -> impl Iterator<Item = Setup> {
        Variant::ALL.into_iter().flat_map(|v| {
            v.player_counts().iter().map(move |&players| Setup {
                variant: v,
                players,
            })
        })
    }

    /// The seats, camps and turn order of this setup.
    pub fn layout(self) -> &'static Layout {
        static LAYOUTS: [OnceLock<Layout>; 12] = [const { OnceLock::new() }; 12];
        let slot = match (self.variant, self.players) {
            (v, 1) => 8 + v as usize,
            (Variant::Halma8, _) => 0,
            (Variant::Halma10, _) => 1,
            (Variant::Halma16, 2) => 2,
            (Variant::Halma16, _) => 3,
            (Variant::ChineseCheckers, 2) => 4,
            (Variant::ChineseCheckers, 3) => 5,
            (Variant::ChineseCheckers, 4) => 6,
            (Variant::ChineseCheckers, _) => 7,
        };
        LAYOUTS[slot].get_or_init(|| Layout::new(self))
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} with {} players", self.variant, self.players)
    }
}

impl Layout {
    fn new(setup: Setup) -> Layout {
        let board = Board::of(setup.variant);
        let (seats, home, target) = match setup.variant {
            Variant::ChineseCheckers => star_camps(board, setup.players),
            v => square_camps(board, v, setup.players),
        };
        let pieces = home[seats[0].index()].len();
        let mut in_play = Seats::NONE;
        for &s in &seats {
            in_play.insert(s);
        }
        Layout {
            setup,
            board,
            seats,
            home,
            target,
            pieces,
            in_play,
        }
    }

    /// The seat after `seat` in turn order, whoever it is.
    pub fn next_seat(&self, seat: Seat) -> Seat {
        let i = self.seats.iter().position(|&s| s == seat).unwrap_or(0);
        self.seats[(i + 1) % self.seats.len()]
    }

    /// Where `seat` stands in the turn order (0 = first).
    pub fn turn_index(&self, seat: Seat) -> Option<usize> {
        self.seats.iter().position(|&s| s == seat)
    }
}

type Camps = (Vec<Seat>, [Points; 6], [Points; 6]);

/// Staircase camps in the corners; `rows` are their row lengths from the corner outwards.
fn square_camps(board: &Board, variant: Variant, players: u8) -> Camps {
    let size = board.row_lengths().len() as i32;
    let rows: &[i32] = match (variant, players) {
        (Variant::Halma8, _) => &[4, 3, 2, 1],
        (Variant::Halma10, _) => &[5, 4, 3, 2, 1],
        (_, 1 | 2) => &[5, 5, 4, 3, 2],
        _ => &[4, 4, 3, 2],
    };
    let corner = |left: bool, bottom: bool| -> Points {
        let mut camp = Points::EMPTY;
        for (i, &len) in rows.iter().enumerate() {
            for j in 0..len {
                let file = if left { j } else { size - 1 - j };
                let rank = if bottom {
                    i as i32
                } else {
                    size - 1 - i as i32
                };
                camp.insert(Point((rank * size + file) as u8));
            }
        }
        camp
    };
    let mut home = [Points::EMPTY; 6];
    let mut target = [Points::EMPTY; 6];
    if players <= 2 {
        home[0] = corner(true, true);
        home[1] = corner(false, false);
        target[0] = home[1];
        target[1] = home[0];
        let seats = if players == 1 {
            vec![Seat(1)]
        } else {
            vec![Seat(1), Seat(2)]
        };
        return (seats, home, target);
    }
    home[0] = corner(true, true);
    home[1] = corner(true, false);
    home[2] = corner(false, false);
    home[3] = corner(false, true);
    for s in 0..4 {
        target[s] = home[(s + 2) % 4];
    }
    (vec![Seat(1), Seat(2), Seat(3), Seat(4)], home, target)
}

/// The star's six triangles, seat 1 south, then clockwise; each aims at the opposite one.
fn star_camps(board: &Board, players: u8) -> Camps {
    let named = |names: &[(char, u8, u8)]| -> Points {
        let mut camp = Points::EMPTY;
        for &(row, first, last) in names {
            for i in first..=last {
                let p = board
                    .point(&format!("{row}{i}"))
                    .expect("every camp point is on the star");
                camp.insert(p);
            }
        }
        camp
    };
    let home = [
        named(&[('a', 1, 1), ('b', 1, 2), ('c', 1, 3), ('d', 1, 4)]),
        named(&[('e', 1, 4), ('f', 1, 3), ('g', 1, 2), ('h', 1, 1)]),
        named(&[('j', 1, 1), ('k', 1, 2), ('l', 1, 3), ('m', 1, 4)]),
        named(&[('n', 1, 4), ('o', 1, 3), ('p', 1, 2), ('q', 1, 1)]),
        named(&[('j', 10, 10), ('k', 10, 11), ('l', 10, 12), ('m', 10, 13)]),
        named(&[('e', 10, 13), ('f', 10, 12), ('g', 10, 11), ('h', 10, 10)]),
    ];
    let target = [0, 1, 2, 3, 4, 5].map(|s| home[(s + 3) % 6]);
    let seats: &[u8] = match players {
        1 => &[1],
        2 => &[1, 4],
        3 => &[1, 3, 5],
        4 => &[1, 2, 4, 5],
        _ => &[1, 2, 3, 4, 5, 6],
    };
    (seats.iter().map(|&n| Seat(n)).collect(), home, target)
}
