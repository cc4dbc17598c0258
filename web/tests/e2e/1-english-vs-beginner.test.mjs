// A whole English game against the Beginner, every move clicked on the 3D canvas. The human's
// moves come from the engine in the page's worker so that the game ends quickly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clickRoute, humanTurn, openSite, snapshot, startGame } from "./helpers.mjs";

test("an English game against the Beginner, played on the canvas to its end", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "english", "beginner");
    assert.deepEqual(await page.evaluate(() => window.__kingme.humans()), [0], "the human plays Black, seat 0, which moves first");
    let s = await snapshot(page);
    let humanMoves = 0;
    while (s.result === null && humanMoves < 150) {
      const report = await page.evaluate(() => window.__kingme.searchInWorker(3000));
      assert.ok(report.best, "the engine finds a move while the game goes on");
      await clickRoute(page, report.best.path);
      humanMoves++;
      if (process.env.E2E_PROGRESS) console.error(`move ${humanMoves}: ${report.best.notation}`);
      s = await humanTurn(page);
    }
    assert.notEqual(s.result, null, "the game ended");
    const dialog = page.getByTestId("game-over");
    await dialog.waitFor({ state: "visible" });
    const title = await page.getByTestId("result-title").textContent();
    assert.match(title, /wins|Draw/);
    assert.ok(s.moves.length >= 2 * humanMoves - 1);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
