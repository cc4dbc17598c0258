// Clocks in games on this device: the human runs out of time against the computer and the result
// says so; the low-time warning; Undo off; the clocks surviving a reload; in Chinese checkers for
// six the flagged human drops out and the computers play on. Time is Playwright's
// clock (installed before the page loads) moved on by the test, never waited for.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, clickRoute, humanTurn, openSite, settled, snapshot } from "./helpers.mjs";

const SHOTS = path.join(ARTIFACTS, "clocks");

/** Each clock's name, time and state, in order. */
const clocks = (page) =>
  page.$$eval('[data-testid="clocks"] li', (items) =>
    items.map((li) => ({
      name: li.querySelector(".clock-name")?.textContent ?? "",
      time: li.querySelector(".clock-time")?.textContent ?? "",
      running: li.classList.contains("running"),
      low: li.classList.contains("low"),
    })),
  );

/** "m:ss" or "m:ss.t" in milliseconds. */
const ms = (text) => {
  const [m, s] = text.split(":");
  return (Number(m) * 60 + Number(s)) * 1000;
};

/** English checkers against Beginner with `time` chosen in the mode chooser. */
async function startTimed(page, time) {
  await page.click('[data-variant="english"]');
  if (typeof time === "string") await page.getByTestId("time-control").selectOption({ label: time });
  else {
    await page.getByTestId("time-control").selectOption("custom");
    await page.getByTestId("time-minutes").fill(String(time.minutes));
    await page.getByTestId("time-increment").fill(String(time.increment));
  }
  await page.click('[data-mode="beginner"]');
  await page.waitForFunction(() => window.__kingme !== undefined);
  await settled(page);
}

