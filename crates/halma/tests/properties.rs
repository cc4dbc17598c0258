//! Properties over random games in every setup, checked against a slow reference written here,
//! and the parsers fed arbitrary text.

use kingme_halma::notation::{move_to_string, parse_move};
use kingme_halma::{Board, Game, Move, Point, Position, Setup};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet, VecDeque};

fn any_setup() -> impl Strategy<Value = Setup> {
    prop::sample::select(Setup::all().collect::<Vec<_>>())
}

/// The board by coordinates: the file and rank on square boards, the doubled x and the row on
/// the star (SPEC §2.4), with the steps of each.
struct Grid {
    at: HashMap<(i32, i32), Point>,
    of: HashMap<Point, (i32, i32)>,
    steps: Vec<(i32, i32)>,
}

impl Grid {
    fn new(board: &Board, star: bool) -> Grid {
        let mut at = HashMap::new();
        let mut of = HashMap::new();
        for cell in board.cells() {
            let c = (i32::from(cell.column), i32::from(cell.row));
            at.insert(c, cell.point);
            of.insert(cell.point, c);
        }
        let steps = if star {
            vec![(2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]
        } else {
            let mut v = Vec::new();
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if (dx, dy) != (0, 0) {
                        v.push((dx, dy));
                    }
                }
            }
            v
        };
        Grid { at, of, steps }
    }

    fn go(&self, p: Point, (dx, dy): (i32, i32), times: i32) -> Option<Point> {
        let (x, y) = self.of[&p];
        self.at.get(&(x + dx * times, y + dy * times)).copied()
    }
}

/// What the seat to move may do with the piece on `from`, found the slow way: every step to an
/// empty neighbour, and a breadth-first search over single jumps, with the piece lifted; the
/// star's target camp keeps its pieces in; the yard rule forbids ending at home.
fn reference_destinations(pos: &Position, grid: &Grid, from: Point) -> HashSet<Point> {
    let layout = pos.layout();
    let seat = pos.to_move();
    let occupied = |p: Point| p != from && pos.occupied().contains(p);
    let locked = pos.variant().target_camp_lock() && layout.target[seat.index()].contains(from);
    let may_land = |p: Point| !occupied(p) && (!locked || layout.target[seat.index()].contains(p));
    let mut out = HashSet::new();
    for &d in &grid.steps {
        if let Some(q) = grid.go(from, d, 1) {
            if may_land(q) {
                out.insert(q);
            }
        }
    }
    let mut seen = HashSet::from([from]);
    let mut queue = VecDeque::from([from]);
    while let Some(here) = queue.pop_front() {
        for &d in &grid.steps {
            let (Some(over), Some(land)) = (grid.go(here, d, 1), grid.go(here, d, 2)) else {
                continue;
            };
            if occupied(over) && may_land(land) && seen.insert(land) {
                queue.push_back(land);
                out.insert(land);
            }
        }
    }
    out.remove(&from);
    if let Some(limit) = pos.variant().yard_limit() {
        if pos.moves_made(seat) >= limit {
            out.retain(|p| !layout.home[seat.index()].contains(*p));
        }
    }
    out
}

/// Checks every hop of `path` on its own: a lone step to an empty neighbour, or jumps over an
/// occupied point onto an empty one, the moving piece lifted.
fn check_path(pos: &Position, grid: &Grid, m: Move) -> Result<(), String> {
    let path = pos.path(m);
    let board = pos.board();
    let name = |p: Point| board.name(p).to_string();
    if path.len() < 2 || path[0] != m.from() || *path.last().expect("two points") != m.to() {
        return Err(format!("path {path:?} does not run from start to end"));
    }
    let occupied = |p: Point| p != m.from() && pos.occupied().contains(p);
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if occupied(b) {
            return Err(format!("{} lands on a piece", name(b)));
        }
        let step = grid.steps.iter().any(|&d| grid.go(a, d, 1) == Some(b));
        let jump = grid
            .steps
            .iter()
            .any(|&d| grid.go(a, d, 2) == Some(b) && grid.go(a, d, 1).is_some_and(occupied));
        if step && path.len() != 2 {
            return Err(format!("{}-{} is a step inside a chain", name(a), name(b)));
        }
        if !step && !jump {
            return Err(format!("{}-{} is neither step nor jump", name(a), name(b)));
        }
    }
    Ok(())
}

