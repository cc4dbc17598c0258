//! The JSON API and the WebSocket upgrade.

use crate::ids::is_valid_id;
use crate::per_address::{AddressLimits, SocketCounts};
use crate::socket::{self, Shared};
use crate::state::{CreateError, Found};
use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use kingme_draughts::Variant;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// What the HTTP handlers share.
#[derive(Debug)]
pub struct App {
    pub shared: Arc<Shared>,
    /// Origins allowed to open sockets besides the server's own.
    pub allowed_origins: Vec<String>,
    pub sockets: AtomicUsize,
    pub per_address: AddressLimits,
    pub sockets_by_address: Arc<SocketCounts>,
}

pub(crate) fn problem(status: StatusCode, code: &str, message: impl Into<String>) -> Response {
    let message: String = message.into();
    (status, Json(json!({ "code": code, "message": message }))).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRoom {
    variant: String,
    #[serde(default)]
    fen: Option<String>,
}

/// The answer to creating a room.
#[derive(Serialize, Deserialize, Debug)]
pub struct RoomCreated {
    pub room: String,
    pub token: String,
    pub seat: crate::protocol::Seat,
    pub variant: String,
    /// The link to share, relative to the site.
    pub path: String,
}

/// `POST /api/rooms {"variant": "english"}`, optionally with `"fen"`: the position the room's
/// games start from.
pub async fn create_room(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let request: CreateRoom = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return problem(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("expected {{\"variant\": \"english\"}}: {e}"),
            )
        }
    };
    let variant: Variant = match request.variant.parse() {
        Ok(v) => v,
        Err(e) => return problem(StatusCode::BAD_REQUEST, "bad_variant", format!("{e}")),
    };
    match app.shared.hub.create_room(variant, request.fen).await {
        Ok((room, token)) => (
            StatusCode::CREATED,
            Json(RoomCreated {
                path: format!("/r/{room}"),
                room,
                token,
                seat: crate::protocol::Seat::Creator,
                variant: variant.key().to_string(),
            }),
        )
            .into_response(),
        Err(CreateError::Fen(e)) => problem(StatusCode::BAD_REQUEST, "bad_fen", e.to_string()),
        Err(CreateError::Store(e)) => problem(
            StatusCode::SERVICE_UNAVAILABLE,
            "storage",
            format!("the room could not be saved: {e}"),
        ),
    }
}

fn expired_message() -> &'static str {
    "this room has expired: rooms are deleted 30 minutes after both players left and 24 hours \
     after they were made. Start a new game."
}

/// `GET /api/rooms/<id>`: whether the room exists, and its rules.
pub async fn room_info(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    if !is_valid_id(&id) {
        return problem(
            StatusCode::NOT_FOUND,
            "room_not_found",
            "there is no room with this link",
        );
    }
    match app.shared.hub.find(&id).await {
        Ok(Found::Live(handle)) => {
            let room = handle.room.lock().await;
            let snapshot = crate::socket::snapshot(&room, None);
            Json(json!({
                "room": snapshot.room,
                "variant": snapshot.variant,
                "joined": snapshot.joined,
                "game": snapshot.game,
                "created_at": snapshot.created_at,
                "expires_at": snapshot.expires_at,
                "presence": snapshot.presence,
            }))
            .into_response()
        }
        Ok(Found::Expired) => problem(StatusCode::GONE, "room_expired", expired_message()),
        Ok(Found::Missing) => problem(
            StatusCode::NOT_FOUND,
            "room_not_found",
            "there is no room with this link",
        ),
        Err(e) => problem(StatusCode::SERVICE_UNAVAILABLE, "storage", e.to_string()),
    }
}

/// The server process's resident memory in bytes (Linux), for load measurements.
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// `GET /api/health`.
pub async fn health(State(app): State<Arc<App>>) -> Response {
    Json(json!({
        "ok": true,
        "site_built": crate::assets::site_built(),
        "rooms": app.shared.hub.room_count(),
        "sockets": app.sockets.load(Ordering::Relaxed),
        "rss_bytes": resident_bytes(),
    }))
    .into_response()
}

fn origin_allowed(app: &App, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true; // not a browser
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if app.allowed_origins.iter().any(|o| o == origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

/// `GET /ws/<room>`: the room's WebSocket.
pub async fn room_socket(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&app, &headers) {
        return problem(
            StatusCode::FORBIDDEN,
            "bad_origin",
            "sockets may only be opened from this site",
        );
    }
    let max_sockets = app.per_address.sockets;
    let Some(slot) = app.sockets_by_address.take(peer.ip(), max_sockets) else {
        return problem(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_sockets",
            format!("your address already has {max_sockets} connections open: close some first"),
        );
    };
    let limit = app.shared.limits.max_message_bytes;
    upgrade
        .max_message_size(limit.saturating_mul(16))
        .max_frame_size(limit.saturating_mul(16))
        // Room messages are small: the default 128 KiB buffers would dominate memory per room.
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(1 << 20)
        .on_upgrade(move |ws| async move {
            app.sockets.fetch_add(1, Ordering::Relaxed);
            socket::run(ws, app.shared.clone(), id).await;
            app.sockets.fetch_sub(1, Ordering::Relaxed);
            drop(slot);
        })
}
