//! The kingme web server: serves the site and runs online rooms.
//!
//! ```no_run
//! # async fn run() -> Result<(), kingme_server::ServerError> {
//! let server = kingme_server::Server::bind(kingme_server::ServerOptions::default()).await?;
//! println!("http://{}", server.local_addr());
//! server.run().await
//! # }
//! ```

pub mod assets;
pub mod clock;
pub mod clocks;
mod computer;
mod egdb;
pub mod game;
mod http;
pub mod ids;
mod listen;
mod per_address;
pub mod protocol;
pub mod room;
mod socket;
pub mod sqlite;
mod state;
pub mod store;
pub mod stored;

pub use clock::{Clock, ManualClock, SystemClock};
pub use listen::Timeouts;
pub use per_address::AddressLimits;
pub use protocol::RoomCreated;
pub use socket::Limits;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use socket::Shared;
pub use sqlite::Durability;
use sqlite::SqliteStore;
use state::Hub;
use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;
use store::{Store, StoreError};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};

/// How long a stopping server waits for its room sockets to close.
const SESSIONS_CLOSE_WAIT: Duration = Duration::from_secs(5);

/// The least time between a room's previous move and a computer's, unless set otherwise.
pub const DEFAULT_COMPUTER_PACE: Duration = Duration::from_millis(700);

/// How a server is set up.
#[derive(Debug, Clone)]
pub struct ServerOptions {
    pub addr: SocketAddr,
    /// The SQLite file; `None` keeps rooms in memory only.
    pub db: Option<PathBuf>,
    /// When the SQLite file's commits reach the disk.
    pub durability: Durability,
    pub clock: Arc<dyn Clock>,
    pub limits: Limits,
    /// Origins besides the server's own that may open sockets (e.g. a development server).
    pub allowed_origins: Vec<String>,
    /// How often rooms are checked for expiry and absent players; `None`: only on
    /// [`ServerHandle::sweep`].
    pub sweep_every: Option<Duration>,
    /// What one client address may do.
    pub per_address: AddressLimits,
    /// How long a client may take over its requests.
    pub timeouts: Timeouts,
    /// The least time between a room's previous move and a computer seat's move being played,
    /// so that people can follow computers playing each other (zero: at once).
    pub computer_pace: Duration,
    /// The shortest initial time a timed room may have, in milliseconds.
    pub min_clock_ms: u64,
}

impl Default for ServerOptions {
    fn default() -> ServerOptions {
        ServerOptions {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: Some(PathBuf::from("kingme.db")),
            durability: Durability::Full,
            clock: Arc::new(SystemClock),
            limits: Limits::default(),
            allowed_origins: Vec::new(),
            sweep_every: Some(Duration::from_secs(5)),
            per_address: AddressLimits::default(),
            timeouts: Timeouts::default(),
            computer_pace: DEFAULT_COMPUTER_PACE,
            min_clock_ms: clocks::DEFAULT_MIN_INITIAL_MS,
        }
    }
}

/// Why the server could not start or stopped.
#[derive(Debug)]
pub enum ServerError {
    Store(StoreError),
    Io(std::io::Error),
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerError::Store(e) => e.fmt(f),
            ServerError::Io(e) => write!(f, "network: {e}"),
        }
    }
}

impl std::error::Error for ServerError {}

impl From<StoreError> for ServerError {
    fn from(e: StoreError) -> ServerError {
        ServerError::Store(e)
    }
}

impl From<std::io::Error> for ServerError {
    fn from(e: std::io::Error) -> ServerError {
        ServerError::Io(e)
    }
}

/// A bound server, ready to run.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    app: Arc<http::App>,
    handle: ServerHandle,
    sweep_every: Option<Duration>,
    restored: usize,
    timeouts: Timeouts,
}

/// Controls a running server from elsewhere.
#[derive(Debug, Clone)]
pub struct ServerHandle {
    stop: Arc<watch::Sender<bool>>,
    shared: Arc<Shared>,
}

impl ServerHandle {
    /// Starts a graceful shutdown: stop accepting, close sockets with "restarting", flush.
    pub fn shutdown(&self) {
        self.stop.send_replace(true);
    }

    /// Runs one expiry and absence check now. Returns how many rooms expired.
    pub async fn sweep(&self) -> usize {
        self.shared.hub.sweep().await
    }

    /// How many rooms are live.
    pub fn room_count(&self) -> usize {
        self.shared.hub.room_count()
    }
}

