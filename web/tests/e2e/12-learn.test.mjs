// Learn: a newcomer's path through the first English stage on the 3D board (a wrong try, a
// hint shown on the board, stars that survive a reload), seed 002's worked position answered
// wrong and right, a mistake played out against the engine's refutation, the Rules and FAQ
// pages, the Chinese versions, the keyboard grid and the star's move list, and screenshots on a
// desktop and a phone.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, BASE_URL, chooseLanguage, clickSquare, openSite, settled } from "./helpers.mjs";

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `learn-${name}.png`), fullPage: true });
const feedback = (page) => page.getByTestId("feedback").textContent();

/** Opens an exercise and waits for its board. */
async function exercise(page, id) {
  await page.goto(`${BASE_URL}/learn/ex/${id.replaceAll(".", "_")}?test`);
  await page.waitForFunction(() => window.__kingme?.squareToClient !== undefined);
  await settled(page);
}

/** Plays a route by clicking its squares on the 3D board until the board takes the move. */
async function clickMove(page, route) {
  for (const square of route) await clickSquare(page, square);
  await settled(page);
}

/** With the keyboard on the grid of squares: arrow keys from the focused square to `square`, then Enter. */
async function gridTo(page, square) {
  const [rows, cols] = await page.evaluate((sq) => {
    const cells = [...document.querySelectorAll(".button-grid tr")].map((r) => [...r.children]);
    const find = (pred) => {
      for (let r = 0; r < cells.length; r++) for (let c = 0; c < cells[r].length; c++) if (pred(cells[r][c])) return [r, c];
      throw new Error(`no cell for ${sq}`);
    };
    const at = find((td) => td.tabIndex === 0);
    const to = find((td) => td.dataset.square === sq);
    return [to[0] - at[0], to[1] - at[1]];
  }, square);
  await page.locator('.button-grid td[tabindex="0"]').focus();
  for (let i = 0; i < Math.abs(rows); i++) await page.keyboard.press(rows > 0 ? "ArrowDown" : "ArrowUp");
  for (let i = 0; i < Math.abs(cols); i++) await page.keyboard.press(cols > 0 ? "ArrowRight" : "ArrowLeft");
  await page.keyboard.press("Enter");
}

async function gridMove(page, route) {
  for (const square of route) await gridTo(page, square);
  await settled(page);
}

const doneStars = (page) => page.locator('[data-testid="done"] .stars').getAttribute("data-stars");

