// Starts the site (the release `kingme serve`, or `vite preview` when no binary is given), then
// runs every *.test.mjs here with node's test runner against it.
import { spawn } from "node:child_process";
import { freePort } from "./ports.mjs";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, "../..");
const bin = process.env.KINGME_BIN;


async function startServer() {
  if (bin && existsSync(bin)) {
    const db = path.join(mkdtempSync(path.join(tmpdir(), "kingme-e2e-")), "rooms.db");
    const child = spawn(bin, ["serve", "--addr", "127.0.0.1:0", "--db", db], { stdio: ["ignore", "ignore", "pipe"] });
    // The address must be followed by more output: a chunk may end in the middle of it.
    return { child, pattern: /serving (http:\/\/[\d.:]+)\s/, stream: child.stderr };
  }
  const vite = path.join(webRoot, "node_modules/vite/bin/vite.js");
  const child = spawn(process.execPath, [vite, "preview", "--host", "127.0.0.1", "--strictPort", "--port", String(await freePort())], {
    cwd: webRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { child, pattern: /(http:\/\/127\.0\.0\.1:\d+)[/\s]/, stream: child.stdout };
}

function waitForUrl({ child, pattern, stream }) {
  return new Promise((resolve, reject) => {
    let seen = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      seen += chunk;
      const match = seen.replace(/\x1b\[[0-9;]*m/g, "").match(pattern);
      if (match) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`the server exited (${code}) before serving:\n${seen}`)));
  });
}

const server = await startServer();
let status = 1;
try {
  const url = await waitForUrl(server);
  console.log(`e2e: site at ${url}`);
  const files = process.argv.slice(2).length
    ? process.argv.slice(2)
    : readdirSync(here).filter((f) => f.endsWith(".test.mjs")).sort().map((f) => path.join(here, f));
  // The usual TAP output, then each file's and the slowest tests' times (durations.mjs).
  const reporters = ["--test-reporter=tap", "--test-reporter-destination=stdout", `--test-reporter=${path.join(here, "durations.mjs")}`, "--test-reporter-destination=stdout"];
  const runner = spawn(process.execPath, ["--test", "--test-concurrency=1", ...reporters, ...files], {
    stdio: "inherit",
    env: { ...process.env, KINGME_URL: url },
  });
  status = await new Promise((resolve) => runner.on("exit", (code) => resolve(code ?? 1)));
} finally {
  server.child.kill("SIGTERM");
}
process.exit(status);
