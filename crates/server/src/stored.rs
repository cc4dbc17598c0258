//! How room events are written to storage: a serde type of its own, separate from the wire
//! protocol ([`crate::protocol`]) and from the room's domain types ([`crate::room`]).
//!
//! The JSON written here is part of the store's schema: [`FORMAT`] is the schema version that
//! defines it (SQLite's `PRAGMA user_version`). Renaming a field or a tag here changes what is
//! read back, so any change to these types is a new format with a migration from the old one;
//! the tests pin the exact JSON of every event. Stored events keep only what happened (who did
//! what); what follows from it (positions, results, colours) is recomputed when the room is
//! rebuilt, by the same code that applies live events.

use crate::clocks::ClockTimes;
use crate::room::{RoomEvent, RoomEventKind, SeatNo};
use crate::store::PresenceTimes;
use serde::{Deserialize, Serialize};

/// The stored event format, the same number as the schema that introduced it.
///
/// - 2: seats by number; `seat_taken`, `moved`, `draw_accepted`, `resigned`, `rematch`,
///   `left_for_computer`. (Schema 3 added presence times beside the events, not in them.)
/// - 4: `seat_taken` may carry the holder's `name`; `computers_seated` and `seat_reclaimed`
///   are new. Every format-2 body reads the same in format 4, so the migration rewrites none.
/// - 5: the same bodies as 4 (schema 5 added the creator's name to the room's row).
/// - 6: in timed rooms `moved` carries the mover's time left (`clock_ms`), and `flagged` is new.
///   Every format-5 body reads the same in format 6, so the migration rewrites none.
pub const FORMAT: i64 = 6;

/// One stored event (the room version is stored beside it, not in it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredEvent {
    /// Milliseconds since the Unix epoch.
    pub at: u64,
    #[serde(flatten)]
    pub kind: StoredKind,
}

/// What happened. Seats are numbers: their place in the room's list of seats (0: the creator).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum StoredKind {
    /// `seat` was taken by the holder of `token`, who goes by `name`.
    SeatTaken {
        seat: u8,
        token: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// The computer at `level` (`beginner` … `expert`) plays `seats` from now on.
    ComputersSeated { seats: Vec<u8>, level: String },
    /// The holder of `seat` took it back from the computer.
    SeatReclaimed { seat: u8 },
    /// `seat` played `move` (full-path notation), with client id `ack`.
    Moved {
        seat: u8,
        ack: u64,
        #[serde(rename = "move")]
        notation: String,
        offer_draw: bool,
        /// In a timed room, the mover's time left after the move (milliseconds).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock_ms: Option<u64>,
    },
    /// `seat`'s time ran out.
    Flagged { seat: u8 },
    /// `seat` accepted the pending draw offer.
    DrawAccepted { seat: u8 },
    /// `seat` resigned.
    Resigned { seat: u8 },
    /// Game number `game` started.
    Rematch { game: u32 },
    /// `seat` took the game out of the room to go on against the computer.
    LeftForComputer { seat: u8 },
}

impl StoredEvent {
    /// The stored form of a room event.
    pub fn from_event(event: &RoomEvent) -> StoredEvent {
        let kind = match &event.kind {
            RoomEventKind::SeatTaken { seat, token, name } => StoredKind::SeatTaken {
                seat: seat.0,
                token: token.clone(),
                name: name.clone(),
            },
            RoomEventKind::ComputersSeated { seats, level } => StoredKind::ComputersSeated {
                seats: seats.iter().map(|s| s.0).collect(),
                level: level.key().to_string(),
            },
            RoomEventKind::SeatReclaimed { seat } => StoredKind::SeatReclaimed { seat: seat.0 },
            RoomEventKind::Moved {
                seat,
                ack,
                notation,
                offer_draw,
                clock_ms,
            } => StoredKind::Moved {
                seat: seat.0,
                ack: *ack,
                notation: notation.clone(),
                offer_draw: *offer_draw,
                clock_ms: *clock_ms,
            },
            RoomEventKind::Flagged { seat } => StoredKind::Flagged { seat: seat.0 },
            RoomEventKind::DrawAccepted { seat } => StoredKind::DrawAccepted { seat: seat.0 },
            RoomEventKind::Resigned { seat } => StoredKind::Resigned { seat: seat.0 },
            RoomEventKind::Rematch { game } => StoredKind::Rematch { game: *game },
            RoomEventKind::LeftForComputer { seat } => StoredKind::LeftForComputer { seat: seat.0 },
        };
        StoredEvent { at: event.at, kind }
    }

