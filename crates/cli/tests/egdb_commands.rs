//! `kingme egdb build | probe` through the real binary.

mod common;

use common::{kingme, stderr, stdout};

#[test]
fn build_is_resumable_and_probe_reads_the_files() {
    let dir = std::env::temp_dir().join(format!("kingme-egdb-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().expect("a UTF-8 path");
    let args = [
        "egdb",
        "build",
        "--variant",
        "english",
        "--pieces",
        "3",
        "--out",
        out,
    ];
    let o = kingme(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("english up to 3 pieces"),
        "{}",
        stdout(&o)
    );
    let table = dir.join("english").join("0201.egdb");
    assert!(table.exists());

    // A second run keeps what is on disk; a damaged file is built again.
    let mut bytes = std::fs::read(&table).expect("the table");
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&table, &bytes).expect("write");
    let o = kingme(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    let log = stderr(&o);
    assert!(log.contains("0101: on disk, kept"), "{log}");
    assert!(
        log.contains("0201.egdb is unusable (endgame table file truncated"),
        "{log}"
    );

    let probe = |fen: &str| {
        kingme(
            &[
                "egdb",
                "probe",
                "--variant",
                "english",
                "--fen",
                fen,
                "--dir",
                out,
            ],
            "",
        )
    };
    let o = probe("B:BK1,K3:WK32");
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("black to move: win in "), "{text}");
    assert!(text.contains("then white to move: loss in "), "{text}");

    // A position the tables do not hold, and a damaged file, are named errors.
    let o = probe("B:BK1,K3,K5:WK32");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no table 0301"), "{}", stderr(&o));
    std::fs::write(&table, b"KMEGDB").expect("write");
    let o = probe("B:BK1,K3:WK32");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("0201.egdb: endgame table file too short"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
