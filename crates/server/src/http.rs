//! The JSON API and the WebSocket upgrade.

use crate::clocks::TimeControl;
use crate::game::GameKind;
use crate::ids::is_valid_id;
use crate::per_address::{AddressLimits, SocketCounts};
use crate::protocol::{ComputerSeatRequest, CreateRoom, RoomCreated, Seat};
use crate::room::SeatNo;
use crate::socket::{self, Shared};
use crate::state::{CreateError, Found};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use kingme_engine_core::Level;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// What the HTTP handlers share.
#[derive(Debug)]
pub struct App {
    pub shared: Arc<Shared>,
    /// With allowed origins, the `Host`s requests may name besides IP addresses: the allowed
    /// origins' (a name that is none of them may be a DNS rebinding attack). Empty: any.
    pub allowed_hosts: Vec<String>,
    /// Origins allowed to open sockets besides the server's own.
    pub allowed_origins: Vec<String>,
    pub sockets: AtomicUsize,
    pub per_address: AddressLimits,
    pub sockets_by_address: Arc<SocketCounts>,
    /// Every room socket's task holds a receiver: `closed` waits for the last to end.
    pub sessions: tokio::sync::watch::Sender<()>,
    /// The shortest initial time a timed room may have.
    pub min_clock_ms: u64,
}

/// The largest request body accepted (room creation is the only request with one).
pub const MAX_BODY_BYTES: usize = 4096;

/// The `host[:port]` of each origin (`http://localhost:5173` → `localhost:5173`).
pub fn hosts_of(origins: &[String]) -> Vec<String> {
    origins
        .iter()
        .map(|origin| {
            let host = origin.split_once("://").map_or(origin.as_str(), |(_, h)| h);
            host.trim_end_matches('/').to_ascii_lowercase()
        })
        .collect()
}

/// Whether a `Host` header names an IP address (with or without a port): such a request
/// cannot come from a rebound DNS name.
fn is_ip_host(host: &str) -> bool {
    if let Some(rest) = host.strip_prefix('[') {
        return rest
            .split_once(']')
            .is_some_and(|(ip, _)| ip.parse::<std::net::Ipv6Addr>().is_ok());
    }
    let ip = host.rsplit_once(':').map_or(host, |(ip, _)| ip);
    ip.parse::<std::net::Ipv4Addr>().is_ok()
}

/// Refuses a request whose `Host` is neither an allowed origin's nor an IP address.
pub async fn check_host(
    State(app): State<Arc<App>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    if is_ip_host(&host) || app.allowed_hosts.contains(&host) {
        return next.run(request).await;
    }
    problem(
        StatusCode::FORBIDDEN,
        "bad_host",
        format!("this server does not answer for the host {host:?}"),
    )
}

/// Whether `error` or one of its causes is an `E`.
pub fn caused_by<E: std::error::Error + 'static>(
    error: &(dyn std::error::Error + 'static),
) -> bool {
    let mut source = Some(error);
    while let Some(e) = source {
        if e.is::<E>() {
            return true;
        }
        source = e.source();
    }
    false
}

/// Refuses a request announcing a body over [`MAX_BODY_BYTES`] before any of it is read.
pub async fn refuse_large_bodies(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return problem(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            format!("a request body is at most {MAX_BODY_BYTES} bytes"),
        );
    }
    next.run(request).await
}

/// The request timeout's bare `408` as the usual `{code, message}`.
pub async fn explain_timeout(response: Response, timeouts: crate::Timeouts) -> Response {
    if response.status() != StatusCode::REQUEST_TIMEOUT {
        return response;
    }
    problem(
        StatusCode::REQUEST_TIMEOUT,
        "request_timeout",
        format!(
            "the request was not complete within {} s",
            timeouts.request.as_secs_f64()
        ),
    )
}

pub(crate) fn problem(status: StatusCode, code: &str, message: impl Into<String>) -> Response {
    let message: String = message.into();
    (status, Json(json!({ "code": code, "message": message }))).into_response()
}

