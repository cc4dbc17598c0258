// Measurements for the README (not a test): how wide a piece is drawn on a phone and on a
// desktop, in the oblique view each screen opens with, and how much of the board's area is left
// empty above and below the board. Needs the site running:
//   KINGME_URL=http://127.0.0.1:8080 node tests/e2e/measure-pieces.mjs
// A man is 0.8 of a square wide (PIECE_RADIUS 0.4 of a cell), so its width in CSS pixels is 0.8
// times the distance between the centres of neighbouring squares (squareToClient), taken along
// the farthest and the nearest row; the star's figure is the spacing of neighbouring holes in its
// middle row (a marble is 0.72 of it).
import { BASE_URL, openSite, settled } from "./helpers.mjs";

const SCREENS = {
  "8×8": "/play/english/local",
  "10×10": "/play/international/local",
  "16×16": "/play/halma-16/local?players=4",
  star: "/play/chinese-checkers/local?players=6",
  "Learn 8×8": "/learn/ex/en_basics_step",
};

/** Pixels between neighbouring cells along `row` (the layout's y), from its first to its last cell. */
async function spacing(page, row) {
  return page.evaluate((y) => {
    const k = window.__kingme;
    const cells = k
      .snapshot()
      .layout.cells.filter((c) => c.playable && c.y === y)
      .sort((a, b) => a.x - b.x);
    const first = cells[0];
    const last = cells[cells.length - 1];
    const a = k.squareToClient(first.name);
    const b = k.squareToClient(last.name);
    return Math.hypot(b.x - a.x, b.y - a.y) / (last.x - first.x);
  }, row);
}

async function measure(label, options) {
  const { browser, page } = await openSite({ ...options, reducedMotion: "reduce" });
  try {
    for (const [name, address] of Object.entries(SCREENS)) {
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${BASE_URL}${address}${address.includes("?") ? "&" : "?"}test`);
      await page.waitForFunction(() => window.__kingme?.squareToClient !== undefined && window.__kingme?.snapshot !== undefined);
      await settled(page);
      const rows = await page.evaluate(() => {
        const ys = window.__kingme.snapshot().layout.cells.map((c) => c.y);
        return { min: Math.min(...ys), max: Math.max(...ys) };
      });
      const area = await page.evaluate(() => {
        const c = document.querySelector("canvas");
        return `${c.clientWidth}×${c.clientHeight}`;
      });
      if (name === "star") {
        const middle = (rows.min + rows.max) / 2;
        console.log(`${label}, ${name} (canvas ${area}): holes ${(await spacing(page, middle)).toFixed(1)} px apart in the middle row`);
      } else {
        // Seat 0 plays from the near side: the layout's highest row is the farthest.
        const far = 0.8 * (await spacing(page, rows.max));
        const near = 0.8 * (await spacing(page, rows.min));
        console.log(`${label}, ${name} (canvas ${area}): a man ${far.toFixed(1)} px wide on the far row, ${near.toFixed(1)} px on the near row`);
      }
    }
  } finally {
    await browser.close();
  }
}

await measure("phone 390×844", { viewport: { width: 390, height: 844 } });
await measure("desktop 1280×800", { viewport: { width: 1280, height: 800 } });
