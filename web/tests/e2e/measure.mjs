// Measurements for the README (not a test): time to the first rendered board, the cost of a
// frame and of a move animation (software WebGL, as headless Chromium draws), and the engine's
// speed in the page's worker. Needs the site running:
//   KINGME_URL=http://127.0.0.1:8080 node tests/e2e/measure.mjs [frames|slow-phone]
// (`frames`: only the board's frame and move costs; `slow-phone`: those of the phone with the
// page's CPU slowed fourfold, as DevTools' "mid-tier mobile" does.)
import { readdirSync, readFileSync } from "node:fs";
import { BASE_URL, clickRoute, MEASURED_BOARDS, openMeasuredBoard, openSite, selectWatchingLongTasks, settled, watchedLongTasks } from "./helpers.mjs";

/** Chromium's GPU processes now running (Linux /proc; none elsewhere). */
function gpuProcesses() {
  try {
    return readdirSync("/proc").filter((d) => {
      try {
        return /^\d+$/.test(d) && readFileSync(`/proc/${d}/cmdline`, "utf8").includes("--type=gpu-process");
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

/**
 * CPU time (ms) the process has used. With software WebGL the GPU process draws on the CPU: its
 * CPU time per frame is the frame's cost without the waiting a busy machine adds.
 */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const FRAMES = 15;
const IDLE_MS = 3000;
const MOVES = 3;

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/**
 * For each board, on a same-screen game: the time of a frame (FRAMES frames drawn back to back,
 * each waited for), the frames drawn while the page sits idle for IDLE_MS, and for MOVES moves
 * in a row the longest main-thread task from the click that plays the move until the board has
 * settled (the selecting click before it is not counted).
 */
async function frameCosts(label, options, cpuSlowdown = 1) {
  const gpuBefore = new Set(gpuProcesses());
  const { browser, page } = await openSite(options);
  const gpu = gpuProcesses().filter((p) => !gpuBefore.has(p));
  if (cpuSlowdown > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  }
  try {
    for (const [board, opening] of Object.entries(MEASURED_BOARDS)) {
      await openMeasuredBoard(page, opening);
      const buffer = await page.evaluate(() => {
        const c = document.querySelector('[data-testid="board"] canvas');
        return { w: c.width, h: c.height, ratio: c.width / c.clientWidth };
      });
      const cpuBefore = gpu.length === 1 ? cpuMs(gpu[0]) : NaN;
      const times = await page.evaluate((n) => window.__kingme.timeFrames(n), FRAMES);
      const gpuCpu = gpu.length === 1 ? `, GPU process CPU ${((cpuMs(gpu[0]) - cpuBefore) / FRAMES).toFixed(0)} ms per frame` : "";
      const before = await page.evaluate(() => window.__kingme.framesDrawn());
      await page.waitForTimeout(IDLE_MS);
      const idleFrames = (await page.evaluate(() => window.__kingme.framesDrawn())) - before;
      const longest = [];
      const frames = [];
      for (let i = 0; i < MOVES; i++) {
        const move = await selectWatchingLongTasks(page);
        const framesBeforeMove = await page.evaluate(() => window.__kingme.framesDrawn());
        await clickRoute(page, [move.path[1]]);
        await settled(page);
        frames.push((await page.evaluate(() => window.__kingme.framesDrawn())) - framesBeforeMove);
        longest.push(Math.max(0, ...(await watchedLongTasks(page))));
      }
      console.log(
        `${label}, ${board} (buffer ${buffer.w}×${buffer.h}, ratio ${buffer.ratio.toFixed(2)}): frame median ${quantile(times, 0.5).toFixed(0)} ms, p90 ${quantile(times, 0.9).toFixed(0)} ms (${FRAMES} frames)${gpuCpu}; ` +
          `${idleFrames} frames drawn while idle ${IDLE_MS / 1000} s; ${MOVES} moves: ${frames.join(", ")} frames, longest main-thread task ${longest.map((t) => t.toFixed(0)).join(", ")} ms (0: none over 50 ms)`,
      );
    }
  } finally {
    await browser.close();
  }
}

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 };
if (process.argv[2] === "slow-phone") {
  await frameCosts("phone 390×844 at DPR 3, CPU slowed 4×", PHONE, 4);
  process.exit(0);
}
await frameCosts("desktop 960×720", {});
await frameCosts("phone 390×844 at DPR 3", PHONE);
// `node tests/e2e/measure.mjs frames` stops here.
if (process.argv[2] === "frames") process.exit(0);

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
