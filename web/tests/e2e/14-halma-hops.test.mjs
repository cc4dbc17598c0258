// A Halma move entered hop by hop on the 3D board: provisional landings, Reselect, Done (from the
// keyboard), the record and the last move, and the board turning to the player to move.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, clickSquare, openSite, settled, snapshot } from "./helpers.mjs";

// Red (seat 1, South-west) to move; a1 can hop over b2, d4 and f6 to c3, e5 and g7.
const CHAIN = "1:1:1111..../11....../1......./1..1...2/.......2/.....1.2/....2..2/...22222";

/** Where a1 is drawn inside the canvas (independent of how far the page is scrolled). */
function a1InCanvas(page) {
  return page.evaluate(() => {
    const point = window.__kingme.squareToClient("a1");
    const box = document.querySelector("canvas")?.getBoundingClientRect();
    return point && box ? { x: point.x - box.left, y: point.y - box.top } : null;
  });
}

/** Brings the board into view (the panel's switches scroll it away on a phone). */
async function showBoard(page) {
  await page.locator("canvas").first().scrollIntoViewIfNeeded();
  await settled(page);
}

async function shot(page, name) {
  await settled(page);
  await page.screenshot({ path: path.join(ARTIFACTS, name) });
}

for (const { name, viewport } of [
  { name: "desktop", viewport: { width: 960, height: 720 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test(`Halma 8×8 on one screen (${name}): a move entered hop by hop and ended with Done`, async () => {
    const { browser, page, errors } = await openSite({ viewport });
    try {
      await page.click('[data-variant="halma-8"]');
      await page.fill('[data-testid="start-fen"]', CHAIN);
      await page.click('[data-mode="local"]');
      await page.waitForFunction(() => window.__kingme !== undefined);
      await settled(page);
      const moves = await page.evaluate(() => window.__kingme.legalMoves());
      assert.ok(moves.some((m) => m.path.join("-") === "a1-c3-e5-g7"), "the chain to g7 is listed");

      await page.getByTestId("turn-board").check();
      await showBoard(page);
      const before = await a1InCanvas(page);

      await clickSquare(page, "a1");
      await clickSquare(page, "c3");
      assert.equal((await snapshot(page)).ply, 0, "a landing chains go on from is only provisional");
      assert.equal(await page.getByTestId("done").isVisible(), true);
      assert.equal(await page.getByTestId("reselect").isVisible(), true);
      assert.match(await page.getByTestId("announcer").textContent(), /Hop to c3\. Next: .*e5/);

      await page.getByTestId("reselect-panel").click();
      assert.equal(await page.getByTestId("done").isVisible(), false, "Reselect cancels the hops");
      assert.equal((await snapshot(page)).ply, 0);
      await showBoard(page);

      await clickSquare(page, "c3");
      await clickSquare(page, "e5");
      assert.equal((await snapshot(page)).ply, 0, "the chain may still go on to g7");
      assert.match(await page.getByTestId("message").textContent(), /^$/);
      await page.mouse.move(0, 0);
      await shot(page, `halma-hops-entered-${name}.png`);

      await page.getByTestId("done-panel").focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => window.__kingme.snapshot().ply === 1);
      await settled(page);
      const s = await snapshot(page);
      assert.deepEqual(s.lastMove.path, ["a1", "c3", "e5"], "Done ends the chain where it stands");
      assert.equal(s.lastMove.seat, 0);
      assert.equal(s.pieces.some((p) => p.cell === "e5" && p.seat === 0), true);
      assert.equal(s.pieces.some((p) => p.cell === "a1"), false);
      assert.match(await page.getByTestId("last-move").textContent(), /South-west, red: a1-c3-e5/);
      assert.equal(s.lastMove.notation, "a1-c3-e5");
      assert.equal(s.turn, 1, "North-east, blue to move");
      // The game record kept for a reload holds the route as entered.
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("kingme.game") ?? "null"));
      assert.deepEqual(saved?.game?.moves?.map((m) => m.path), [["a1", "c3", "e5"]]);
      assert.match(await page.getByTestId("banner").textContent(), /North-east, blue to move/);

      // The board has turned to blue: a1 is now on the far side.
      const after = await a1InCanvas(page);
      assert.ok(before && after && after.y < before.y - 50, `a1 went from ${JSON.stringify(before)} to ${JSON.stringify(after)}`);

      await page.getByTestId("all-last-moves").check();
      await showBoard(page);
      await shot(page, `halma-hops-played-${name}.png`);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}
