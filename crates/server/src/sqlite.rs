//! [`Store`] on an embedded SQLite file.
//!
//! One thread owns the connection. Writes queue up while a transaction commits and then go
//! together in the next one (group commit): each write still waits for its own durable commit,
//! but many rooms share one disk sync.

use crate::clocks::TimeControl;
use crate::game::GameKind;
use crate::room::RoomEvent;
use crate::store::{
    PresenceTimes, RoomLookup, RoomRecord, Store, StoreError, StoreFuture, StoredRoom,
};
use crate::stored::{self, StoredEvent, StoredPresence};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::mpsc;
use std::sync::Mutex;
use std::thread;
use tokio::sync::oneshot;

/// The most writes committed in one transaction.
const MAX_BATCH: usize = 1024;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id            TEXT PRIMARY KEY,
    variant       TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    creator_token TEXT NOT NULL,
    start_fen     TEXT,
    v             INTEGER NOT NULL DEFAULT 0,
    seats         INTEGER NOT NULL DEFAULT 2,
    presence      TEXT,
    creator_name  TEXT,
    clock_initial_ms   INTEGER,
    clock_increment_ms INTEGER
);
CREATE TABLE IF NOT EXISTS events (
    room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    v       INTEGER NOT NULL,
    body    TEXT NOT NULL,
    PRIMARY KEY (room_id, v)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS expired_rooms (
    id         TEXT PRIMARY KEY,
    expired_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS server_alive (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    at INTEGER NOT NULL
);
";

/// The schema this build reads and writes, kept in `PRAGMA user_version`; it covers the tables
/// and the JSON of `events.body` ([`stored::FORMAT`]). A file from a newer build is refused
/// rather than misread; an older one is migrated when opened. Version 0 is a file from before
/// versions were kept (schema 1's tables), or a new one.
///
/// - 1: `rooms (id, variant, created_at, creator_token, joiner_token, start_fen, v)`, event
///   bodies in the wire protocol's JSON.
/// - 2: seats as a list: `rooms.seats` (the count) instead of `joiner_token`; a seat's token is
///   in the event that took it; event bodies in [`stored::StoredEvent`]'s JSON.
/// - 3: `rooms.presence`, the room's presence times ([`stored::StoredPresence`]'s JSON) so that
///   the expiry and absence clocks survive a restart; event bodies as in 2.
/// - 4: rooms of every game (`rooms.variant` holds Halma and Chinese checkers keys too, `seats`
///   their player count); event bodies in stored format 4 (names, computer seats).
/// - 5: `rooms.creator_name`, the name the creator gave when making the room; event bodies as
///   in 4.
/// - 6: `rooms.clock_initial_ms` and `clock_increment_ms`, a timed room's control (`NULL`:
///   untimed); event bodies in stored format 6 (time left on moves, `flagged`); the clocks as
///   last noted in the presence JSON. Later within 6: `server_alive`, one row with the last
///   time the server was noted running, so that a restart does not count the time it was down
///   towards rooms' idle and absence times. A file without the table (and so without the row)
///   reads as never noted; a build that does not know it leaves it alone.
const SCHEMA_VERSION: i64 = 6;
const _: () = assert!(SCHEMA_VERSION == stored::FORMAT);
/// `PRAGMA application_id` of kingme's databases ("king"), so another program's SQLite file is
/// refused instead of having rooms added to it.
const APPLICATION_ID: i64 = 0x6b69_6e67;

/// Refuses a file written by a newer kingme or by another program, before anything changes it.
/// Returns the file's schema version.
fn refuse_foreign(conn: &Connection) -> Result<i64, StoreError> {
    let pragma = |name: &str| -> Result<i64, StoreError> {
        conn.pragma_query_value(None, name, |row| row.get(0))
            .map_err(backend)
    };
    let version = pragma("user_version")?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::Backend(format!(
            "the database was written by a newer kingme (schema {version}; this one knows up to \
             {SCHEMA_VERSION})"
        )));
    }
    let application = pragma("application_id")?;
    if application != 0 && application != APPLICATION_ID {
        return Err(StoreError::Backend(format!(
            "not a kingme database (application id {application:#x})"
        )));
    }
    Ok(version)
}

