//! `kingme book build | probe`, and the book in `kingme hub` and `kingme play`, through the
//! real binary.

mod common;

use common::{kingme, stderr, stdout};

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("kingme-book-{name}-{}.bin", std::process::id()))
}

#[test]
fn build_goes_on_from_its_file_and_probe_reads_it() {
    let path = temp("build");
    let _ = std::fs::remove_file(&path);
    let out = path.to_str().expect("a UTF-8 path");
    let args = [
        "book",
        "build",
        "--variant",
        "english",
        "--plies",
        "2",
        "--nodes",
        "3000",
        "--out",
        out,
    ];
    let o = kingme(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("english book: "), "{}", stdout(&o));
    let first = std::fs::read(&path).expect("the book");

    // A second run finds every position in the file and searches none.
    let o = kingme(&args, "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("already there"), "{}", stderr(&o));
    assert!(stdout(&o).contains("(0 searched"), "{}", stdout(&o));
    assert_eq!(std::fs::read(&path).expect("the book"), first);

    // Other build settings are refused rather than mixed in.
    let mut other = args;
    other[7] = "4000";
    let o = kingme(&other, "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--nodes 3000"), "{}", stderr(&o));

    let o = kingme(
        &["book", "probe", "--variant", "english", "--file", out],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert!(!lines.is_empty() && lines.len() <= 4, "{lines:?}");
    // Each line is a legal move of the start in the site's notation, with a score.
    let legal = stdout(&kingme(&["moves", "--variant", "english"], ""));
    for line in &lines {
        let mv = line.split_whitespace().next().expect("a move");
        assert!(legal.lines().any(|l| l.trim() == mv), "{mv} in {legal}");
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn the_shipped_books_answer_the_start_and_not_a_late_position() {
    for variant in ["english", "international", "russian", "brazilian"] {
        let o = kingme(&["book", "probe", "--variant", variant], "");
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            !stdout(&o).contains("not in the"),
            "{variant}: {}",
            stdout(&o)
        );
    }
    let o = kingme(
        &[
            "book",
            "probe",
            "--variant",
            "english",
            "--fen",
            "W:W21,22:B11,12",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("not in the english book"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_damaged_book_is_refused_in_one_line_naming_the_file() {
    let path = temp("damaged");
    let mut bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/book/english.bin"
    ))
    .expect("the shipped book");
    bytes.truncate(bytes.len() - 5);
    std::fs::write(&path, &bytes).expect("write");
    let file = path.to_str().expect("a UTF-8 path");
    let o = kingme(
        &["book", "probe", "--variant", "english", "--file", file],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(file) && err.contains("truncated"), "{err}");
    // The same file for a match is the same error, and a book of another variant is named.
    let o = kingme(
        &[
            "play",
            "--variant",
            "english",
            "--games",
            "1",
            "--a",
            "advanced",
            "--b",
            "depth:1",
            "--a-book",
            file,
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("truncated"), "{}", stderr(&o));
    let russian = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/book/russian.bin");
    let o = kingme(
        &["book", "probe", "--variant", "english", "--file", russian],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("opening book of"), "{}", stderr(&o));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn hub_plays_the_book_in_a_timed_game_and_searches_without_it() {
    for (book, from_book) in [("shipped", true), ("none", false)] {
        let input = "hub\ninit\nset-param name=variant value=english\nnew-game\n\
                     pos\nlevel move-time=0.3\ngo think\n";
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kingme"))
            .args(["hub", "--book", book])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("kingme runs");
        let mut stdin = child.stdin.take().expect("stdin");
        std::io::Write::write_all(&mut stdin, input.as_bytes()).expect("write");
        let mut reader = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = std::io::BufRead::read_line(&mut reader, &mut line).expect("read");
            assert!(n > 0, "hub ended before done: {lines:?}");
            let done = line.starts_with("done");
            lines.push(line.trim().to_string());
            if done {
                break;
            }
        }
        std::io::Write::write_all(&mut stdin, b"quit\n").expect("write");
        drop(stdin);
        assert!(child.wait().expect("exits").success());
        let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info")).collect();
        assert!(
            lines.last().is_some_and(|l| l.contains("move=")),
            "{lines:?}"
        );
        if from_book {
            assert_eq!(infos.len(), 1, "{lines:?}");
            assert!(infos[0].contains("depth=0 ") && infos[0].contains("nodes=0 "));
        } else {
            assert!(infos.iter().all(|l| !l.contains("depth=0 ")), "{lines:?}");
        }
    }
}

#[test]
fn play_with_and_without_the_book() {
    let o = kingme(
        &[
            "play",
            "--variant",
            "english",
            "--games",
            "2",
            "--a",
            "depth:2",
            "--b",
            "depth:2",
            "--a-book",
            "shipped",
            "--b-book",
            "none",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("of 2"), "{text}");
    assert!(text.contains("game   2 opening   1"), "{text}");
    let o = kingme(
        &[
            "play",
            "--variant",
            "halma-8",
            "--games",
            "1",
            "--a",
            "greedy",
            "--b",
            "greedy",
            "--a-book",
            "none",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no book"), "{}", stderr(&o));
}
