//! The built web site (`web/dist`), embedded in release builds, read from disk in debug builds.

use axum::body::Body;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/dist/"]
#[allow_missing = true]
struct Site;

const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<title>kingme</title></head><body><h1>kingme</h1><p>The web site was not built into this \
server. Run <code>./x serve</code>, which builds the site and then the server.</p></body></html>";

/// Whether the site was built into (or next to) this server.
pub fn site_built() -> bool {
    Site::get("index.html").is_some()
}

fn file(path: &str) -> Option<Response> {
    let asset = Site::get(path)?;
    let mime = asset.metadata.mimetype().to_string();
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    Some(
        (
            [
                (header::CONTENT_TYPE, mime),
                (header::CACHE_CONTROL, cache.to_string()),
            ],
            Body::from(asset.data.into_owned()),
        )
            .into_response(),
    )
}

/// The page for client-side routes (`/`, `/r/<id>`, …).
pub fn index() -> Response {
    file("index.html").unwrap_or_else(|| {
        (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            NOT_BUILT,
        )
            .into_response()
    })
}

/// Any other GET: a file of the site, the page for paths without a file extension, else 404.
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.is_empty() {
        return index();
    }
    if let Some(response) = file(path) {
        return response;
    }
    let last = path.rsplit('/').next().unwrap_or_default();
    if path.starts_with("api/") || path.starts_with("ws/") || last.contains('.') {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    index()
}
