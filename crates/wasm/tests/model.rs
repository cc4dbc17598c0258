//! `web/src/wasm/model.ts` holds the TypeScript declarations of every type the page receives
//! from the rules; this test fails when the file is not what the Rust types say.
//! `KINGME_UPDATE_TYPES=1 cargo test -p kingme-wasm --test model` rewrites it.

use std::path::PathBuf;

fn expected() -> String {
    let mut text = String::from(
        "// Generated from crates/wasm/src/view.rs by `KINGME_UPDATE_TYPES=1 cargo test -p kingme-wasm --test model`.\n\
         // Do not edit: the test run fails when this file and the Rust types disagree.\n",
    );
    for decl in kingme_wasm::view::typescript_declarations() {
        text.push('\n');
        text.push_str(decl.trim());
        text.push('\n');
    }
    text
}

#[test]
fn the_typescript_model_is_generated_from_the_rust_types() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/src/wasm/model.ts");
    let want = expected();
    if std::env::var_os("KINGME_UPDATE_TYPES").is_some_and(|v| v == "1") {
        std::fs::write(&path, &want).expect("web/src/wasm/model.ts is writable");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is stale: run `KINGME_UPDATE_TYPES=1 cargo test -p kingme-wasm --test model`",
        path.display()
    );
}
