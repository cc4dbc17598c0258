// Undo while the computer is thinking stops its search at once; the page stays responsive.
import { test } from "node:test";
import assert from "node:assert/strict";
import { humanTurn, openSite, settled, snapshot, startGame } from "./helpers.mjs";

const playListed = (page, notation) =>
  page.locator('[data-testid="legal-moves"] button', { hasText: notation }).click();

// Out of the opening book (which answers at once), so that the computer has to search;
// `kingme book probe --variant english --fen …` says "not in the english book".
const OUT_OF_BOOK = "B:W21,22,23,25,26,27,28,29,30,31:B1,2,3,4,6,7,8,9,10,12";

test("undo cancels the computer's search, and its answer never arrives", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "english", "advanced", OUT_OF_BOOK);
    await playListed(page, "g3-h4");
    await page.waitForFunction(() => window.__kingme.thinking());
    assert.match(await page.getByTestId("banner").textContent(), /thinking/);

    await page.getByTestId("undo").click();
    assert.equal(await page.evaluate(() => window.__kingme.thinking()), false);
    await settled(page);
    assert.equal((await snapshot(page)).ply, 0);

    // A new move gets exactly one answer: the cancelled search does not add a second.
    await playListed(page, "a3-b4");
    const s = await humanTurn(page);
    assert.equal(s.ply, 2);
    assert.equal(s.moves[0], "a3-b4");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
