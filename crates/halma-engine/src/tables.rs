//! Per-point distances to each seat's target camp, computed once per setup.

use kingme_halma::{Board, Point, Points, Setup, Variant};
use std::collections::VecDeque;
use std::sync::OnceLock;

/// How the distance of a point to a target camp is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Rows still to go along the axis of the two camps: on square boards the number of
    /// orthogonal steps to the target's far corner, on the star the number of steps to the
    /// target's tip. A full camp is exactly the placement with the smallest sum, so pieces
    /// are drawn to the deep points first and leave room for the others.
    Axis,
    /// Steps (in every direction of the board) to the nearest point of the target camp.
    Steps,
}

/// Distances by seat index and point index.
#[derive(Debug)]
pub struct Tables {
    /// The chosen metric's distance to the target.
    pub dist: [[u8; 256]; 6],
    /// Steps to the nearest point of the target camp (0 inside it).
    pub to_camp: [[u8; 256]; 6],
    /// The smallest possible sum of `dist` over a seat's pieces: all of them in the camp.
    pub camp_sum: [i32; 6],
    /// The largest `dist` of any point, for scaling.
    pub span: i32,
    /// Steps between any two points, by point index.
    pub between: Vec<[u8; 256]>,
}

const FAR: u8 = u8::MAX;

fn bfs(board: &Board, sources: Points) -> [u8; 256] {
    let mut dist = [FAR; 256];
    let mut queue = VecDeque::new();
    for p in sources {
        dist[p.index()] = 0;
        queue.push_back(p);
    }
    while let Some(p) = queue.pop_front() {
        for d in board.directions() {
            if let Some(q) = board.neighbour(p, d) {
                if dist[q.index()] == FAR {
                    dist[q.index()] = dist[p.index()] + 1;
                    queue.push_back(q);
                }
            }
        }
    }
    dist
}

impl Tables {
    fn build(setup: Setup, metric: Metric) -> Tables {
        let layout = setup.layout();
        let board = layout.board;
        let mut dist = [[0u8; 256]; 6];
        let mut to_camp = [[0u8; 256]; 6];
        let mut camp_sum = [0i32; 6];
        let mut span = 1;
        for &seat in &layout.seats {
            let s = seat.index();
            let camp = layout.target[s];
            to_camp[s] = bfs(board, camp);
            dist[s] = match metric {
                Metric::Steps => to_camp[s],
                Metric::Axis => {
                    let neighbours = |p: Point| {
                        board
                            .directions()
                            .iter()
                            .filter(|d| board.neighbour(p, d).is_some())
                            .count()
                    };
                    let tip = camp
                        .iter()
                        .min_by_key(|&p| (neighbours(p), p))
                        .expect("a camp has points");
                    if board.variant() == Variant::ChineseCheckers {
                        bfs(board, Points::single(tip))
                    } else {
                        let t = board.cell(tip);
                        let mut d = [0u8; 256];
                        for c in board.cells() {
                            d[c.point.index()] =
                                c.row.abs_diff(t.row) + c.column.abs_diff(t.column);
                        }
                        d
                    }
                }
            };
            camp_sum[s] = camp.iter().map(|p| i32::from(dist[s][p.index()])).sum();
            for c in board.cells() {
                span = span.max(i32::from(dist[s][c.point.index()]));
            }
        }
        let mut between = vec![[FAR; 256]; 256];
        for c in board.cells() {
            between[c.point.index()] = bfs(board, Points::single(c.point));
        }
        Tables {
            between,
            dist,
            to_camp,
            camp_sum,
            span,
        }
    }

    /// The tables of `setup` under `metric`, built on first use.
    pub fn of(setup: Setup, metric: Metric) -> &'static Tables {
        static CACHE: [OnceLock<Tables>; 2 * 4 * 7] = [const { OnceLock::new() }; 2 * 4 * 7];
        let v = match setup.variant() {
            Variant::Halma8 => 0,
            Variant::Halma10 => 1,
            Variant::Halma16 => 2,
            Variant::ChineseCheckers => 3,
        };
        let m = match metric {
            Metric::Axis => 0,
            Metric::Steps => 1,
        };
        let slot = (m * 4 + v) * 7 + usize::from(setup.players().min(6));
        CACHE[slot].get_or_init(|| Tables::build(setup, metric))
    }
}
