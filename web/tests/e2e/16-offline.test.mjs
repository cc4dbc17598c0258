// Installing and offline: the web app manifest and its icons; after one online visit the
// service worker holds the site, so with the network off the site loads, plays against the
// computer and runs a Learn exercise against the engine; rooms say they need the network (on the
// chooser and on a room's page) and a room's page connects once the network is back.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, BASE_URL, chooseLanguage, clickRoute, humanTurn, openSite, settled, snapshot, startGame } from "./helpers.mjs";

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `offline-${name}.png`), fullPage: true });

test("offline: the manifest and icons, then play, Learn and rooms with the network off", async () => {
  const { browser, page, errors } = await openSite();
  const context = page.context();
  try {
    // The manifest the page links, with the fields an installable site needs and icons that load.
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const response = await page.request.get(new URL(href, BASE_URL).href);
    assert.equal(response.status(), 200);
    assert.match(response.headers()["content-type"], /^application\/manifest\+json/);
    const manifest = await response.json();
    assert.equal(manifest.short_name, "kingme");
    assert.match(manifest.name, /kingme/);
    assert.equal(manifest.start_url, "/");
    assert.equal(manifest.display, "standalone");
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
    assert.match(manifest.background_color, /^#[0-9a-f]{6}$/);
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort();
    assert.deepEqual(sizes, ["192x192 any", "512x512 any", "512x512 maskable"]);
    const icons = [...manifest.icons, { src: "/icons/apple-touch-icon.png", sizes: "180x180" }, { src: "/icons/icon.svg", sizes: "512x512" }];
    for (const icon of icons) {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, icon.src);
      assert.equal(size, icon.sizes, `${icon.src} is ${icon.sizes}`);
    }
    // The service worker is never cached by HTTP, so a new version is found at the next visit.
    const sw = await page.request.get(`${BASE_URL}/sw.js`);
    assert.equal(sw.status(), 200);
    assert.equal(sw.headers()["cache-control"], "no-cache");

    // A room made while online, to be opened offline later.
    const room = await page.evaluate(async () => {
      const r = await fetch("/api/rooms", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ variant: "english" }) });
      return (await r.json()).path;
    });

    // The service worker installs after the first screen and takes control of the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await page.reload();
    await page.locator('[data-variant="english"]').waitFor();
    assert.equal(await page.evaluate(() => navigator.onLine), false);

    // The chooser: rooms need the network; the other modes do not.
    await page.click('[data-variant="english"]');
    await page.getByTestId("offline-note").waitFor();
    assert.match(await page.getByTestId("offline-note").textContent(), /needs the network/);
    assert.equal(await page.locator('[data-mode="online"]').isDisabled(), true);
    assert.equal(await page.locator('[data-mode="beginner"]').isDisabled(), false);
    await shot(page, "chooser");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "chooser-phone");
    await page.setViewportSize({ width: 960, height: 720 });
    // Back online, the room button works again.
    await context.setOffline(false);
    await page.getByTestId("offline-note").waitFor({ state: "hidden" });
    assert.equal(await page.locator('[data-mode="online"]').isDisabled(), false);
    await context.setOffline(true);
    await page.getByTestId("offline-note").waitFor();

    // A game against the computer: a few moves each, the computer's from the engine's worker.
    await page.click('[data-mode="beginner"]');
    await page.waitForFunction(() => window.__kingme !== undefined);
    await settled(page);
    for (let i = 0; i < 3; i++) {
      const report = await page.evaluate(() => window.__kingme.searchInWorker(300));
      await clickRoute(page, report.best.path);
      await humanTurn(page);
    }
    const s = await snapshot(page);
    assert.ok(s.moves.length >= 6, `three moves each were played (${s.moves.length} plies)`);
    await shot(page, "game");

    // Learn: an exercise whose answers the engine plays back.
    await page.goto(`${BASE_URL}/learn/ex/in_end_hold?test`);
    await page.waitForFunction(() => window.__kingme?.squareToClient !== undefined);
    await settled(page);
    await page.getByTestId("learn-move-text").fill("g5-d8");
    await page.getByTestId("learn-move-play").click();
    await page.waitForFunction(() => /Your opponent played/.test(document.querySelector('[data-testid="feedback"]').textContent));
    await settled(page);
    await shot(page, "learn");

    // A room's page opened offline says why it cannot open, and opens once the network is back.
    await page.goto(`${BASE_URL}${room}?test`);
    await page.getByTestId("room-offline").waitFor();
    assert.match(await page.getByTestId("room-offline").textContent(), /need the network/);
    assert.equal(await page.getByTestId("room-gone").isVisible(), false);
    await shot(page, "room");
    // The API is never answered from a cache: offline, the room's lookup fails.
    assert.equal(await page.evaluate((p) => fetch(`/api/rooms/${p.split("/").pop()}`).then(() => "answered", () => "failed"), room), "failed");
    // In Chinese too.
    await chooseLanguage(page, "zh-Hans");
    await page.waitForFunction(() => /需要网络/.test(document.querySelector('[data-testid="room-offline"]').textContent));
    await shot(page, "room-zh");
    // Each language is a chunk of its own, all precached: Traditional Chinese was never loaded online.
    await chooseLanguage(page, "zh-Hant");
    assert.match(await page.getByTestId("room-offline").textContent(), /需要網路/);
    await chooseLanguage(page, "en");
    await context.setOffline(false);
    await page.getByTestId("room-offline").waitFor({ state: "hidden" });
    await page.getByTestId("room-seats").waitFor();
    // The network lost while the room is open: said at once, and gone when it is back.
    await context.setOffline(true);
    await page.getByTestId("room-offline").waitFor();
    await context.setOffline(false);
    await page.getByTestId("room-offline").waitFor({ state: "hidden" });
    await page.getByTestId("room-seats").waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("a new version: the page offers a reload and the game goes on after it; the manifest follows the language", async () => {
  const { browser, page, errors } = await openSite({ reducedMotion: "reduce" });
  try {
    // The manifest in Chinese, linked when the page's language changes.
    await chooseLanguage(page, "zh-Hans");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    assert.equal(href, "/manifest-zh-Hans.webmanifest");
    const zh = await page.request.get(new URL(href, BASE_URL).href);
    assert.match(zh.headers()["content-type"], /^application\/manifest\+json/);
    const manifest = await zh.json();
    assert.equal(manifest.lang, "zh-Hans");
    assert.match(manifest.name, /^kingme — .*中国跳棋/);
    assert.equal(manifest.start_url, "/");
    assert.equal(manifest.icons.length, 3);
    await chooseLanguage(page, "en");
    assert.equal(await page.locator('link[rel="manifest"]').getAttribute("href"), "/manifest.webmanifest");

    await startGame(page, "english", "local");
    await page.locator('[data-testid="legal-moves"] button').first().click();
    await humanTurn(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    assert.equal(await page.getByTestId("update-notice").count(), 0, "no notice for the first worker");

    // A newer worker takes control of the page (here: the same code under another script address,
    // which the browser installs as a new version; the server's bytes cannot change under a test).
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js?next", { scope: "/" }));
    const notice = page.getByTestId("update-notice");
    await notice.waitFor();
    assert.match(await notice.textContent(), /A new version of kingme is ready/);
    assert.equal(await notice.getAttribute("role"), "status");
    await page.screenshot({ path: path.join(ARTIFACTS, "offline-update-notice.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, "offline-update-notice-phone.png") });

    await Promise.all([page.waitForEvent("load"), page.getByTestId("update-reload").click()]);
    // The reloaded page runs the new version and the game goes on where it was.
    await page.waitForFunction(() => window.__kingme?.snapshot().ply === 1);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
