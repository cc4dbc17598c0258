//! Static evaluation, per variant family: short kings on 8×8 (English), flying kings on 8×8
//! (Russian, Brazilian) and flying kings on 10×10 (International).

use kingme_draughts::{Bitboard, Color, Direction, Geometry, Position, Variant};

/// Centi-men: a man is worth 100.
const MAN: i32 = 100;

/// The evaluation's weights, by name: the hand-set ones, or the ones fitted to games by
/// `kingme train` and shipped as `data/eval/<variant>.txt` (`name value` lines, `#` comments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    values: Vec<(&'static str, i32)>,
}

const ADVANCE_OPEN: [&str; 10] = [
    "advance_open_0",
    "advance_open_1",
    "advance_open_2",
    "advance_open_3",
    "advance_open_4",
    "advance_open_5",
    "advance_open_6",
    "advance_open_7",
    "advance_open_8",
    "advance_open_9",
];
const ADVANCE_END: [&str; 10] = [
    "advance_end_0",
    "advance_end_1",
    "advance_end_2",
    "advance_end_3",
    "advance_end_4",
    "advance_end_5",
    "advance_end_6",
    "advance_end_7",
    "advance_end_8",
    "advance_end_9",
];

/// The shipped weights, one file per variant.
fn shipped_text(variant: Variant) -> &'static str {
    match variant {
        Variant::English => include_str!("../../../data/eval/english.txt"),
        Variant::International => include_str!("../../../data/eval/international.txt"),
        Variant::Russian => include_str!("../../../data/eval/russian.txt"),
        Variant::Brazilian => include_str!("../../../data/eval/brazilian.txt"),
    }
}

impl Weights {
    /// The weights as they were set by hand before any training.
    #[inline(never)]
    pub fn hand_set(variant: Variant) -> Weights {
        let rules = variant.rules();
        let n = rules.geometry.size();
        let flying = rules.flying_kings;
        let (adv_open, adv_end): (&[i32], &[i32]) = if n == 10 {
            (
                &[0, 1, 2, 4, 6, 8, 11, 15, 20, 0],
                &[0, 3, 6, 10, 16, 24, 34, 46, 60, 0],
            )
        } else {
            (&[0, 2, 4, 6, 9, 14, 20, 0], &[0, 4, 10, 18, 28, 42, 60, 0])
        };
        let mut values: Vec<(&'static str, i32)> = Vec::new();
        let mut put = |name: &'static str, v: i32| values.push((name, v));
        let king = match (flying, n) {
            (false, _) => 145,
            (true, 10) => 300,
            (true, _) => 250,
        };
        put("king", king);
        for (r, v) in adv_open.iter().enumerate() {
            put(ADVANCE_OPEN[r], *v);
        }
        for (r, v) in adv_end.iter().enumerate() {
            put(ADVANCE_END[r], *v);
        }
        put("centre", if n == 10 { 6 } else { 8 });
        put("edge", -4);
        put("guard_bridge", 14);
        put(
            "guard",
            match variant {
                Variant::English => 6,
                _ if n == 10 => 4,
                _ => 8,
            },
        );
        put("king_diagonal", 12);
        put("king_edge", -6);
        put("king_centre", 8);
        put("mobility", 2);
        put("runaway", 40);
        put("runaway_step", 6);
        put("imbalance", 3);
        put("trade", 25);
        put("opposition", 10);
        Weights { values }
    }

    /// The shipped weights of `variant` (the hand-set ones where the file names none). The
    /// files are checked by the tests; this reading skips what it does not understand, so that
    /// the browser's build carries no messages.
    #[inline(never)]
    pub fn shipped(variant: Variant) -> Weights {
        let mut w = Weights::hand_set(variant);
        for line in shipped_text(variant).lines() {
            let mut parts = line.split_whitespace();
            if let (Some(name), Some(Ok(value))) = (parts.next(), parts.next().map(str::parse)) {
                if let Some(slot) = w.values.iter_mut().find(|(k, _)| *k == name) {
                    slot.1 = value;
                }
            }
        }
        w
    }

    /// Reads `name value` lines over the hand-set weights; a name the variant does not have, or
    /// a value that is not a number in −10 000..=10 000, is refused with its line.
    pub fn parse(variant: Variant, text: &str) -> Result<Weights, String> {
        let mut w = Weights::hand_set(variant);
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut parts = line.split_whitespace();
            let (Some(name), Some(value), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(format!(
                    "line {}: expected 'name value', got '{line}'",
                    n + 1
                ));
            };
            let value: i32 = value
                .parse()
                .ok()
                .filter(|v: &i32| v.abs() <= 10_000)
                .ok_or_else(|| format!("line {}: '{value}' is not a weight", n + 1))?;
            let slot = w
                .values
                .iter_mut()
                .find(|(k, _)| *k == name)
                .ok_or_else(|| format!("line {}: {variant} has no weight '{name}'", n + 1))?;
            slot.1 = value;
        }
        Ok(w)
    }