    /// The room event this is, as version `v`.
    ///
    /// # Errors
    /// A computer level this build does not know.
    pub fn into_event(self, v: u64) -> Result<RoomEvent, String> {
        let kind = match self.kind {
            StoredKind::SeatTaken { seat, token, name } => RoomEventKind::SeatTaken {
                seat: SeatNo(seat),
                token,
                name,
            },
            StoredKind::ComputersSeated { seats, level } => RoomEventKind::ComputersSeated {
                seats: seats.into_iter().map(SeatNo).collect(),
                level: level.parse().map_err(|e| format!("event {v}: {e}"))?,
            },
            StoredKind::SeatReclaimed { seat } => {
                RoomEventKind::SeatReclaimed { seat: SeatNo(seat) }
            }
            StoredKind::Moved {
                seat,
                ack,
                notation,
                offer_draw,
                clock_ms,
            } => RoomEventKind::Moved {
                seat: SeatNo(seat),
                ack,
                notation,
                offer_draw,
                clock_ms,
            },
            StoredKind::Flagged { seat } => RoomEventKind::Flagged { seat: SeatNo(seat) },
            StoredKind::DrawAccepted { seat } => RoomEventKind::DrawAccepted { seat: SeatNo(seat) },
            StoredKind::Resigned { seat } => RoomEventKind::Resigned { seat: SeatNo(seat) },
            StoredKind::Rematch { game } => RoomEventKind::Rematch { game },
            StoredKind::LeftForComputer { seat } => {
                RoomEventKind::LeftForComputer { seat: SeatNo(seat) }
            }
        };
        Ok(RoomEvent {
            v,
            at: self.at,
            kind,
        })
    }
}

/// A room's presence times as stored (`rooms.presence`, from schema 3; `clocks` from 6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredPresence {
    pub idle_since: Option<u64>,
    pub away_since: Vec<Option<u64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<StoredClockTimes>,
}

/// The clocks as noted at `at` (milliseconds left per seat).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredClockTimes {
    pub at: u64,
    pub remaining_ms: Vec<u64>,
}

impl From<&PresenceTimes> for StoredPresence {
    fn from(p: &PresenceTimes) -> StoredPresence {
        StoredPresence {
            idle_since: p.idle_since,
            away_since: p.away_since.clone(),
            clocks: p.clocks.as_ref().map(|c| StoredClockTimes {
                at: c.at,
                remaining_ms: c.remaining_ms.clone(),
            }),
        }
    }
}

impl From<StoredPresence> for PresenceTimes {
    fn from(p: StoredPresence) -> PresenceTimes {
        PresenceTimes {
            idle_since: p.idle_since,
            away_since: p.away_since,
            clocks: p.clocks.map(|c| ClockTimes {
                at: c.at,
                remaining_ms: c.remaining_ms,
            }),
        }
    }
}

/// Schema 1's event bodies, frozen as they were written (the wire events of that release), read
/// only to migrate them. Fields that schema 2 recomputes (`fen`, `outcome`, `first`) are ignored.
pub mod schema1 {
    use super::{StoredEvent, StoredKind};
    use serde::Deserialize;