/// Brings a file of an older schema to [`SCHEMA_VERSION`], in one transaction: either every
/// room is migrated or the file is left as it was.
fn migrate(conn: &mut Connection, version: i64) -> Result<(), StoreError> {
    let has_rooms: bool = conn
        .query_row(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rooms'",
            [],
            |_| Ok(true),
        )
        .optional()
        .map_err(backend)?
        .is_some();
    if version >= SCHEMA_VERSION || !has_rooms {
        return Ok(());
    }
    let failed = |e: String| {
        StoreError::Backend(format!(
            "cannot migrate the database from schema {} to {SCHEMA_VERSION}: {e}; the file is \
             unchanged",
            version.max(1)
        ))
    };
    let tx = conn
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .map_err(|e| failed(e.to_string()))?;
    if version < 2 {
        migrate_1_to_2(&tx).map_err(failed)?;
    }
    if version < 3 {
        migrate_2_to_3(&tx).map_err(failed)?;
    }
    // 3 → 4: format-2 event bodies read the same in format 4; nothing is rewritten.
    if version < 5 {
        migrate_4_to_5(&tx).map_err(failed)?;
    }
    if version < 6 {
        migrate_5_to_6(&tx).map_err(failed)?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)
        .map_err(|e| failed(e.to_string()))?;
    tx.commit().map_err(|e| failed(e.to_string()))
}

/// Schema 1 → 2: every event body rewritten in the stored format, the joiner's token moved from
/// the room's row into the event that seated the joiner, `joiner_token` replaced by `seats`.
fn migrate_1_to_2(conn: &Connection) -> Result<(), String> {
    let sql = |e: rusqlite::Error| e.to_string();
    let rooms: Vec<(String, Option<String>)> = conn
        .prepare("SELECT id, joiner_token FROM rooms")
        .and_then(|mut stmt| {
            stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect()
        })
        .map_err(sql)?;
    let mut update = conn
        .prepare("UPDATE events SET body = ?3 WHERE room_id = ?1 AND v = ?2")
        .map_err(sql)?;
    for (room, joiner_token) in rooms {
        let events: Vec<(i64, String)> = conn
            .prepare("SELECT v, body FROM events WHERE room_id = ?1 ORDER BY v")
            .and_then(|mut stmt| {
                stmt.query_map([&room], |row| Ok((row.get(0)?, row.get(1)?)))?
                    .collect()
            })
            .map_err(sql)?;
        for (v, body) in events {
            let old: stored::schema1::Event = serde_json::from_str(&body)
                .map_err(|e| format!("room {room}, event {v}: unreadable ({e})"))?;
            if to_sql_int(old.v) != v {
                return Err(format!(
                    "room {room}, event {v}: its body says version {}",
                    old.v
                ));
            }
            let new = old
                .upgrade(joiner_token.as_deref())
                .map_err(|e| format!("room {room}, event {v}: {e}"))?;
            let new = serde_json::to_string(&new).map_err(|e| e.to_string())?;
            update.execute(params![room, v, new]).map_err(sql)?;
        }
    }
    drop(update);
    conn.execute_batch(
        "ALTER TABLE rooms ADD COLUMN seats INTEGER NOT NULL DEFAULT 2;
         ALTER TABLE rooms DROP COLUMN joiner_token;",
    )
    .map_err(sql)
}

/// Schema 2 → 3: a column for the presence times (rooms without them count from the start).
fn migrate_2_to_3(conn: &Connection) -> Result<(), String> {
    conn.execute_batch("ALTER TABLE rooms ADD COLUMN presence TEXT;")
        .map_err(|e| e.to_string())
}

/// Schema 4 → 5: a column for the creator's display name (rooms made before have none).
fn migrate_4_to_5(conn: &Connection) -> Result<(), String> {
    conn.execute_batch("ALTER TABLE rooms ADD COLUMN creator_name TEXT;")
        .map_err(|e| e.to_string())
}

/// Schema 5 → 6: columns for the time control (rooms made before are untimed).
fn migrate_5_to_6(conn: &Connection) -> Result<(), String> {
    conn.execute_batch(
        "ALTER TABLE rooms ADD COLUMN clock_initial_ms INTEGER;
         ALTER TABLE rooms ADD COLUMN clock_increment_ms INTEGER;",
    )
    .map_err(|e| e.to_string())
}

