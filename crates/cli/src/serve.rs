//! `kingme serve`: the web site and online rooms.

use crate::CliError;
use kingme_server::{AddressLimits, Durability, Server, ServerOptions};
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// SQLite file for rooms (created if missing).
    #[arg(long, default_value = "kingme.db")]
    db: PathBuf,
    /// Another origin allowed to open room sockets (e.g. http://localhost:5173); repeatable.
    #[arg(long = "allow-origin")]
    allow_origins: Vec<String>,
    /// full: every move is synced to the disk before it is acknowledged; normal: written to the
    /// operating system first and synced at checkpoints (survives a server crash, not a power
    /// cut; much lower latency on slow disks).
    #[arg(long, default_value = "full", value_parser = ["full", "normal"])]
    sync: String,
    /// Rooms one client address may create per minute, and at once (0: no limit). Behind a
    /// reverse proxy every client has the proxy's address: limit there instead.
    #[arg(long, default_value_t = AddressLimits::default().rooms_per_minute)]
    rooms_per_minute: u32,
    /// Room sockets one client address may hold open at once (0: no limit).
    #[arg(long, default_value_t = AddressLimits::default().sockets)]
    sockets_per_address: usize,
    /// Connections of any kind one client address may hold open at once (0: no limit); at
    /// least --sockets-per-address.
    #[arg(long, default_value_t = AddressLimits::default().connections)]
    connections_per_address: usize,
    /// The least time in milliseconds between a room's previous move and a computer seat's
    /// move, so that people can follow computers playing each other (0: at once).
    #[arg(long, default_value_t = kingme_server::DEFAULT_COMPUTER_PACE.as_millis() as u64)]
    computer_pace_ms: u64,
    /// The shortest initial time in milliseconds a timed room may be made with.
    #[arg(long, default_value_t = kingme_server::clocks::DEFAULT_MIN_INITIAL_MS)]
    min_clock_ms: u64,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_target(false)
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let options = ServerOptions {
            addr: args.addr,
            db: Some(args.db.clone()),
            allowed_origins: args.allow_origins,
            durability: if args.sync == "normal" {
                Durability::Normal
            } else {
                Durability::Full
            },
            per_address: AddressLimits {
                rooms_per_minute: args.rooms_per_minute,
                sockets: args.sockets_per_address,
                connections: args.connections_per_address,
            },
            computer_pace: std::time::Duration::from_millis(args.computer_pace_ms),
            min_clock_ms: args.min_clock_ms,
            ..ServerOptions::default()
        };
        let server = Server::bind(options).await?;
        let handle = server.handle();
        tokio::spawn(async move {
            stop_signal().await;
            eprintln!("kingme: shutting down");
            handle.shutdown();
        });
        if !kingme_server::assets::site_built() {
            eprintln!("kingme: the web site was not built into this binary (./x serve builds it)");
        }
        eprintln!(
            "kingme: serving http://{} (rooms in {}, {} restored)",
            server.local_addr(),
            args.db.display(),
            server.restored_rooms()
        );
        server.run().await.map_err(CliError::from)
    })
}

/// Ctrl-C or SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
