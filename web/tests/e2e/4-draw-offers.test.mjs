// Draw offers to the computer: accepted in a dead-drawn position, declined when it is winning.
import { test } from "node:test";
import assert from "node:assert/strict";
import { humanTurn, openSite, settled, snapshot, startGame } from "./helpers.mjs";

async function offerWithFirstListedMove(page) {
  await page.getByTestId("offer-draw").check();
  await page.locator('[data-testid="legal-moves"] button').first().click();
}

test("the computer accepts a draw offer in a drawn position", async () => {
  const { browser, page, errors } = await openSite();
  try {
    // A king each: nothing to play for.
    await startGame(page, "english", "beginner", "B:WK32:BK1");
    await offerWithFirstListedMove(page);
    const s = await humanTurn(page);
    assert.deepEqual(s.result, { placings: [[0, 1]], winner: null, reason: "agreement", reasonText: "agreement" });
    assert.equal(s.ply, 1, "the computer accepted instead of moving");
    await page.getByTestId("game-over").waitFor({ state: "visible" });
    assert.match(await page.getByTestId("result-reason").textContent(), /agreed to a draw/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("the computer declines a draw offer when it is winning, and the offer may not be repeated at once", async () => {
  const { browser, page, errors } = await openSite();
  try {
    // Three white kings against one black king.
    await startGame(page, "english", "beginner", "B:WK1,K2,K3:BK30");
    await offerWithFirstListedMove(page);
    const s = await humanTurn(page);
    assert.equal(s.result, null);
    assert.equal(s.ply, 2, "the computer answered with a move");
    assert.equal(s.details.mayOfferDraw, false);
    await settled(page);
    assert.equal(await page.getByTestId("offer-draw").isDisabled(), true);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("the computer offers a draw in a dead-drawn position, and accepting it ends the game", async () => {
  const { browser, page, errors } = await openSite();
  try {
    // A king each: the computer offers with its reply.
    await startGame(page, "english", "beginner", "B:WK32:BK1");
    await page.locator('[data-testid="legal-moves"] button').first().click();
    const s = await humanTurn(page);
    assert.equal(s.ply, 2, "the computer answered with a move");
    assert.equal(s.details.drawOffer, 1, "and offered a draw with it (White, seat 1)");
    const accept = page.getByTestId("accept-draw");
    await accept.waitFor({ state: "visible" });
    await accept.click();
    await page.waitForFunction(() => window.__kingme.snapshot().result !== null);
    const over = await snapshot(page);
    assert.deepEqual(over.result, { placings: [[0, 1]], winner: null, reason: "agreement", reasonText: "agreement" });
    await page.getByTestId("game-over").waitFor({ state: "visible" });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
