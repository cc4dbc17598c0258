// The move list and review: a game against the computer stepped back with ← and Home and
// returned to with End, the focus staying in the list; a move that arrives while reviewing;
// flipping the board (remembered over a reload); an imported PDN numbered in its notation.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, humanTurn, openSite, settled, snapshot, startGame } from "./helpers.mjs";

const history = (page) => page.getByTestId("move-history");

/** The grid's pieces, square → text of its name ("Black man on c3"), read from the accessible grid. */
const gridPieces = (page) =>
  page.evaluate(() => {
    const pieces = {};
    for (const cell of document.querySelectorAll('[role="gridcell"]')) {
      if (cell.querySelector(".piece")) pieces[cell.dataset.square] = cell.getAttribute("aria-label");
    }
    return pieces;
  });

/** The shown step: the focused element's number of moves, and whether it is the one highlighted. */
const focusedStep = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { moves: el?.dataset.moves ?? null, current: el?.getAttribute("aria-current") ?? null, inList: !!el?.closest('[data-testid="move-history"]') };
  });

/** Plays the first legal move listed in the panel and waits for the computer's answer. */
async function playListed(page) {
  await page.locator('[data-testid="legal-moves"] button.move').first().click();
  return humanTurn(page);
}

const topLeftSquare = (page) => page.locator('[role="gridcell"]').first().getAttribute("data-square");

