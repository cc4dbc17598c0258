// A server restart in mid-game: the players' pages reconnect by themselves and the game goes on.
// Runs its own `kingme serve` (on a fixed port, so that the pages find it again) over a temporary
// SQLite file.
// The pages ask for reduced motion (moves jump): the rooms are tested here, not the slides, and
// every software-rendered frame the slides would cost makes the run longer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { freePort } from "./ports.mjs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { atPly, playListedMove } from "./helpers.mjs";
import { serve, stop } from "./server.mjs";

const bin = process.env.KINGME_BIN;


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
