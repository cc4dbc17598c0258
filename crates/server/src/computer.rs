//! Computer seats: the engines run on a fixed number of threads fed by one bounded queue, so a
//! room whose computer thinks long holds one thread at most and the others' moves wait their
//! turn in order instead of starving. Each room has at most one move being chosen at a time.

use crate::game::RoomGame;
use crate::protocol::ErrorCode;
use crate::room::Action;
use crate::socket::Shared;
use crate::state::Found;
use kingme_engine_core::Level;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Threads choosing computer moves.
pub const THREADS: usize = 2;
/// Moves waiting for a thread; past this a room waits to queue its move.
const QUEUE: usize = 256;

struct Job {
    game: RoomGame,
    level: Level,
    seed: u64,
    reply: oneshot::Sender<Option<String>>,
}

/// The engines' threads and their queue.
#[derive(Debug)]
pub struct Pool {
    jobs: SyncSender<Job>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job").field("level", &self.level).finish()
    }
}

fn work(jobs: &Mutex<Receiver<Job>>) {
    loop {
        let job = jobs.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok(job) = job else { return };
        let chosen = job.game.computer_move(job.level, job.seed);
        let _ = job.reply.send(chosen);
    }
}

impl Pool {
    /// `threads` engine threads (at least one).
    pub fn new(threads: usize) -> Pool {
        let (jobs, queue) = sync_channel(QUEUE);
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..threads.max(1) {
            let queue = queue.clone();
            let started = std::thread::Builder::new()
                .name(format!("kingme-computer-{i}"))
                .spawn(move || work(&queue));
            if let Err(e) = started {
                tracing::error!("computer thread not started: {e}");
            }
        }
        Pool { jobs }
    }

    /// The move the computer at `level` plays in `game`, once a thread has chosen it (`None`:
    /// the game is over, or the pool stopped).
    async fn choose(&self, game: RoomGame, level: Level, seed: u64) -> Option<String> {
        let (reply, answer) = oneshot::channel();
        let mut job = Job {
            game,
            level,
            seed,
            reply,
        };
        loop {
            match self.jobs.try_send(job) {
                Ok(()) => break,
                Err(TrySendError::Full(back)) => {
                    job = back;
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                Err(TrySendError::Disconnected(_)) => return None,
            }
        }
        answer.await.ok().flatten()
    }
}

/// Plays for the computer seats of the rooms named on `wanted` (sent whenever a room may have
/// a computer to move), until the channel closes.
pub async fn drive(
    shared: Arc<Shared>,
    pool: Arc<Pool>,
    mut wanted: mpsc::UnboundedReceiver<String>,
) {
    while let Some(room) = wanted.recv().await {
        let shared = shared.clone();
        let pool = pool.clone();
        tokio::spawn(async move { play_for(&shared, &pool, &room).await });
    }
}

async fn play_for(shared: &Shared, pool: &Pool, room_id: &str) {
    let Ok(Found::Live(handle)) = shared.hub.find(room_id).await else {
        return;
    };
    let (seat, level, v, game, seed) = {
        let room = handle.room.lock().await;
        let Some((seat, level)) = room.computer_to_move() else {
            return;
        };
        // One move chosen per room version.
        if handle.computer_at.swap(room.v + 1, Ordering::SeqCst) == room.v + 1 {
            return;
        }
        let seed = room.record.created_at ^ room.v.rotate_left(17);
        (seat, level, room.v, room.game().clone(), seed)
    };
    let Some(notation) = pool.choose(game, level, seed).await else {
        return;
    };
    let action = Action::ComputerMove { seat, v, notation };
    match shared.hub.act(&handle, None, &action).await {
        Ok(_) => {}
        Err(refusal) if refusal.code == ErrorCode::Storage => {
            // Not saved, so not played: choose again a little later.
            tracing::warn!(
                "room {room_id}: computer move not saved: {}",
                refusal.message
            );
            handle.computer_at.store(0, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_secs(1)).await;
            let room = handle.room.lock().await;
            shared.hub.computer_may_move(&room);
        }
        // The room moved on (the seat was taken back, a move came first): nothing to do.
        Err(refusal) => tracing::debug!(
            "room {room_id}: computer move not played: {}",
            refusal.message
        ),
    }
}
