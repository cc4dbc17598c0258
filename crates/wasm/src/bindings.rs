//! The JavaScript surface: a `Game` class whose structured results are typed plain JS objects
//! (their TypeScript declarations come from `view`'s types through `tsify`). Its errors are JS
//! `Error`s with the English message and, as `rules`, the [`ErrorView`] (code and parameters).

use crate::errors::ErrorView;
use crate::session::{self, parse_level, Memory, Session, SessionError};
use crate::view::{ComputerTurn, GameInfo, GameView, MoveView, RecordView, SearchReport};
use crate::SystemClock;
use kingme_engine_core::TimeLeft;
use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

fn to_ts<T: Tsify + Serialize>(value: &T) -> Result<Ts<T>, JsValue> {
    value
        .into_ts()
        .map_err(|e| JsValue::from(JsError::new(&e.to_string())))
}

fn js_error(e: SessionError) -> JsValue {
    let error = js_sys::Error::new(&e.0.message);
    if let Ok(rules) = to_ts::<ErrorView>(&e.0) {
        // Setting a property of a fresh Error cannot fail; the message is there either way.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("rules"), &rules.into());
    }
    error.into()
}

/// Every game the site offers: key, English name, family and player counts.
#[wasm_bindgen]
pub fn games() -> Result<Vec<Ts<GameInfo>>, JsValue> {
    session::games().iter().map(to_ts).collect()
}

/// What the computer remembers between its turns (its transposition tables); one per worker.
#[wasm_bindgen(js_name = EngineMemory)]
#[derive(Debug, Default)]
pub struct JsMemory {
    memory: Memory,
}

#[wasm_bindgen(js_class = EngineMemory)]
impl JsMemory {
    #[wasm_bindgen(constructor)]
    pub fn new() -> JsMemory {
        JsMemory::default()
    }

    /// The compressed values (raw DEFLATE) of an endgame table file (`<signature>.egdb`) of
    /// the draughts variant `variant`, once its header is checked; the page decompresses them
    /// (`DecompressionStream("deflate-raw")`) and passes them to `addEgdbTable`.
    #[wasm_bindgen(js_name = egdbCompressed)]
    pub fn egdb_compressed(variant: &str, file: &[u8]) -> Result<Vec<u8>, JsError> {
        let variant: kingme_draughts::Variant =
            variant.parse().map_err(|e| JsError::new(&format!("{e}")))?;
        kingme_egdb::Egdb::new(variant)
            .compressed_values(file)
            .map(<[u8]>::to_vec)
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// Plays from the opening book `file` (a `kingme book build` file, `data/book/<variant>.bin`)
    /// of the draughts variant `variant` at Advanced and Expert; returns its number of
    /// positions. A bad file is refused with the reason, the memory unchanged.
    #[wasm_bindgen(js_name = addBook)]
    pub fn add_book(&mut self, variant: &str, file: &[u8]) -> Result<usize, JsError> {
        let variant: kingme_draughts::Variant =
            variant.parse().map_err(|e| JsError::new(&format!("{e}")))?;
        let book = kingme_engine::book::Book::from_bytes(variant, file)
            .map_err(|e| JsError::new(&e.to_string()))?;
        let positions = book.len();
        self.memory.draughts.set_book(std::sync::Arc::new(book));
        Ok(positions)
    }

    /// Adds an endgame table: its file and its decompressed values; returns its signature. A
    /// bad file (or values that are not the file's) is refused with the reason, the memory
    /// unchanged.
    #[wasm_bindgen(js_name = addEgdbTable)]
    pub fn add_egdb_table(
        &mut self,
        variant: &str,
        file: &[u8],
        values: Vec<u8>,
    ) -> Result<String, JsError> {
        let variant: kingme_draughts::Variant =
            variant.parse().map_err(|e| JsError::new(&format!("{e}")))?;
        self.memory
            .draughts
            .add_egdb_table(variant, file, values)
            .map(|s| s.to_string())
            .map_err(|e| JsError::new(&e.to_string()))
    }
}

/// A game of any kind the site offers.
#[wasm_bindgen(js_name = Game)]
#[derive(Debug)]
pub struct JsGame {
    session: Session,
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A new game of `variant` for `players` (the smallest count when absent), from its start
    /// or from `position` (FEN for draughts, a position string for Halma).
    #[wasm_bindgen(constructor)]
    pub fn new(
        variant: &str,
        players: Option<u8>,
        position: Option<String>,
    ) -> Result<JsGame, JsValue> {
        let session = Session::new(variant, players, position.as_deref()).map_err(js_error)?;
        Ok(JsGame { session })
    }

    /// A game read from its record (PDN for draughts, the Halma record format); `variant` and
    /// `players` are assumed where the record does not say.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        text: &str,
        variant: Option<String>,
        players: Option<u8>,
    ) -> Result<JsGame, JsValue> {
        let session = Session::from_record(text, variant.as_deref(), players).map_err(js_error)?;
        Ok(JsGame { session })
    }

    /// The game to replay: rules, start, moves with their draw offers, resignations.
    pub fn record(&self) -> Result<Ts<RecordView>, JsValue> {
        to_ts(&self.session.record())
    }