fn checks(pos: &Position, grid: &Grid) -> Result<(), TestCaseError> {
    let moves = pos.legal_moves();
    let mut seen = HashSet::new();
    for &m in &moves {
        prop_assert!(seen.insert(m), "listed twice: {}", move_to_string(pos, m));
        prop_assert!(pos.is_legal(m));
        if m.is_pass() {
            prop_assert_eq!(moves.len(), 1);
            prop_assert_eq!(parse_move(pos, "pass"), Ok(m));
            continue;
        }
        check_path(pos, grid, m).map_err(TestCaseError::fail)?;
        let full = move_to_string(pos, m);
        prop_assert_eq!(parse_move(pos, &full), Ok(m), "{}", full);
        let board = pos.board();
        let bare = format!("{}-{}", board.name(m.from()), board.name(m.to()));
        prop_assert_eq!(parse_move(pos, &bare), Ok(m), "{}", bare);
    }
    // Destinations against the slow reference, piece by piece.
    let mut any = false;
    for from in pos.pieces(pos.to_move()) {
        let fast: HashSet<Point> = pos.destinations(from).iter().collect();
        let slow = if pos.is_over() {
            HashSet::new()
        } else {
            reference_destinations(pos, grid, from)
        };
        prop_assert_eq!(&fast, &slow, "{} from {}", pos, pos.board().name(from));
        let listed: HashSet<Point> = moves
            .iter()
            .filter(|m| m.from() == from && !m.is_pass())
            .map(|m| m.to())
            .collect();
        prop_assert_eq!(&listed, &fast);
        any |= !fast.is_empty();
    }
    if !pos.is_over() {
        prop_assert_eq!(
            moves.as_slice() == [Move::PASS],
            !any,
            "a pass exactly when stuck"
        );
        prop_assert_eq!(pos.count_moves(), moves.len() as u64);
    }
    // The position string round-trips, and the hash is the re-read position's.
    let text = pos.to_string();
    let back = Position::parse(pos.setup(), &text)
        .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    // The string holds the board, the seat to move and the round; who has finished is read
    // from the board. A seat that finished by anti-spoiling stays finished after others have
    // moved out of its target camp, which the string cannot show: only there may they differ.
    for seat in pos.layout().seats.iter().copied() {
        if pos.finished().contains(seat) != back.finished().contains(seat) {
            prop_assert!(
                pos.finished().contains(seat) && !pos.has_filled_target(seat),
                "{}",
                text
            );
        }
    }
    if back.finished() == pos.finished() {
        prop_assert_eq!(&back, pos, "{}", text);
    }
    prop_assert_eq!(back.hash(), pos.hash());
    prop_assert_eq!(back.to_string(), text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Along a random game: every move is listed once, follows a legal chain hop by hop, reads
    /// back from its path and from its bare start-end, and the destinations are the slow
    /// reference's; play and undo restore the position string and hash exactly.
    #[test]
    fn random_games_keep_every_invariant(
        setup in any_setup(),
        choices in prop::collection::vec(any::<u16>(), 1..120),
    ) {
        let star = setup.variant() == kingme_halma::Variant::ChineseCheckers;
        let grid = Grid::new(setup.layout().board, star);
        let mut game = Game::new(setup);
        for choice in choices {
            let pos = *game.position();
            checks(&pos, &grid)?;
            let moves = game.legal_moves();
            if moves.is_empty() {
                prop_assert!(game.outcome().is_some());
                break;
            }
            let m = moves[usize::from(choice) % moves.len()];
            let before = (pos.to_string(), pos.hash(), game.ply());
            game.play(m).expect("generated moves are legal");
            let after = *game.position();
            prop_assert_eq!(after.to_move() != pos.to_move() || after.is_over() || setup.players() == 1, true);
            let mut undone = game.clone();
            undone.undo();
            let p = undone.position();
            prop_assert_eq!((p.to_string(), p.hash(), undone.ply()), before);
            // Position::after agrees with the game.
            prop_assert_eq!(pos.after(m), after);
        }
    }

    /// Positions reached in random games keep the same hash when rebuilt from their strings,
    /// also for the seat to move and the round alone changing.
    #[test]
    fn the_hash_is_a_function_of_pieces_and_seat(
        setup in any_setup(),
        choices in prop::collection::vec(any::<u16>(), 1..80),
    ) {
        let mut pos = Position::start(setup);
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() { break; }
            pos.play(moves[usize::from(choice) % moves.len()]);
            let rebuilt = Position::parse(setup, &pos.to_string()).expect("round trip");
            prop_assert_eq!(rebuilt.hash(), pos.hash());
            let text = pos.to_string();
            let (head, cells) = text.split_at(text.find(':').expect("S:N:CELLS"));
            let later = format!("{head}:{}", cells[1..].replacen(&pos.round().to_string(), "7", 1));
            if let Ok(other) = Position::parse(setup, &later) {
                prop_assert_eq!(other.hash(), pos.hash(), "the round is not hashed");
            }
        }
    }

    /// Arbitrary text never panics the position reader or the move reader.
    #[test]
    fn garbage_never_panics(setup in any_setup(), text in ".{0,300}") {
        let _ = Position::parse(setup, &text);
        let start = Position::start(setup);
        let _ = parse_move(&start, &text);
        let mut game = Game::new(setup);
        let before = game.position().to_string();
        if game.play_text(&text).is_err() {
            prop_assert_eq!(game.position().to_string(), before);
            prop_assert_eq!(game.ply(), 0);
        }
    }

    /// Text made of the parsers' own characters never panics them either, and whatever reads
    /// as a position writes back as itself.
    #[test]
    fn near_miss_text_never_panics(setup in any_setup(), text in "[0-9.:/a-q -]{0,400}") {
        if let Ok(p) = Position::parse(setup, &text) {
            prop_assert_eq!(Position::parse(setup, &p.to_string()), Ok(p));
        }
        let _ = parse_move(&Position::start(setup), &text);
    }

    /// One character of a start string changed: read or refused, never a panic; what reads
    /// writes back as itself.
    #[test]
    fn one_changed_character_never_panics(setup in any_setup(), at in any::<u16>(), c in "[0-9.:/x ]") {
        let text = Position::start(setup).to_string();
        let i = usize::from(at) % text.len();
        let changed = format!("{}{}{}", &text[..i], c, &text[i + 1..]);
        if let Ok(p) = Position::parse(setup, &changed) {
            prop_assert_eq!(Position::parse(setup, &p.to_string()), Ok(p));
        }
    }
}

#[test]
fn the_reference_agrees_on_every_start() {
    for setup in Setup::all() {
        let star = setup.variant() == kingme_halma::Variant::ChineseCheckers;
        let grid = Grid::new(setup.layout().board, star);
        let pos = Position::start(setup);
        let total: usize = pos
            .pieces(pos.to_move())
            .iter()
            .map(|p| reference_destinations(&pos, &grid, p).len())
            .sum();
        assert_eq!(total, pos.legal_moves().len(), "{setup}");
    }
}
