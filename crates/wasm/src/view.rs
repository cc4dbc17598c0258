//! The plain values that cross into JavaScript: squares as algebraic names, colors as words.

use serde::Serialize;

/// A legal move with its full route.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveView {
    /// Every square the piece stands on, starting with the square it leaves.
    pub path: Vec<String>,
    /// Captured pieces' squares, in the order they are jumped.
    pub captures: Vec<String>,
    /// The move as written on the site (`c3-d4`, `c3×e5×g7`).
    pub notation: String,
    /// Whether the moving man is crowned by this move.
    pub promotes: bool,
}

/// A piece on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceView {
    pub square: String,
    pub color: &'static str,
    pub king: bool,
}

/// Men and kings one side has left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Material {
    pub men: u32,
    pub kings: u32,
}

/// Pieces left per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PiecesLeft {
    pub white: Material,
    pub black: Material,
}

/// Moves (by each side) left before an automatic draw rule ends the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CountdownView {
    /// A stable key for the rule (`"quiet-moves"`, …), for translations.
    pub rule: String,
    /// The rule described in English.
    pub rule_name: String,
    pub moves_left: u32,
}

/// The move played last, and who played it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LastMoveView {
    pub color: &'static str,
    #[serde(flatten)]
    pub played: MoveView,
    /// Whether a draw offer travelled with it.
    pub offered_draw: bool,
}

/// A played move as a record keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordedMove {
    pub path: Vec<String>,
    /// Whether a draw offer travelled with it.
    pub offer: bool,
}

/// A game to replay: its rules, start, moves, and an ending no move made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordView {
    pub variant: &'static str,
    pub start_fen: String,
    pub moves: Vec<RecordedMove>,
    /// The side that resigned, if the game ended so.
    pub resigned: Option<&'static str>,
    /// Whether the game ended with a draw offer accepted.
    pub draw_agreed: bool,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResultView {
    /// `"white"`, `"black"`, or `None` for a draw.
    pub winner: Option<&'static str>,
    /// A stable key for the reason (`"no-pieces"`, `"no-moves"`, `"resignation"`,
    /// `"agreement"`, `"repetition"`, or a draw rule's key).
    pub reason: String,
    /// The reason described in English.
    pub reason_text: String,
}

/// Everything the screen needs to draw a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub variant: &'static str,
    pub size: u8,
    pub fen: String,
    pub turn: &'static str,
    pub ply: usize,
    pub pieces: Vec<PieceView>,
    /// Squares of the pieces that can capture, when capturing is compulsory now.
    pub must_capture: Vec<String>,
    pub pieces_left: PiecesLeft,
    pub countdowns: Vec<CountdownView>,
    pub last_move: Option<LastMoveView>,
    pub result: Option<ResultView>,
    /// The side whose draw offer waits for an answer.
    pub draw_offer: Option<&'static str>,
    /// Whether the side to move may attach a draw offer to its next move.
    pub may_offer_draw: bool,
    /// Every move played so far, in notation.
    pub moves: Vec<String>,
}

/// What the computer does on its turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
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
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchReport {
    pub nodes: u64,
    pub depth: u32,
    pub elapsed_ms: f64,
    pub best: Option<MoveView>,
}
