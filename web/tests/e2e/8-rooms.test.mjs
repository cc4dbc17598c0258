// Playing with a friend: two browser contexts play through the room's link, with a declined
// draw offer, a reload in mid-game and a resignation, while a third context watches.
// The pages ask for reduced motion (moves jump): the rooms are tested here, not the slides, and
// every software-rendered frame the slides would cost makes the run longer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { BASE_URL, atPly, clickRoute, openSite, playListedMove, settled, snapshot } from "./helpers.mjs";

// Rooms need the real server (the runner falls back to a static preview without it).
const skip = process.env.KINGME_BIN && existsSync(process.env.KINGME_BIN) ? false : "needs kingme serve (KINGME_BIN)";

/** A second page in the same browser, in its own context (its own localStorage). */
async function openContext(browser, url) {
  const context = await browser.newContext({ viewport: { width: 720, height: 560 }, locale: "en-US", reducedMotion: "reduce" });
  const page = await context.newPage();
  page.setDefaultTimeout(90_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors };
}

/** Waits until the page's player, playing `color`, is to move. */
async function waitForTurn(page, color) {
  await page.waitForFunction((c) => {
    const k = window.__kingme;
    const seat = k?.snapshot().seats.find((s) => s.color === c)?.index;
    return k !== undefined && seat !== undefined && k.humans().includes(seat) && k.snapshot().turn === seat;
  }, color);
  await settled(page);
}

/** True when the board is turned: a1 is drawn above h8. */
async function boardTurned(page) {
  return page.evaluate(() => {
    const a1 = window.__kingme.squareToClient("a1");
    const h8 = window.__kingme.squareToClient("h8");
    return a1.y < h8.y;
  });
}