/// Creates the tables a new database lacks and stamps it as kingme's.
fn prepare_schema(conn: &Connection) -> Result<(), StoreError> {
    conn.execute_batch(SCHEMA).map_err(backend)?;
    conn.pragma_update(None, "user_version", SCHEMA_VERSION)
        .map_err(backend)?;
    conn.pragma_update(None, "application_id", APPLICATION_ID)
        .map_err(backend)
}

type Reply<T> = oneshot::Sender<Result<T, StoreError>>;

enum Job {
    Create(RoomRecord, Reply<()>),
    Append {
        room: String,
        event: RoomEvent,
        reply: Reply<()>,
    },
    Expire(String, u64, Reply<()>),
    SavePresence {
        room: String,
        presence: PresenceTimes,
        reply: Reply<()>,
    },
    NoteAlive(u64, Reply<()>),
    LiveRooms(Reply<Vec<StoredRoom>>),
    Lookup(String, Reply<RoomLookup>),
    LastAlive(Reply<Option<u64>>),
    Close(Reply<()>),
}

/// The SQLite store. Cheap to share behind an `Arc`.
#[derive(Debug)]
pub struct SqliteStore {
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
}

fn backend(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

/// When a commit reaches the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// Every commit is synced to the disk before it is answered: nothing acknowledged is lost,
    /// even by a power cut.
    #[default]
    Full,
    /// Commits are written to the operating system before they are answered and synced at
    /// checkpoints: a server crash loses nothing, a power cut may lose the last moments.
    Normal,
}

impl SqliteStore {
    /// Opens (or creates) the database at `path`.
    ///
    /// # Errors
    /// The file cannot be opened, is not a kingme database, is from a newer kingme, or could
    /// not be migrated from an older one (it is then left as it was).
    pub fn open(path: &Path, durability: Durability) -> Result<SqliteStore, StoreError> {
        let mut conn = Connection::open(path)
            .map_err(|e| StoreError::Backend(format!("cannot open {}: {e}", path.display())))?;
        let version = refuse_foreign(&conn)?;
        migrate(&mut conn, version)?;
        let sync = match durability {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        };
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(backend)?;
        conn.pragma_update(None, "synchronous", sync)
            .map_err(backend)?;
        SqliteStore::start(conn)
    }

    /// A database in memory (lost when the store is dropped).
    ///
    /// # Errors
    /// SQLite could not start.
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        SqliteStore::start(Connection::open_in_memory().map_err(backend)?)
    }

    fn start(conn: Connection) -> Result<SqliteStore, StoreError> {
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(backend)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(backend)?;
        prepare_schema(&conn)?;
        let (tx, rx) = mpsc::channel();
        thread::Builder::new()
            .name("kingme-sqlite".into())
            .spawn(move || run(conn, &rx))
            .map_err(backend)?;
        Ok(SqliteStore {
            jobs: Mutex::new(Some(tx)),
        })
    }

    fn send<T: Send + 'static>(&self, make: impl FnOnce(Reply<T>) -> Job) -> StoreFuture<'_, T> {
        let (reply, answer) = oneshot::channel();
        let sent = match self.jobs.lock() {
            Ok(jobs) => jobs
                .as_ref()
                .is_some_and(|jobs| jobs.send(make(reply)).is_ok()),
            Err(_) => false,
        };
        Box::pin(async move {
            if !sent {
                return Err(StoreError::Backend("the store is closed".into()));
            }
            answer
                .await
                .map_err(|_| StoreError::Backend("the store stopped".into()))?
        })
    }
}

impl Store for SqliteStore {
    fn create_room(&self, room: RoomRecord) -> StoreFuture<'_, ()> {
        self.send(|reply| Job::Create(room, reply))
    }

    fn append_event(&self, room: &str, event: RoomEvent) -> StoreFuture<'_, ()> {
        let room = room.to_string();
        self.send(|reply| Job::Append { room, event, reply })
    }

    fn save_presence(&self, room: &str, presence: PresenceTimes) -> StoreFuture<'_, ()> {
        let room = room.to_string();
        self.send(|reply| Job::SavePresence {
            room,
            presence,
            reply,
        })
    }

    fn live_rooms(&self) -> StoreFuture<'_, Vec<StoredRoom>> {
        self.send(Job::LiveRooms)
    }

    fn lookup(&self, room: &str) -> StoreFuture<'_, RoomLookup> {
        let room = room.to_string();
        self.send(|reply| Job::Lookup(room, reply))
    }

    fn expire_room(&self, room: &str, at: u64) -> StoreFuture<'_, ()> {
        let room = room.to_string();
        self.send(|reply| Job::Expire(room, at, reply))
    }

    fn note_alive(&self, at: u64) -> StoreFuture<'_, ()> {
        self.send(|reply| Job::NoteAlive(at, reply))
    }

    fn last_alive(&self) -> StoreFuture<'_, Option<u64>> {
        self.send(Job::LastAlive)
    }

    fn close(&self) -> StoreFuture<'_, ()> {
        let fut = self.send(Job::Close);
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.take();
        }
        fut
    }
}

