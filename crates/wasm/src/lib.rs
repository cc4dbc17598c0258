//! The browser API of kingme: rules and engine through wasm-bindgen.
