//! The Halma rules' perft, exported from WebAssembly so that `halma_speed.mjs` can time them
//! in wasm against the native build (`kingme-halma`'s `examples/perft_speed.rs`).
//!
//! ```sh
//! cargo build --release --target wasm32-unknown-unknown -p kingme-wasm --example halma_speed
//! cargo build --release -p kingme-halma --example perft_speed
//! node crates/wasm/examples/halma_speed.mjs [depth] [runs]
//! ```

use kingme_halma::{perft, Position, Setup, Variant};

/// Leaves of the start position of `Setup::all()`'s setup number `setup` at `depth`, or 0 for
/// a setup number out of range.
// A C-ABI export needs an unmangled name; nothing here is unsafe.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn perft_start(setup: u32, depth: u32) -> f64 {
    match Setup::all().nth(setup as usize) {
        Some(s) => perft(&Position::start(s), depth) as f64,
        None => 0.0,
    }
}

/// How many setups [`perft_start`] knows.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn setup_count() -> u32 {
    Setup::all().count() as u32
}

/// Variant (0–3 in `Variant::ALL` order) and player count of setup number `setup`, as
/// `variant * 16 + players`.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn setup_code(setup: u32) -> u32 {
    Setup::all()
        .nth(setup as usize)
        .map(|s| {
            let v = Variant::ALL
                .iter()
                .position(|&v| v == s.variant())
                .unwrap_or(0);
            v as u32 * 16 + u32::from(s.players())
        })
        .unwrap_or(0)
}