/// `POST /api/rooms {"variant": "english"}`, optionally with `"fen"`: the position the room's
/// games start from, `"players"`, the creator's `"name"`, `"computers"` and `"clock"`.
pub async fn create_room(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match body {
        Ok(body) => body,
        Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            return problem(
                StatusCode::PAYLOAD_TOO_LARGE,
                "body_too_large",
                format!("a request body is at most {MAX_BODY_BYTES} bytes"),
            )
        }
        Err(rejection) if caused_by::<tower_http::timeout::TimeoutError>(&rejection) => {
            return problem(
                StatusCode::REQUEST_TIMEOUT,
                "body_timeout",
                "the request body stopped coming",
            )
        }
        Err(rejection) => {
            return problem(
                rejection.status(),
                "bad_body",
                format!(
                    "the request body could not be read: {}",
                    rejection.body_text()
                ),
            )
        }
    };
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
    let game = match GameKind::new(&request.variant, request.players) {
        Ok(game) => game,
        Err(e) if request.players.is_some() && GameKind::new(&request.variant, None).is_ok() => {
            return problem(StatusCode::BAD_REQUEST, "bad_players", e)
        }
        Err(e) => return problem(StatusCode::BAD_REQUEST, "bad_variant", e),
    };
    let name = match crate::room::display_name(request.name.as_deref()) {
        Ok(name) => name,
        Err(refusal) => return problem(StatusCode::BAD_REQUEST, "bad_name", refusal.message),
    };
    let computers =
        match computer_seats(request.computers.as_deref().unwrap_or(&[]), game.players()) {
            Ok(computers) => computers,
            Err(message) => return problem(StatusCode::BAD_REQUEST, "bad_computers", message),
        };
    let clock = match request.clock {
        None => None,
        Some(c) => match TimeControl::new(c.initial_ms, c.increment_ms, app.min_clock_ms) {
            Ok(control) => Some(control),
            Err(message) => return problem(StatusCode::BAD_REQUEST, "bad_clock", message),
        },
    };
    match app
        .shared
        .hub
        .create_room(game, request.fen, name, &computers, clock)
        .await
    {
        Ok((room, token)) => (
            StatusCode::CREATED,
            Json(RoomCreated {
                path: format!("/r/{room}"),
                room,
                token,
                seat: Seat::Creator,
                seat_no: 0,
                variant: game.key().to_string(),
                players: game.players(),
            }),
        )
            .into_response(),
        Err(CreateError::Fen(e)) => problem(StatusCode::BAD_REQUEST, "bad_fen", e),
        Err(CreateError::Computers(message)) => problem(
            StatusCode::SERVICE_UNAVAILABLE,
            "storage",
            format!("the room was made but not its computer seats: {message}"),
        ),
        Err(CreateError::Store(e)) => problem(
            StatusCode::SERVICE_UNAVAILABLE,
            "storage",
            format!("the room could not be saved: {e}"),
        ),
    }
}

/// The computer seats a new room asks for, checked: each a seat other than the creator's, once,
/// at a level the engine knows.
fn computer_seats(
    wanted: &[ComputerSeatRequest],
    seats: u8,
) -> Result<Vec<(SeatNo, Level)>, String> {
    let mut chosen: Vec<(SeatNo, Level)> = Vec::with_capacity(wanted.len());
    for request in wanted {
        if request.seat_no == 0 || request.seat_no >= seats {
            return Err(format!(
                "seat {} cannot be the computer's: the room's other seats are 1 to {}",
                request.seat_no,
                seats - 1
            ));
        }
        if chosen.iter().any(|(seat, _)| seat.0 == request.seat_no) {
            return Err(format!("seat {} is named twice", request.seat_no));
        }
        let level: Level = request
            .level
            .parse()
            .map_err(|e| format!("seat {}: {e}", request.seat_no))?;
        chosen.push((SeatNo(request.seat_no), level));
    }
    Ok(chosen)
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
            let snapshot = crate::socket::snapshot(&room, None, app.shared.hub.now());
            Json(json!({
                "room": snapshot.room,
                "variant": snapshot.variant,
                "joined": snapshot.joined,
                "players": snapshot.players,
                "seats": snapshot.seats,
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
    let limit = socket::frame_limit(&app.shared.limits);
    upgrade
        .max_message_size(limit)
        .max_frame_size(limit)
        // Room messages are small: the default 128 KiB buffers would dominate memory per room.
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(1 << 20)
        .on_upgrade(move |ws| async move {
            let session = app.sessions.subscribe();
            app.sockets.fetch_add(1, Ordering::Relaxed);
            socket::run(ws, app.shared.clone(), id).await;
            app.sockets.fetch_sub(1, Ordering::Relaxed);
            drop((slot, session));
        })
}