    /// A schema-1 seat.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Seat {
        Creator,
        Joiner,
    }

    impl Seat {
        fn number(self) -> u8 {
            match self {
                Seat::Creator => 0,
                Seat::Joiner => 1,
            }
        }
    }

    /// A schema-1 event body.
    #[derive(Clone, Debug, Deserialize)]
    pub struct Event {
        pub v: u64,
        pub at: u64,
        #[serde(flatten)]
        pub kind: Kind,
    }

    /// What a schema-1 event said.
    #[derive(Clone, Debug, Deserialize)]
    #[serde(tag = "t", rename_all = "snake_case")]
    pub enum Kind {
        Joined {
            seat: Seat,
        },
        Moved {
            seat: Seat,
            #[serde(rename = "move")]
            notation: String,
            offer_draw: bool,
            ack: u64,
        },
        DrawAccepted {
            seat: Seat,
        },
        Resigned {
            seat: Seat,
        },
        Rematch {
            game: u32,
        },
        LeftForComputer {
            seat: Seat,
        },
    }

    impl Event {
        /// The schema-2 form. Schema 1 kept the joiner's token in the room's row, not in the
        /// `joined` event: `joiner_token` is that column.
        ///
        /// # Errors
        /// A `joined` event in a room without a joiner token.
        pub fn upgrade(self, joiner_token: Option<&str>) -> Result<StoredEvent, String> {
            let kind = match self.kind {
                Kind::Joined { seat } => StoredKind::SeatTaken {
                    seat: seat.number(),
                    token: joiner_token
                        .ok_or("a joined event but no joiner token")?
                        .to_string(),
                    name: None,
                },
                Kind::Moved {
                    seat,
                    notation,
                    offer_draw,
                    ack,
                } => StoredKind::Moved {
                    seat: seat.number(),
                    ack,
                    notation,
                    offer_draw,
                    clock_ms: None,
                },
                Kind::DrawAccepted { seat } => StoredKind::DrawAccepted {
                    seat: seat.number(),
                },
                Kind::Resigned { seat } => StoredKind::Resigned {
                    seat: seat.number(),
                },
                Kind::Rematch { game } => StoredKind::Rematch { game },
                Kind::LeftForComputer { seat } => StoredKind::LeftForComputer {
                    seat: seat.number(),
                },
            };
            Ok(StoredEvent { at: self.at, kind })
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The exact JSON of every stored event: a change here is a new format (and a migration).
    #[test]
    fn the_stored_json_is_pinned() {
        let cases = [
            (
                RoomEventKind::SeatTaken {
                    seat: SeatNo(1),
                    token: "0123456789abcdef0123456789abcdef".into(),
                    name: None,
                },
                r#"{"at":9,"t":"seat_taken","seat":1,"token":"0123456789abcdef0123456789abcdef"}"#,
            ),
            (
                RoomEventKind::SeatTaken {
                    seat: SeatNo(2),
                    token: "0123456789abcdef0123456789abcdef".into(),
                    name: Some("Ann".into()),
                },
                r#"{"at":9,"t":"seat_taken","seat":2,"token":"0123456789abcdef0123456789abcdef","name":"Ann"}"#,
            ),
            (
                RoomEventKind::ComputersSeated {
                    seats: vec![SeatNo(1), SeatNo(3)],
                    level: kingme_engine_core::Level::Advanced,
                },
                r#"{"at":9,"t":"computers_seated","seats":[1,3],"level":"advanced"}"#,
            ),
            (
                RoomEventKind::SeatReclaimed { seat: SeatNo(3) },
                r#"{"at":9,"t":"seat_reclaimed","seat":3}"#,
            ),
            (
                RoomEventKind::Moved {
                    seat: SeatNo(0),
                    ack: 3,
                    notation: "c3×e5×g7".into(),
                    offer_draw: true,
                    clock_ms: None,
                },
                r#"{"at":9,"t":"moved","seat":0,"ack":3,"move":"c3×e5×g7","offer_draw":true}"#,
            ),
            (
                RoomEventKind::Moved {
                    seat: SeatNo(1),
                    ack: 4,
                    notation: "d6-c5".into(),
                    offer_draw: false,
                    clock_ms: Some(181_500),
                },
                r#"{"at":9,"t":"moved","seat":1,"ack":4,"move":"d6-c5","offer_draw":false,"clock_ms":181500}"#,
            ),
            (
                RoomEventKind::Flagged { seat: SeatNo(2) },
                r#"{"at":9,"t":"flagged","seat":2}"#,
            ),
            (
                RoomEventKind::DrawAccepted { seat: SeatNo(1) },
                r#"{"at":9,"t":"draw_accepted","seat":1}"#,
            ),
            (
                RoomEventKind::Resigned { seat: SeatNo(0) },
                r#"{"at":9,"t":"resigned","seat":0}"#,
            ),
            (
                RoomEventKind::Rematch { game: 2 },
                r#"{"at":9,"t":"rematch","game":2}"#,
            ),
            (
                RoomEventKind::LeftForComputer { seat: SeatNo(1) },
                r#"{"at":9,"t":"left_for_computer","seat":1}"#,
            ),
        ];
        for (kind, json) in cases {
            let event = RoomEvent { v: 4, at: 9, kind };
            let stored = StoredEvent::from_event(&event);
            assert_eq!(serde_json::to_string(&stored).unwrap(), json);
            let back: StoredEvent = serde_json::from_str(json).unwrap();
            assert_eq!(back.into_event(4).unwrap(), event);
        }
    }

    #[test]
    fn schema_1_bodies_upgrade() {
        let joined: schema1::Event =
            serde_json::from_str(r#"{"v":1,"at":7,"t":"joined","seat":"joiner"}"#).unwrap();
        assert_eq!(
            joined.clone().upgrade(Some("j")).unwrap(),
            StoredEvent {
                at: 7,
                kind: StoredKind::SeatTaken {
                    seat: 1,
                    token: "j".into(),
                    name: None,
                }
            }
        );
        assert!(joined.upgrade(None).is_err());
        let moved: schema1::Event = serde_json::from_str(
            r#"{"v":2,"at":8,"t":"moved","seat":"creator","move":"c3-d4","offer_draw":false,
                "ack":1,"fen":"W:W…","outcome":null}"#,
        )
        .unwrap();
        assert_eq!(
            moved.upgrade(None).unwrap().kind,
            StoredKind::Moved {
                seat: 0,
                ack: 1,
                notation: "c3-d4".into(),
                offer_draw: false,
                clock_ms: None,
            }
        );
    }
}
