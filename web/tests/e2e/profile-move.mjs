// Measurement for the README (not a test): where the main thread's time goes while a move plays
// on a slow phone (390×844 at DPR 3, the page's CPU slowed RATE×, 4 by default). For MOVES moves
// (3) on each board it records a CPU profile from the click that plays the move until the board
// has settled, prints each move's long tasks, then the functions by their own time over all moves.
// Needs the site running:  KINGME_URL=http://127.0.0.1:8080 node tests/e2e/profile-move.mjs
import { clickRoute, MEASURED_BOARDS, openMeasuredBoard, openSite, selectWatchingLongTasks, settled, watchedLongTasks } from "./helpers.mjs";
const MOVES = Number(process.env.MOVES ?? 3);
const { browser, page } = await openSite({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
const cdp = await page.context().newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.RATE ?? 4) });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
const self = new Map();
let total = 0;
for (const [board, opening] of Object.entries(MEASURED_BOARDS)) {
  await openMeasuredBoard(page, opening);
  for (let i = 0; i < MOVES; i++) {
    const move = await selectWatchingLongTasks(page);
    await cdp.send("Profiler.start");
    await clickRoute(page, [move.path[1]]);
    await settled(page);
    const { profile } = await cdp.send("Profiler.stop");
    const tasks = await watchedLongTasks(page);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas;
    const counts = new Map();
    profile.samples.forEach((id, k) => counts.set(id, (counts.get(id) ?? 0) + (dt[k + 1] ?? 0)));
    for (const [id, us] of counts) {
      const n = byId.get(id);
      const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + us);
      if (!key.startsWith("(idle)")) total += us;
    }
    console.log(board, i, "long tasks", JSON.stringify(tasks.map(Math.round)));
  }
}
console.log("total busy ms", (total / 1000).toFixed(0));
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((us / 1000).toFixed(1).padStart(8), k);
await browser.close();
