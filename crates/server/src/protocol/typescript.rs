//! The page's TypeScript for the protocol, generated from the Rust types by tsify (the same tool
//! as the rules' model in `web/src/wasm/model.ts`, here only in tests so that the server does not
//! link it):
//!
//! - `web/src/net/wire.ts`: the declarations;
//! - `web/src/net/wire.samples.ts`: one message of every kind as serde writes it, typed by those
//!   declarations, so that `tsc` fails when the declarations and the real JSON disagree.
//!
//! These tests fail when either file is stale;
//! `KINGME_UPDATE_TYPES=1 cargo test -p kingme-server --lib protocol::typescript` rewrites both.

#![allow(clippy::unwrap_used)]

use super::*;
use std::path::PathBuf;
use tsify::Tsify;

const HEADER: &str = "// Generated from crates/server/src/protocol.rs by \
     `KINGME_UPDATE_TYPES=1 cargo test -p kingme-server --lib protocol::typescript`.\n\
     // Do not edit: the test run fails when this file and the Rust types disagree.\n";

/// The close codes, named as in [`close`].
const CLOSE_CODES: [(&str, u16); 8] = [
    ("RESTARTING", close::RESTARTING),
    ("BAD_MESSAGE", close::BAD_MESSAGE),
    ("NO_HELLO", close::NO_HELLO),
    ("RATE_LIMITED", close::RATE_LIMITED),
    ("TOO_LARGE", close::TOO_LARGE),
    ("TIMEOUT", close::TIMEOUT),
    ("ROOM_NOT_FOUND", close::ROOM_NOT_FOUND),
    ("ROOM_EXPIRED", close::ROOM_EXPIRED),
];

fn declarations() -> String {
    let mut text = String::from(HEADER);
    let decls = [
        Seat::DECL,
        Side::DECL,
        ClientMessage::DECL,
        OutcomeView::DECL,
        EventKind::DECL,
        // `Event` flattens `EventKind`: tsify would write `interface Event extends EventKind`,
        // which TypeScript refuses for a union, so this one is the intersection serde writes.
        "/**\n * A change to the room, numbered by the room version `v`; `at` is server time in \
         milliseconds since the Unix epoch; `clock`, in a timed room, the clocks just after \
         it.\n */\nexport type Event = { v: number; at: number; clock?: ClockView } & EventKind;",
        Presence::DECL,
        SeatPresence::DECL,
        SeatView::DECL,
        Colors::DECL,
        Snapshot::DECL,
        CreateRoom::DECL,
        ComputerSeatRequest::DECL,
        TimeControlView::DECL,
        ClockView::DECL,
        RoomCreated::DECL,
        ErrorCode::DECL,
        ServerMessage::DECL,
    ];
    for decl in decls {
        text.push('\n');
        text.push_str(decl.trim());
        text.push('\n');
    }
    text.push_str("\n/**\n * WebSocket close codes.\n */\nexport const CLOSE = {\n");
    for (name, code) in CLOSE_CODES {
        text.push_str(&format!("    {name}: {code},\n"));
    }
    text.push_str("} as const;\n");
    text
}

fn outcome() -> OutcomeView {
    OutcomeView {
        winner: Some(Seat::Creator),
        winner_side: Some(Side::White),
        winner_no: Some(0),
        ranking: vec![vec![0], vec![1]],
        reason: "no-pieces".into(),
        description: "White has taken every black piece".into(),
    }
}

fn presence() -> Presence {
    Presence {
        creator: true,
        joiner: false,
        spectators: 2,
        creator_away_since: None,
        joiner_away_since: Some(1_700_000_060_000),
        seats: vec![
            SeatPresence {
                connected: true,
                away_since: None,
            },
            SeatPresence {
                connected: false,
                away_since: Some(1_700_000_060_000),
            },
        ],
    }
}