fn run(mut conn: Connection, jobs: &mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        if !run_batch(&mut conn, batch) {
            return;
        }
    }
}

/// Runs reads at once and writes in one transaction. Returns false after a close request.
fn run_batch(conn: &mut Connection, batch: Vec<Job>) -> bool {
    let mut writes = Vec::new();
    let mut close = None;
    for job in batch {
        match job {
            Job::LiveRooms(reply) => {
                let _ = reply.send(live_rooms(conn));
            }
            Job::Lookup(room, reply) => {
                let _ = reply.send(lookup(conn, &room));
            }
            Job::LastAlive(reply) => {
                let _ = reply.send(last_alive(conn));
            }
            Job::Close(reply) => close = Some(reply),
            write => writes.push(write),
        }
    }
    if !writes.is_empty() {
        commit_writes(conn, writes);
    }
    match close {
        Some(reply) => {
            let _ = reply.send(Ok(()));
            false
        }
        None => true,
    }
}

fn commit_writes(conn: &mut Connection, writes: Vec<Job>) {
    let tx = match conn.transaction() {
        Ok(tx) => tx,
        Err(e) => {
            let err = backend(e);
            for job in writes {
                fail(job, &err);
            }
            return;
        }
    };
    let mut done = Vec::with_capacity(writes.len());
    for job in writes {
        let (reply, result) = match job {
            Job::Create(record, reply) => (reply, in_savepoint(&tx, |c| create(c, &record))),
            Job::Append { room, event, reply } => {
                (reply, in_savepoint(&tx, |c| append(c, &room, &event)))
            }
            Job::Expire(room, at, reply) => (reply, in_savepoint(&tx, |c| expire(c, &room, at))),
            Job::NoteAlive(at, reply) => (reply, in_savepoint(&tx, |c| note_alive(c, at))),
            Job::SavePresence {
                room,
                presence,
                reply,
            } => (
                reply,
                in_savepoint(&tx, |c| save_presence(c, &room, &presence)),
            ),
            Job::LiveRooms(_) | Job::Lookup(..) | Job::LastAlive(_) | Job::Close(_) => continue,
        };
        done.push((reply, result));
    }
    let committed = tx.commit().map_err(backend);
    // Answer only after the commit: a write is acknowledged once it is durable.
    for (reply, result) in done {
        let _ = reply.send(match &committed {
            Ok(()) => result,
            Err(e) => Err(e.clone()),
        });
    }
}

fn fail(job: Job, err: &StoreError) {
    match job {
        Job::Create(_, reply)
        | Job::Expire(_, _, reply)
        | Job::NoteAlive(_, reply)
        | Job::Close(reply) => {
            let _ = reply.send(Err(err.clone()));
        }
        Job::Append { reply, .. } | Job::SavePresence { reply, .. } => {
            let _ = reply.send(Err(err.clone()));
        }
        Job::LiveRooms(reply) => {
            let _ = reply.send(Err(err.clone()));
        }
        Job::Lookup(_, reply) => {
            let _ = reply.send(Err(err.clone()));
        }
        Job::LastAlive(reply) => {
            let _ = reply.send(Err(err.clone()));
        }
    }
}

/// Runs one write so that its failure undoes only its own changes.
fn in_savepoint(
    conn: &Connection,
    write: impl FnOnce(&Connection) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let run = |sql: &str| -> Result<(), StoreError> {
        conn.prepare_cached(sql)
            .and_then(|mut stmt| stmt.execute([]))
            .map(drop)
            .map_err(backend)
    };
    run("SAVEPOINT job")?;
    match write(conn) {
        Ok(()) => run("RELEASE job"),
        Err(e) => {
            conn.execute_batch("ROLLBACK TO job; RELEASE job")
                .map_err(backend)?;
            Err(e)
        }
    }
}

