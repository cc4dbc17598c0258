// Screenshots of the oblique and top views, kept in web/test-results/, and a check that the
// canvas shows a picture (many colours), not a blank frame.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, clickSquare, openSite, settled, startGame } from "./helpers.mjs";

/** Distinct colours (quantised) and the spread of brightness in a PNG, measured in the page. */
async function pictureStats(page, png) {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    const colours = new Set();
    let min = 255;
    let max = 0;
    for (let i = 0; i < data.length; i += 16) {
      colours.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4));
      const y = (data[i] + data[i + 1] + data[i + 2]) / 3;
      min = Math.min(min, y);
      max = Math.max(max, y);
    }
    return { colours: colours.size, range: max - min };
  }, png.toString("base64"));
}

test("oblique and top views render the board", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "international", "local");
    const canvas = page.locator('[data-testid="board"] canvas');
    const shots = {};
    for (const view of ["oblique", "top"]) {
      await page.getByTestId(`view-${view}`).click();
      await settled(page);
      shots[view] = await canvas.screenshot({ path: path.join(ARTIFACTS, `board-${view}.png`) });
      const stats = await pictureStats(page, shots[view]);
      assert.ok(stats.colours > 40, `${view}: ${stats.colours} colours`);
      assert.ok(stats.range > 80, `${view}: brightness range ${stats.range}`);
    }
    assert.notDeepEqual(shots.oblique, shots.top, "the two views differ");
    await page.screenshot({ path: path.join(ARTIFACTS, "game-screen.png") });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("the pointer is a hand over the pieces that can move and over their landing squares", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "english", "local");
    const canvas = page.locator('[data-testid="board"] canvas');
    const cursorAt = async (square) => {
      const point = await page.evaluate((sq) => window.__kingme.squareToClient(sq), square);
      await page.mouse.move(point.x, point.y);
      return canvas.evaluate((c) => c.style.cursor);
    };
    assert.equal(await cursorAt("c3"), "pointer", "a man that can move");
    assert.equal(await cursorAt("a1"), "", "a man that cannot move");
    assert.equal(await cursorAt("d4"), "", "an empty square no piece is selected for");
    assert.equal(await cursorAt("f6"), "", "the opponent's man");
    await clickSquare(page, "c3");
    assert.equal(await cursorAt("d4"), "pointer", "a landing square of the selected man");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