    /// Every legal move with its full route.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<Vec<Ts<MoveView>>, JsValue> {
        self.session.legal_moves().iter().map(to_ts).collect()
    }

    /// Plays a move written in notation; returns the move played.
    pub fn play(&mut self, text: &str, offer_draw: bool) -> Result<Ts<MoveView>, JsValue> {
        let played = self.session.play_text(text, offer_draw).map_err(js_error)?;
        to_ts(&played)
    }

    /// Plays the legal move whose route is `path` (start first; empty for a pass).
    #[wasm_bindgen(js_name = playPath)]
    pub fn play_path(
        &mut self,
        path: Vec<String>,
        offer_draw: bool,
    ) -> Result<Ts<MoveView>, JsValue> {
        let played = self
            .session
            .play_path(&path, offer_draw)
            .map_err(js_error)?;
        to_ts(&played)
    }

    /// Takes back the last turn; returns its move, or `undefined` at the start.
    pub fn undo(&mut self) -> Result<Option<Ts<MoveView>>, JsValue> {
        self.session.undo().as_ref().map(to_ts).transpose()
    }

    /// The player in `seat` (0-based) resigns.
    pub fn resign(&mut self, seat: u8) -> Result<(), JsValue> {
        self.session.resign(seat).map_err(js_error)
    }

    /// The player in `seat` (0-based) ran out of time: the game ends (won by the other side, or
    /// drawn when it could not win) or, in Halma with more than two players, the seat leaves.
    #[wasm_bindgen(js_name = timeOut)]
    pub fn time_out(&mut self, seat: u8) -> Result<(), JsValue> {
        self.session.time_out(seat).map_err(js_error)
    }

    /// Accepts the pending draw offer (draughts).
    #[wasm_bindgen(js_name = acceptDraw)]
    pub fn accept_draw(&mut self) -> Result<(), JsValue> {
        self.session.accept_draw().map_err(js_error)
    }

    /// The state the screen draws.
    pub fn view(&self) -> Result<Ts<GameView>, JsValue> {
        to_ts(&self.session.view())
    }

    /// The state after the first `moves` moves, as `view` would have drawn it then.
    #[wasm_bindgen(js_name = viewAt)]
    pub fn view_at(&self, moves: usize) -> Result<Ts<GameView>, JsValue> {
        to_ts(&self.session.view_at(moves).map_err(js_error)?)
    }

    /// The current position as FEN or position string.
    pub fn fen(&self) -> String {
        self.session.fen()
    }

    /// The position the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.session.start_fen()
    }

    /// The game as text: PDN for draughts, the Halma record for the Halma family.
    #[wasm_bindgen(js_name = recordText)]
    pub fn record_text(&self) -> String {
        self.session.record_text()
    }

    /// The computer's turn at `level` for the seat to move: `{ acceptDraw, move, offerDraw }`.
    /// `memory` keeps what it learns for its next turns (Expert uses it). With
    /// `remaining_ms` (its clock) and `increment_ms`, it thinks no longer than they allow.
    #[wasm_bindgen(js_name = computerTurn)]
    pub fn computer_turn(
        &self,
        level: &str,
        seed: u32,
        memory: &mut JsMemory,
        remaining_ms: Option<f64>,
        increment_ms: Option<f64>,
    ) -> Result<Ts<ComputerTurn>, JsValue> {
        let level = parse_level(level).map_err(js_error)?;
        // Milliseconds from JavaScript: negative or broken values count as none left.
        let ms = |v: f64| {
            if v.is_finite() && v > 0.0 {
                v as u64
            } else {
                0
            }
        };
        let time = remaining_ms.map(|r| TimeLeft {
            remaining_ms: ms(r),
            increment_ms: increment_ms.map_or(0, ms),
        });
        let turn = self
            .session
            .computer_turn(
                level,
                &SystemClock,
                u64::from(seed),
                time,
                &mut memory.memory,
            )
            .map_err(js_error)?;
        to_ts(&turn)
    }

    /// Searches `nodes` nodes.
    #[wasm_bindgen(js_name = searchNodes)]
    pub fn search_nodes(&self, nodes: u32) -> Result<Ts<SearchReport>, JsValue> {
        to_ts(&self.session.search_nodes(u64::from(nodes), &SystemClock))
    }

    /// Searches `nodes` nodes probing the endgame tables `memory` holds.
    #[wasm_bindgen(js_name = searchNodesWith)]
    pub fn search_nodes_with(
        &self,
        nodes: u32,
        memory: &JsMemory,
    ) -> Result<Ts<SearchReport>, JsValue> {
        to_ts(
            &self
                .session
                .search_nodes_with(u64::from(nodes), &SystemClock, &memory.memory),
        )
    }

    /// The endgame tables (signatures such as `0201`) the game can reach from its position,
    /// when it has at most `max_pieces` pieces: the ones the worker fetches before thinking.
    #[wasm_bindgen(js_name = egdbTables)]
    pub fn egdb_tables(&self, max_pieces: u32) -> Vec<String> {
        self.session.egdb_tables(max_pieces)
    }
}
