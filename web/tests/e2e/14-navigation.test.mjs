// Moving between the site's screens: addresses, Back and Forward, the page title, the question
// before a game in progress is thrown away, a reload before the first move, and the keyboard
// focus and announcements after a move played from the "Legal moves" buttons.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, humanTurn, openSite, settled, snapshot } from "./helpers.mjs";

const here = (page) => new URL(page.url()).pathname;
const gameShown = (page) => page.waitForFunction(() => window.__kingme !== undefined && document.querySelector(".game-screen") !== null);
const modeChooserShown = (page) => page.waitForSelector("[data-mode]");
const leaveDialog = (page) => page.getByTestId("leave-dialog");

/** Presses Enter on the first "Legal moves" button, as a keyboard player would. */
async function playFirstListedMove(page) {
  const before = (await snapshot(page)).ply;
  await page.locator('[data-testid="legal-moves"] button.move').first().focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction((ply) => window.__kingme.snapshot().ply > ply, before);
}

const focusInMoveList = (page) =>
  page.evaluate(() => {
    const list = document.querySelector('[data-testid="legal-moves"]');
    const active = document.activeElement;
    return { inList: list !== null && list.contains(active), tag: active?.tagName ?? null };
  });

test("a game in progress asks before it is thrown away, and Back and Forward walk the screens", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await page.waitForSelector("[data-variant]");
    assert.equal(await page.title(), "kingme — choose a game");
    // The sound button names what a click does.
    assert.equal(await page.getByTestId("sound").textContent(), "Mute");
    await page.getByTestId("sound").click();
    assert.equal(await page.getByTestId("sound").textContent(), "Unmute");
    await page.getByTestId("sound").click();
    await page.click('[data-variant="english"]');
    await modeChooserShown(page);
    assert.equal(here(page), "/play/english");
    assert.equal(await page.title(), "kingme — English checkers");
    await page.click('[data-mode="local"]');
    await gameShown(page);
    assert.equal(here(page), "/play/english/local");

    // Before the first move nothing is lost: no question.
    await page.getByTestId("choose-mode").click();
    await modeChooserShown(page);
    assert.equal(here(page), "/play/english");
    assert.equal(await leaveDialog(page).count(), 0);
    await page.goBack();
    await gameShown(page);
    assert.equal(here(page), "/play/english/local");
    await settled(page);

    await playFirstListedMove(page);
    await settled(page);
    const focus = await focusInMoveList(page);
    assert.ok(focus.inList, `the focus stays in the legal moves, not on ${focus.tag}`);
    assert.equal(focus.tag, "BUTTON", "the next move's buttons take the focus");

    // "Choose mode again": Escape keeps the game.
    await page.getByTestId("choose-mode").click();
    await leaveDialog(page).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "leave-stay");
    await page.screenshot({ path: path.join(ARTIFACTS, "14-leave-dialog-desktop.png") });
    await page.keyboard.press("Escape");
    await leaveDialog(page).waitFor({ state: "detached" });
    assert.equal((await snapshot(page)).ply, 1);

    // The logo: "Keep playing" keeps it.
    await page.click("header .brand");
    await leaveDialog(page).waitFor();
    await page.getByTestId("leave-stay").click();
    await leaveDialog(page).waitFor({ state: "detached" });
    assert.equal((await snapshot(page)).ply, 1);

    // Back asks too; staying keeps the game and its address.
    await page.goBack();
    await leaveDialog(page).waitFor();
    await page.getByTestId("leave-stay").click();
    await leaveDialog(page).waitFor({ state: "detached" });
    assert.equal(here(page), "/play/english/local");
    assert.equal((await snapshot(page)).ply, 1);

    // Back, then "Leave the game": the mode chooser, then the rule chooser, and Forward again.
    await page.goBack();
    await leaveDialog(page).waitFor();
    await page.getByTestId("leave-confirm").click();
    await modeChooserShown(page);
    assert.equal(here(page), "/play/english");
    await page.goBack();
    await page.waitForSelector("[data-variant]");
    assert.equal(here(page), "/");
    await page.goForward();
    await modeChooserShown(page);
    assert.equal(here(page), "/play/english");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("a reload before the first move returns to the same game, and Back stays on the site", async () => {
  const { browser, page, errors } = await openSite({ viewport: { width: 390, height: 844 } });
  try {
    await page.click('[data-variant="chinese-checkers"]');
    await page.click('[data-players="6"]');
    await page.click('[data-mode="local"]');
    await gameShown(page);
    assert.equal(here(page), "/play/chinese-checkers/local");
    assert.equal(new URL(page.url()).searchParams.get("players"), "6");
    assert.equal(await page.title(), "kingme — Chinese checkers");

    await page.reload();
    await gameShown(page);
    await settled(page);
    const s = await snapshot(page);
    assert.equal(s.variant, "chinese-checkers");
    assert.equal(s.seats.length, 6);
    assert.equal(s.ply, 0);

    // "How to play" opens the game's rules beside it; the game stays.
    const howToPlay = page.getByTestId("how-to-play");
    assert.equal(new URL(await howToPlay.getAttribute("href"), page.url()).pathname, "/learn/rules/chinese-checkers");
    const [rules] = await Promise.all([page.context().waitForEvent("page"), howToPlay.click()]);
    await rules.waitForSelector(".learn-rule");
    assert.match(await rules.locator("h1").textContent(), /Chinese checkers/);
    await rules.close();
    assert.equal(here(page), "/play/chinese-checkers/local");

    // Opened at a game's address, Back goes to its mode chooser, not away from the site.
    await page.goBack();
    await modeChooserShown(page);
    assert.equal(here(page), "/play/chinese-checkers");

    // A game in progress on a phone: the question fits the screen.
    await page.goForward();
    await gameShown(page);
    await settled(page);
    await playFirstListedMove(page);
    await page.click("header .brand");
    await leaveDialog(page).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, "14-leave-dialog-phone.png") });
    await page.getByTestId("leave-confirm").click();
    await page.waitForSelector("[data-variant]");
    assert.equal(here(page), "/");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("against the computer: the focus after a listed move, both moves announced, the board named", async () => {
  const { browser, page, errors } = await openSite();
  try {
    await page.click('[data-variant="english"]');
    await page.click('[data-mode="beginner"]');
    await gameShown(page);
    await settled(page);
    assert.equal(await page.locator("canvas").getAttribute("role"), "img");
    assert.equal(await page.locator("canvas").getAttribute("aria-label"), "English checkers board");
    const unnamed = await page.evaluate(
      () => [...document.querySelectorAll('[role="gridcell"]')].filter((c) => !(c.getAttribute("aria-label") ?? "").trim()).length,
    );
    assert.equal(unnamed, 0, "every square of the button grid has a name");

    await playFirstListedMove(page);
    const s = await humanTurn(page);
    assert.equal(s.ply, 2);
    const focus = await focusInMoveList(page);
    assert.ok(focus.inList, `the focus stays in the legal moves, not on ${focus.tag}`);
    const lines = await page.locator('[data-testid="announcer"] p').allTextContents();
    assert.equal(lines.length, 2, "the player's move and the reply are both in the live region");
    assert.match(lines[0], /^Black: /);
    assert.match(lines[1], /^White: /);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
