// A game in progress survives a reload of the page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clickRoute, humanTurn, openSite, settled, snapshot, startGame } from "./helpers.mjs";

test("reloading in the middle of a game continues it", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "russian", "beginner");
    await clickRoute(page, ["c3", "d4"]);
    const before = await humanTurn(page);
    assert.equal(before.ply, 2);

    await page.reload();
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    const after = await snapshot(page);
    assert.deepEqual(after.moves, before.moves);
    assert.equal(after.fen, before.fen);
    assert.equal(await page.getByTestId("undo").isDisabled(), false);
    await page.getByTestId("undo").click();
    await settled(page);
    assert.equal((await snapshot(page)).ply, 0, "undo takes back the computer's move and ours");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
