//! The endgame tables (`data/egdb/<variant>/<signature>.egdb`) for the browser's engine worker,
//! embedded in the binary as the site is (read from disk in debug builds): one server file is
//! the whole deployment, and a table always matches the server that serves it.

use crate::http::problem;
use axum::body::Body;
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../data/egdb/"]
#[allow_missing = true]
struct Tables;

/// `GET /egdb/{variant}/{file}`: one table file, cached by the browser for good (a table of a
/// name never changes: its header names its variant and signature, and the worker checks it).
/// An unknown variant or file is a 404 with a JSON `code` and `message`.
pub async fn table(Path((variant, file)): Path<(String, String)>) -> Response {
    let known_variant = Tables::iter().any(|p| p.split('/').next() == Some(variant.as_str()));
    if !known_variant {
        return problem(
            StatusCode::NOT_FOUND,
            "unknown_variant",
            format!("there are no endgame tables for “{variant}”"),
        );
    }
    // A signature's digits and the extension: nothing else names a file in the folder.
    let well_formed = file
        .strip_suffix(".egdb")
        .is_some_and(|sig| !sig.is_empty() && sig.bytes().all(|b| b.is_ascii_digit()));
    let found = if well_formed {
        Tables::get(&format!("{variant}/{file}"))
    } else {
        None
    };
    match found {
        Some(table) => (
            [
                (header::CONTENT_TYPE, "application/octet-stream"),
                (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
            ],
            Body::from(table.data.into_owned()),
        )
            .into_response(),
        None => problem(
            StatusCode::NOT_FOUND,
            "unknown_table",
            format!("there is no endgame table “{file}” for {variant}"),
        ),
    }
}
