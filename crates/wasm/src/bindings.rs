//! The JavaScript surface: a `Game` class whose structured results are plain JS objects.

use crate::session::{parse_level, Session, SessionError};
use crate::SystemClock;
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

fn js_error(e: SessionError) -> JsError {
    JsError::new(&e.0)
}

/// What the computer remembers between its turns (its transposition table); one per worker.
#[wasm_bindgen(js_name = EngineMemory)]
#[derive(Debug, Default)]
pub struct JsMemory {
    memory: kingme_engine::Memory,
}

#[wasm_bindgen(js_class = EngineMemory)]
impl JsMemory {
    #[wasm_bindgen(constructor)]
    pub fn new() -> JsMemory {
        JsMemory::default()
    }
}

/// A game of draughts under the rules of one variant.
#[wasm_bindgen(js_name = Game)]
#[derive(Debug)]
pub struct JsGame {
    session: Session,
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A new game of `variant`, from its starting position or from `fen`.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: Option<String>) -> Result<JsGame, JsError> {
        let session = Session::new(variant, fen.as_deref()).map_err(js_error)?;
        Ok(JsGame { session })
    }

    /// A game read from PDN text.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(text: &str, variant: Option<String>) -> Result<JsGame, JsError> {
        let session = Session::from_pdn(text, variant.as_deref()).map_err(js_error)?;
        Ok(JsGame { session })
    }

    /// The game to replay: `{ variant, startFen, moves: {path, offer}[], resigned, drawAgreed }`.
    pub fn record(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.record())
    }

    /// Every legal move: `{ path, captures, notation, promotes }[]`.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.legal_moves())
    }

    /// Plays a move written in notation; returns the move played.
    pub fn play(&mut self, text: &str, offer_draw: bool) -> Result<JsValue, JsError> {
        let played = self.session.play_text(text, offer_draw).map_err(js_error)?;
        to_js(&played)
    }

    /// Plays the legal move whose route is `path` (start square first).
    #[wasm_bindgen(js_name = playPath)]
    pub fn play_path(&mut self, path: Vec<String>, offer_draw: bool) -> Result<JsValue, JsError> {
        let played = self
            .session
            .play_path(&path, offer_draw)
            .map_err(js_error)?;
        to_js(&played)
    }

    /// Takes back the last move; returns it, or `undefined` at the start.
    pub fn undo(&mut self) -> Result<JsValue, JsError> {
        match self.session.undo() {
            Some(m) => to_js(&m),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// `color` (`"white"` or `"black"`) resigns.
    pub fn resign(&mut self, color: &str) -> Result<(), JsError> {
        self.session.resign(color).map_err(js_error)
    }

    /// Accepts the pending draw offer.
    #[wasm_bindgen(js_name = acceptDraw)]
    pub fn accept_draw(&mut self) -> Result<(), JsError> {
        self.session.accept_draw().map_err(js_error)
    }

    /// The state the screen draws.
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        to_js(&self.session.snapshot())
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.session.fen()
    }

    /// The position the game started from, as FEN.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.session.start_fen()
    }

    /// The game as PDN.
    #[wasm_bindgen(js_name = toPdn)]
    pub fn to_pdn(&self) -> String {
        self.session.to_pdn()
    }

    /// The computer's turn at `level`: `{ acceptDraw, move, offerDraw }`. `memory` keeps what
    /// it learns for its next turns (Expert uses it).
    #[wasm_bindgen(js_name = computerTurn)]
    pub fn computer_turn(
        &self,
        level: &str,
        seed: u32,
        memory: &mut JsMemory,
    ) -> Result<JsValue, JsError> {
        let level = parse_level(level).map_err(js_error)?;
        let turn = self
            .session
            .computer_turn(level, &SystemClock, u64::from(seed), &mut memory.memory)
            .map_err(js_error)?;
        to_js(&turn)
    }

    /// Searches `nodes` nodes: `{ nodes, depth, elapsedMs, best }`.
    #[wasm_bindgen(js_name = searchNodes)]
    pub fn search_nodes(&self, nodes: u32) -> Result<JsValue, JsError> {
        to_js(&self.session.search_nodes(u64::from(nodes), &SystemClock))
    }
}
