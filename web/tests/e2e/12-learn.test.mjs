// Learn: a newcomer's path through the first English stage (a wrong try, a hint, stars that
// survive a reload), seed 002's worked position answered wrong and right, the Rules and FAQ
// pages, the Chinese versions, and screenshots on a desktop and a phone.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, BASE_URL, openSite } from "./helpers.mjs";

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `learn-${name}.png`), fullPage: true });
const feedback = (page) => page.getByTestId("feedback").textContent();

test("learn: the first English stage, stars kept across a reload", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await page.getByTestId("learn-link").click();
    await page.waitForURL(/\/learn/);
    assert.equal(await page.locator(".learn h1").textContent(), "Learn and practice");
    await shot(page, "index");

    await page.click('[data-course="english"]');
    await page.click('[data-exercise="en.basics.step"]');
    assert.match(await page.getByTestId("prompt").textContent(), /one square diagonally forward/);
    await shot(page, "exercise");

    // A wrong try the lesson foresaw: the rules refuse it, the lesson says why.
    await page.getByTestId("learn-move-text").fill("c3-b2");
    await page.getByTestId("learn-move-play").click();
    assert.match(await feedback(page), /Men never move backwards/);
    // A hint: first the piece.
    await page.getByTestId("learn-hint").click();
    assert.match(await feedback(page), /the piece on c3/);
    await page.getByTestId("move-c3-d4").click();
    await page.getByTestId("done").waitFor();
    assert.equal(await page.locator('[data-testid="done"] .stars').getAttribute("data-stars"), "1");

    // Three moves against the scripted replies.
    await page.getByTestId("learn-next").click();
    assert.match(await page.getByTestId("prompt").textContent(), /to d6 in three moves/);
    // On the board: the piece, then its landing square.
    await page.click('svg circle.piece[data-square="c3"]');
    await page.locator('svg circle.piece.selected[data-square="c3"]').waitFor();
    await page.click('svg rect[data-square="d4"]');
    assert.match(await feedback(page), /Your opponent played h8-g7/);
    await page.getByTestId("move-d4-c5").click();
    await page.getByTestId("move-c5-d6").click();
    await page.getByTestId("done").waitFor();
    assert.equal(await page.locator('[data-testid="done"] .stars').getAttribute("data-stars"), "3");

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

test("learn: the worked position answered wrong, then right", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await page.goto(`${BASE_URL}/learn/ex/en_multi_worked?test`);
    await page.getByTestId("choice-stop").click();
    assert.match(await feedback(page), /must go on to g7/);
    // Typing the move that stops on e5 is the same wrong answer; the rules refuse it.
    await page.getByTestId("learn-move-text").fill("c3xe5");
    await page.getByTestId("learn-move-play").click();
    assert.match(await feedback(page), /Not quite/);
    await page.getByTestId("move-c3-e5-g7").click();
    await page.getByTestId("done").waitFor();
    assert.match(await feedback(page), /c3×e5×g7/);
    assert.equal(await page.locator('[data-testid="done"] .stars').getAttribute("data-stars"), "1");

    // A capture the lessons want found in every way, and the rules page with its diagrams.
    await page.goto(`${BASE_URL}/learn/ex/en_multi_routes?test`);
    await page.getByTestId("move-c3-e5-c7").click();
    assert.match(await feedback(page), /Found 1 of 2/);
    await page.getByTestId("move-c3-e5-c7").click();
    assert.match(await feedback(page), /already/);
    await page.getByTestId("move-c3-e5-g7").click();
    await page.getByTestId("done").waitFor();

    // Holding the draw against the engine: a foreseen blunder is refused with its reason; then
    // two moves and the 5-move limit draws the game.
    await page.goto(`${BASE_URL}/learn/ex/in_end_hold?test`);
    await page.getByTestId("move-g5-i3").click();
    assert.match(await feedback(page), /the king is taken/);
    await page.getByTestId("move-g5-d8").click();
    assert.match(await feedback(page), /Your opponent played/);
    await page.locator('[data-testid^="move-"]').first().click();
    await page.getByTestId("done").waitFor();
    assert.equal(await page.locator('[data-testid="done"] .stars').getAttribute("data-stars"), "2");

    await page.goto(`${BASE_URL}/learn/ex/en_multi_routes?test`);
    await page.getByTestId("learn-rules").click();
    await page.locator("#rules\\.en\\.capture svg").waitFor();
    assert.equal(await page.locator(".learn-rule").count(), 6);
    await shot(page, "rules");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("learn: the Chinese versions, and a phone", async () => {
  const { browser, page, errors } = await openSite({ locale: "zh-TW" });
  try {
    await page.goto(`${BASE_URL}/learn?test`);
    assert.equal(await page.locator(".learn h1").textContent(), "學習與練習");
    await page.goto(`${BASE_URL}/learn/ex/en_multi_worked?test`);
    assert.match(await page.locator(".learn .question").textContent(), /換手/);
    await page.getByTestId("language").selectOption("zh-Hans");
    assert.match(await page.locator(".learn .question").textContent(), /换手/);
    await page.goto(`${BASE_URL}/learn/faq/draughts?test`);
    assert.match(await page.locator(".learn").textContent(), /这和中国跳棋是同一种游戏吗/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${BASE_URL}/learn/ex/en_tips_force?test`);
    await shot(page, "phone-exercise");
    await page.goto(`${BASE_URL}/learn/rules/international?test`);
    await shot(page, "phone-rules");
    // Halma: every step of a piece, played on the rules' own board.
    await page.goto(`${BASE_URL}/learn/ex/h8_moves_steps?test`);
    await shot(page, "phone-halma");
    for (const to of ["d3", "e3", "f3", "d4", "f4", "d5", "e5", "f5"]) await page.getByTestId(`move-e4-${to}`).click();
    await page.getByTestId("done").waitFor();
    await page.setViewportSize({ width: 960, height: 720 });
    await page.goto(`${BASE_URL}/learn/ex/cc_moves_chain?test`);
    await shot(page, "star");
    await page.click('svg circle.piece[data-square="d2"]');
    await page.click('svg circle.hole[data-square="j8"]');
    await page.getByTestId("done").waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("learn: the coordinates trainer on 8×8 and 10×10, best scores kept", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await page.goto(`${BASE_URL}/learn?test`);
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
    await page.getByTestId("trainer-over").waitFor({ timeout: 40_000 });
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
    await page.getByTestId("trainer-over").waitFor({ timeout: 40_000 });
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
