// Chinese checkers for six against five computers, to the placings: the human (seat 1, South)
// plays every move with the buttons of the accessible piece list, choosing them with the engine
// in the page's worker; the page reloads half-way and keeps the game. Screenshots of the star
// (oblique and top, desktop and phone) and of the result go to test-results/halma/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ARTIFACTS, chooseModeAgain, humanTurn, openSite, settled, snapshot } from "./helpers.mjs";

const SHOTS = path.join(ARTIFACTS, "halma");
mkdirSync(SHOTS, { recursive: true });

/** Plays the engine's choice for the human through the piece list; returns its notation. */
async function playChosenMove(page) {
  const report = await page.evaluate(() => window.__kingme.searchInWorker(2000));
  assert.ok(report.best, "the engine finds a move for the human while the game goes on");
  const path = report.best.path;
  if (path.length === 0) {
    await page.locator('[data-testid="legal-moves"] button').first().click();
  } else {
    const to = path[path.length - 1];
    await page.locator(`[data-testid="legal-moves"] li[data-from="${path[0]}"] button`, { hasText: new RegExp(`^${to}$`) }).click();
  }
  return report.best.notation;
}

test("Chinese checkers for six: the human and five Beginners play to the placings", async () => {
  const { browser, page, errors } = await openSite({ reducedMotion: "reduce" });
  try {
    await page.click('[data-variant="chinese-checkers"]');
    await page.click('[data-players="6"]');
    await page.click('[data-mode="beginner"]');
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    let s = await snapshot(page);
    assert.equal(s.layout.shape, "star");
    assert.equal(s.seats.length, 6);
    assert.deepEqual(await page.evaluate(() => window.__kingme.humans()), [0]);
    assert.match(await page.getByTestId("banner").textContent(), /Your move \(South, red\)/);
    assert.equal(await page.locator('[data-testid="players"] li').count(), 6);
    await page.screenshot({ path: path.join(SHOTS, "star-6-start-oblique.png") });
    await page.getByTestId("view-top").click();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, "star-6-start-top.png") });
    await page.getByTestId("view-oblique").click();
    await settled(page);

    let humanMoves = 0;
    while (s.result === null && humanMoves < 200) {
      const notation = await playChosenMove(page);
      humanMoves++;
      if (process.env.E2E_PROGRESS) console.error(`move ${humanMoves}: ${notation}`);
      s = await humanTurn(page);
      if (humanMoves === 1) {
        // Five computer seats answered one after another, and each move was announced.
        assert.equal(s.ply, 6);
        assert.deepEqual(s.lastMoves.map((m) => m.seat), [0, 1, 2, 3, 4, 5]);
        assert.match(await page.getByTestId("announcer").textContent(), /South-east, orange: \w+ to \w+\./);
      }
      if (humanMoves === 5) {
        // A reload keeps the game.
        const before = s;
        await page.reload();
        await page.waitForFunction(() => window.__kingme !== undefined);
        s = await humanTurn(page);
        assert.equal(s.fen, before.fen);
        assert.equal(s.ply, before.ply);
        await page.screenshot({ path: path.join(SHOTS, "star-6-after-reload.png") });
      }
      const human = s.details.seats.find((x) => x.seat === 0);
      if (human.state === "finished") break;
    }
    // Once the human is home the computers play on by themselves to the last places.
    await page.waitForFunction(() => window.__kingme.snapshot().result !== null, null, { timeout: 600_000 });
    await settled(page);
    s = await snapshot(page);
    assert.equal(s.result.placings.flat().sort().join(","), "0,1,2,3,4,5", "every seat is placed");
    const dialog = page.getByTestId("game-over");
    await dialog.waitFor({ state: "visible" });
    assert.equal(await page.locator('[data-testid="placings"] li').count(), 6);
    assert.match(await page.getByTestId("result-title").textContent(), /wins/);
    await page.screenshot({ path: path.join(SHOTS, "star-6-result.png") });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("the star on a phone, and a 2-player Halma 8×8 record downloaded and loaded back", async () => {
  const { browser, page, errors } = await openSite({ viewport: { width: 390, height: 800 } });
  try {
    await page.click('[data-variant="chinese-checkers"]');
    await page.click('[data-players="3"]');
    await page.click('[data-mode="local"]');
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, "star-3-phone-oblique.png") });
    await page.getByTestId("view-top").click();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, "star-3-phone-top.png") });
    await chooseModeAgain(page);
    await page.click(".back");
    await page.click('[data-variant="halma-8"]');
    await page.click('[data-mode="local"]');
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    for (let i = 0; i < 2; i++) {
      await page.locator('[data-testid="legal-moves"] button').first().click();
      await settled(page);
    }
    const s = await snapshot(page);
    assert.equal(s.ply, 2);
    assert.equal(s.details.yardLimit, 30);
    const download = page.waitForEvent("download");
    await page.getByTestId("download-pdn").click();
    const file = await (await download).path();
    const { readFileSync } = await import("node:fs");
    const text = readFileSync(file, "utf8");
    assert.match(text, /\[Variant "halma-8"\]/);
    await page.screenshot({ path: path.join(SHOTS, "halma-8-phone.png") });
    await chooseModeAgain(page);
    await page.fill('[data-testid="start-pdn"]', text);
    await page.getByTestId("load-pdn").click();
    await page.waitForFunction(() => window.__kingme?.snapshot().ply === 2);
    assert.equal((await snapshot(page)).fen, s.fen);
    await chooseModeAgain(page);
    await page.fill('[data-testid="start-pdn"]', '[Variant "halma-8"]\n1. a1-z9 *');
    await page.getByTestId("load-pdn").click();
    assert.match(await page.getByTestId("chooser-note").textContent(), /z9/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
