// Measurements for the README (not a test): time to the first rendered board, frames per second
// while orbiting, and the engine's speed in the page's worker. Needs the site running:
//   KINGME_URL=http://127.0.0.1:8080 node tests/e2e/measure.mjs
import { BASE_URL, openSite, settled } from "./helpers.mjs";

const { browser, page } = await openSite();
try {
  // A saved game makes the page open straight onto the board.
  await page.evaluate(() =>
    localStorage.setItem(
      "kingme.game",
      JSON.stringify({ version: 1, mode: "local", game: { variant: "international", startFen: "", moves: [{ path: ["d4", "e5"], offer: false }] } }),
    ),
  );
  await page.reload();
  await page.waitForFunction(() => window.__kingme !== undefined);
  await settled(page);
  const firstBoardMs = await page.evaluate(() => performance.now());
  console.log(`time to first rendered board: ${firstBoardMs.toFixed(0)} ms (navigation start → board drawn and settled)`);

  const box = await page.locator('[data-testid="board"] canvas').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const counting = page.evaluate(
    () =>
      new Promise((resolve) => {
        let frames = 0;
        const start = performance.now();
        const tick = () => {
          frames++;
          if (performance.now() - start < 5000) requestAnimationFrame(tick);
          else resolve((frames * 1000) / (performance.now() - start));
        };
        requestAnimationFrame(tick);
      }),
  );
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const deadline = Date.now() + 5000;
  for (let i = 0; Date.now() < deadline; i++) await page.mouse.move(cx + 150 * Math.sin(i / 10), cy + 40 * Math.cos(i / 13));
  await page.mouse.up();
  console.log(`frames per second while orbiting (headless, software WebGL): ${(await counting).toFixed(1)}`);

  for (const nodes of [200_000, 1_000_000]) {
    const report = await page.evaluate((n) => window.__kingme.searchInWorker(n), nodes);
    console.log(
      `engine in the worker: ${report.nodes} nodes in ${report.elapsedMs.toFixed(0)} ms = ${Math.round((report.nodes / report.elapsedMs) * 1000)} nodes/s (depth ${report.depth})`,
    );
  }

  // The star: a saved Chinese checkers game for six opens straight onto it.
  await page.evaluate(() =>
    localStorage.setItem(
      "kingme.game",
      JSON.stringify({ version: 2, mode: "local", game: { variant: "chinese-checkers", players: 6, startFen: "", moves: [{ path: ["d1", "e5"], offer: false }] } }),
    ),
  );
  await page.reload();
  await page.waitForFunction(() => window.__kingme !== undefined);
  await settled(page);
  const firstStarMs = await page.evaluate(() => performance.now());
  console.log(`time to first drawn star board: ${firstStarMs.toFixed(0)} ms (navigation start → star drawn and settled)`);
  // The worker's thinking time for the seat to move (seat 2 of six, after one move), per level;
  // the first call of each includes starting a worker and loading the wasm module.
  for (const level of ["beginner", "intermediate", "advanced", "expert"]) {
    const times = [];
    for (let i = 0; i < 3; i++) times.push((await page.evaluate((l) => window.__kingme.turnInWorker(l), level)).ms);
    console.log(`Chinese checkers, 6 players, ${level} in the worker: ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
  }

  // A lesson against the engine at Advanced (up to 1.5 s of search): the reply comes from the
  // worker, so the page's own longest task while waiting for it stays short.
  await page.goto(`${BASE_URL}/learn/ex/in_end_hold?test`);
  await page.waitForFunction(() => window.__kingme?.squareToClient !== undefined);
  await settled(page);
  const runs = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) {
      await page.getByTestId("learn-retry").click();
      await settled(page);
    }
    runs.push(
      await page.evaluate(async () => {
        const tasks = [];
        const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
        observer.observe({ type: "longtask" });
        const input = document.querySelector('[data-testid="learn-move-text"]');
        input.value = "g5-d8";
        const start = performance.now();
        input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
        while (!/Your opponent played/.test(document.querySelector('[data-testid="feedback"]').textContent)) await new Promise((r) => setTimeout(r, 20));
        const ms = performance.now() - start;
        observer.disconnect();
        return { ms, longest: Math.max(0, ...tasks) };
      }),
    );
  }
  console.log(
    `lesson reply at Advanced (3 tries): ${runs.map((r) => r.ms.toFixed(0)).join(", ")} ms from the move to the reply; longest main-thread task meanwhile ${runs.map((r) => r.longest.toFixed(0)).join(", ")} ms`,
  );
} finally {
  await browser.close();
}
