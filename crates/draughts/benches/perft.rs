//! `cargo bench -p kingme-draughts`: perft with bulk counting, median of five runs, node counts
//! checked against the published values.

use kingme_draughts::{perft, Position, Variant};
use std::time::Instant;

/// Published counts (International 9 and English 11 from the standard perft tables; Russian
/// and Brazilian tables stop at depth 8).
const CASES: [(Variant, u32, u64); 4] = [
    (Variant::International, 9, 41_022_423),
    (Variant::English, 11, 85_242_128),
    (Variant::Russian, 8, 929_899),
    (Variant::Brazilian, 8, 907_830),
];

fn main() {
    for (variant, depth, expected) in CASES {
        let pos = Position::start(variant);
        let mut times = Vec::new();
        for _ in 0..5 {
            let started = Instant::now();
            let nodes = perft(&pos, depth);
            times.push(started.elapsed().as_secs_f64());
            assert_eq!(nodes, expected, "{variant} perft({depth})");
        }
        times.sort_by(f64::total_cmp);
        let median = times[2];
        println!(
            "{variant:>13} perft({depth}) = {expected:>10}  median {median:.3} s  {:.1} M leaves/s",
            expected as f64 / median / 1e6
        );
    }
}
