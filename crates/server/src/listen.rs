//! Accepting connections: a cap per client address on every connection (plain HTTP and
//! WebSocket alike), hyper's HTTP/1 with a header timeout, and a graceful stop.
//!
//! hyper's header timeout runs from a connection's opening, and again from the end of each
//! response, until the next request's headers are complete: a connection that sends nothing, or
//! its headers a byte at a time, or stays open idle after its last answer, is closed when it
//! runs out. Bodies and whole requests have their own limits ([`Timeouts`], applied as
//! `tower-http` layers on the router).

use crate::per_address::{SocketCounts, SocketSlot};
use crate::socket::stopping;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::io;
use std::pin::{pin, Pin};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// How long a client may take over its requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// From a connection's opening, or from the end of its last answer, to the end of the next
    /// request's headers. An idle kept-alive connection is closed when this runs out.
    pub header: Duration,
    /// The longest wait for the next part of a request body.
    pub body: Duration,
    /// The longest a request may take from its headers to its answer, reading its body
    /// included (`408 request_timeout`).
    pub request: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            header: Duration::from_secs(10),
            body: Duration::from_secs(10),
            request: Duration::from_secs(30),
        }
    }
}

/// The answer to a connection over its address's cap, written as it is closed.
fn too_many_connections(cap: usize) -> String {
    let body = format!(
        "{{\"code\":\"too_many_connections\",\"message\":\"your address already has {cap} \
         connections open: close some first\"}}"
    );
    format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// A TCP connection holding its place in its address's count until it is dropped (after a
/// WebSocket upgrade too: the upgraded socket owns it).
struct Counted {
    stream: TcpStream,
    _slot: SocketSlot,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Errors of one incoming connection, not of the listener.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Serves `router` on `listener` until `stop` says so, then lets open requests finish.
/// `connections_per_address`: 0 for no cap.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    timeouts: Timeouts,
    connections_per_address: usize,
    mut stop: watch::Receiver<bool>,
) {
    let counts = Arc::new(SocketCounts::default());
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(timeouts.header)
        .keep_alive(true);
    // Every connection task holds a receiver; the sender's `closed` waits for the last one.
    let (open_tx, open_rx) = watch::channel(());
    loop {
        let (stream, peer) = tokio::select! {
            _ = stopping(&mut stop) => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) if is_connection_error(&e) => continue,
                Err(e) => {
                    // Out of file descriptors, most likely: give open connections time to end.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let Some(slot) = counts.take(peer.ip(), connections_per_address) else {
            let _ = stream.try_write(too_many_connections(connections_per_address).as_bytes());
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let service = service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            router.clone().oneshot(request)
        });
        let io = TokioIo::new(Counted {
            stream,
            _slot: slot,
        });
        let connection = http.serve_connection(io, service).with_upgrades();
        let mut stop = stop.clone();
        let open = open_rx.clone();
        tokio::spawn(async move {
            let mut connection = pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stopping(&mut stop) => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(open);
        });
    }
    drop(open_rx);
    open_tx.closed().await;
}
