// A node:test reporter that adds, after the run, every browser test file's time and the ten
// slowest tests, slowest first (run.mjs uses it beside the usual TAP output), so that the
// tests that make `./x test` long are easy to see.
import path from "node:path";

export default async function* durations(source) {
  const tests = [];
  const files = new Map();
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { name, file, nesting, details } = event.data;
    const ms = details?.duration_ms ?? 0;
    // Top-level tests only (a file's own wrapper, when there is one, has no test name of its own).
    if (nesting !== 0 || !file) continue;
    const base = path.basename(file);
    if (name === file || name === base) continue;
    tests.push({ name, file: base, ms, failed: event.type === "test:fail" });
    files.set(base, (files.get(base) ?? 0) + ms);
  }
  if (tests.length === 0) return;
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  yield "\nbrowser test files by time:\n";
  for (const [file, ms] of [...files].sort((a, b) => b[1] - a[1])) yield `${s(ms)}  ${file}\n`;
  yield "slowest tests:\n";
  for (const t of [...tests].sort((a, b) => b.ms - a.ms).slice(0, 10)) yield `${s(t.ms)}  ${t.file}: ${t.name}${t.failed ? " (failed)" : ""}\n`;
}
