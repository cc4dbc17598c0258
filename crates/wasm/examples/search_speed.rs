//! Native speed of the same search the page runs in its worker, for comparison:
//! `cargo run --release -p kingme-wasm --example search_speed`.

use kingme_wasm::session::Session;
use kingme_wasm::SystemClock;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut session = Session::new("international", None, None)?;
    session.play_text("d4-e5", false)?;
    for nodes in [200_000, 1_000_000] {
        let report = session.search_nodes(nodes, &SystemClock);
        println!(
            "native: {} nodes in {:.0} ms = {:.0} nodes/s (depth {})",
            report.nodes,
            report.elapsed_ms,
            report.nodes as f64 / report.elapsed_ms * 1000.0,
            report.depth
        );
    }
    Ok(())
}
