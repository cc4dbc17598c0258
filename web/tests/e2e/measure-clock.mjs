// Measurement for the README (not a test): how long the computer thinks in the page's worker
// with a clock, against its level's own limit. Needs the site running:
//   KINGME_URL=http://127.0.0.1:8080 node tests/e2e/measure-clock.mjs
import { openSite, settled } from "./helpers.mjs";

const CASES = [
  ["no clock", undefined],
  ["3+2 at the start (3:00 left)", { remainingMs: 180_000, incrementMs: 2_000 }],
  ["30 s left, +0", { remainingMs: 30_000, incrementMs: 0 }],
  ["6 s left, +0", { remainingMs: 6_000, incrementMs: 0 }],
  ["1 s left, +0", { remainingMs: 1_000, incrementMs: 0 }],
];

const { browser, page } = await openSite();
try {
  await page.click('[data-variant="international"]');
  await page.click('[data-mode="local"]');
  await page.waitForFunction(() => window.__kingme !== undefined);
  await settled(page);
  for (const level of ["intermediate", "advanced", "expert"]) {
    for (const [name, clock] of CASES) {
      const times = [];
      for (let i = 0; i < 3; i++) {
        times.push(await page.evaluate(([l, c]) => window.__kingme.turnInWorker(l, c ?? undefined).then((r) => r.ms), [level, clock ?? null]));
      }
      times.sort((a, b) => a - b);
      console.log(`${level.padEnd(12)} ${name.padEnd(30)} median ${Math.round(times[1])} ms (${times.map(Math.round).join(", ")})`);
    }
  }
} finally {
  await browser.close();
}
