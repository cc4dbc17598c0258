// Rooms of more than two seats: three browsers in one Chinese checkers room for three — two
// players by name, the third seat the computer's, and a spectator on a phone-sized page —
// played from a position near the end to the placings, one player reloading in mid-game.
// Screenshots go to test-results/rooms/.
// The pages ask for reduced motion (moves jump): the rooms are tested here, not the slides, and
// every software-rendered frame the slides would cost makes the run longer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { ARTIFACTS, atPly, openSite, settled, snapshot } from "./helpers.mjs";

const skip = process.env.KINGME_BIN && existsSync(process.env.KINGME_BIN) ? false : "needs kingme serve (KINGME_BIN)";
const SHOTS = path.join(ARTIFACTS, "rooms");
mkdirSync(SHOTS, { recursive: true });

// South (seat 1) needs two steps to fill its target (l5-m6, m6-n1); North-west (seat 3) one
// (i9-h10); North-east (seat 5) is still at home. Written as the rules' position strings are.
const NEAR_THE_END =
  "1:1:./../.../..../.........3333/.........333/.........33/........../........3/.........5/.........55/....1....555/.........5555/.111/111/11/1";

async function openContext(browser, url, viewport = { width: 900, height: 700 }) {
  const context = await browser.newContext({ viewport, locale: "en-US", reducedMotion: "reduce" });
  const page = await context.newPage();
  page.setDefaultTimeout(90_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors };
}

/** Waits until the page's game has reached `ply` or gone beyond (a computer seat may answer at once). */
async function pastPly(page, ply) {
  await page.waitForFunction((n) => window.__kingme?.snapshot().ply >= n, ply);
  await settled(page);
  return snapshot(page);
}

/** Waits until this page's player is to move. */
async function myTurn(page) {
  await page.waitForFunction(() => {
    const k = window.__kingme;
    const s = k?.snapshot();
    return s !== undefined && s.result === null && k.humans().includes(s.turn);
  });
  await settled(page);
}

/** Plays `from`-`to` with the legal-move list's button for it. */
async function playListed(page, from, to) {
  await myTurn(page);
  const before = (await snapshot(page)).ply;
  await page.locator(`[data-testid="legal-moves"] li[data-from="${from}"] button`, { hasText: new RegExp(`^${to}$`) }).click();
  return pastPly(page, before + 1);
}

const seatLine = (page, n) => page.locator(`[data-testid="room-seats"] li[data-seat-no="${n}"]`);

