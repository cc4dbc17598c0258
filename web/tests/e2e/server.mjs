// A `kingme serve` of a test's own (for tests that stop and restart it), on a port and SQLite file
// the test chooses.
import { spawn } from "node:child_process";

/** Starts `kingme serve` (`KINGME_BIN`) with `extra` arguments; resolves once it serves. */
export function serve(port, db, extra = []) {
  const args = ["serve", "--addr", `127.0.0.1:${port}`, "--db", db, ...extra];
  const child = spawn(process.env.KINGME_BIN, args, { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      seen += chunk;
      if (/serving http/.test(seen)) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`kingme serve exited (${code}):\n${seen}`)));
  });
}

/** Stops a server started by `serve` (gracefully, as Ctrl-C would) and waits until it has. */
export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