fn clock() -> ClockView {
    ClockView {
        control: TimeControlView {
            initial_ms: 180_000,
            increment_ms: 2_000,
        },
        remaining_ms: vec![176_500, 181_000],
        running: Some(0),
    }
}

fn snapshot() -> Snapshot {
    Snapshot {
        v: 3,
        room: "k7f3q9x2".into(),
        variant: "english".into(),
        created_at: 1_700_000_000_000,
        expires_at: 1_700_086_400_000,
        game: 1,
        colors: Some(Colors {
            creator: Side::Black,
            joiner: Side::White,
        }),
        joined: true,
        you: Some(Seat::Joiner),
        you_no: Some(1),
        players: 2,
        seats: vec![
            SeatView {
                seat_no: 0,
                taken: true,
                name: Some("Ann".into()),
                computer: None,
                player: 0,
                board_seat: None,
                side: Some(Side::Black),
            },
            SeatView {
                seat_no: 1,
                taken: false,
                name: None,
                computer: Some("expert".into()),
                player: 1,
                board_seat: None,
                side: Some(Side::White),
            },
        ],
        start_fen: "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12".into(),
        moves: vec!["11-15".into()],
        offers: vec![false],
        fen: "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15".into(),
        to_move: Some(Seat::Joiner),
        to_move_no: Some(1),
        legal_moves: vec!["22-18".into(), "23-19".into()],
        draw_offer: None,
        may_offer_draw: true,
        outcome: None,
        left_for_computer: None,
        presence: presence(),
        clock: Some(clock()),
    }
}

fn client_samples() -> Vec<ClientMessage> {
    vec![
        ClientMessage::Hello {
            token: Some("0123456789abcdef0123456789abcdef".into()),
            v: Some(4),
        },
        ClientMessage::Hello {
            token: None,
            v: None,
        },
        ClientMessage::Join {
            token: None,
            seat_no: Some(2),
            name: Some("Ann".into()),
        },
        ClientMessage::SeatComputers {
            seats: Some(vec![1, 2]),
            level: Some("advanced".into()),
        },
        ClientMessage::ReplaceWithComputer {
            seat_no: 1,
            v: 9,
            level: None,
        },
        ClientMessage::Reclaim,
        ClientMessage::Move {
            ack: 3,
            v: 7,
            notation: "c3×e5×g7".into(),
            offer_draw: true,
        },
        ClientMessage::AcceptDraw { v: 8 },
        ClientMessage::Resign { v: 8 },
        ClientMessage::Rematch { game: 1 },
        ClientMessage::ContinueVsComputer { v: 8 },
        ClientMessage::Sync { v: 2 },
    ]
}

fn event_samples() -> Vec<Event> {
    let kinds = vec![
        EventKind::Joined {
            seat: Seat::Joiner,
            seat_no: 1,
            name: Some("Bo".into()),
        },
        EventKind::Joined {
            seat: Seat::Joiner,
            seat_no: 2,
            name: None,
        },
        EventKind::ComputersSeated {
            seats: vec![3, 4],
            level: "beginner".into(),
        },
        EventKind::SeatReclaimed { seat_no: 1 },
        EventKind::Moved {
            seat: Seat::Creator,
            seat_no: 0,
            notation: "11-15".into(),
            offer_draw: false,
            ack: 1,
            fen: "W:W21,22:B15".into(),
            outcome: None,
        },
        EventKind::Moved {
            seat: Seat::Joiner,
            seat_no: 1,
            notation: "22x15".into(),
            offer_draw: false,
            ack: 2,
            fen: "B:W15:B".into(),
            outcome: Some(outcome()),
        },
        EventKind::DrawAccepted {
            seat: Seat::Joiner,
            seat_no: 1,
            outcome: OutcomeView {
                winner: None,
                winner_side: None,
                winner_no: None,
                ranking: vec![vec![0, 1]],
                reason: "agreement".into(),
                description: "The players agreed to a draw".into(),
            },
        },
        EventKind::Resigned {
            seat: Seat::Joiner,
            seat_no: 2,
            outcome: None,
        },
        EventKind::Rematch {
            game: 2,
            first: Seat::Joiner,
            first_no: 1,
            fen: "B:W21,22:B1,2".into(),
        },
        EventKind::Flagged {
            seat: Seat::Creator,
            seat_no: 0,
            outcome: Some(outcome()),
        },
        EventKind::LeftForComputer {
            seat: Seat::Creator,
        },
    ];
    kinds
        .into_iter()
        .zip(1..)
        .map(|(kind, v)| Event {
            v,
            at: 1_700_000_000_000 + v * 1000,
            clock: matches!(kind, EventKind::Moved { .. }).then(clock),
            kind,
        })
        .collect()
}