test("learn: the first English stage on the 3D board, stars kept across a reload", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await page.getByTestId("learn-link").click();
    await page.waitForURL(/\/learn/);
    assert.equal(await page.locator(".learn h1").textContent(), "Learn and practice");
    await shot(page, "index");

    await page.click('[data-course="english"]');
    await page.click('[data-exercise="en.basics.step"]');
    assert.match(await page.getByTestId("prompt").textContent(), /one square diagonally forward/);
    await page.waitForFunction(() => window.__kingme?.squareToClient !== undefined);
    await settled(page);

    // A wrong try the lesson foresaw: the rules refuse it, the lesson says why.
    await page.getByTestId("learn-move-text").fill("c3-b2");
    await page.getByTestId("learn-move-play").click();
    assert.match(await feedback(page), /Men never move backwards/);
    // A hint: first the piece, lit on the board.
    await page.getByTestId("learn-hint").click();
    assert.match(await feedback(page), /the piece on c3/);
    assert.ok((await page.evaluate(() => window.__kingme.highlights())).includes("c3"));
    await settled(page);
    await shot(page, "exercise");
    await clickMove(page, ["c3", "d4"]);
    await page.getByTestId("done").waitFor();
    assert.equal(await doneStars(page), "1");

    // Three moves against the scripted replies, with the keyboard on the grid of squares.
    await page.getByTestId("learn-next").click();
    assert.match(await page.getByTestId("prompt").textContent(), /to d6 in three moves/);
    await page.waitForFunction(() => window.__kingme?.snapshot().pieces.length === 2);
    await gridMove(page, ["c3", "d4"]);
    await page.waitForFunction(() => /Your opponent played h8-g7/.test(document.querySelector('[data-testid="feedback"]').textContent));
    await gridMove(page, ["d4", "c5"]);
    await page.waitForFunction(() => /Good move/.test(document.querySelector('[data-testid="feedback"]').textContent));
    await gridMove(page, ["c5", "d6"]);
    await page.getByTestId("done").waitFor();
    assert.equal(await doneStars(page), "3");
    // The keyboard goes on to the next exercise.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "learn-next");

    // A question answered by clicking.
    await page.getByTestId("learn-next").click();
    await page.getByTestId("choice-no").click();
    await page.getByTestId("done").waitFor();
    await shot(page, "done");

    await page.getByTestId("learn-back-done").click();
    const stars = (id) => page.locator(`[data-exercise="${id}"] + .stars`).getAttribute("data-stars");
    assert.deepEqual([await stars("en.basics.step"), await stars("en.basics.walk"), await stars("en.basics.light")], ["1", "3", "3"]);
    await shot(page, "course");
    await page.reload();
    await page.locator('[data-exercise="en.basics.walk"]').waitFor();
    assert.deepEqual([await stars("en.basics.step"), await stars("en.basics.walk"), await stars("en.basics.light")], ["1", "3", "3"]);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("learn: the worked position answered wrong, then right; a mistake refuted by the engine", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await exercise(page, "en.multi.worked");
    await page.getByTestId("choice-stop").click();
    assert.match(await feedback(page), /must go on to g7/);
    // Typing the move that stops on e5 is the same wrong answer; the rules refuse it.
    await page.getByTestId("learn-move-text").fill("c3xe5");
    await page.getByTestId("learn-move-play").click();
    assert.match(await feedback(page), /Not quite/);
    // On the board: the man, then the end of the capture.
    await clickMove(page, ["c3", "g7"]);
    await page.getByTestId("done").waitFor();
    assert.match(await feedback(page), /c3×e5×g7/);
    assert.equal(await doneStars(page), "1");

    // A capture the lessons want found in every way.
    await exercise(page, "en.multi.routes");
    await clickMove(page, ["c3", "c7"]);
    await page.waitForFunction(() => /Found 1 of 2/.test(document.querySelector('[data-testid="feedback"]').textContent));
    await clickMove(page, ["c3", "c7"]);
    await page.waitForFunction(() => /already/.test(document.querySelector('[data-testid="feedback"]').textContent));
    await clickMove(page, ["c3", "g7"]);
    await page.getByTestId("done").waitFor();

    // International: a man going round may not jump a piece twice, so one capture ends where it began.
    await exercise(page, "in.capture.once");
    await page.getByTestId("learn-move-text").fill("e3xc5xe7xg5xe3xc5xa7");
    await page.getByTestId("learn-move-play").click();
    assert.match(await feedback(page), /may not jump d4 a second time/);
    await clickMove(page, ["e3", "e3"]);
    await page.waitForFunction(() => /Found 1 of 2/.test(document.querySelector('[data-testid="feedback"]').textContent));
    await clickMove(page, ["e3", "a7"]);
    await page.getByTestId("done").waitFor();
    assert.equal(await doneStars(page), "2");

    // Holding the draw against the engine (in its worker): a foreseen blunder is played out and
    // refuted, with its reason; then the holding move, and the 5-move limit draws the game.
    await exercise(page, "in.end.hold");
    await page.getByTestId("learn-move-text").fill("g5-i3");
    await page.getByTestId("learn-move-text").press("Enter");
    await page.waitForFunction(() => /the king is taken.*Your opponent played/.test(document.querySelector('[data-testid="feedback"]').textContent));
    await settled(page);
    assert.equal((await page.evaluate(() => window.__kingme.snapshot())).pieces.length, 2);
    await shot(page, "refuted");
    await page.getByTestId("learn-retry").click();
    await page.getByTestId("learn-move-text").fill("g5-d8");
    await page.getByTestId("learn-move-play").click();
    await page.waitForFunction(() => /Your opponent played/.test(document.querySelector('[data-testid="feedback"]').textContent));
    await settled(page);
    const [first] = await page.evaluate(() => window.__kingme.legalMoves());
    await clickMove(page, [first.path[0], first.path[first.path.length - 1]]);
    await page.getByTestId("done").waitFor();
    assert.equal(await doneStars(page), "2");

    await exercise(page, "en.multi.routes");
    await page.getByTestId("learn-rules").click();
    await page.locator("#rules\\.en\\.capture svg").waitFor();
    assert.equal(await page.locator(".learn-rule").count(), 6);
    await shot(page, "rules");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("learn: the Chinese versions, a phone, Halma on the grid and the star by keyboard", async () => {
  const { browser, page, errors } = await openSite({ locale: "zh-TW" });
  try {
    await page.goto(`${BASE_URL}/learn?test`);
    assert.equal(await page.locator(".learn h1").textContent(), "學習與練習");
    await exercise(page, "en.multi.worked");
    assert.match(await page.locator(".learn .question").textContent(), /換手/);
    await chooseLanguage(page, "zh-Hans");
    assert.match(await page.locator(".learn .question").textContent(), /换手/);
    await shot(page, "zh-exercise");
    await page.goto(`${BASE_URL}/learn/faq/draughts?test`);
    assert.match(await page.locator(".learn").textContent(), /这和中国跳棋是同一种游戏吗/);
    await chooseLanguage(page, "en");
    await page.setViewportSize({ width: 390, height: 844 });
    await exercise(page, "en.tips.force");
    await shot(page, "phone-exercise");
    await page.goto(`${BASE_URL}/learn/rules/international?test`);
    await shot(page, "phone-rules");
    // Halma on a phone: every step of a piece, played with the keyboard on the grid.
    await exercise(page, "h8.moves.steps");
    await shot(page, "phone-halma");
    for (const to of ["d3", "e3", "f3", "d4", "f4", "d5", "e5", "f5"]) await gridMove(page, ["e4", to]);
    await page.getByTestId("done").waitFor();
    // The star on a phone: the list holds only the moves of the piece the lesson is about.
    await exercise(page, "cc.moves.chain");
    await shot(page, "phone-star");
    assert.equal(await page.locator('[data-testid="learn-moves"] li').count(), 1);
    await page.setViewportSize({ width: 960, height: 720 });
    await settled(page);
    await shot(page, "star");
    await page.getByTestId("move-d2-j8").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("done").waitFor();

    // Four players: a move that misses the goal is answered by each of the three others, from
    // the engine worker, before the attempt is over.
    await exercise(page, "cc.many.empty");
    await page.getByTestId("learn-move-text").fill("i2-i3");
    await page.getByTestId("learn-move-text").press("Enter");
    await page.waitForFunction(() => /not reached/.test(document.querySelector('[data-testid="feedback"]').textContent));
    await settled(page);
    const after = await page.evaluate(() => window.__kingme.snapshot());
    assert.equal(after.turn, 0);
    assert.equal((await feedback(page)).match(/ played /g).length, 3);
    await shot(page, "four-replies");

    // Six players, a crowded centre: every place of the piece on i5, chosen with the keyboard.
    await exercise(page, "cc.many.crowd");
    await shot(page, "six");
    const buttons = page.locator('[data-testid="learn-moves"] button.move');
    assert.equal(await buttons.count(), 7);
    for (let i = 0; i < 7; i++) {
      await buttons.nth(i).focus();
      await page.keyboard.press("Enter");
      await settled(page);
    }
    await page.getByTestId("done").waitFor();
    assert.equal(await doneStars(page), "3");

    // Six players, anti-spoiling: filling the camp around a spoiler finishes, though the game goes on.
    await exercise(page, "cc.many.spoil");
    await page.getByTestId("move-m5-n1").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("done").waitFor();
    assert.equal((await page.evaluate(() => window.__kingme.snapshot())).result, null);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

/**
 * The trainer's 30-second round, on the page's fake clock: still on after 29 s (one second
 * shown), over half a second after the 30th.
 */
async function roundRunsOut(page) {
  await page.clock.fastForward(29_000);
  await page.waitForFunction(() => /\b1\b/.test(document.querySelector('[data-testid="trainer-time"]')?.textContent ?? ""));
  assert.equal(await page.getByTestId("trainer-over").count(), 0, "the round is still on after 29 s");
  await page.clock.fastForward(1_500);
  await page.getByTestId("trainer-over").waitFor();
}

test("learn: the coordinates trainer on 8×8 and 10×10, best scores kept", async () => {
  const { browser, page, errors } = await openSite();
  try {
    // A fake clock, paused, so that the test does not sit out two 30-second rounds and the
    // time its clicks take does not count.
    await page.clock.install();
    await page.goto(`${BASE_URL}/learn?test`);
    await page.clock.pauseAt(Date.now() + 2000);
    await page.getByTestId("trainer-link").click();

    // 8×8, find the square by its name: five right, one wrong.
    await page.getByTestId("trainer-start").click();
    for (let i = 0; i < 5; i++) {
      const target = await page.getByTestId("trainer-task").getAttribute("data-target");
      await page.click(`svg rect[data-square="${target}"]`);
    }
    const target = await page.getByTestId("trainer-task").getAttribute("data-target");
    await page.click(`svg rect.dark:not([data-square="${target}"])`);
    assert.equal(await page.getByTestId("trainer-score").textContent(), "Score: 5");
    await shot(page, "trainer");
    await roundRunsOut(page);
    assert.equal(await page.getByTestId("trainer-over").textContent(), "Time! You scored 5.");
    assert.equal(await page.getByTestId("trainer-best").textContent(), "Best: 5");

    // 10×10, name the square by its PDN number.
    await page.getByTestId("trainer-10").click();
    await page.getByTestId("trainer-name").click();
    await page.getByTestId("trainer-numeric").click();
    await page.getByTestId("trainer-start").click();
    for (let i = 0; i < 3; i++) {
      const label = await page.locator('[data-right="true"]').textContent();
      assert.match(label, /^\d+$/);
      assert.ok(Number(label) >= 1 && Number(label) <= 50);
      await page.locator('[data-right="true"]').click();
    }
    await roundRunsOut(page);
    assert.equal(await page.getByTestId("trainer-best").textContent(), "Best: 3");
    await page.reload();
    await page.getByTestId("trainer-10").click();
    await page.getByTestId("trainer-name").click();
    await page.getByTestId("trainer-numeric").click();
    assert.equal(await page.getByTestId("trainer-best").textContent(), "Best: 3");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
