// Every board shape in the board demo (served by vite from the sources): screenshots at desktop
// and phone sizes in the oblique and top views, kept in web/test-results/boards/, a check that
// each shows a picture, and that clicking where squareToClient points hits every cell.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { ARTIFACTS } from "./helpers.mjs";
import { freePort } from "./ports.mjs";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SHOTS = path.join(ARTIFACTS, "boards");
mkdirSync(SHOTS, { recursive: true });

const BOARDS = ["draughts-8", "draughts-10", "halma-8", "halma-10", "halma-16", "halma-16-4", "star-2", "star-3", "star-4", "star-6"];
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

let vite;
let base;
let browser;

before(async () => {
  const port = await freePort();
  vite = spawn(process.execPath, [path.join(webRoot, "node_modules/vite/bin/vite.js"), "--host", "127.0.0.1", "--strictPort", "--port", String(port)], {
    cwd: webRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  base = await new Promise((resolve, reject) => {
    let seen = "";
    vite.stdout.setEncoding("utf8");
    vite.stdout.on("data", (chunk) => {
      seen += chunk;
      if (/ready in/.test(seen.replace(/\x1b\[[0-9;]*m/g, ""))) resolve(`http://127.0.0.1:${port}`);
    });
    vite.on("exit", (code) => reject(new Error(`vite exited (${code}):\n${seen}`)));
  });
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader"],
  });
});

after(async () => {
  await browser?.close();
  vite?.kill("SIGTERM");
});

async function openDemo(board, size) {
  const page = await browser.newPage({ viewport: SIZES[size] });
  page.setDefaultTimeout(120_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${base}/board-demo.html?board=${board}`);
  await page.waitForFunction(() => window.board && "whenSettled" in window.board, null, { polling: 200 });
  await page.evaluate(() => window.board.whenSettled());
  return { page, errors };
}

/** Distinct colours (quantised) in a PNG, and how much of it is not the page's background. */
async function pictureStats(page, png) {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    const colours = new Set();
    for (let i = 0; i < data.length; i += 16) colours.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4));
    return { colours: colours.size };
  }, png.toString("base64"));
}

/**
 * Clicks every cell where squareToClient says it is (all points asked for at once: clicks and
 * hovers change neither the pieces nor the camera); returns the cells that reported something
 * else.
 */
async function clickEveryCell(page) {
  const targets = await page.evaluate(() =>
    window
      .demoState()
      .layout.cells.filter((c) => c.playable)
      .map((c) => ({ name: c.name, at: window.board.squareToClient(c.name) })),
  );
  await page.evaluate(() => (window.clicks.length = 0));
  const wrong = [];
  const clicked = [];
  for (const { name, at } of targets) {
    if (!at) {
      wrong.push(`${name}: not on screen`);
      continue;
    }
    await page.mouse.click(at.x, at.y);
    clicked.push(name);
  }
  const got = await page.evaluate(() => window.clicks.slice());
  if (got.length !== clicked.length) wrong.push(`${clicked.length} clicks, ${got.length} reported: ${JSON.stringify(got)}`);
  else clicked.forEach((name, i) => got[i] !== name && wrong.push(`${name}: ${JSON.stringify(got[i])}`));
  return { wrong, count: targets.length };
}

for (const board of BOARDS) {
  test(`${board}: oblique and top view on a desktop and a phone`, async () => {
    for (const size of Object.keys(SIZES)) {
      const { page, errors } = await openDemo(board, size);
      try {
        const canvas = page.locator("#stage canvas");
        for (const view of ["oblique", "top"]) {
          await page.evaluate((v) => window.board.setView(v), view);
          await page.evaluate(() => window.board.whenSettled());
          const png = await page.screenshot({ path: path.join(SHOTS, `${board}-${size}-${view}.png`) });
          const stats = await pictureStats(page, await canvas.screenshot());
          assert.ok(stats.colours > 40, `${board} ${size} ${view}: ${stats.colours} colours`);
          assert.ok(png.length > 0);
        }
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    }
  });
}

test("every cell of every shape is clicked where squareToClient points, for each seat's side", async () => {
  for (const [board, seats] of [["draughts-10", [0, 1]], ["halma-16-4", [1, 3]], ["star-6", [0, 2, 5]]]) {
    const { page, errors } = await openDemo(board, "desktop");
    try {
      for (const [i, seat] of seats.entries()) {
        // Set at once, or turned to (animated; squareToClient and clicks follow the board as shown).
        await page.evaluate(
          ([n, animated]) => (animated ? window.board.turnTo(window.seatAngles()[n]) : window.board.set({ rotation: window.seatAngles()[n] })),
          [seat, i % 2 === 1],
        );
        await page.evaluate((v) => window.board.setView(v), i % 2 === 0 ? "oblique" : "top");
        await page.evaluate(() => window.board.whenSettled());
        // The seat's side is near: its camp (draughts: its first rank) lies lowest on the screen;
        // a square Halma camp is the near-left corner (the one at the right is the previous seat's).
        const lowest = await page.evaluate((board) => {
          const draughts = board.startsWith("draughts");
          const groups = new Map();
          for (const c of window.demoState().layout.cells) {
            const group = draughts ? (c.name.slice(1) === "1" ? 0 : c.name.slice(1) === "10" ? 1 : null) : c.camp;
            if (group === null) continue;
            const at = window.board.squareToClient(c.name);
            const list = groups.get(group) ?? [];
            list.push(board.startsWith("halma") ? at.y - at.x : at.y);
            groups.set(group, list);
          }
          const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
          return [...groups].reduce((a, b) => (mean(b[1]) > mean(a[1]) ? b : a))[0];
        }, board);
        assert.equal(lowest, seat, `${board}: turned to seat ${seat}, the nearest camp is seat ${lowest}'s`);
        const { wrong, count } = await clickEveryCell(page);
        assert.deepEqual(wrong, [], `${board}, seat ${seat}: ${wrong.length} of ${count} cells missed`);
      }
      await page.evaluate(() => (window.clicks.length = 0));
      await page.mouse.click(5, 795);
      assert.deepEqual(await page.evaluate(() => window.clicks.slice()), [null], `${board}: a click beside the board`);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  }
});

test("hovering a destination reports it and its path is drawn; a Halma move plays through every landing", async () => {
  const { page, errors } = await openDemo("star-6", "desktop");
  try {
    const { dests, previewPath } = await page.evaluate(() => window.demoState());
    const target = dests.find((d) => d !== previewPath.at(-1)) ?? dests[0];
    const at = await page.evaluate((name) => window.board.squareToClient(name), target);
    await page.mouse.move(at.x, at.y);
    await page.waitForFunction((name) => window.hovers.includes(name), target);
    await page.mouse.move(2, 790);
    await page.waitForFunction(() => window.hovers.at(-1) === null);
    await page.screenshot({ path: path.join(SHOTS, "star-6-hover.png") });

    const canvas = page.locator("#stage canvas");
    const before = await canvas.screenshot();
    await page.evaluate((path) => window.board.animateMove(path, []), previewPath);
    await page.evaluate(() => window.board.whenSettled());
    const moved = await canvas.screenshot({ path: path.join(SHOTS, "star-6-after-move.png") });
    assert.notDeepEqual(moved, before, "the board changed with the move");
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
