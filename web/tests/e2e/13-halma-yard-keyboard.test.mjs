// Halma 8×8 on one screen, ending by the yard rule, and Chinese checkers for three driven only by
// the keyboard against two Beginners.
import { test } from "node:test";
import assert from "node:assert/strict";
import { humanTurn, openSite, settled, snapshot } from "./helpers.mjs";

// Round 31, seat 1 (South-west, red) to move with a piece still on a1: whatever it plays, its
// 31st move leaves a piece at home.
const YARD = "1:31:1......./......../....2222/.111.222/111111.2/......22/......../........";

test("Halma 8×8 on one screen: the yard rule counts down and ends the game", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await page.click('[data-variant="halma-8"]');
    await page.fill('[data-testid="start-fen"]', YARD);
    await page.click('[data-mode="local"]');
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    let s = await snapshot(page);
    assert.equal(s.details.seats[0].yardMovesLeft, 1);
    assert.equal(await page.getByTestId("countdown").isVisible(), true);
    assert.match(await page.getByTestId("countdown").textContent(), /South-west, red: the last move to clear the camp/);
    assert.match(await page.getByTestId("banner").textContent(), /South-west, red to move/);
    await page.locator('[data-testid="legal-moves"] button').first().click();
    await page.waitForFunction(() => window.__kingme.snapshot().result !== null);
    await settled(page);
    s = await snapshot(page);
    assert.equal(s.result.reason, "yard-rule");
    assert.deepEqual(s.result.placings, [[1], [0]]);
    await page.getByTestId("game-over").waitFor({ state: "visible" });
    assert.match(await page.getByTestId("result-title").textContent(), /North-east, blue wins/);
    assert.match(await page.getByTestId("result-reason").textContent(), /South-west, red still had a piece in the home camp/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

/** Tabs until the focus is on a move button of the piece list, then presses Enter. */
async function playByKeyboard(page) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const inList = await page.evaluate(() => document.activeElement?.closest('[data-testid="legal-moves"]') !== null);
    if (inList) {
      await page.keyboard.press("Enter");
      return;
    }
  }
  assert.fail("no move button reached with Tab");
}

test("Chinese checkers for three, played with the keyboard alone against two Beginners", async () => {
  const { browser, page, errors } = await openSite({ reducedMotion: "reduce" });
  try {
    await page.click('[data-variant="chinese-checkers"]');
    await page.click('[data-players="3"]');
    await page.click('[data-mode="beginner"]');
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    for (let round = 1; round <= 4; round++) {
      await playByKeyboard(page);
      const s = await humanTurn(page);
      assert.equal(s.ply, 3 * round, "both computer seats answered");
      assert.deepEqual(s.lastMoves.map((m) => m.seat), [0, 2, 4]);
    }
    const announced = await page.getByTestId("announcer").textContent();
    assert.match(announced, /North-east, violet: \w+ to \w+\./);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("Chinese checkers for three with each seat chosen: two humans and a Beginner between them", async () => {
  const { browser, page, errors } = await openSite({ reducedMotion: "reduce" });
  try {
    await page.click('[data-variant="chinese-checkers"]');
    await page.click('[data-players="3"]');
    const labels = await page.locator('[data-testid="seat-choices"] label').allTextContents();
    assert.deepEqual(labels, ["South, red", "North-west, green", "North-east, violet"]);
    await page.selectOption('select[data-seat="4"]', "human");
    await page.click('[data-mode="mixed"]');
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    assert.deepEqual(await page.evaluate(() => window.__kingme.humans()), [0, 4]);
    await page.locator('[data-testid="legal-moves"] button').first().click();
    // The Beginner (seat 2) answers by itself; then it is the second human's turn.
    const s = await humanTurn(page);
    assert.equal(s.ply, 2);
    assert.equal(s.turn, 4);
    assert.match(await page.getByTestId("banner").textContent(), /North-east, violet to move/);
    await page.locator('[data-testid="legal-moves"] button').first().click();
    await settled(page);
    assert.equal((await snapshot(page)).turn, 0);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
