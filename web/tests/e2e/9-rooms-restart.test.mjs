// A server restart in mid-game: the players' pages reconnect by themselves and the game goes on.
// Runs its own `kingme serve` (on a fixed port, so that the pages find it again) over a temporary
// SQLite file.
// The pages ask for reduced motion (moves jump): the rooms are tested here, not the slides, and
// every software-rendered frame the slides would cost makes the run longer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { freePort } from "./ports.mjs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { settled, snapshot } from "./helpers.mjs";

const bin = process.env.KINGME_BIN;


/** Starts `kingme serve` and resolves once it serves. */
function serve(port, db) {
  const child = spawn(bin, ["serve", "--addr", `127.0.0.1:${port}`, "--db", db], { stdio: ["ignore", "ignore", "pipe"] });
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

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function atPly(page, ply) {
  await page.waitForFunction((n) => window.__kingme?.snapshot().ply === n, ply);
  await settled(page);
  return snapshot(page);
}

async function playListedMove(page) {
  const before = (await snapshot(page)).ply;
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="legal-moves"] button').length > 0);
  await page.locator('[data-testid="legal-moves"] button').first().click();
  return atPly(page, before + 1);
}

test("after a server restart the pages reconnect and the game goes on", { skip: bin ? false : "needs the kingme binary (KINGME_BIN)" }, async () => {
  const port = await freePort();
  const db = path.join(mkdtempSync(path.join(tmpdir(), "kingme-restart-")), "rooms.db");
  let server = await serve(port, db);
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader"],
  });
  try {
    const pages = [];
    const errors = [];
    for (let i = 0; i < 2; i++) {
      const context = await browser.newContext({ viewport: { width: 800, height: 640 }, locale: "en-US", reducedMotion: "reduce" });
      const page = await context.newPage();
      page.setDefaultTimeout(90_000);
      page.on("pageerror", (e) => errors.push(e.message));
      pages.push(page);
    }
    const [creator, joiner] = pages;
    await creator.goto(`${base}/?test`);
    await creator.click('[data-variant="russian"]');
    await creator.click('[data-mode="online"]');
    await creator.waitForFunction(() => /\/r\/[0-9a-f]{32}$/.test(document.querySelector('[data-testid="room-link"]')?.value ?? ""));
    const link = await creator.getByTestId("room-link").inputValue();
    await joiner.goto(`${link}?test`);
    await joiner.getByTestId("room-join").click();
    await creator.getByTestId("room-presence").filter({ hasText: "Your opponent is connected." }).waitFor();

    const first = await playListedMove(creator);
    await atPly(joiner, 1);

    await stop(server);
    await creator.getByTestId("room-status").filter({ hasText: "reconnecting" }).waitFor();
    server = await serve(port, db);
    for (const page of [creator, joiner]) {
      await page.waitForFunction(() => !/reconnecting|Connecting/.test(document.querySelector('[data-testid="room-status"]')?.textContent ?? ""));
    }

    const second = await playListedMove(joiner);
    const seen = await atPly(creator, 2);
    assert.equal(seen.fen, second.fen);
    assert.deepEqual(seen.moves.slice(0, 1), first.moves);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await stop(server);
  }
});
