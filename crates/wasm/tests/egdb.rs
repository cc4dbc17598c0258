//! The endgame tables through the entry points the engine worker uses: which tables a game can
//! reach, adding the repository's table files one at a time, and a search with them that plays
//! what the engine plays natively with the same database at the same node count.
#![allow(clippy::unwrap_used)]

use kingme_draughts::{notation, Game, Variant};
use kingme_egdb::Egdb;
use kingme_engine::{search_with_egdb, Limits};
use kingme_wasm::session::{Memory, Session};
use kingme_wasm::SystemClock;
use std::path::PathBuf;

fn table_file(variant: Variant, sig: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/egdb")
        .join(variant.key())
        .join(format!("{sig}.egdb"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The tables `session` asks for, added to a memory as the worker adds them (file, then its
/// values decompressed outside), and the same tables as one native database.
fn with_tables(variant: Variant, session: &Session) -> (Memory, Egdb) {
    let mut memory = Memory::default();
    let mut native = Egdb::new(variant);
    let tables = session.egdb_tables(4);
    assert!(!tables.is_empty());
    for sig in tables {
        let file = table_file(variant, &sig);
        let added = native.insert_file(&file).unwrap();
        assert_eq!(added.to_string(), sig);
        let values = native.table(added).unwrap().to_vec();
        let stored = memory
            .draughts
            .add_egdb_table(variant, &file, values)
            .unwrap();
        assert_eq!(stored, added);
    }
    (memory, native)
}

#[test]
fn a_game_lists_the_tables_it_can_reach_only_in_the_ending() {
    let start = Session::new("english", None, None).unwrap();
    assert!(start.egdb_tables(4).is_empty(), "24 pieces reach no table");
    let ending = Session::new("english", None, Some("B:BK1,K3:WK32")).unwrap();
    let tables = ending.egdb_tables(4);
    // Its own table (two black kings, one white king) and the ones a capture leads to.
    assert!(
        tables
            .iter()
            .all(|s| s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit())),
        "{tables:?}"
    );
    assert!(tables.len() >= 2, "{tables:?}");
    assert!(
        ending.egdb_tables(2).is_empty(),
        "three pieces are more than two"
    );
    let halma = Session::new("halma-8", None, None).unwrap();
    assert!(halma.egdb_tables(4).is_empty());
}

#[test]
fn a_bad_table_file_is_refused_and_the_memory_unchanged() {
    let file = table_file(Variant::English, "0101");
    let mut memory = Memory::default();
    // An English table offered as International, and a file cut short.
    assert!(memory
        .draughts
        .add_egdb_table(Variant::International, &file, vec![0; 4])
        .is_err());
    assert!(memory
        .draughts
        .add_egdb_table(Variant::English, &file[..10], Vec::new())
        .is_err());
    assert!(memory
        .draughts
        .egdb(Variant::English)
        .is_none_or(|db| db.signatures().count() == 0));
}

#[test]
fn with_the_tables_the_session_plays_what_the_native_engine_plays_at_the_same_node_count() {
    for (key, variant, fen) in [
        ("english", Variant::English, "B:BK1,K3:WK32"),
        ("english", Variant::English, "W:W18,K30:BK1,K2"),
        (
            "international",
            Variant::International,
            "W:WK47,K38,K24:BK46",
        ),
        ("russian", Variant::Russian, "W:WKa1,Kc1:BKh8"),
    ] {
        let session = Session::new(key, None, Some(fen)).unwrap();
        let (memory, native) = with_tables(variant, &session);
        let game = Game::from_fen(variant, fen).unwrap();
        for nodes in [2_000u64, 20_000] {
            let report = session.search_nodes_with(nodes, &SystemClock, &memory);
            let expected = search_with_egdb(
                &game,
                Limits::Nodes(nodes),
                &SystemClock,
                Some(&native),
                &mut |_| {},
            );
            let expected_best = expected.best.map(|m| notation::move_to_string(variant, &m));
            assert_eq!(
                report.best.map(|m| m.notation),
                expected_best,
                "{fen} at {nodes} nodes"
            );
            assert_eq!(
                (report.nodes, report.depth),
                (expected.nodes, expected.depth),
                "{fen} at {nodes} nodes"
            );
        }
        // The tables change the search: without them it is another search.
        let without = session.search_nodes(20_000, &SystemClock);
        let with = session.search_nodes_with(20_000, &SystemClock, &memory);
        assert!(
            without.depth != with.depth || without.nodes != with.nodes,
            "{fen}"
        );
    }
}
