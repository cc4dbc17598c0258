// Screenshots of the oblique and top views, kept in web/test-results/, and a check that the
// canvas shows a picture (many colours), not a blank frame.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, BASE_URL, clickSquare, openSite, settled, startGame } from "./helpers.mjs";

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

/** A man's width (0.8 of a square) on the board's farthest row, in CSS pixels (squareToClient of its end squares). */
async function farManWidth(page) {
  return page.evaluate(() => {
    const k = window.__kingme;
    const cells = k.snapshot().layout.cells.filter((c) => c.playable);
    const top = Math.max(...cells.map((c) => c.y));
    const row = cells.filter((c) => c.y === top).sort((a, b) => a.x - b.x);
    const a = k.squareToClient(row[0].name);
    const b = k.squareToClient(row[row.length - 1].name);
    return (0.8 * Math.hypot(b.x - a.x, b.y - a.y)) / (row[row.length - 1].x - row[0].x);
  });
}

const canvasBox = (page) => page.evaluate(() => {
  const r = document.querySelector("canvas").getBoundingClientRect();
  return { x: r.x, width: r.width, height: r.height };
});

test("on a phone the board spans the screen, its canvas as tall as the board is seen, in a game and in Learn, also after a resize", async () => {
  const { browser, page, errors } = await openSite({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
  try {
    for (const address of ["/learn/ex/en_basics_step?test", "/play/english/local?test"]) {
      await page.goto(`${BASE_URL}${address}`);
      await page.waitForFunction(() => window.__kingme?.squareToClient !== undefined);
      await settled(page);
      const box = await canvasBox(page);
      assert.equal(box.x, 0, `${address}: the canvas starts at the screen's left edge`);
      assert.equal(box.width, 390, `${address}: the canvas is as wide as the screen`);
      // The oblique 8×8 board is wider than tall; its canvas too (a square one left bands above and below).
      assert.ok(box.height < 0.97 * box.width && box.height > 0.85 * box.width, `${address}: canvas ${box.width}×${box.height}`);
      const man = await farManWidth(page);
      assert.ok(man >= 32, `${address}: a man on the far row is ${man.toFixed(1)} px wide`);
    }
    // The game's (the last one shown).
    const phone = await farManWidth(page);
    // A board made in a wide window (the wide frame, a square canvas) takes the phone's shape
    // and frame when the window is narrowed.
    await page.setViewportSize({ width: 960, height: 720 });
    await page.goto(`${BASE_URL}/play/english/local?test`);
    await page.waitForFunction(() => window.__kingme?.squareToClient !== undefined);
    await settled(page);
    const wide = await canvasBox(page);
    assert.equal(wide.width, wide.height, "a square canvas in a wide window");
    await page.setViewportSize({ width: 390, height: 844 });
    // The board has followed (its drawing buffer was 490 px wide in the wide window).
    await page.waitForFunction(() => {
      const c = document.querySelector("canvas");
      return c.clientWidth === 390 && c.width <= 390;
    });
    await settled(page);
    assert.ok(Math.abs((await farManWidth(page)) - phone) < 0.5, "the phone's board after the window was narrowed");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
