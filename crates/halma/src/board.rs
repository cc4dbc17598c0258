//! The boards: their points, names, neighbours and directions.

use crate::points::{Point, Points};
use crate::Variant;
use std::collections::HashMap;
use std::sync::OnceLock;

/// One point of a board, as the site draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub point: Point,
    /// `c3` (square boards: file and rank) or `e7` (the star: row letter and place in the row).
    pub name: String,
    /// 0 for the bottom row.
    pub row: u8,
    /// The column: the file (0 = a) on square boards; on the star the doubled x coordinate of
    /// SPEC §2.4, from -12 (the left tips of rows e and m) to 12, 0 on the centre line.
    pub column: i8,
}

/// A direction of movement: neighbours lie at a constant index offset.
#[derive(Clone, Copy, Debug)]
pub struct Direction {
    pub offset: i32,
    /// The points that have a neighbour in this direction.
    pub from: Points,
}

impl Direction {
    /// The neighbours of `set` in this direction.
    #[inline]
    pub fn step(&self, set: Points) -> Points {
        (set & self.from).shifted(self.offset)
    }
}

/// A board: square (8×8, 10×10, 16×16, 8 directions) or the star (121 points, 6 directions).
#[derive(Debug)]
pub struct Board {
    variant: Variant,
    /// Every point, rows from the bottom up, each from left to right (the position string's
    /// order).
    cells: Vec<Cell>,
    /// For each point index, its place in `cells`; `u16::MAX` where the index is no point.
    place: [u16; 256],
    /// The length of each row, bottom first.
    row_lengths: Vec<u8>,
    points: Points,
    directions: Vec<Direction>,
    by_name: HashMap<String, Point>,
}

/// A point as the builders describe it: its index, name, row, column and the coordinates in
/// which steps are computed.
struct PointSpec {
    index: i32,
    name: String,
    row: u8,
    column: i8,
    at: (i32, i32),
}

/// Rows of the star from the bottom (`a`) to the top (`q`).
const STAR_ROWS: [u8; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
/// The star's index stride per row; any stride above 11 keeps rows apart (see `star`).
const STAR_STRIDE: i32 = 13;

const SQUARE_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// Steps on the star in doubled coordinates: east, north-east, north-west, west, …
const STAR_STEPS: [(i32, i32); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

impl Board {
    /// The board of `variant`.
    pub fn of(variant: Variant) -> &'static Board {
        static BOARDS: [OnceLock<Board>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let slot = match variant {
            Variant::Halma8 => 0,
            Variant::Halma10 => 1,
            Variant::Halma16 => 2,
            Variant::ChineseCheckers => 3,
        };
        BOARDS[slot].get_or_init(|| match variant {
            Variant::Halma8 => Board::square(variant, 8),
            Variant::Halma10 => Board::square(variant, 10),
            Variant::Halma16 => Board::square(variant, 16),
            Variant::ChineseCheckers => Board::star(),
        })
    }

    fn square(variant: Variant, size: u8) -> Board {
        let n = i32::from(size);
        let mut coords = Vec::new();
        for rank in 0..n {
            for file in 0..n {
                let name = format!("{}{}", char::from(b'a' + file as u8), rank + 1);
                coords.push(PointSpec {
                    index: rank * n + file,
                    name,
                    row: rank as u8,
                    column: file as i8,
                    at: (file, rank),
                });
            }
        }
        let steps = SQUARE_STEPS.map(|(dx, dy)| (dx, dy, dy * n + dx));
        Board::build(variant, coords, vec![size; size as usize], &steps)
    }

    /// Rows sheared so that a step is a constant offset: the index of the point with doubled
    /// coordinates (x, y) is `row · 13 + (x + y − 8) / 2 + 8`. Consecutive rows overlap in at
    /// most 12 of those columns, so they never share an index.
    fn star() -> Board {
        let mut coords = Vec::new();
        for (row, &len) in STAR_ROWS.iter().enumerate() {
            let len = i32::from(len);
            let y = row as i32 - 8;
            for k in 0..len {
                let x = 2 * k - (len - 1);
                let name = format!("{}{}", char::from(b'a' + row as u8), k + 1);
                let index = row as i32 * STAR_STRIDE + (x + y) / 2 + 8;
                coords.push(PointSpec {
                    index,
                    name,
                    row: row as u8,
                    column: x as i8,
                    at: (x, y),
                });
            }
        }
        let steps = STAR_STEPS.map(|(dx, dy)| {
            let dq = (dx + dy) / 2;
            (dx, dy, dy * STAR_STRIDE + dq)
        });
        Board::build(Variant::ChineseCheckers, coords, STAR_ROWS.to_vec(), &steps)
    }

    fn build(
        variant: Variant,
        coords: Vec<PointSpec>,
        row_lengths: Vec<u8>,
        steps: &[(i32, i32, i32)],
    ) -> Board {
        let at: HashMap<(i32, i32), i32> = coords.iter().map(|c| (c.at, c.index)).collect();
        let mut place = [u16::MAX; 256];
        let mut points = Points::EMPTY;
        let mut cells = Vec::with_capacity(coords.len());
        let mut by_name = HashMap::new();
        for (i, spec) in coords.iter().enumerate() {
            let index = u8::try_from(spec.index).expect("every board fits 256 points");
            assert_eq!(
                place[index as usize],
                u16::MAX,
                "two points share index {index}"
            );
            place[index as usize] = i as u16;
            points.insert(Point(index));
            by_name.insert(spec.name.clone(), Point(index));
            cells.push(Cell {
                point: Point(index),
                name: spec.name.clone(),
                row: spec.row,
                column: spec.column,
            });
        }
        let directions = steps
            .iter()
            .map(|&(dx, dy, offset)| {
                let mut from = Points::EMPTY;
                for spec in &coords {
                    let (x, y) = spec.at;
                    if let Some(&to) = at.get(&(x + dx, y + dy)) {
                        assert_eq!(to - spec.index, offset, "a step is a constant offset");
                        from.insert(Point(spec.index as u8));
                    }
                }
                Direction { offset, from }
            })
            .collect();
        Board {
            variant,
            cells,
            place,
            row_lengths,
            points,
            directions,
            by_name,
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Every point, rows from the bottom up, each from left to right.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn row_lengths(&self) -> &[u8] {
        &self.row_lengths
    }

    /// The set of all points.
    pub fn points(&self) -> Points {
        self.points
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn directions(&self) -> &[Direction] {
        &self.directions
    }

    pub fn cell(&self, p: Point) -> &Cell {
        &self.cells[self.place[p.index()] as usize]
    }

    pub fn name(&self, p: Point) -> &str {
        &self.cell(p).name
    }

    /// The point called `name` (`c3`, `E7` …).
    pub fn point(&self, name: &str) -> Option<Point> {
        self.by_name.get(&name.trim().to_ascii_lowercase()).copied()
    }

    /// The point reached from `p` in `direction`, if any.
    pub fn neighbour(&self, p: Point, direction: &Direction) -> Option<Point> {
        direction
            .from
            .contains(p)
            .then(|| Point((i32::from(p.0) + direction.offset) as u8))
    }

    /// Whether `p` is a point of this board.
    pub fn has(&self, p: Point) -> bool {
        self.points.contains(p)
    }

    /// The direction of the step from `a` to `b`, if they are neighbours.
    pub fn direction_between(&self, a: Point, b: Point) -> Option<&Direction> {
        self.directions
            .iter()
            .find(|d| self.neighbour(a, d) == Some(b))
    }
}