test("two players play through the link while a third watches", { skip }, async () => {
  const { browser, page: creator, errors } = await openSite({ reducedMotion: "reduce" });
  try {
    await creator.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    await creator.click('[data-variant="english"]');
    await creator.click('[data-mode="online"]');
    await creator.waitForFunction(() => /\/r\/[0-9a-f]{32}$/.test(document.querySelector('[data-testid="room-link"]')?.value ?? ""));
    await creator.waitForFunction(() => window.__kingme !== undefined);
    assert.match(await creator.getByTestId("room-status").textContent(), /You play Black.*Waiting for your friend/);

    await creator.getByTestId("room-copy").click();
    await creator.getByText("Link copied.").waitFor();
    const link = await creator.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, await creator.getByTestId("room-link").inputValue());
    assert.equal(new URL(link).pathname, new URL(creator.url()).pathname, "the creator's page is the room's link");

    const friend = await openContext(browser, `${link}?test`);
    const joiner = friend.page;
    await joiner.getByTestId("room-join").click();
    await joiner.getByTestId("room-status").filter({ hasText: "You play White." }).waitFor();
    await waitForTurn(creator, "black");
    await creator.getByTestId("room-presence").filter({ hasText: "Your opponent is connected." }).waitFor();
    assert.equal(await boardTurned(creator), false, "the first player's pieces are near");
    await joiner.waitForFunction(() => window.__kingme !== undefined);
    assert.equal(await boardTurned(joiner), true, "the board is turned for the second player");

    const watcher = await openContext(browser, `${link}?test`);
    const spectator = watcher.page;
    await spectator.getByTestId("room-status").filter({ hasText: "You are watching this game." }).waitFor();
    assert.equal(await spectator.getByTestId("room-join").isVisible(), false, "spectators get no Join button");
    assert.equal(await spectator.locator('label[for="room-link"]').textContent(), "This room's link", "a spectator is not asked to send the link to a friend");
    assert.equal(await creator.locator('label[for="room-link"]').textContent(), "Send this link to your friend");
    await spectator.getByTestId("room-presence").filter({ hasText: "Black: connected · White: connected" }).waitFor();

    // The creator (Black) moves on the 3D board; both others see it.
    await clickRoute(creator, ["c3", "d4"]);
    const first = await atPly(joiner, 1);
    assert.equal(first.lastMove.notation, "c3-d4");
    await atPly(spectator, 1);

    // White offers a draw with its move; Black declines by moving.
    await waitForTurn(joiner, "white");
    await joiner.getByTestId("offer-draw").check();
    const offered = await playListedMove(joiner);
    assert.equal(offered.details.drawOffer, 1, "White (seat 1) offered");
    await atPly(creator, 2);
    await creator.getByTestId("accept-draw").waitFor({ state: "visible" });
    await waitForTurn(creator, "black");
    const declined = await playListedMove(creator);
    assert.equal(declined.details.drawOffer, null);
    assert.equal(declined.result, null);
    const seenByJoiner = await atPly(joiner, 3);
    assert.equal(seenByJoiner.result, null, "moving declined the offer");

    // The second player reloads: the seat and the game survive.
    const beforeReload = await snapshot(joiner);
    await joiner.reload();
    await joiner.getByTestId("room-status").filter({ hasText: "You play White." }).waitFor();
    const afterReload = await atPly(joiner, 3);
    assert.equal(afterReload.fen, beforeReload.fen);
    assert.deepEqual(afterReload.moves, beforeReload.moves);
    await waitForTurn(joiner, "white");
    await playListedMove(joiner);
    const spectatorView = await atPly(spectator, 4);
    assert.equal(spectatorView.fen, (await atPly(creator, 4)).fen);

    // Black resigns.
    await waitForTurn(creator, "black");
    creator.once("dialog", (d) => void d.accept());
    await creator.getByTestId("resign").click();
    for (const page of [creator, joiner, spectator]) {
      await page.waitForFunction(() => window.__kingme?.snapshot().result !== null);
      const result = (await snapshot(page)).result;
      assert.equal(result.winner, 1, "White (seat 1) wins");
      assert.equal(result.reason, "resignation");
      await page.getByTestId("result-reason").waitFor();
    }
    assert.deepEqual(await spectator.evaluate(() => window.__kingme.humans()), [], "the spectator has no seat");
    assert.equal(await spectator.getByTestId("room-rematch").isVisible(), false);
    assert.equal(await spectator.getByTestId("resign").isVisible(), false);

    // Swap sides and play again: now the joiner plays Black and moves first.
    await joiner.getByTestId("close-dialog").click();
    await joiner.getByTestId("room-rematch").click();
    await waitForTurn(joiner, "black");
    assert.equal(await boardTurned(joiner), false);
    await creator.getByTestId("room-status").filter({ hasText: "You play White." }).waitFor();
    await spectator.waitForFunction(() => window.__kingme?.snapshot().ply === 0 && window.__kingme.snapshot().result === null);

    // In game 2 a draw offer is accepted.
    await joiner.getByTestId("offer-draw").check();
    await playListedMove(joiner);
    await waitForTurn(creator, "white");
    await creator.getByTestId("accept-draw").click();
    for (const page of [creator, joiner, spectator]) {
      await page.waitForFunction(() => window.__kingme?.snapshot().result !== null);
      const result = (await snapshot(page)).result;
      assert.equal(result.winner, null);
      assert.equal(result.reason, "agreement");
    }

    assert.deepEqual([...errors, ...friend.errors, ...watcher.errors], []);
  } finally {
    await browser.close();
  }
});

test("a link to a room that does not exist says so and offers a new game", { skip }, async () => {
  const { browser, page, errors } = await openSite({ reducedMotion: "reduce" });
  try {
    await page.goto(`${BASE_URL}/r/${"0".repeat(32)}?test`);
    await page.getByTestId("room-gone").filter({ hasText: "There is no room with this link." }).waitFor();
    await page.getByTestId("room-new-game").click();
    await page.locator('[data-variant="english"]').waitFor();
    assert.equal(new URL(page.url()).pathname, "/");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