test("two players and a computer seat play a Chinese checkers room to the placings while a spectator watches", { skip }, async () => {
  const { browser, page: creator, errors } = await openSite({ reducedMotion: "reduce" });
  try {
    await creator.click('[data-variant="chinese-checkers"]');
    await creator.click('[data-players="3"]');
    await creator.fill('[data-testid="start-fen"]', NEAR_THE_END);
    await creator.fill('[data-testid="room-name-new"]', "Ann");
    await creator.selectOption('[data-room-seat="2"]', "beginner");
    await creator.click('[data-mode="online"]');
    await creator.waitForFunction(() => /\/r\/[0-9a-f]{32}$/.test(document.querySelector('[data-testid="room-link"]')?.value ?? ""));
    const link = await creator.getByTestId("room-link").inputValue();
    await creator.getByTestId("room-status").filter({ hasText: "You play South, red. Free seats: 1." }).waitFor();
    await seatLine(creator, 0).filter({ hasText: "Ann (you)" }).waitFor();
    await seatLine(creator, 2).filter({ hasText: "Computer (Beginner)" }).waitFor();
    assert.match(await seatLine(creator, 1).textContent(), /North-west, green — free/);
    assert.equal(await creator.getByTestId("room-fill").isVisible(), true, "the creator may fill the free seat with the computer");
    await creator.screenshot({ path: path.join(SHOTS, "waiting-creator.png") });

    const friend = await openContext(browser, `${link}?test`);
    const bo = friend.page;
    await bo.getByTestId("room-status").filter({ hasText: "Take a free seat to play, or watch." }).waitFor();
    await bo.fill('[data-testid="room-name"]', "Bo");
    await bo.getByTestId("room-take-1").click();
    await bo.getByTestId("room-status").filter({ hasText: "You play North-west, green." }).waitFor();
    await seatLine(creator, 1).filter({ hasText: "Bo" }).waitFor();
    assert.equal(await creator.getByTestId("room-fill").isVisible(), false, "every seat is taken: the game has started");

    const watcher = await openContext(browser, `${link}?test`, { width: 390, height: 844 });
    const spectator = watcher.page;
    await spectator.getByTestId("room-status").filter({ hasText: "You are watching this game." }).waitFor();
    assert.equal(await spectator.getByTestId("room-join").isVisible(), false, "no free seat to take");
    await seatLine(spectator, 0).filter({ hasText: "◀ to move" }).waitFor();
    await spectator.getByTestId("banner").filter({ hasText: "Ann (South, red) to move" }).waitFor();

    // Ann steps towards her target; everyone sees it.
    await creator.getByTestId("banner").filter({ hasText: "Your move (South, red)" }).waitFor();
    await playListed(creator, "l5", "m6");
    for (const page of [bo, spectator]) assert.equal((await atPly(page, 1)).lastMove.notation, "l5-m6");

    // Bo reloads before his move: the seat and the game come back.
    await bo.reload();
    await bo.getByTestId("room-status").filter({ hasText: "You play North-west, green." }).waitFor();
    await atPly(bo, 1);
    await seatLine(spectator, 1).filter({ hasText: "connected" }).waitFor();
    await playListed(bo, "i9", "h10");
    await spectator.screenshot({ path: path.join(SHOTS, "spectator-phone.png") });

    // The computer (North-east) moves, then Ann fills her target: the game is over.
    const afterComputer = await atPly(creator, 3);
    assert.equal(afterComputer.lastMove.seat, 4, "North-east moved");
    await playListed(creator, "m6", "n1");
    for (const page of [creator, bo, spectator]) {
      await page.waitForFunction(() => window.__kingme?.snapshot().result !== null);
      const result = (await snapshot(page)).result;
      assert.deepEqual(result.placings, [[2], [0], [4]], "North-west first, South second, North-east third");
      await page.getByTestId("placings").waitFor();
    }
    const placings = await spectator.getByTestId("placings").locator("li").allTextContents();
    assert.deepEqual(placings, ["1. Bo (North-west, green)", "2. Ann (South, red)", "3. Computer · Beginner (North-east, violet)"]);
    await spectator.screenshot({ path: path.join(SHOTS, "placings-spectator-phone.png") });
    await creator.screenshot({ path: path.join(SHOTS, "placings-creator.png") });
    assert.equal(await spectator.getByTestId("room-rematch").isVisible(), false, "a spectator has no rematch");

    // Play again: the seats rotate, so Bo's seat moves first.
    await bo.getByTestId("close-dialog").click();
    await bo.getByTestId("room-rematch").click();
    for (const page of [creator, bo, spectator]) {
      await page.waitForFunction(() => window.__kingme?.snapshot().ply === 0 && window.__kingme.snapshot().result === null);
    }
    await bo.getByTestId("room-status").filter({ hasText: "You play South, red." }).waitFor();
    await bo.getByTestId("banner").filter({ hasText: "Your move (South, red)" }).waitFor();

    assert.deepEqual([...errors, ...friend.errors, ...watcher.errors], []);
  } finally {
    await browser.close();
  }
});

test("a Halma 16×16 room for four with three computer seats starts at once; after a resignation the pieces stay and the others play on", { skip }, async () => {
  const { browser, page, errors } = await openSite({ reducedMotion: "reduce" });
  try {
    await page.click('[data-variant="halma-16"]');
    await page.click('[data-players="4"]');
    for (const seat of [1, 2, 3]) await page.selectOption(`[data-room-seat="${seat}"]`, "beginner");
    await page.click('[data-mode="online"]');
    await page.waitForFunction(() => /\/r\/[0-9a-f]{32}$/.test(document.querySelector('[data-testid="room-link"]')?.value ?? ""));
    for (const seat of [1, 2, 3]) await seatLine(page, seat).filter({ hasText: "Computer (Beginner)" }).waitFor();
    assert.equal(await page.getByTestId("room-fill").isVisible(), false, "no seat is left free");

    // The page's player moves first; the three computer seats answer on the server.
    const first = (await playListedFirst(page)).moves[0];
    const mine = await atPly(page, 4);
    assert.equal(mine.moves[0], first);
    assert.equal(new Set(mine.lastMoves.map((m) => m.seat)).size, 4, "every seat has moved once");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, "halma-16-four-seats.png") });

    page.once("dialog", (d) => void d.accept());
    await myTurn(page);
    const resignedAt = (await snapshot(page)).ply;
    await page.getByTestId("resign").click();
    await page.waitForFunction(() => window.__kingme.snapshot().details.seats.find((x) => x.seat === 0)?.state === "resigned");
    // The three computer seats play on (Beginner answers at once on the server: perhaps to the end).
    await page.waitForFunction((n) => window.__kingme.snapshot().ply > n + 1, resignedAt);
    const after = await snapshot(page);
    assert.equal(after.pieces.filter((p) => p.seat === 0).length, 13, "the resigned seat's pieces stay");
    if (after.result !== null) assert.deepEqual(after.result.placings.at(-1), [0], "the resigned seat is placed last");
    assert.equal(await page.getByTestId("resign").isDisabled(), true);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

/** Plays the first move of the legal-move list. */
async function playListedFirst(page) {
  await myTurn(page);
  const before = (await snapshot(page)).ply;
  await page.locator('[data-testid="legal-moves"] button.move').first().click();
  return pastPly(page, before + 1);
}