    /// The weights as `name value` lines, as [`Weights::parse`] reads them.
    pub fn to_text(&self) -> String {
        self.values
            .iter()
            .map(|(k, v)| format!("{k} {v}\n"))
            .collect()
    }

    /// How many weights there are.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are none (never, for a variant's weights).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The `i`-th weight's name and value.
    pub fn at(&self, i: usize) -> (&str, i32) {
        let (k, v) = &self.values[i];
        (k, *v)
    }

    /// Sets the `i`-th weight.
    pub fn set(&mut self, i: usize, value: i32) {
        self.values[i].1 = value;
    }

    #[inline(never)]
    fn get(&self, name: &str) -> i32 {
        self.values
            .iter()
            .find(|(k, _)| *k == name)
            .map_or(0, |(_, v)| *v)
    }
}

/// Everything the evaluation needs about one variant, computed once per search.
#[derive(Clone, Debug)]
pub struct Evaluator {
    variant: Variant,
    geometry: Geometry,
    first_mover: Color,
    flying: bool,
    king: i32,
    mobility: i32,
    runaway: i32,
    runaway_step: i32,
    imbalance: i32,
    /// The bonus for trading down when ahead, in percent of the material edge once every
    /// piece is gone.
    trade: i32,
    opposition: i32,
    /// Men at the start, per side.
    start_men: i32,
    /// Man values by colour and square, for a full board and for an empty one.
    man_opening: [[i16; 64]; 2],
    man_ending: [[i16; 64]; 2],
    /// Bonus for a man that guards its own back rank against crowning.
    guard: [[i16; 64]; 2],
    king_square: [i16; 64],
    /// Squares in front of a man from which a defender could stop it.
    cone: [[Bitboard; 64]; 2],
    /// Plies a man needs to reach its crowning rank.
    distance: [[u8; 64]; 2],
    /// Files on the left half of the board (for the wing balance of 10×10).
    left_half: Bitboard,
    /// Squares whose file belongs to each side's "system" (English opposition count).
    system: [Bitboard; 2],
}

impl Evaluator {
    /// The evaluation with the weights shipped for `variant` (`data/eval/<variant>.txt`).
    pub fn new(variant: Variant) -> Evaluator {
        Evaluator::with_weights(variant, &Weights::shipped(variant))
    }

