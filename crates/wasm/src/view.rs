//! The plain values that cross into JavaScript, the same for every game on the site: a board as
//! a list of cells, players as seat indices (0-based), points by their names.
//!
//! Every type here derives `Tsify`; `tests/model.rs` writes their TypeScript declarations into
//! `web/src/wasm/model.ts` and fails when that file is stale.

use serde::Serialize;
use tsify::Tsify;

/// The two families of games: draughts and Halma (with Chinese checkers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum Family {
    Draughts,
    Halma,
}

/// A game the site offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    /// The key used everywhere (`english`, `halma-8`, `chinese-checkers`, …).
    pub key: String,
    /// The game's name in English.
    pub name: String,
    pub family: Family,
    /// The player counts it is offered for, smallest first.
    pub players: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum BoardShape {
    Square,
    Star,
}

/// One point (or square) of a board.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct Cell {
    /// The game's own name of the point (`c3`, `i5`).
    pub name: String,
    /// Centre in the board plane, one unit between neighbouring points; x to the right, y away
    /// from the first seat's side.
    pub x: f64,
    pub y: f64,
    /// False only for the light squares of a draughts board.
    pub playable: bool,
    /// The seat whose home camp this cell is.
    pub camp: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct BoardLayout {
    pub shape: BoardShape,
    pub cells: Vec<Cell>,
}

/// The colour a seat plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum ColorKey {
    White,
    Black,
    Red,
    Yellow,
    Green,
    Blue,
    Violet,
    Orange,
}

/// A player's place at the board.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct SeatView {
    /// 0-based (a Halma seat number less one; draughts: 0 for the side starting on ranks 1…).
    pub index: u8,
    pub color: ColorKey,
    /// Degrees, counter-clockwise seen from above, that bring this seat's side to the near edge.
    pub view_angle: f64,
    /// Where the seat sits: `south`, `north`, `south-west`, …, for translations.
    pub name: String,
}

/// A legal or played move with its full route.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct MoveView {
    /// Every point the piece stands on, starting with the one it leaves (empty for a pass).
    pub path: Vec<String>,
    /// Captured pieces' squares, in the order they are jumped (draughts).
    pub captures: Vec<String>,
    /// The move as written on the site (`c3-d4`, `c3×e5×g7`, `d1-e5`, `pass`).
    pub notation: String,
    /// Whether the moving man is crowned by this move (draughts).
    pub promotes: bool,
}

/// A piece on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct PieceView {
    pub cell: String,
    pub seat: u8,
    pub king: bool,
}

/// A played move and who played it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct LastMoveView {
    pub seat: u8,
    #[serde(flatten)]
    pub played: MoveView,
    /// Whether a draw offer travelled with it.
    pub offered_draw: bool,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct ResultView {
    /// Seats by place: `placings[0]` are first (several when they share it).
    pub placings: Vec<Vec<u8>>,
    /// The one winner, when the first place is not shared.
    pub winner: Option<u8>,
    /// A stable key for the reason (`no-pieces`, `resignation`, `target-filled`, …).
    pub reason: String,
    /// The reason in English.
    pub reason_text: String,
}

/// Men and kings one side has left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Material {
    pub seat: u8,
    pub men: u32,
    pub kings: u32,
}

/// Moves (by each side) left before an automatic draw rule ends the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct CountdownView {
    /// A stable key for the rule (`"quiet-moves"`, …), for translations.
    pub rule: String,
    /// The rule described in English.
    pub rule_name: String,
    pub moves_left: u32,
}

/// What only draughts has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct DraughtsDetails {
    /// Squares of the pieces that can capture, when capturing is compulsory now.
    pub must_capture: Vec<String>,
    pub pieces_left: Vec<Material>,
    pub countdowns: Vec<CountdownView>,
    /// The seat whose draw offer waits for an answer.
    pub draw_offer: Option<u8>,
    /// Whether the side to move may attach a draw offer to its next move.
    pub may_offer_draw: bool,
}

/// Where a Halma player stands in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum SeatState {
    Playing,
    /// Filled the target camp.
    Finished,
    Resigned,
    /// Out of the game: its time ran out.
    TimedOut,
    /// Out by the yard rule.
    YardRule,
}

/// One Halma player's progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct HalmaSeat {
    pub seat: u8,
    /// The seat whose home camp is this player's target.
    pub target: u8,
    /// Pieces not yet in the target camp.
    pub outside_target: u32,
    pub moves_made: u32,
    /// Moves left to clear the own camp under the yard rule (while pieces are still in it).
    pub yard_moves_left: Option<u32>,
    pub state: SeatState,
    /// The place reached, once known.
    pub place: Option<u32>,
}