test("the human runs out of time against the computer, warned once under ten seconds", async () => {
  const { browser, page, errors } = await openSite({ fakeClock: true });
  try {
    // An out-of-range custom control is refused with a reason.
    await page.click('[data-variant="english"]');
    await page.getByTestId("time-control").selectOption("custom");
    await page.getByTestId("time-minutes").fill("0");
    await page.click('[data-mode="beginner"]');
    assert.match(await page.getByTestId("chooser-note").textContent(), /1 to 180 minutes/);
    await page.screenshot({ path: path.join(SHOTS, "chooser-custom-desktop.png") });
    await page.getByTestId("time-minutes").fill("1");
    await page.getByTestId("time-increment").fill("0");
    await page.click('[data-mode="beginner"]');
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);

    let shown = await clocks(page);
    assert.deepEqual(shown.map((c) => c.time), ["1:00", "1:00"]);
    assert.deepEqual(shown.map((c) => c.name), ["Black", "White"]);
    assert.ok(shown.every((c) => !c.running), "no clock runs before the first move");
    assert.equal(await page.getByTestId("undo").isDisabled(), true, "no Undo in a timed game");
    assert.equal(await page.getByTestId("undo-off").isVisible(), true);

    await clickRoute(page, ["c3", "d4"]);
    await humanTurn(page);
    shown = await clocks(page);
    assert.equal(shown[0].running, true, "after the computer's reply the human's clock runs");
    assert.equal(shown[1].running, false);
    // Only the seconds since the computer's reply have been charged: the first move is not timed.
    assert.ok(ms(shown[0].time) >= 50_000, `the first move is not timed: ${shown[0].time}`);

    // The time also flows on its own while the test runs: each step reads the clock first.
    await page.clock.fastForward(ms(shown[0].time) - 17_000);
    await page.waitForFunction(() => document.querySelector('[data-clock="0"]')?.classList.contains("low"));
    shown = await clocks(page);
    assert.ok(ms(shown[0].time) < 20_000 && ms(shown[0].time) > 10_000, shown[0].time);
    assert.equal(shown[1].low, false);
    const warnings = () => page.$$eval('[data-testid="clock-announcer"] p', (ps) => ps.map((p) => p.textContent));
    assert.deepEqual(await warnings(), [], "no warning above ten seconds");
    await page.screenshot({ path: path.join(SHOTS, "low-time-desktop.png") });

    shown = await clocks(page);
    await page.clock.fastForward(ms(shown[0].time) - 8_000);
    await page.waitForFunction(() => /^0:0\d\.\d$/.test(document.querySelector('[data-clock="0"] .clock-time')?.textContent ?? ""));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="clock-announcer"] p').length > 0);
    await page.clock.fastForward(1_000);
    assert.deepEqual(await warnings(), ["Black: less than 10 seconds left"], "warned once, not every second");
    assert.equal((await snapshot(page)).result, null);

    await page.clock.fastForward(10_000);
    await page.waitForFunction(() => window.__kingme.snapshot().result !== null);
    const result = (await snapshot(page)).result;
    assert.equal(result.reason, "time-out");
    assert.equal(result.winner, 1, "White, the computer, wins on time");
    const dialog = page.getByTestId("game-over");
    await dialog.waitFor({ state: "visible" });
    assert.equal(await page.getByTestId("result-reason").textContent(), "Black ran out of time.");
    assert.match(await dialog.textContent(), /The computer wins/);
    shown = await clocks(page);
    assert.equal(shown[0].time, "0:00.0");
    assert.ok(shown.every((c) => !c.running), "every clock stops with the game");
    await page.screenshot({ path: path.join(SHOTS, "flag-desktop.png") });

    // "Play again" keeps the time control, with full clocks.
    await dialog.getByRole("button", { name: "Play again" }).click();
    await page.waitForFunction(() => window.__kingme?.snapshot().ply === 0 && window.__kingme.snapshot().result === null);
    await settled(page);
    shown = await clocks(page);
    assert.deepEqual(shown.map((c) => c.time), ["1:00", "1:00"]);
    assert.equal(await page.getByTestId("undo").isDisabled(), true);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("a timed game keeps its clocks over a reload, without charging the time away", async () => {
  const { browser, page, errors } = await openSite({ fakeClock: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    await startTimed(page, "3+2");
    await clickRoute(page, ["c3", "d4"]);
    await humanTurn(page);
    const before = ms((await clocks(page))[0].time);
    const whiteBefore = (await clocks(page))[1].time;
    await page.clock.fastForward(30_000);
    const black = ms((await clocks(page))[0].time);
    assert.ok(black <= before - 30_000 && black >= before - 36_000, `30 s charged to Black: ${before} → ${black}`);
    assert.equal((await clocks(page))[1].time, whiteBefore, "White's clock stands while Black thinks");
    await page.screenshot({ path: path.join(SHOTS, "running-phone.png") });
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("kingme.game")));
    assert.equal(saved.version, 3);
    assert.equal(saved.clock.incrementMs, 2_000);

    // Read right before the reload (a phone screenshot takes seconds of the clock's time).
    const [{ time: blackText }, white] = await clocks(page);
    const blackLeft = ms(blackText);
    await page.reload();
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    const shown = await clocks(page);
    assert.equal(shown[0].running, true, "the player to move's clock runs again");
    assert.ok(ms(shown[0].time) <= blackLeft && ms(shown[0].time) >= blackLeft - 8_000, `Black kept its time: ${blackText} → ${shown[0].time}`);
    assert.equal(shown[1].time, white.time, "White kept its time");
    assert.equal((await snapshot(page)).ply, 2);

    // The increment: Black's move gives it 2 s back.
    const moves = await page.evaluate(() => window.__kingme.legalMoves().map((m) => m.path));
    // The page's clock runs while the move is clicked (seconds on a loaded machine) and the clocks
    // show whole seconds: Black's time is read together with the page's time spent since the click
    // began. Without the increment Black's shown time would be below `beforeMove + 1 s - spent`;
    // with it, it cannot be.
    const beforeMove = ms((await clocks(page))[0].time);
    const clickedAt = await page.evaluate(() => Date.now());
    await clickRoute(page, moves[0]);
    const after = await page.evaluate(() => ({
      time: document.querySelector('[data-testid="clocks"] li .clock-time')?.textContent ?? "",
      now: Date.now(),
    }));
    const spent = after.now - clickedAt;
    assert.ok(ms(after.time) - beforeMove >= 1_000 - spent, `Black's time with the increment: ${beforeMove} → ${after.time}, ${spent} ms after the click began`);
    await humanTurn(page);
    await page.screenshot({ path: path.join(SHOTS, "after-reload-phone.png") });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("Chinese checkers for six: the human's flag takes only that seat out, the computers play on", async () => {
  const { browser, page, errors } = await openSite({ fakeClock: true, reducedMotion: "reduce", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  try {
    await page.click('[data-variant="chinese-checkers"]');
    await page.click('[data-players="6"]');
    await page.getByTestId("time-control").selectOption({ label: "3+2" });
    await page.click('[data-mode="beginner"]');
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    let shown = await clocks(page);
    assert.equal(shown.length, 6);
    assert.equal(shown[0].name, "South, red");

    await page.locator('[data-testid="legal-moves"] li button').first().click();
    await humanTurn(page);
    shown = await clocks(page);
    assert.equal(shown[0].running, true);
    assert.ok(shown.slice(1).every((c) => ms(c.time) > 175_000 && ms(c.time) <= 182_000), JSON.stringify(shown));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, "six-clocks-phone.png") });

    await page.clock.fastForward(ms(shown[0].time) + 1_000);
    await page.waitForFunction(() => window.__kingme.snapshot().details.seats.find((x) => x.seat === 0)?.state === "timedOut");
    const atFlag = await snapshot(page);
    assert.equal(atFlag.result, null, "the game goes on without the flagged seat");
    assert.equal((await clocks(page))[0].time, "0:00.0");
    await page.waitForFunction((ply) => window.__kingme.snapshot().ply > ply + 1, atFlag.ply);
    assert.match(await page.getByTestId("players").textContent(), /South, red.*out of time/);
    assert.match(await page.getByTestId("move-history").textContent(), /South, red ran out of time/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
