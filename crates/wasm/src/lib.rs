//! The browser API of kingme: rules and engine through wasm-bindgen.
//!
//! [`session::Session`] holds a game of any family (draughts, or Halma and Chinese checkers) and
//! builds the game-neutral views of [`view`] that the page draws; `bindings` exposes it to
//! JavaScript as the class `Game`, whose errors are JS `Error`s carrying the Rust message.

mod bindings;
pub mod draughts;
pub mod errors;
pub mod halma;
pub mod session;
pub mod view;

pub use bindings::{JsGame, JsMemory};

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `performance.now()`: monotonic, in pages and in workers alike.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Milliseconds from the host: `performance.now()` in the browser, the system clock natively.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl kingme_engine_core::Clock for SystemClock {
    #[cfg(target_arch = "wasm32")]
    fn now_ms(&self) -> f64 {
        performance_now()
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn now_ms(&self) -> f64 {
        use std::time::{SystemTime, UNIX_EPOCH};
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}
