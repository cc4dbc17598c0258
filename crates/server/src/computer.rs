//! Computer seats: the engines run on a fixed number of threads fed by one bounded queue, so a
//! room whose computer thinks long holds one thread at most and the others' moves wait their
//! turn in order instead of starving. Each room has at most one move being chosen at a time.
//!
//! A computer's move is played no sooner than the pace after the room's previous move, so that
//! people can follow computers playing each other. The wait is a tokio timer after the engine
//! has answered: it never holds an engine thread.

use crate::game::RoomGame;
use crate::protocol::ErrorCode;
use crate::room::Action;
use crate::socket::Shared;
use crate::state::Found;
use kingme_engine_core::{Level, TimeLeft};
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
    /// The computer's clock in a timed room.
    time: Option<TimeLeft>,
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
        let chosen = job.game.computer_move(job.level, job.seed, job.time);
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
    async fn choose(
        &self,
        game: RoomGame,
        level: Level,
        seed: u64,
        time: Option<TimeLeft>,
    ) -> Option<String> {
        let (reply, answer) = oneshot::channel();
        let mut job = Job {
            game,
            level,
            seed,
            time,
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
    pace: Duration,
    mut wanted: mpsc::UnboundedReceiver<String>,
) {
    while let Some(room) = wanted.recv().await {
        let shared = shared.clone();
        let pool = pool.clone();
        tokio::spawn(async move { play_for(&shared, &pool, pace, &room).await });
    }
}

async fn play_for(shared: &Shared, pool: &Pool, pace: Duration, room_id: &str) {
    let Ok(Found::Live(handle)) = shared.hub.find(room_id).await else {
        return;
    };
    let (seat, level, v, game, seed, time) = {
        let room = handle.room.lock().await;
        let Some((seat, level)) = room.computer_to_move() else {
            return;
        };
        // One move chosen per room version.
        if handle.computer_at.swap(room.v + 1, Ordering::SeqCst) == room.v + 1 {
            return;
        }
        let seed = room.record.created_at ^ room.v.rotate_left(17);
        // In a timed room the computer divides its own clock's time, less the pause before its
        // move is played.
        let time = room.clocks().map(|clocks| TimeLeft {
            remaining_ms: clocks.remaining_at(shared.hub.now())[seat.index()]
                .saturating_sub(u64::try_from(pace.as_millis()).unwrap_or(u64::MAX)),
            increment_ms: clocks.control().increment_ms,
        });
        (seat, level, room.v, room.game().clone(), seed, time)
    };
    let Some(notation) = pool.choose(game, level, seed, time).await else {
        return;
    };
    tokio::time::sleep_until(handle.last_move() + pace).await;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::game::GameKind;
    use crate::room::SeatNo;
    use crate::sqlite::SqliteStore;
    use crate::state::{Broadcast, Hub};
    use tokio::time::Instant;

    /// The next room event's version, skipping other broadcasts.
    async fn next_event(updates: &mut tokio::sync::broadcast::Receiver<Broadcast>) -> u64 {
        loop {
            if let Broadcast::Event(v, _) = updates.recv().await.expect("the room broadcasts") {
                return v;
            }
        }
    }

    /// Two computer seats that move one after the other are spaced by the pace, measured on
    /// tokio's paused clock (which only moves when every task waits on a timer).
    #[tokio::test(start_paused = true)]
    async fn computer_moves_come_no_sooner_than_the_pace_after_the_previous_move() {
        let pace = Duration::from_millis(700);
        let store = Arc::new(SqliteStore::in_memory().expect("memory store"));
        let hub = Hub::new(store, Arc::new(ManualClock::new(1_000_000)));
        let shared = Arc::new(Shared {
            hub,
            limits: crate::Limits::default(),
            shutdown: tokio::sync::watch::channel(false).1,
        });
        let (computer, wanted) = mpsc::unbounded_channel();
        shared.hub.play_computers_with(computer);
        tokio::spawn(drive(shared.clone(), Arc::new(Pool::new(1)), pace, wanted));
        let game = GameKind::new("chinese-checkers", Some(3)).expect("three-player game");
        let (id, _) = shared
            .hub
            .create_room(game, None, None, &[], None)
            .await
            .expect("created");
        let Ok(Found::Live(handle)) = shared.hub.find(&id).await else {
            panic!("the room is live");
        };
        let mut updates = handle.updates.subscribe();
        let seat = Action::SeatComputers {
            seats: None,
            level: Level::Beginner,
        };
        shared
            .hub
            .act(&handle, Some(SeatNo::CREATOR), &seat)
            .await
            .expect("seats given to the computer");
        next_event(&mut updates).await;

        let mut previous = handle.last_move();
        let (mut computer_moves, mut in_a_row, mut most_in_a_row, mut ack) = (0, 0, 0, 0);
        while computer_moves < 4 {
            let human = {
                let room = handle.room.lock().await;
                if room.computer_to_move().is_some() {
                    None
                } else {
                    let notation = room.game().computer_move(Level::Beginner, ack, None);
                    Some((room.v, notation.expect("a move to play")))
                }
            };
            if let Some((v, notation)) = human {
                ack += 1;
                let action = Action::Move {
                    ack,
                    v,
                    notation,
                    offer_draw: false,
                };
                shared
                    .hub
                    .act(&handle, Some(SeatNo::CREATOR), &action)
                    .await
                    .expect("the player's move");
                next_event(&mut updates).await;
                previous = Instant::now();
                in_a_row = 0;
                continue;
            }
            next_event(&mut updates).await;
            let now = Instant::now();
            assert!(
                now - previous >= pace,
                "a computer move came {:?} after the previous move",
                now - previous
            );
            previous = now;
            computer_moves += 1;
            in_a_row += 1;
            most_in_a_row = most_in_a_row.max(in_a_row);
        }
        assert!(ack >= 1, "a computer answered the player's move");
        assert!(most_in_a_row >= 2, "a computer answered a computer");
    }
}
