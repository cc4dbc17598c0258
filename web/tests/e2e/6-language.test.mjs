// The language follows the browser, can be switched, and is remembered.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chooseLanguage, openSite } from "./helpers.mjs";

test("languages: from the browser, switched, remembered", async () => {
  const { browser, page, errors } = await openSite({ locale: "zh-TW" });
  try {
    const english = page.locator('[data-variant="english"] strong');
    assert.equal(await english.textContent(), "英式跳棋");
    assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-Hant");

    await chooseLanguage(page, "zh-Hans");
    await page.click('[data-variant="international"]');
    assert.equal(await page.locator('[data-mode="local"]').textContent(), "同屏双人");

    await chooseLanguage(page, "en");
    assert.equal(await page.locator('[data-mode="local"]').textContent(), "Same screen, two players");

    await chooseLanguage(page, "zh-Hant");
    // At the reload the page loads Traditional Chinese only, and its first words are in it.
    const packs = [];
    page.on("request", (r) => {
      const name = new URL(r.url()).pathname.match(/\/assets\/([\w-]+)\.pack-/)?.[1];
      if (name) packs.push(name);
    });
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const title = document.querySelector("#app h1");
        if (title && window.__firstWords === undefined) window.__firstWords = title.textContent;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    // The address names International's mode chooser, so the reload comes back to it.
    await page.waitForSelector('[data-mode="local"]');
    assert.deepEqual(packs, ["zh-Hant"]);
    const first = await page.evaluate(() => window.__firstWords);
    assert.match(first, /\p{Script=Han}/u, `the first words drawn (${first}) are Chinese`);
    await page.goBack();
    assert.equal(await english.textContent(), "英式跳棋");
    assert.equal(await page.getByTestId("language").inputValue(), "zh-Hant");
    await page.click('[data-variant="english"]');
    assert.equal(await page.locator('[data-mode="online"]').textContent(), "與朋友對弈（傳送連結）");
    assert.equal(await page.locator('[data-mode="beginner"]').textContent(), "初級");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