impl Server {
    /// Opens the store, restores its rooms and binds the address.
    ///
    /// # Errors
    /// The store cannot be opened or read, or the address cannot be bound.
    pub async fn bind(options: ServerOptions) -> Result<Server, ServerError> {
        let store: Arc<dyn Store> = match &options.db {
            Some(path) => Arc::new(SqliteStore::open(path, options.durability)?),
            None => Arc::new(SqliteStore::in_memory()?),
        };
        let hub = Hub::new(store, options.clock.clone());
        let restored = hub.restore().await?;
        let listener = TcpListener::bind(options.addr).await?;
        let (stop, shutdown) = watch::channel(false);
        let shared = Arc::new(Shared {
            hub,
            limits: options.limits.clone(),
            shutdown,
        });
        let (flags, named) = tokio::sync::mpsc::unbounded_channel();
        shared.hub.watch_flags_with(flags);
        tokio::spawn(state::watch_flags(shared.clone(), named));
        let (computer, wanted) = tokio::sync::mpsc::unbounded_channel();
        shared.hub.play_computers_with(computer);
        tokio::spawn(computer::drive(
            shared.clone(),
            Arc::new(computer::Pool::new(computer::THREADS)),
            options.computer_pace,
            wanted,
        ));
        let app = Arc::new(http::App {
            shared: shared.clone(),
            allowed_hosts: http::hosts_of(&options.allowed_origins),
            allowed_origins: options.allowed_origins.clone(),
            sockets: AtomicUsize::new(0),
            per_address: options.per_address,
            sockets_by_address: Arc::default(),
            sessions: watch::channel(()).0,
            min_clock_ms: options.min_clock_ms,
        });
        Ok(Server {
            listener,
            app,
            handle: ServerHandle {
                stop: Arc::new(stop),
                shared,
            },
            sweep_every: options.sweep_every,
            restored,
            timeouts: options.timeouts,
        })
    }

    /// The bound address (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 0)))
    }

    /// How many rooms were restored from the store.
    pub fn restored_rooms(&self) -> usize {
        self.restored
    }

    pub fn handle(&self) -> ServerHandle {
        self.handle.clone()
    }

    fn router(&self) -> Router {
        let timeouts = self.timeouts;
        let router = Router::new()
            .route(
                "/api/rooms",
                per_address::limit_room_creation(post(http::create_room), self.app.per_address),
            )
            .route("/api/rooms/{id}", get(http::room_info))
            .route("/api/health", get(http::health))
            .route("/ws/{id}", get(http::room_socket))
            .route("/egdb/{variant}/{file}", get(egdb::table))
            .fallback(get(assets::serve))
            .layer(DefaultBodyLimit::max(http::MAX_BODY_BYTES))
            .layer(axum::middleware::from_fn(http::refuse_large_bodies))
            .layer(RequestBodyTimeoutLayer::new(timeouts.body))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                timeouts.request,
            ))
            .layer(axum::middleware::map_response(move |response| {
                http::explain_timeout(response, timeouts)
            }));
        let router = if self.app.allowed_hosts.is_empty() {
            router
        } else {
            router.layer(axum::middleware::from_fn_with_state(
                self.app.clone(),
                http::check_host,
            ))
        };
        router.with_state(self.app.clone())
    }

    /// Serves until [`ServerHandle::shutdown`], then closes every socket and flushes the store.
    ///
    /// # Errors
    /// The listener failed.
    pub async fn run(self) -> Result<(), ServerError> {
        let router = self.router();
        let handle = self.handle.clone();
        if let Some(every) = self.sweep_every {
            let sweeper = handle.clone();
            let mut stop = handle.stop.subscribe();
            tokio::spawn(async move {
                let mut ticks = tokio::time::interval(every);
                loop {
                    tokio::select! {
                        _ = socket::stopping(&mut stop) => break,
                        _ = ticks.tick() => { sweeper.sweep().await; }
                    }
                }
            });
        }
        let stopped = handle.stop.subscribe();
        listen::serve(
            self.listener,
            router,
            self.timeouts,
            self.app.per_address.connections,
            stopped,
        )
        .await;
        // Room sockets close on the same signal; their last presence saves go before the
        // store closes (a client that never answers the close is not waited for long).
        let _ = tokio::time::timeout(SESSIONS_CLOSE_WAIT, self.app.sessions.closed()).await;
        handle.shared.hub.note_alive().await;
        let flushed = handle.shared.hub.store().close().await;
        flushed?;
        Ok(())
    }
}