    /// The evaluation with the given weights.
    pub fn with_weights(variant: Variant, w: &Weights) -> Evaluator {
        let rules = variant.rules();
        let g = rules.geometry;
        let n = g.size();
        let flying = rules.flying_kings;
        let adv_open: Vec<i32> = (0..n)
            .map(|r| w.get(ADVANCE_OPEN[usize::from(r)]))
            .collect();
        let adv_end: Vec<i32> = (0..n).map(|r| w.get(ADVANCE_END[usize::from(r)])).collect();
        let mut e = Evaluator {
            variant,
            geometry: g,
            first_mover: rules.first_mover,
            flying,
            king: w.get("king"),
            mobility: w.get("mobility"),
            runaway: w.get("runaway"),
            runaway_step: w.get("runaway_step"),
            imbalance: w.get("imbalance"),
            trade: w.get("trade"),
            opposition: w.get("opposition"),
            start_men: i32::from(rules.starting_rows) * i32::from(n) / 2,
            man_opening: [[0; 64]; 2],
            man_ending: [[0; 64]; 2],
            guard: [[0; 64]; 2],
            king_square: [0; 64],
            cone: [[Bitboard::EMPTY; 64]; 2],
            distance: [[0; 64]; 2],
            left_half: Bitboard::EMPTY,
            system: [Bitboard::EMPTY; 2],
        };
        let last = n - 1;
        for sq in g.squares() {
            let (file, rank) = (g.file(sq), g.rank(sq));
            let i = usize::from(sq.index());
            if file < n / 2 {
                e.left_half.insert(sq);
            }
            let central_file = file >= 2 && file <= last - 2;
            let edge = file == 0 || file == last;
            // A king is better placed in the centre (short kings) or on the long diagonal
            // (flying kings, which then control both double corners' approach).
            e.king_square[i] = if flying {
                if g.long_diagonal().contains(sq) {
                    w.get("king_diagonal")
                } else {
                    0
                }
            } else if edge || rank == 0 || rank == last {
                w.get("king_edge")
            } else if central_file && rank >= 2 && rank <= last - 2 {
                w.get("king_centre")
            } else {
                0
            } as i16;
            for color in Color::ALL {
                let c = color.index();
                let up = color == rules.first_mover;
                let rel_rank = if up { rank } else { last - rank };
                let rel_file = if up { file } else { last - file };
                let r = usize::from(rel_rank);
                let centre = if central_file && rel_rank >= 2 && rel_rank <= last - 2 {
                    w.get("centre")
                } else if edge {
                    w.get("edge")
                } else {
                    0
                };
                e.man_opening[c][i] = (MAN + adv_open[r] + centre) as i16;
                e.man_ending[c][i] = (MAN + adv_end[r]) as i16;
                if rel_rank == 0 {
                    e.guard[c][i] = match (variant, rel_file) {
                        // The "bridge": the men on c1 and g1 hold the back rank alone.
                        (Variant::English, 2 | 6) => w.get("guard_bridge"),
                        _ => w.get("guard"),
                    } as i16;
                }
                e.distance[c][i] = last - rel_rank;
                let mut cone = Bitboard::EMPTY;
                for ahead in 1..=(last - rel_rank) {
                    let abs_rank = if up { rank + ahead } else { rank - ahead };
                    for df in 0..=(2 * ahead) {
                        let f = i32::from(file) - i32::from(ahead) + i32::from(df);
                        if (0..i32::from(n)).contains(&f) {
                            if let Some(s) = g.square(f as u8, abs_rank) {
                                cone.insert(s);
                            }
                        }
                    }
                }
                e.cone[c][i] = cone;
                // The system of the side that starts at the bottom: the files of its back
                // rank's squares; the other side's: the files of the top rank's squares.
                let bottom_files = file % 2 == 0;
                let side_at_bottom = rules.first_mover;
                if bottom_files == (color == side_at_bottom) {
                    e.system[c].insert(sq);
                }
            }
        }
        e
    }

    /// The score of `pos` for the side to move, and whether that side has a quiet move (when it
    /// has no capture and no quiet move it has lost).
    pub fn evaluate(&self, pos: &Position) -> (i32, bool) {
        let g = self.geometry;
        let empty = g.squares() & !pos.occupied();
        let mut mobility = [0i32; 2];
        for color in Color::ALL {
            let forward = if color == self.first_mover {
                [Direction::UpLeft, Direction::UpRight]
            } else {
                [Direction::DownLeft, Direction::DownRight]
            };
            let men = pos.men(color);
            let kings = pos.kings(color);
            let mut m = 0;
            for d in forward {
                m += (g.shift(men, d) & empty).count();
            }
            for d in Direction::ALL {
                m += (g.shift(kings, d) & empty).count();
            }
            mobility[color.index()] = m as i32;
        }
        let us = pos.turn();
        let has_quiet_move = mobility[us.index()] > 0;

        let white = self.side(pos, Color::White, &mobility);
        let black = self.side(pos, Color::Black, &mobility);
        let mut score = white.total - black.total;

        // Ahead in material: trading down brings the win closer.
        let total = white.pieces + black.pieces;
        let full = 2 * self.start_men;
        let material = white.material - black.material;
        score += material * (full - total).max(0) * self.trade / (full * 100);

        if !self.flying && self.variant == Variant::English {
            score += self.opposition(pos, total, white.pieces == black.pieces);
        }
        score = self.scale_drawn_material(pos, score);
        let score = if us == Color::White { score } else { -score };
        (score, has_quiet_move)
    }

