// Same-screen International draughts from FEN positions: a multi-capture entered landing by
// landing, Reselect, undo, and a capture completed automatically after its first landing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chooseModeAgain, chooseMode, clickSquare, openSite, settled, snapshot, startGame } from "./helpers.mjs";

test("multi-captures on a shared screen, with undo", async () => {
  const { browser, page, errors } = await openSite();
  try {
    // White c3 may take d4 and then either f6 (to g7) or d6 (to c7).
    await startGame(page, "international", "local", "W:Wc3,a1:Bd4,f6,d6,j10");
    const start = await snapshot(page);
    assert.equal(start.turn, 0, "White moves first in International draughts: seat 0");
    assert.deepEqual(start.details.mustCapture, ["c3"]);
    assert.match(await page.getByTestId("banner").textContent(), /must capture/);

    // A piece that cannot capture is refused with the rule's message.
    await clickSquare(page, "a1");
    assert.equal(
      await page.getByTestId("message").textContent(),
      "When a capture is available, only capturing moves are allowed.",
    );

    await clickSquare(page, "c3");
    await clickSquare(page, "e5");
    assert.equal((await snapshot(page)).ply, 0, "two routes remain after e5");
    await page.getByTestId("reselect").click();
    await clickSquare(page, "e5");
    await clickSquare(page, "g7");
    await settled(page);
    let s = await snapshot(page);
    assert.deepEqual(s.moves, ["c3×e5×g7"]);
    assert.deepEqual(s.lastMove.captures, ["d4", "f6"]);
    assert.equal(s.turn, 1);
    assert.equal(s.details.piecesLeft[1].men, 2);

    await page.getByTestId("undo").click();
    await settled(page);
    s = await snapshot(page);
    assert.equal(s.ply, 0);
    assert.equal(s.fen, start.fen);

    // Only one route: c3×e5×g7×i9 completes as soon as e5 is clicked.
    await chooseModeAgain(page);
    await chooseMode(page, "local", "W:Wc3,a1:Bd4,f6,h8,j10");
    await clickSquare(page, "c3");
    await clickSquare(page, "e5");
    await settled(page);
    s = await snapshot(page);
    assert.deepEqual(s.lastMove.path, ["c3", "e5", "g7", "i9"]);
    assert.equal(s.details.piecesLeft[1].men, 1);
    assert.match(await page.getByTestId("announcer").textContent(), /c3 takes d4, f6, h8, ends on i9/);

    // Two kings against one: the 5-move limit is counted under the board and in the panel.
    await chooseModeAgain(page);
    await chooseMode(page, "local", "W:WK46,K47:BK5");
    const countdown = page.getByTestId("countdown");
    assert.equal(await countdown.isVisible(), true);
    assert.match(await countdown.textContent(), /5-move endgame limit: 5 moves each left/);
    assert.match(await page.getByTestId("countdowns").textContent(), /25-move rule: 25 moves each/);
    assert.match(await page.getByTestId("pieces-left").textContent(), /Whitemen 0, kings 2Blackmen 0, kings 1/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
