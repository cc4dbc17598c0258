// The board draws only when something changes: once settled, no frame is drawn while the page
// sits idle or while the mouse hovers over the board, and a selection draws again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clickSquare, openSite, settled, startGame } from "./helpers.mjs";

const frames = (page) => page.evaluate(() => window.__kingme.framesDrawn());

/** Lets `count` animation frames of the page pass (each one a chance for the board to draw). */
const animationFrames = (page, count) =>
  page.evaluate(
    (n) =>
      new Promise((resolve) => {
        let left = n;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    count,
  );

test("a settled board draws no frame while idle or hovered, and draws again when a piece is selected", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "english", "local");
    await settled(page);
    const start = await frames(page);
    assert.ok(start > 0, "the board has been drawn");
    await animationFrames(page, 30);
    assert.equal(await frames(page), start, "no frame drawn while idle");

    const box = await page.locator('[data-testid="board"] canvas').boundingBox();
    for (let i = 0; i <= 10; i++) await page.mouse.move(box.x + (box.width * i) / 10, box.y + box.height / 2);
    await animationFrames(page, 30);
    assert.equal(await frames(page), start, "no frame drawn while the mouse hovers");

    const from = await page.evaluate(() => window.__kingme.legalMoves()[0].path[0]);
    await clickSquare(page, from);
    await page.waitForFunction((n) => window.__kingme.framesDrawn() > n, start);
    await settled(page);
    const selected = await frames(page);
    await animationFrames(page, 30);
    assert.equal(await frames(page), selected, "no frame drawn once the selection has settled");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
