// A game played only from the keyboard, through the "move with buttons" grid.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openSite, settled, snapshot, startGame } from "./helpers.mjs";

async function focusGrid(page) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const role = await page.evaluate(() => document.activeElement?.getAttribute("role"));
    if (role === "gridcell") return;
  }
  throw new Error("Tab never reached the button grid");
}

const focusedSquare = (page) => page.evaluate(() => document.activeElement?.dataset.square);

async function press(page, ...keys) {
  for (const key of keys) await page.keyboard.press(key);
}

test("moves entered with arrow keys and Enter in the button grid", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "english", "local");
    await focusGrid(page);
    const cells = await page.locator('[role="gridcell"][tabindex="0"]').count();
    assert.equal(cells, 1, "the grid has one tab stop");
    assert.equal(await focusedSquare(page), "a1");

    await press(page, "ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight");
    assert.equal(await focusedSquare(page), "c3");
    await press(page, "Enter");
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute("aria-selected")), "true");
    await press(page, "ArrowUp", "ArrowRight", "Enter");
    await settled(page);
    let s = await snapshot(page);
    assert.deepEqual(s.moves, ["c3-d4"]);

    // White replies f6-e5 from the keyboard, then Black must take: d4×f6.
    await press(page, "ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight");
    assert.equal(await focusedSquare(page), "f6");
    await press(page, "Enter", "ArrowDown", "ArrowLeft", "Enter");
    await settled(page);
    s = await snapshot(page);
    assert.deepEqual(s.moves, ["c3-d4", "f6-e5"]);
    assert.deepEqual(s.details.mustCapture, ["d4"]);
    await press(page, "ArrowDown", "ArrowLeft", "Enter", "ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight", "Enter");
    await settled(page);
    s = await snapshot(page);
    assert.deepEqual(s.moves, ["c3-d4", "f6-e5", "d4×f6"]);
    assert.match(await page.getByTestId("announcer").textContent(), /Black: d4 takes e5, ends on f6/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
