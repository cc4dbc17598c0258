//! Limits per client address (the peer's IP; behind a reverse proxy, the proxy's, so set the
//! limits there instead): how fast one address may create rooms, how many connections it may
//! hold open at once, and how many of those may be room sockets.

use crate::http::problem;
use axum::body::Body;
use axum::http::{header, HeaderValue, Response, StatusCode};
use axum::routing::MethodRouter;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::{GovernorError, GovernorLayer};

/// What one address may do; 0 turns a limit off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressLimits {
    /// Rooms created per minute on average, which is also the burst allowed at once.
    pub rooms_per_minute: u32,
    /// Room sockets open at the same time.
    pub sockets: usize,
    /// Connections of any kind (plain HTTP and room sockets) open at the same time; one over
    /// it is answered `429` and closed at once.
    pub connections: usize,
}

impl Default for AddressLimits {
    fn default() -> AddressLimits {
        AddressLimits {
            rooms_per_minute: 30,
            sockets: 100,
            connections: 128,
        }
    }
}

/// `route` with the room-creation rate limit applied (when there is one).
pub fn limit_room_creation<S>(route: MethodRouter<S>, limits: AddressLimits) -> MethodRouter<S>
where
    S: Clone + Send + Sync + 'static,
{
    let per_minute = limits.rooms_per_minute;
    if per_minute == 0 {
        return route;
    }
    let replenish = Duration::from_secs(60) / per_minute;
    let Some(config) = GovernorConfigBuilder::default()
        .period(replenish)
        .burst_size(per_minute)
        .finish()
    else {
        return route;
    };
    // The limiter keeps a state per address it has seen: forget those whose quota is full
    // again.
    let limiter = config.limiter().clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(60));
        loop {
            every.tick().await;
            limiter.retain_recent();
        }
    });
    route.layer(GovernorLayer::new(config).error_handler(too_many_rooms))
}

fn too_many_rooms(error: GovernorError) -> Response<Body> {
    match error {
        GovernorError::TooManyRequests { wait_time, .. } => {
            let mut response = problem(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("too many new rooms from your address: try again in {wait_time} s"),
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(wait_time));
            response
        }
        GovernorError::UnableToExtractKey => problem(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the client's address is unknown",
        ),
        GovernorError::Other { code, msg, .. } => {
            problem(code, "internal", msg.unwrap_or_else(|| "refused".into()))
        }
    }
}

/// Open sockets (or connections) per address.
#[derive(Debug, Default)]
pub struct SocketCounts {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One socket's place in its address's count, given back when dropped.
#[derive(Debug)]
pub struct SocketSlot {
    counts: Arc<SocketCounts>,
    address: IpAddr,
}

impl SocketCounts {
    /// A slot for one more socket from `address`, unless it already holds `limit` (0: no
    /// limit).
    pub fn take(self: &Arc<Self>, address: IpAddr, limit: usize) -> Option<SocketSlot> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(address).or_insert(0);
        if limit != 0 && *count >= limit {
            return None;
        }
        *count += 1;
        Some(SocketSlot {
            counts: self.clone(),
            address,
        })
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut open = self
            .counts
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(counts: &SocketCounts, address: IpAddr) -> usize {
        let open = counts.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(&address).copied().unwrap_or(0)
    }

    #[test]
    fn slots_are_counted_per_address_and_given_back() {
        let counts = Arc::new(SocketCounts::default());
        let a = IpAddr::from([10, 0, 0, 1]);
        let b = IpAddr::from([10, 0, 0, 2]);
        let first = counts.take(a, 2).expect("a first slot");
        let second = counts.take(a, 2).expect("a second slot");
        assert!(counts.take(a, 2).is_none());
        assert!(
            counts.take(b, 2).is_some(),
            "another address has its own count"
        );
        drop(first);
        assert_eq!(open(&counts, a), 1);
        let third = counts.take(a, 2).expect("the place given back");
        drop((second, third));
        assert_eq!(open(&counts, a), 0);
        assert!(
            counts.open.lock().expect("lock").is_empty(),
            "no entry is left behind"
        );
        let unlimited: Vec<_> = (0..500).filter_map(|_| counts.take(a, 0)).collect();
        assert_eq!(unlimited.len(), 500);
    }
}