test("review a game against the computer with the keyboard, flip the board", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await startGame(page, "english", "beginner");
    await playListed(page);
    let live = await playListed(page);
    assert.equal(live.history.length, 4);
    // English is numbered in pairs, in PDN's square numbers.
    assert.equal(await history(page).locator(".history-row").count(), 2);
    assert.match(await history(page).locator(".history-number").first().textContent(), /^1\.$/);
    assert.equal(await history(page).locator("button[data-moves='1']").textContent(), live.history[0].record);
    assert.match(live.history[0].record, /^\d+-\d+$/);
    const livePieces = await gridPieces(page);

    // Step back one move from the list: the board shows the position before the computer's reply.
    await history(page).locator("button[tabindex='0']").focus();
    assert.deepEqual(await focusedStep(page), { moves: "4", current: "step", inList: true });
    await page.keyboard.press("ArrowLeft");
    await settled(page);
    assert.deepEqual(await focusedStep(page), { moves: "3", current: "step", inList: true });
    const reply = live.lastMove.path;
    let pieces = await gridPieces(page);
    assert.ok(pieces[reply[0]], `before the reply a piece stands on ${reply[0]}`);
    assert.equal(pieces[reply[reply.length - 1]], undefined, `before the reply ${reply[reply.length - 1]} is empty`);
    const banner = page.getByTestId("review-banner");
    assert.equal(await banner.isVisible(), true);
    assert.match(await banner.textContent(), /^Reviewing after 2\. Black: \d+[-x]\d+ \([a-h]\d[-×][a-h]\d\)\. White to move\. Black: men \d+, kings 0; White: men \d+, kings 0\./);
    // A screen reader hears it too (the focused move's name, then this in the live region).
    assert.match(await page.getByTestId("announcer").locator("p").last().textContent(), /^Reviewing after 2\. Black: .* White to move\./);
    // The turn banner above the board still tells the game's state, as the game's, not the review's.
    assert.match(await page.getByTestId("banner").textContent(), /^In the game: Your move \(Black\)/);
    // The game itself is untouched, and no move can be made while looking back.
    assert.equal((await snapshot(page)).ply, 4);
    assert.equal(await page.locator('[data-testid="legal-moves"] button.move').count(), 0);
    await page.screenshot({ path: path.join(ARTIFACTS, "review-desktop.png") });

    await page.keyboard.press("Home");
    assert.deepEqual(await focusedStep(page), { moves: "0", current: "step", inList: true });
    await settled(page);
    assert.equal(Object.keys(await gridPieces(page)).length, 24);
    assert.match(await banner.textContent(), /Reviewing the starting position/);
    // The panel describes the position shown.
    assert.deepEqual(await page.locator('[data-testid="pieces-left"] dd').allTextContents(), ["men 12, kings 0", "men 12, kings 0"]);
    assert.equal(await page.getByTestId("last-move").textContent(), "None yet");

    await page.keyboard.press("End");
    await settled(page);
    assert.deepEqual(await focusedStep(page), { moves: "4", current: "step", inList: true });
    assert.equal(await banner.isVisible(), false);
    assert.match(await page.getByTestId("banner").textContent(), /^Your move \(Black\)/);
    assert.deepEqual(await gridPieces(page), livePieces);
    assert.match(await page.getByTestId("announcer").locator("p").last().textContent(), /^Back to the game as it stands\. Black to move\./);

    // A move arriving while reviewing: the board stays where it is and the banner says so.
    await page.evaluate(() => {
      document.querySelector('[data-testid="legal-moves"] button.move').click();
      const list = document.querySelector('[data-testid="move-history"]');
      list.querySelector("button[data-moves='2']").click();
    });
    live = await humanTurn(page);
    assert.equal(live.history.length, 6);
    assert.match(await banner.textContent(), /Reviewing after 1\. White: .*New moves since: 1\./);
    assert.equal(await focusedStep(page).then((f) => f.moves), "2");
    await page.getByTestId("review-back").click();
    await settled(page);
    assert.equal(await banner.isVisible(), false);
    assert.deepEqual(await focusedStep(page), { moves: "6", current: "step", inList: true });
    assert.equal(await page.locator('[data-testid="legal-moves"] button.move').count() > 0, true);

    // Flip board (the key F too): the grid's top-left corner goes from a8 to h1; a reload keeps it.
    assert.equal(await topLeftSquare(page), "a8");
    await page.getByTestId("flip").click();
    await settled(page);
    assert.equal(await topLeftSquare(page), "h1");
    await page.reload();
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    assert.equal(await topLeftSquare(page), "h1");
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press("f");
    await settled(page);
    assert.equal(await topLeftSquare(page), "a8");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("an imported PDN is numbered as PDN numbers it and can be stepped through on a phone", async () => {
  const { browser, page, errors } = await openSite({ viewport: { width: 390, height: 844 } });
  try {
    await page.click('[data-variant="international"]');
    await page.fill('[data-testid="start-pdn"]', '[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *');
    await page.click('[data-testid="load-pdn"]');
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    const moves = await history(page).locator("button[data-moves]").allTextContents();
    assert.deepEqual(moves, ["Start", "32-28", "19-23", "28x19", "14x23"]);
    await history(page).locator("button[data-moves='2']").click();
    await settled(page);
    assert.deepEqual(await focusedStep(page), { moves: "2", current: "step", inList: true });
    // After 19-23 Black's man stands on 23; White's 28x19 then takes it.
    const squares = (notation) => notation.split(/[-×]/);
    const { history: played } = await snapshot(page);
    const taken = squares(played[1].notation).at(-1);
    assert.ok((await gridPieces(page))[taken], `a man on ${taken} before it is taken`);
    await page.keyboard.press("ArrowRight");
    await settled(page);
    assert.deepEqual(await focusedStep(page), { moves: "3", current: "step", inList: true });
    assert.equal((await gridPieces(page))[taken], undefined, `${taken} taken after 28x19`);
    // On a phone the list is below the board: the banner above it steps back and forth too.
    const banner = page.getByTestId("review-banner");
    await banner.scrollIntoViewIfNeeded();
    await banner.getByRole("button", { name: "Previous move" }).click();
    await settled(page);
    assert.ok((await gridPieces(page))[taken], `${taken} back before it is taken`);
    assert.match(await banner.textContent(), /^Reviewing after 1\. Black: 19-23 \([a-j]\d+-[a-j]\d+\)\. White to move\./);
    const box = await banner.boundingBox();
    assert.ok(box && box.y >= 0 && box.y < 844, "stepping does not scroll the banner away");
    await page.screenshot({ path: path.join(ARTIFACTS, "review-phone.png") });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("a bad imported position and game are refused in Chinese", async () => {
  const { browser, page, errors } = await openSite({ locale: "zh-CN" });
  try {
    await page.click('[data-variant="english"]');
    await page.fill('[data-testid="start-fen"]', "W:W29:B30");
    await page.click('[data-mode="local"]');
    const note = page.getByTestId("chooser-note");
    await page.waitForFunction(() => document.querySelector('[data-testid="chooser-note"]')?.textContent !== "");
    assert.match(await note.textContent(), /FEN 无效：f8 上的兵已在升王的底线上，应当是王/);
    await page.fill('[data-testid="start-pdn"]', '[GameType "20"]\n1. 32-28 32-27 *');
    await page.click('[data-testid="load-pdn"]');
    await page.waitForFunction(() => /第 2 步/.test(document.querySelector('[data-testid="chooser-note"]')?.textContent ?? ""));
    assert.match(await note.textContent(), /第 2 步（“32-27”）：/);
    assert.doesNotMatch(await note.textContent(), /ply|cannot|illegal/);
    await page.screenshot({ path: path.join(ARTIFACTS, "review-error-zh.png") });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("a room's page title names its game, in the chosen language", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await page.click('[data-variant="english"]');
    await page.click('[data-mode="online"]');
    // The mode chooser's title names the game too: wait for the room's.
    await page.waitForFunction(() => document.title.includes("Play with a friend ·"));
    assert.equal(await page.title(), "kingme — Play with a friend · English checkers");
    await page.selectOption('[data-testid="language"]', "zh-Hans");
    await page.waitForFunction(() => document.title.includes("英式跳棋"));
    assert.doesNotMatch(await page.title(), /Play with a friend|English/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("a Halma game on one screen is listed by rounds and reviewed from its list", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await page.goto(page.url().replace(/\/\?test$/, "/play/halma-8/local?test"));
    await page.waitForFunction(() => window.__kingme !== undefined);
    for (let ply = 1; ply <= 3; ply++) {
      await page.locator('[data-testid="legal-moves"] button.move').first().click();
      await page.waitForFunction((n) => window.__kingme.snapshot().ply === n, ply);
      await settled(page);
    }
    const { history: played } = await snapshot(page);
    assert.deepEqual(played.map((m) => [m.number, m.seat]), [[1, 0], [1, 1], [2, 0]]);
    assert.equal(await history(page).locator(".history-row").count(), 2);
    assert.equal(await history(page).locator(".history-row .swatch").count(), 3, "each move shows its seat's colour");
    await history(page).locator("button[tabindex='0']").focus();
    await page.keyboard.press("ArrowLeft");
    await settled(page);
    assert.deepEqual(await focusedStep(page), { moves: "2", current: "step", inList: true });
    const [from, ...rest] = played[2].notation.split("-");
    const pieces = await gridPieces(page);
    assert.ok(pieces[from], `before round 2's move a piece stands on ${from}`);
    assert.equal(pieces[rest.at(-1)], undefined);
    assert.match(await page.getByTestId("review-banner").textContent(), /^Reviewing after 1\. North-east, blue: /);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