fn create(conn: &Connection, r: &RoomRecord) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO rooms (id, variant, created_at, creator_token, start_fen, seats, v,
                            creator_name, clock_initial_ms, clock_increment_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7, ?8, ?9)",
        params![
            r.id,
            r.game.key(),
            to_sql_int(r.created_at),
            r.creator_token,
            r.start_fen,
            r.seats,
            r.creator_name,
            r.clock.map(|c| to_sql_int(c.initial_ms)),
            r.clock.map(|c| to_sql_int(c.increment_ms)),
        ],
    )
    .map_err(backend)?;
    Ok(())
}

fn append(conn: &Connection, room: &str, event: &RoomEvent) -> Result<(), StoreError> {
    let v = to_sql_int(event.v);
    let changed = conn
        .prepare_cached("UPDATE rooms SET v = ?2 WHERE id = ?1 AND v = ?2 - 1")
        .and_then(|mut stmt| stmt.execute(params![room, v]))
        .map_err(backend)?;
    if changed != 1 {
        let exists: bool = conn
            .query_row("SELECT 1 FROM rooms WHERE id = ?1", [room], |_| Ok(true))
            .optional()
            .map_err(backend)?
            .is_some();
        return Err(if exists {
            StoreError::VersionConflict {
                room: room.to_string(),
                v: event.v,
            }
        } else {
            StoreError::NoSuchRoom(room.to_string())
        });
    }
    let body = serde_json::to_string(&StoredEvent::from_event(event)).map_err(backend)?;
    conn.prepare_cached("INSERT INTO events (room_id, v, body) VALUES (?1, ?2, ?3)")
        .and_then(|mut stmt| stmt.execute(params![room, v, body]))
        .map_err(backend)?;
    Ok(())
}

fn save_presence(
    conn: &Connection,
    room: &str,
    presence: &PresenceTimes,
) -> Result<(), StoreError> {
    let body = serde_json::to_string(&StoredPresence::from(presence)).map_err(backend)?;
    conn.prepare_cached("UPDATE rooms SET presence = ?2 WHERE id = ?1")
        .and_then(|mut stmt| stmt.execute(params![room, body]))
        .map_err(backend)?;
    Ok(())
}

/// How long an expired room's link keeps saying "expired" (afterwards: "not found").
const TOMBSTONE_MS: u64 = 30 * 24 * 60 * 60 * 1000;

fn expire(conn: &Connection, room: &str, at: u64) -> Result<(), StoreError> {
    conn.prepare_cached("DELETE FROM expired_rooms WHERE expired_at < ?1")
        .and_then(|mut stmt| stmt.execute([to_sql_int(at.saturating_sub(TOMBSTONE_MS))]))
        .map_err(backend)?;
    conn.execute("DELETE FROM events WHERE room_id = ?1", [room])
        .map_err(backend)?;
    conn.execute("DELETE FROM rooms WHERE id = ?1", [room])
        .map_err(backend)?;
    conn.execute(
        "INSERT OR REPLACE INTO expired_rooms (id, expired_at) VALUES (?1, ?2)",
        params![room, to_sql_int(at)],
    )
    .map_err(backend)?;
    Ok(())
}

fn note_alive(conn: &Connection, at: u64) -> Result<(), StoreError> {
    conn.prepare_cached("INSERT OR REPLACE INTO server_alive (id, at) VALUES (0, ?1)")
        .and_then(|mut stmt| stmt.execute([to_sql_int(at)]))
        .map_err(backend)?;
    Ok(())
}

fn last_alive(conn: &Connection) -> Result<Option<u64>, StoreError> {
    conn.query_row("SELECT at FROM server_alive WHERE id = 0", [], |row| {
        row.get::<_, i64>(0)
    })
    .optional()
    .map(|at| at.map(from_sql_int))
    .map_err(backend)
}

