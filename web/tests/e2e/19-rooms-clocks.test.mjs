// Clocks in rooms, kept by the server: a 3+2 room made in the chooser shows both clocks on both
// pages, a restart of the server mid-game keeps them (the time it was down not charged), and in
// a room with a four-second clock the player who does not move loses on time on both pages.
// Runs its own `kingme serve` (a fixed port, so the pages find it again after the restart) with
// `--min-clock-ms 1000`, so that a game can run out of time within the test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { freePort } from "./ports.mjs";
import { ARTIFACTS, atPly, playListedMove, snapshot } from "./helpers.mjs";
import { serve, stop } from "./server.mjs";

const bin = process.env.KINGME_BIN;
const SHOTS = path.join(ARTIFACTS, "rooms");
/** Rooms may be made with clocks of a second and more. */
const CLOCK_ARGS = ["--min-clock-ms", "1000"];

/** Each clock's time and whether it runs, in seat order. */
const clocks = (page) =>
  page.$$eval('[data-testid="clocks"] li', (items) =>
    items.map((li) => ({ time: li.querySelector(".clock-time")?.textContent ?? "", running: li.classList.contains("running") })),
  );

/** "m:ss" or "m:ss.t" in milliseconds. */
const ms = (text) => {
  const [m, s] = text.split(":");
  return (Number(m) * 60 + Number(s)) * 1000;
};

async function joinFrom(joiner, link) {
  await joiner.goto(`${link}?test`);
  await joiner.getByTestId("room-join").click();
  await joiner.waitForFunction(() => window.__kingme?.snapshot() !== undefined);
}

test("room clocks: shown on both pages, kept across a restart, and a flag ends the game", { skip: bin ? false : "needs the kingme binary (KINGME_BIN)" }, async () => {
  mkdirSync(SHOTS, { recursive: true });
  const port = await freePort();
  const db = path.join(mkdtempSync(path.join(tmpdir(), "kingme-clocks-")), "rooms.db");
  let server = await serve(port, db, CLOCK_ARGS);
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader"],
  });
  try {
    const errors = [];
    const open = async (viewport) => {
      const context = await browser.newContext({ viewport, locale: "en-US" });
      const page = await context.newPage();
      page.setDefaultTimeout(90_000);
      page.on("pageerror", (e) => errors.push(e.message));
      return page;
    };
    const creator = await open({ width: 960, height: 720 });
    const joiner = await open({ width: 390, height: 844 });

    // A 3+2 room made in the chooser.
    await creator.goto(`${base}/?test`);
    await creator.click('[data-variant="russian"]');
    await creator.getByTestId("time-control").selectOption({ label: "3+2" });
    await creator.click('[data-mode="online"]');
    await creator.waitForFunction(() => /\/r\/[0-9a-f]{32}$/.test(document.querySelector('[data-testid="room-link"]')?.value ?? ""));
    const link = await creator.getByTestId("room-link").inputValue();
    await joinFrom(joiner, link);
    await creator.getByTestId("room-presence").filter({ hasText: "Your opponent is connected." }).waitFor();
    for (const page of [creator, joiner]) {
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="clocks"] li').length === 2);
      assert.deepEqual(await clocks(page), [
        { time: "3:00", running: false },
        { time: "3:00", running: false },
      ], "no clock runs before the first move");
    }

    await playListedMove(creator);
    await atPly(joiner, 1);
    for (const page of [creator, joiner]) {
      await page.waitForFunction(() => document.querySelector('[data-clock="1"]')?.classList.contains("running"));
      const shown = await clocks(page);
      assert.equal(shown[0].time, "3:02", "the first move adds the increment and costs nothing");
      assert.ok(ms(shown[1].time) <= 180_000 && ms(shown[1].time) > 150_000, shown[1].time);
    }
    await joiner.screenshot({ path: path.join(SHOTS, "clocks-phone.png") });
    await creator.screenshot({ path: path.join(SHOTS, "clocks-desktop.png") });

    // The server restarts while the joiner thinks; both clocks come back.
    await stop(server);
    await creator.getByTestId("room-status").filter({ hasText: "reconnecting" }).waitFor();
    server = await serve(port, db, CLOCK_ARGS);
    for (const page of [creator, joiner]) {
      await page.waitForFunction(() => !/reconnecting|Connecting/.test(document.querySelector('[data-testid="room-status"]')?.textContent ?? ""));
      await page.waitForFunction(() => document.querySelector('[data-clock="1"]')?.classList.contains("running"));
      const shown = await clocks(page);
      assert.equal(shown[0].time, "3:02");
      assert.ok(ms(shown[1].time) > 120_000 && ms(shown[1].time) <= 180_000, `the joiner's clock goes on: ${shown[1].time}`);
    }
    await playListedMove(joiner);
    await atPly(creator, 2);
    await creator.waitForFunction(() => document.querySelector('[data-clock="0"]')?.classList.contains("running"));
    const afterRestart = await clocks(creator);
    assert.ok(ms(afterRestart[1].time) > 120_000, `the joiner got the increment: ${afterRestart[1].time}`);

    // A room whose clocks run out in four seconds (made through the API: the chooser's shortest
    // control is a minute).
    const made = await creator.evaluate(async () => {
      const response = await fetch("/api/rooms", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ variant: "english", clock: { initial_ms: 4000, increment_ms: 0 } }),
      });
      const room = await response.json();
      localStorage.setItem(`kingme.room.${room.room}`, JSON.stringify({ seat: room.seat, token: room.token }));
      return room;
    });
    await creator.goto(`${base}${made.path}?test`);
    await joinFrom(joiner, `${base}${made.path}`);
    await creator.getByTestId("room-presence").filter({ hasText: "Your opponent is connected." }).waitFor();
    await playListedMove(creator);
    await atPly(joiner, 1);
    // The joiner does not move: the server ends the game when its four seconds are gone.
    for (const page of [creator, joiner]) {
      await page.waitForFunction(() => window.__kingme.snapshot().result !== null, null, { timeout: 30_000 });
      const result = (await snapshot(page)).result;
      assert.equal(result.reason, "time-out");
      await page.getByTestId("result-reason").filter({ hasText: "ran out of time" }).waitFor();
      const dialog = await page.getByTestId("game-over").textContent();
      assert.match(dialog, page === creator ? /You win!/ : /You lose\./, "the loser lost to a friend, not the computer");
      const shown = await clocks(page);
      assert.equal(shown[1].time, "0:00.0");
      assert.ok(shown.every((c) => !c.running), "every clock stops with the game");
    }
    await creator.screenshot({ path: path.join(SHOTS, "flag-desktop.png") });
    await joiner.screenshot({ path: path.join(SHOTS, "flag-phone.png") });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await stop(server);
  }
});