/// What only Halma and Chinese checkers have.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct HalmaDetails {
    pub players: u8,
    /// The round being played (1 = the first).
    pub round: u32,
    /// The moves after which a piece left in the own camp loses (8×8: 30, 10×10: 50).
    pub yard_limit: Option<u32>,
    /// Every player still playing has made this many moves: the game is drawn among them.
    pub move_limit: u32,
    /// In turn order.
    pub seats: Vec<HalmaSeat>,
}

/// What belongs to one family of games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(tag = "family", rename_all = "camelCase")]
pub enum Details {
    Draughts(DraughtsDetails),
    Halma(HalmaDetails),
}

/// Everything the screen needs to draw a game.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
// Maps as objects: `LastMoveView` flattens its move, which serde writes as a map.
#[tsify(missing_as_null, hashmap_as_object)]
pub struct GameView {
    pub variant: String,
    pub layout: BoardLayout,
    /// The seats in play, in turn order.
    pub seats: Vec<SeatView>,
    /// The position as FEN (draughts) or position string (Halma).
    pub fen: String,
    /// The seat to move; none once the game is over.
    pub turn: Option<u8>,
    pub ply: usize,
    pub pieces: Vec<PieceView>,
    pub last_move: Option<LastMoveView>,
    /// Each seat's latest move, in the order they were played.
    pub last_moves: Vec<LastMoveView>,
    pub result: Option<ResultView>,
    /// Every move played so far, in notation.
    pub moves: Vec<String>,
    /// Every move played so far, numbered as the game's records number them.
    pub history: Vec<HistoryEntry>,
    pub details: Details,
}

/// A played move in the game's move list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    /// The number the record gives it: a draughts move number (a move of each side, PDN), or
    /// the round (Halma, one move per seat).
    pub number: u32,
    pub seat: u8,
    /// The move as the site writes it (`c3-d4`), as `MoveView::notation`.
    pub notation: String,
    /// The move as the game's records write it: PDN for draughts (`11-15`, `32x23x14`, or
    /// algebraic `c3:e5` for the variants that use it), the hop path for Halma.
    pub record: String,
    /// Whether a draw offer travelled with it.
    pub offered_draw: bool,
}

/// A played move as a record keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct RecordedMove {
    pub path: Vec<String>,
    /// Whether a draw offer travelled with it.
    pub offer: bool,
}

/// A game to replay: its rules, start, moves, and endings no move made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct RecordView {
    pub variant: String,
    pub players: u8,
    pub start_fen: String,
    /// Every move played (resignations and time-outs are listed apart).
    pub moves: Vec<RecordedMove>,
    /// The seats that resigned, with the number of moves played before each resignation.
    pub resigned: Vec<Resignation>,
    /// The seats that ran out of time, with the number of moves played before each.
    pub timed_out: Vec<Resignation>,
    /// Whether the game ended with a draw offer accepted.
    pub draw_agreed: bool,
}

/// A seat leaving the game (resigning, or out of time) after `after` moves of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Resignation {
    pub seat: u8,
    pub after: usize,
}

/// What the computer does on its turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct ComputerTurn {
    /// The computer accepts the pending draw offer instead of moving.
    pub accept_draw: bool,
    /// The move it plays (none when it accepts a draw or has no move).
    #[serde(rename = "move")]
    pub chosen: Option<MoveView>,
    /// Whether it offers a draw with that move.
    pub offer_draw: bool,
}

/// The outcome of a fixed-size search, for measuring speed.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct SearchReport {
    pub nodes: u64,
    pub depth: u32,
    pub elapsed_ms: f64,
    pub best: Option<MoveView>,
}

/// The list of every declaration, for writing `web/src/wasm/model.ts`.
pub fn typescript_declarations() -> Vec<&'static str> {
    vec![
        Family::DECL,
        GameInfo::DECL,
        BoardShape::DECL,
        Cell::DECL,
        BoardLayout::DECL,
        ColorKey::DECL,
        SeatView::DECL,
        MoveView::DECL,
        PieceView::DECL,
        LastMoveView::DECL,
        ResultView::DECL,
        Material::DECL,
        CountdownView::DECL,
        DraughtsDetails::DECL,
        SeatState::DECL,
        HalmaSeat::DECL,
        HalmaDetails::DECL,
        Details::DECL,
        HistoryEntry::DECL,
        GameView::DECL,
        RecordedMove::DECL,
        RecordView::DECL,
        Resignation::DECL,
        ComputerTurn::DECL,
        SearchReport::DECL,
        crate::errors::ErrorCode::DECL,
        crate::errors::ErrorView::DECL,
    ]
}