fn to_sql_int(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn from_sql_int(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

type RecordRow = (
    String,
    String,
    i64,
    String,
    Option<String>,
    u8,
    Option<String>,
    Option<String>,
    (Option<i64>, Option<i64>),
);

fn record_from_row(row: RecordRow) -> Result<(RoomRecord, Option<PresenceTimes>), StoreError> {
    let (id, variant, created_at, creator_token, start_fen, seats, presence, creator_name, clock) =
        row;
    let clock = match clock {
        (Some(initial), Some(increment)) => Some(TimeControl {
            initial_ms: from_sql_int(initial),
            increment_ms: from_sql_int(increment),
        }),
        _ => None,
    };
    let presence = match presence {
        Some(json) => Some(
            serde_json::from_str::<StoredPresence>(&json)
                .map_err(|e| StoreError::Backend(format!("room {id}: unreadable presence: {e}")))?
                .into(),
        ),
        None => None,
    };
    let game = GameKind::new(&variant, Some(seats))
        .map_err(|e| StoreError::Backend(format!("room {id}: {e}")))?;
    let record = RoomRecord {
        id,
        game,
        created_at: from_sql_int(created_at),
        seats,
        creator_token,
        creator_name,
        start_fen,
        clock,
    };
    Ok((record, presence))
}

fn events_of(conn: &Connection, room: &str) -> Result<Vec<RoomEvent>, StoreError> {
    let mut stmt = conn
        .prepare_cached("SELECT v, body FROM events WHERE room_id = ?1 ORDER BY v")
        .map_err(backend)?;
    let rows = stmt
        .query_map([room], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
        })
        .map_err(backend)?;
    let mut events = Vec::new();
    for row in rows {
        let (v, body) = row.map_err(backend)?;
        let event: StoredEvent = serde_json::from_str(&body)
            .map_err(|e| StoreError::Backend(format!("room {room}: unreadable event {v}: {e}")))?;
        let event = event
            .into_event(from_sql_int(v))
            .map_err(|e| StoreError::Backend(format!("room {room}: {e}")))?;
        events.push(event);
    }
    Ok(events)
}

const RECORD_COLUMNS: &str = "SELECT id, variant, created_at, creator_token, start_fen, seats, \
                              presence, creator_name, clock_initial_ms, clock_increment_ms \
                              FROM rooms";

fn read_record(row: &rusqlite::Row<'_>) -> rusqlite::Result<RecordRow> {
    Ok((
        row.get(0)?,
        row.get(1)?,
        row.get(2)?,
        row.get(3)?,
        row.get(4)?,
        row.get(5)?,
        row.get(6)?,
        row.get(7)?,
        (row.get(8)?, row.get(9)?),
    ))
}

fn live_rooms(conn: &Connection) -> Result<Vec<StoredRoom>, StoreError> {
    let mut stmt = conn.prepare(RECORD_COLUMNS).map_err(backend)?;
    let rows = stmt
        .query_map([], read_record)
        .map_err(backend)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(backend)?;
    let mut rooms = Vec::with_capacity(rows.len());
    for row in rows {
        let (record, presence) = record_from_row(row)?;
        let events = events_of(conn, &record.id)?;
        rooms.push(StoredRoom {
            record,
            events,
            presence,
        });
    }
    Ok(rooms)
}

fn lookup(conn: &Connection, room: &str) -> Result<RoomLookup, StoreError> {
    let row = conn
        .query_row(
            &format!("{RECORD_COLUMNS} WHERE id = ?1"),
            [room],
            read_record,
        )
        .optional()
        .map_err(backend)?;
    if let Some(row) = row {
        let (record, presence) = record_from_row(row)?;
        let events = events_of(conn, room)?;
        return Ok(RoomLookup::Live(Box::new(StoredRoom {
            record,
            events,
            presence,
        })));
    }
    let expired = conn
        .query_row("SELECT 1 FROM expired_rooms WHERE id = ?1", [room], |_| {
            Ok(())
        })
        .optional()
        .map_err(backend)?
        .is_some();
    Ok(if expired {
        RoomLookup::Expired
    } else {
        RoomLookup::NotFound
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::room::{RoomEventKind, SeatNo};

    fn record(id: &str) -> RoomRecord {
        RoomRecord {
            id: id.into(),
            game: GameKind::Draughts(kingme_draughts::Variant::Russian),
            created_at: 5,
            seats: 2,
            creator_token: "c".into(),
            creator_name: None,
            start_fen: None,
            clock: None,
        }
    }

    fn joined(v: u64) -> RoomEvent {
        RoomEvent {
            v,
            at: 9,
            kind: RoomEventKind::SeatTaken {
                seat: SeatNo(1),
                token: "j".into(),
                name: None,
            },
        }
    }

    /// A database file in the temporary folder, deleted (with its WAL files) on drop.
    struct TempFile(std::path::PathBuf);

    impl TempFile {
        fn new(name: &str) -> TempFile {
            let path =
                std::env::temp_dir().join(format!("kingme-{name}-{}.db", std::process::id()));
            TempFile(path)
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", self.0.display()));
            }
        }
    }

    #[test]
    fn databases_carry_their_schema_version_and_foreign_ones_are_refused() {
        let fresh = TempFile::new("schema-fresh");
        drop(SqliteStore::open(&fresh.0, Durability::Full).unwrap());
        let conn = Connection::open(&fresh.0).unwrap();
        let read =
            |name: &str| -> i64 { conn.pragma_query_value(None, name, |r| r.get(0)).unwrap() };
        assert_eq!(
            (read("user_version"), read("application_id")),
            (6, APPLICATION_ID)
        );
        drop(conn);
        // Opening it again is fine.
        drop(SqliteStore::open(&fresh.0, Durability::Full).unwrap());

        let newer = TempFile::new("schema-newer");
        Connection::open(&newer.0)
            .unwrap()
            .pragma_update(None, "user_version", 7)
            .unwrap();
        let err = SqliteStore::open(&newer.0, Durability::Full).unwrap_err();
        assert!(err.to_string().contains("newer kingme (schema 7"), "{err}");

        let foreign = TempFile::new("schema-foreign");
        let conn = Connection::open(&foreign.0).unwrap();
        conn.execute_batch("CREATE TABLE notes (text TEXT)")
            .unwrap();
        conn.pragma_update(None, "application_id", 42).unwrap();
        drop(conn);
        let err = SqliteStore::open(&foreign.0, Durability::Full).unwrap_err();
        assert!(err.to_string().contains("not a kingme database"), "{err}");
        let conn = Connection::open(&foreign.0).unwrap();
        let tables: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE name = 'rooms'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 0, "nothing was added to the foreign file");
        let journal: String = conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .unwrap();
        assert_eq!(journal, "delete", "nor was its journal mode changed");
    }

    #[tokio::test]
    async fn the_last_time_noted_running_survives_a_reopen() {
        let file = TempFile::new("alive");
        let store = SqliteStore::open(&file.0, Durability::Full).unwrap();
        assert_eq!(
            store.last_alive().await,
            Ok(None),
            "a new file was never noted"
        );
        store.note_alive(5_000).await.unwrap();
        store.note_alive(20_000).await.unwrap();
        store.close().await.unwrap();
        let store = SqliteStore::open(&file.0, Durability::Full).unwrap();
        assert_eq!(store.last_alive().await, Ok(Some(20_000)));
        store.close().await.unwrap();
    }

    #[tokio::test]
    async fn appends_are_conditional_on_the_stored_version() {
        let store = SqliteStore::in_memory().unwrap();
        store.create_room(record("r1")).await.unwrap();
        store.append_event("r1", joined(1)).await.unwrap();
        assert_eq!(
            store.append_event("r1", joined(1)).await,
            Err(StoreError::VersionConflict {
                room: "r1".into(),
                v: 1
            })
        );
        assert_eq!(
            store.append_event("r1", joined(3)).await,
            Err(StoreError::VersionConflict {
                room: "r1".into(),
                v: 3
            })
        );
        assert_eq!(
            store.append_event("nope", joined(1)).await,
            Err(StoreError::NoSuchRoom("nope".into()))
        );
        let RoomLookup::Live(room) = store.lookup("r1").await.unwrap() else {
            panic!("room r1 is stored");
        };
        assert_eq!(room.events, vec![joined(1)]);

        store.expire_room("r1", 100).await.unwrap();
        assert!(matches!(
            store.lookup("r1").await.unwrap(),
            RoomLookup::Expired
        ));
        assert!(matches!(
            store.lookup("r2").await.unwrap(),
            RoomLookup::NotFound
        ));
        assert!(store.live_rooms().await.unwrap().is_empty());
        // Old tombstones go when later rooms expire.
        store.create_room(record("r4")).await.unwrap();
        store
            .expire_room("r4", 100 + TOMBSTONE_MS + 1)
            .await
            .unwrap();
        assert!(matches!(
            store.lookup("r1").await.unwrap(),
            RoomLookup::NotFound
        ));
        assert!(matches!(
            store.lookup("r4").await.unwrap(),
            RoomLookup::Expired
        ));
        store.close().await.unwrap();
        assert!(store.create_room(record("r3")).await.is_err());
    }
}