    fn side(&self, pos: &Position, color: Color, mobility: &[i32; 2]) -> SideScore {
        let c = color.index();
        let them = !color;
        let men = pos.men(color);
        let kings = pos.kings(color);
        let pieces = men.count() as i32 + kings.count() as i32;
        let all = (pos.occupied().count()) as i32;
        let full = 2 * self.start_men;
        // Weight of the opening terms: all pieces on the board → full, none → zero.
        let phase = all.min(full);

        // Back rank guard and runaway men matter only while the opponent still has to crown.
        let crowning_matters = pos.kings(them).is_empty();
        let enemy = pos.pieces(them);
        let mut opening = 0i32;
        let mut ending = 0i32;
        let mut guard = 0i32;
        let mut runaways = 0i32;
        for sq in men {
            let i = usize::from(sq.index());
            opening += i32::from(self.man_opening[c][i]);
            ending += i32::from(self.man_ending[c][i]);
            if crowning_matters {
                guard += i32::from(self.guard[c][i]);
                // A runaway: nothing of the opponent can reach its path to the crowning rank.
                if (self.cone[c][i] & enemy).is_empty() {
                    let dist = i32::from(self.distance[c][i]);
                    runaways += (self.king - MAN) / 2 + self.runaway - self.runaway_step * dist;
                }
            }
        }
        let mut score = (opening * phase + ending * (full - phase)) / full;

        let kings_n = kings.count() as i32;
        score += kings_n * self.king;
        for sq in kings {
            score += i32::from(self.king_square[usize::from(sq.index())]);
        }
        let material = men.count() as i32 * MAN + kings_n * self.king;
        if crowning_matters {
            score += guard * phase / full + guard / 2;
        }
        score += self.mobility * mobility[c];
        score += runaways;

        if self.geometry.size() == 10 {
            let left = (men & self.left_half).count() as i32;
            let right = men.count() as i32 - left;
            let imbalance = (left - right).abs();
            score -= self.imbalance * imbalance.saturating_sub(2) * phase / full;
        }

        SideScore {
            total: score,
            material,
            pieces,
        }
    }

    /// English endings with equal numbers: the side with "the move" (an odd count of pieces in
    /// its system when it is to move) can force the opponent back.
    fn opposition(&self, pos: &Position, total: i32, equal: bool) -> i32 {
        if !equal || total > 8 {
            return 0;
        }
        let us = pos.turn();
        let count = (pos.occupied() & self.system[us.index()]).count();
        let sign = if us == Color::White { 1 } else { -1 };
        let has_move = count % 2 == 1;
        let bonus = if has_move {
            self.opposition
        } else {
            -self.opposition
        };
        sign * bonus
    }

    /// Shrinks the score of material that cannot win towards the draw: a lone flying king
    /// against few pieces, and kings only with as many on each side (in every variant: unless
    /// a shot wins a piece, which the search sees, what is left is placement, not an edge).
    fn scale_drawn_material(&self, pos: &Position, mut score: i32) -> i32 {
        if self.flying {
            score = self.scale_lone_king(pos, score);
        }
        let kings_only = pos.men(Color::White).is_empty() && pos.men(Color::Black).is_empty();
        if kings_only && pos.kings(Color::White).count() == pos.kings(Color::Black).count() {
            score /= 8;
        }
        score
    }

    /// With flying kings a lone king holds a draw against up to two pieces, and against three
    /// when it stands on the long diagonal and the other side has no piece there.
    fn scale_lone_king(&self, pos: &Position, score: i32) -> i32 {
        for weak in Color::ALL {
            let strong = !weak;
            let weak_pieces = pos.pieces(weak);
            if weak_pieces.count() != 1 || pos.men(weak).non_empty() {
                continue;
            }
            let strong_count = pos.pieces(strong).count();
            let diagonal = self.geometry.long_diagonal();
            let holds_diagonal =
                weak_pieces.intersects(diagonal) && !pos.pieces(strong).intersects(diagonal);
            if strong_count <= 2 || (strong_count == 3 && holds_diagonal) {
                return score / 16;
            }
        }
        score
    }
}

struct SideScore {
    total: i32,
    material: i32,
    pieces: i32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_round_trip_and_bad_files_are_refused() {
        for v in Variant::ALL {
            let shipped = Weights::parse(v, shipped_text(v)).expect("the shipped file parses");
            assert_eq!(Weights::shipped(v), shipped);
            assert_eq!(Weights::parse(v, &shipped.to_text()), Ok(shipped));
            let hand = Weights::hand_set(v);
            assert_eq!(Weights::parse(v, "# nothing\n"), Ok(hand.clone()));
            let e = Weights::parse(v, "king 1\nwings 3\n").expect_err("unknown name");
            assert!(e.contains("line 2") && e.contains("wings"), "{e}");
            assert!(Weights::parse(v, "king x").is_err());
            assert!(Weights::parse(v, "king 99999").is_err());
            assert!(Weights::parse(v, "king 1 2").is_err());
        }
    }

    #[test]
    fn start_positions_are_balanced_and_the_side_to_move_has_moves() {
        for v in Variant::ALL {
            let e = Evaluator::new(v);
            let (score, moves) = e.evaluate(&Position::start(v));
            assert!(moves, "{v}");
            assert!(score.abs() < 30, "{v}: {score}");
        }
    }
}
