// Development tool, not part of the test suite: screenshots of the board demo page, a click
// check through squareToClient in every view, and frames per second while orbiting (BOARD=star-6 …).
// Usage: node src/board3d/dev/shoot.mjs [baseUrl] [outDir]   (serve the demo with `npx vite`)
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";

const base = process.argv[2] ?? "http://127.0.0.1:5173";
const out = process.argv[3] ?? "/tmp/board-shots";
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader"],
});
const [width, height] = (process.env.VIEWPORT ?? "1200x820").split("x").map(Number);
const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
page.on("console", (m) => console.log("console:", m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
const t0 = Date.now();
await page.goto(`${base}/board-demo.html?board=${process.env.BOARD ?? "draughts-10"}&quality=${process.env.QUALITY ?? "high"}`);
page.setDefaultTimeout(180000);
await page.waitForFunction(() => window.board && "whenSettled" in window.board, null, { polling: 200 });
await page.evaluate(() => window.board.whenSettled());
console.log(`first board drawn after ${Date.now() - t0} ms`);

const shot = async (name) => {
  await page.evaluate(() => window.board.whenSettled());
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`saved ${out}/${name}.png at ${Date.now() - t0} ms`);
};

async function checkClicks(label) {
  await page.evaluate(() => window.board.whenSettled());
  const squares = await page.evaluate(() =>
    window.demoState().layout.cells.filter((c) => c.playable).map((c) => ({ name: c.name, at: window.board.squareToClient(c.name) })),
  );
  let wrong = 0;
  for (const { name, at } of squares) {
    if (!at) { wrong++; console.log(`${label}: no point for ${name}`); continue; }
    await page.evaluate(() => (window.clicks.length = 0));
    await page.mouse.click(at.x, at.y);
    const got = await page.evaluate(() => window.clicks.slice());
    if (got.length !== 1 || got[0] !== name) { wrong++; console.log(`${label}: clicked ${name} got ${JSON.stringify(got)}`); }
  }
  console.log(`${label}: ${squares.length - wrong}/${squares.length} squares clicked correctly`);
}

async function fps(label) {
  const canvas = await page.$("canvas");
  const box = await canvas.boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.evaluate(() => {
    window.__frames = 0;
    const count = () => { window.__frames++; if (window.__counting) requestAnimationFrame(count); };
    window.__counting = true;
    requestAnimationFrame(count);
  });
  const start = Date.now();
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  let i = 0;
  while (Date.now() - start < 3000) {
    i++;
    await page.mouse.move(cx - 200 + ((i * 7) % 400), cy + Math.sin(i / 9) * 30);
  }
  await page.mouse.up();
  const frames = await page.evaluate(() => { window.__counting = false; return window.__frames; });
  const info = await page.evaluate(() => {
    const gl = document.querySelector("canvas").getContext("webgl2");
    const ext = gl && gl.getExtension("WEBGL_debug_renderer_info");
    return ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : "unknown";
  });
  console.log(`${label}: ${(frames / ((Date.now() - start) / 1000)).toFixed(1)} fps while orbiting (${info})`);
}

if (process.env.ONLY_FPS) {
  await fps("orbit");
  await shot("orbit");
  await browser.close();
  process.exit(0);
}
await shot("1-oblique-10");
await checkClicks("oblique");
await page.evaluate(() => window.board.setView("top"));
await shot("2-top-10");
await checkClicks("top");
await page.evaluate(() => window.board.set({ rotation: 180 }));
await shot("3-top-flipped");
await checkClicks("top flipped");
await page.evaluate(() => window.board.setView("oblique"));
await shot("4-oblique-flipped");
await checkClicks("oblique flipped");
await page.evaluate(() => window.board.set({ rotation: 0 }));
await page.evaluate(() => window.clicks.length = 0);
await page.mouse.click(20, 100);
console.log("outside click:", JSON.stringify(await page.evaluate(() => window.clicks.slice())));
await page.click('[data-action="move"]');
await shot("5-after-move");
await page.evaluate(() => window.show("star-6"));
await shot("6-oblique-star");
await checkClicks("star oblique");
if (!process.env.NO_FPS) await fps("orbit");
await shot("7-after-orbit");
await browser.close();
