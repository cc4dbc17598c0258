// Shared steps for the end-to-end tests: a headless Chromium on the site, and the moves a
// player makes with the mouse, the keyboard or the panel.
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const BASE_URL = process.env.KINGME_URL ?? "http://127.0.0.1:8080";
export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test-results");
mkdirSync(ARTIFACTS, { recursive: true });

const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--enable-unsafe-swiftshader",
  "--use-angle=swiftshader",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * A fresh browser and page on the site, in English unless `locale` says otherwise; with
 * `fakeClock` the page's timers and `performance.now()` run on Playwright's clock (installed
 * before the page loads), which a test moves on with `page.clock.fastForward`.
 */
export async function openSite({ locale = "en-US", reducedMotion = "no-preference", viewport = { width: 960, height: 720 }, deviceScaleFactor = 1, fakeClock = false } = {}) {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: LAUNCH_ARGS });
  const context = await browser.newContext({ viewport, locale, reducedMotion, deviceScaleFactor });
  if (fakeClock) await context.clock.install();
  const page = await context.newPage();
  page.setDefaultTimeout(90_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${BASE_URL}/?test`);
  return { browser, page, errors };
}

/** Picks a language in the header and waits until the page has switched to it (it loads first). */
export async function chooseLanguage(page, lang) {
  await page.getByTestId("language").selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/** Rule chooser → mode chooser (with an optional FEN) → game screen. */
export async function startGame(page, variant, mode, fen) {
  await page.click(`[data-variant="${variant}"]`);
  await chooseMode(page, mode, fen);
}

/** On the mode chooser: starts a game in `mode`, from `fen` if given. */
export async function chooseMode(page, mode, fen) {
  if (fen) await page.fill('[data-testid="start-fen"]', fen);
  await page.click(`[data-mode="${mode}"]`);
  await page.waitForFunction(() => window.__kingme !== undefined);
  await settled(page);
}

/** Waits until no animation runs and the computer is not thinking. */
export async function settled(page) {
  await page.waitForFunction(() => window.__kingme?.settled());
}

export const snapshot = (page) => page.evaluate(() => window.__kingme.snapshot());

/** Waits until a human may move again (or the game is over); returns the snapshot. */
export async function humanTurn(page) {
  await page.waitForFunction(() => {
    const k = window.__kingme;
    if (!k || k.thinking()) return false;
    const s = k.snapshot();
    return s.result !== null || k.humans().includes(s.turn);
  });
  await settled(page);
  return snapshot(page);
}

/** Clicks a square on the 3D canvas, at the point the camera shows it. */
export async function clickSquare(page, square) {
  await settled(page);
  const point = await page.evaluate((sq) => window.__kingme.squareToClient(sq), square);
  if (!point) throw new Error(`square ${square} is not on screen`);
  await page.mouse.click(point.x, point.y);
}

/** Plays `path` by clicking its squares on the canvas until the move has been played. */
export async function clickRoute(page, route) {
  const before = (await snapshot(page)).ply;
  for (const square of route) {
    await clickSquare(page, square);
    if ((await snapshot(page)).ply !== before) return;
  }
  throw new Error(`clicking ${route.join(" ")} did not play a move`);
}

/** "Choose mode again" from a game, agreeing to leave it when the game in progress asks. */
export async function chooseModeAgain(page) {
  await page.getByTestId("choose-mode").click();
  await page.waitForSelector('[data-mode], [data-testid="leave-dialog"]');
  if ((await page.getByTestId("leave-dialog").count()) > 0) await page.getByTestId("leave-confirm").click();
  await page.waitForSelector("[data-mode]");
}

/** Waits until the page's game has reached `ply` and nothing moves on its board. */
export async function atPly(page, ply) {
  await page.waitForFunction((n) => window.__kingme?.snapshot().ply === n, ply);
  await settled(page);
  return snapshot(page);
}

/** Plays the first move of the legal-move list once it shows (the page's player must be to move). */
export async function playListedMove(page) {
  const before = (await snapshot(page)).ply;
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="legal-moves"] button').length > 0);
  await page.locator('[data-testid="legal-moves"] button').first().click();
  return atPly(page, before + 1);
}

/** The boards the measurements use: a same-screen game's address, and the saved game that address opens. */
export const MEASURED_BOARDS = {
  "8×8": ["/play/english/local", { variant: "english", players: 2 }],
  "10×10": ["/play/international/local", { variant: "international", players: 2 }],
  "star, 6 players": ["/play/chinese-checkers/local?players=6", { variant: "chinese-checkers", players: 6 }],
};

/** Opens one of MEASURED_BOARDS at its start, with the test hooks, and waits until it is drawn. */
export async function openMeasuredBoard(page, [address, game]) {
  const saved = { version: 2, mode: "local", game: { ...game, startFen: "", moves: [] } };
  await page.evaluate((s) => localStorage.setItem("kingme.game", JSON.stringify(s)), saved);
  await page.goto(`${BASE_URL}${address}${address.includes("?") ? "&" : "?"}test`);
  await page.waitForFunction(() => window.__kingme?.timeFrames !== undefined);
  await settled(page);
}

/**
 * Selects the piece of the first legal one-step move and starts watching the page's long
 * tasks, so that the click that plays the move is observed without the one that selected.
 * Returns the move.
 */
export async function selectWatchingLongTasks(page) {
  const [move] = await page.evaluate(() => window.__kingme.legalMoves().filter((m) => m.path.length === 2));
  await clickSquare(page, move.path[0]);
  await settled(page);
  // A player looks at the board before moving: the page's idle work (making the AudioContext
  // after the first press) is done by then.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  await page.evaluate(() => {
    window.__longTasks = [];
    window.__longTaskObserver = new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration)));
    window.__longTaskObserver.observe({ type: "longtask" });
  });
  return move;
}

/** The long tasks (ms) since `selectWatchingLongTasks`, and stops watching. */
export async function watchedLongTasks(page) {
  return page.evaluate(async () => {
    // Entries arrive after their task; one more task lets the last one in.
    await new Promise((r) => setTimeout(r, 0));
    window.__longTasks.push(...window.__longTaskObserver.takeRecords().map((e) => e.duration));
    window.__longTaskObserver.disconnect();
    return window.__longTasks;
  });
}
