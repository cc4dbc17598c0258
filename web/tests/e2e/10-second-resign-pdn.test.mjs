// Playing second against the computer, resigning, and a game taken out as PDN and brought back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { chooseModeAgain, humanTurn, openSite, settled, snapshot, startGame } from "./helpers.mjs";

const legalMove = (page, notation) =>
  page.locator('[data-testid="legal-moves"] button', { hasText: new RegExp(`^${notation}$`) });

/** Clicks "Download PDN" and returns the file's name and text. */
async function downloadPdn(page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-pdn").click()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
}

test("playing second: the computer opens, the board is turned, and it answers the human's move", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "english", "second");
    await page.waitForFunction(() => {
      const k = window.__kingme;
      return !k.thinking() && k.snapshot().ply === 1;
    });
    let s = await humanTurn(page);
    assert.equal(s.ply, 1, "the computer made the first move by itself");
    assert.equal(s.lastMove.seat, 0, "Black (seat 0) moves first in English checkers");
    assert.deepEqual(await page.evaluate(() => window.__kingme.humans()), [1]);
    assert.equal(s.turn, 1);

    // The human's own men are drawn nearer the bottom of the canvas than the computer's.
    const ys = await page.evaluate(() => {
      const k = window.__kingme;
      const by = { white: [], black: [] };
      const s = k.snapshot();
      for (const p of s.pieces) by[s.seats[p.seat].color].push(k.squareToClient(p.cell)?.y ?? NaN);
      return by;
    });
    assert.equal(ys.white.length, 12);
    assert.ok(
      Math.min(...ys.white) > Math.max(...ys.black),
      `White (the human) is at the near side: white y ${ys.white}, black y ${ys.black}`,
    );

    const first = page.locator('[data-testid="legal-moves"] button').first();
    const played = await first.textContent();
    await first.click();
    s = await humanTurn(page);
    assert.equal(s.result, null);
    assert.equal(s.ply, 3, "the computer answered the human's move");
    assert.equal(s.moves[1], played);
    assert.equal(s.turn, 1);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("resigning asks first; dismissing changes nothing, accepting gives the game to the computer", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "english", "beginner");
    await page.locator('[data-testid="legal-moves"] button').first().click();
    const before = await humanTurn(page);
    assert.equal(before.ply, 2);

    let asked = null;
    page.once("dialog", (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByTestId("resign").click();
    assert.equal(asked, "Resign this game?");
    await settled(page);
    const kept = await snapshot(page);
    assert.equal(kept.result, null, "dismissing the question does not resign");
    assert.equal(kept.fen, before.fen);
    assert.equal(await page.getByTestId("game-over").isVisible(), false);
    assert.equal(await page.getByTestId("resign").isDisabled(), false);

    page.once("dialog", (d) => void d.accept());
    await page.getByTestId("resign").click();
    await page.waitForFunction(() => window.__kingme.snapshot().result !== null);
    await settled(page);
    const s = await snapshot(page);
    assert.equal(s.result.winner, 1, "the computer (White, seat 1) wins");
    assert.equal(s.result.reason, "resignation");
    assert.equal(s.ply, 2, "the computer plays no more");
    const dialog = page.getByTestId("game-over");
    await dialog.waitFor({ state: "visible" });
    assert.equal(await page.getByTestId("result-title").textContent(), "White wins");
    assert.equal(await page.getByTestId("result-reason").textContent(), "Black resigned.");
    assert.match(await dialog.textContent(), /The computer wins\./);
    await page.getByTestId("close-dialog").click();
    assert.equal(await page.getByTestId("resign").isDisabled(), true);

    // The finished game, taken out as PDN and loaded back, is still finished.
    const finished = await downloadPdn(page);
    await chooseModeAgain(page);
    await page.getByTestId("start-pdn").fill(finished.text);
    await page.getByTestId("load-pdn").click();
    await page.waitForFunction(() => window.__kingme?.snapshot().result != null);
    const loaded = await snapshot(page);
    assert.deepEqual(loaded.result, s.result);
    assert.equal(loaded.fen, s.fen);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("a game downloaded as PDN loads back on the mode chooser; bad PDN is refused", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "english", "local");
    for (const move of ["c3-d4", "f6-e5", "d4×f6", "g7×e5"]) {
      await legalMove(page, move).click();
      await humanTurn(page);
    }
    const played = await snapshot(page);
    assert.deepEqual(played.moves, ["c3-d4", "f6-e5", "d4×f6", "g7×e5"]);

    const exported = await downloadPdn(page);
    assert.equal(exported.name, "kingme-english.pdn");
    assert.match(exported.text, /\[GameType "21"\]/);
    // English PDN uses the official numbers 1–32.
    assert.match(exported.text, /\n1\. 11-15 22-18 2\. 15x22 25x18 \*\n/);

    await chooseModeAgain(page);
    const note = page.getByTestId("chooser-note");
    const pdnField = page.getByTestId("start-pdn");
    for (const [bad, reason] of [
      ["hello, this is not a game", /./],
      ['[GameType "21"]\n1. 11-20 *', /11-20/],
    ]) {
      await pdnField.fill(bad);
      await page.getByTestId("load-pdn").click();
      assert.match(await note.textContent(), /^Something went wrong: /);
      assert.match((await note.textContent()).replace(/^Something went wrong: /, ""), reason);
      assert.equal(await page.evaluate(() => window.__kingme === undefined), true, "no game started");
      assert.equal(await page.locator(".game-screen").count(), 0);
    }

    await pdnField.fill(exported.text);
    await page.getByTestId("load-pdn").click();
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    const loaded = await snapshot(page);
    assert.equal(loaded.fen, played.fen);
    assert.deepEqual(loaded.moves, played.moves);
    assert.equal(loaded.result, null);
    assert.equal((await downloadPdn(page)).text, exported.text, "the loaded game exports the same PDN");
    assert.ok((await page.locator('[data-testid="legal-moves"] button').count()) > 0, "the game goes on");

    // Without a GameType tag the rules chosen on the way in are used.
    await chooseModeAgain(page);
    await pdnField.fill("1. 11-15 22-18 *");
    await page.getByTestId("load-pdn").click();
    await page.waitForFunction(() => window.__kingme?.snapshot().ply === 2);
    assert.deepEqual((await snapshot(page)).moves, ["c3-d4", "f6-e5"]);
    assert.equal(await page.getByTestId("clocks").count(), 0, "no time control chosen: no clocks");

    // With a time control chosen, a pasted game goes on timed: full clocks, the mover's running.
    await chooseModeAgain(page);
    await page.getByTestId("time-control").selectOption({ label: "3+2" });
    await pdnField.fill("1. 11-15 22-18 *");
    await page.getByTestId("load-pdn").click();
    await page.waitForFunction(() => window.__kingme?.snapshot().ply === 2);
    await page.getByTestId("clocks").waitFor();
    const clocks = await page.$$eval('[data-testid="clocks"] li', (items) =>
      items.map((li) => ({ time: li.querySelector(".clock-time")?.textContent ?? "", running: li.classList.contains("running") })),
    );
    assert.equal(clocks.length, 2);
    assert.ok(clocks.every((c) => /^(3:00|2:5\d)$/.test(c.time)), JSON.stringify(clocks));
    assert.equal(clocks.filter((c) => c.running).length, 1, "the clock of the side to move runs");
    assert.equal(await page.getByTestId("undo").isDisabled(), true, "no Undo in a timed game");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
