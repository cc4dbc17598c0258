// Times perft in WebAssembly (Node's V8, as in the browser) against the native build.
// Build both first:
//   cargo build --release --target wasm32-unknown-unknown -p kingme-wasm --example halma_speed
//   cargo build --release -p kingme-halma --example perft_speed
// then: node crates/wasm/examples/halma_speed.mjs [depth] [runs]
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const target = process.env.CARGO_TARGET_DIR ?? join(root, "target");
const depth = Number(process.argv[2] ?? 5);
const runs = Number(process.argv[3] ?? 5);
const wasm = readFileSync(join(target, "wasm32-unknown-unknown/release/examples/halma_speed.wasm"));
const { instance } = await WebAssembly.instantiate(wasm, {});
const { perft_start, setup_count, setup_code } = instance.exports;
const variants = ["halma-8", "halma-10", "halma-16", "chinese-checkers"];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const native = execFileSync(join(target, "release/examples/perft_speed"), [String(depth), String(runs)], {
  encoding: "utf8",
});
const nativeRate = new Map();
for (const line of native.trim().split("\n")) {
  const m = line.match(/^(\S+) with (\d) players?: .* ([\d.]+) M leaves\/s$/);
  if (m) nativeRate.set(`${m[1]}/${m[2]}`, Number(m[3]));
}

for (let s = 0; s < setup_count(); s++) {
  const code = setup_code(s);
  const name = `${variants[code >> 4]}/${code & 15}`;
  const times = [];
  let leaves = 0;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    leaves = perft_start(s, depth);
    times.push((performance.now() - t) / 1000);
  }
  const rate = leaves / median(times) / 1e6;
  const nat = nativeRate.get(name);
  const share = nat ? `${((rate / nat) * 100).toFixed(0)} % of native (${nat.toFixed(1)} M)` : "";
  console.log(`${name}: perft(${depth}) = ${leaves}  wasm ${rate.toFixed(1)} M leaves/s  ${share}`);
}