fn server_samples() -> Vec<ServerMessage> {
    vec![
        ServerMessage::Snapshot(Box::new(snapshot())),
        ServerMessage::Seat {
            seat: Seat::Joiner,
            seat_no: 1,
            token: "0123456789abcdef0123456789abcdef".into(),
        },
        ServerMessage::Ack { ack: 3, v: 7 },
        ServerMessage::Synced { v: 7, clock: None },
        ServerMessage::Synced {
            v: 7,
            clock: Some(clock()),
        },
        ServerMessage::Presence(presence()),
        ServerMessage::Away {
            seat: Seat::Joiner,
            seat_no: 1,
            since: 1_700_000_060_000,
        },
        ServerMessage::error(ErrorCode::NotYourTurn, "it is White's turn"),
        ServerMessage::Error {
            code: ErrorCode::IllegalMove,
            message: "11-16 is not a legal move".into(),
            ack: Some(4),
        },
    ]
}

fn json_list<T: Serialize>(items: &[T]) -> String {
    let mut text = String::from("[\n");
    for item in items {
        text.push_str("    ");
        text.push_str(&serde_json::to_string(item).unwrap());
        text.push_str(",\n");
    }
    text.push(']');
    text
}

fn samples() -> String {
    format!(
        "{HEADER}// Each message exactly as the server writes it (serde_json); `tsc` checks them \
         against wire.ts.\n\nimport type {{ ClientMessage, Event, ServerMessage }} from \"./wire\";\n\n\
         export const clientSamples: ClientMessage[] = {};\n\n\
         export const eventSamples: Event[] = {};\n\n\
         export const serverSamples: ServerMessage[] = {};\n",
        json_list(&client_samples()),
        json_list(&event_samples()),
        json_list(&server_samples()),
    )
}

/// Fails when `web/src/net/<name>` is not `want`; rewrites it under `KINGME_UPDATE_TYPES=1`.
fn check(name: &str, want: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/src/net")
        .join(name);
    if std::env::var_os("KINGME_UPDATE_TYPES").is_some_and(|v| v == "1") {
        std::fs::write(&path, want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is stale: run `KINGME_UPDATE_TYPES=1 cargo test -p kingme-server --lib protocol::typescript`",
        path.display()
    );
}

#[test]
fn the_typescript_declarations_are_generated_from_the_rust_types() {
    check("wire.ts", &declarations());
}

#[test]
fn the_typescript_samples_are_what_serde_writes() {
    check("wire.samples.ts", &samples());
}

#[test]
fn the_samples_read_back_as_what_was_written() {
    for m in client_samples() {
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<ClientMessage>(&json).unwrap(), m);
    }
    for e in event_samples() {
        let json = serde_json::to_string(&e).unwrap();
        assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), e);
    }
    for m in server_samples() {
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<ServerMessage>(&json).unwrap(), m);
    }
}

#[test]
fn every_close_code_is_in_the_typescript() {
    let source = include_str!("../protocol.rs");
    let module = &source[source.find("pub mod close {").unwrap()..];
    let module = &module[..module.find("\n}").unwrap()];
    assert_eq!(module.matches("pub const ").count(), CLOSE_CODES.len());
}
