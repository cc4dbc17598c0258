// The language follows the browser, can be switched, and is remembered.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openSite } from "./helpers.mjs";

test("languages: from the browser, switched, remembered", async () => {
  const { browser, page, errors } = await openSite({ locale: "zh-TW" });
  try {
    const english = page.locator('[data-variant="english"] strong');
    assert.equal(await english.textContent(), "英式跳棋");
    assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-Hant");

    await page.getByTestId("language").selectOption("zh-Hans");
    await page.click('[data-variant="international"]');
    assert.equal(await page.locator('[data-mode="local"]').textContent(), "同屏双人");

    await page.getByTestId("language").selectOption("en");
    assert.equal(await page.locator('[data-mode="local"]').textContent(), "Same screen, two players");

    await page.getByTestId("language").selectOption("zh-Hant");
    await page.reload();
    // The address names International's mode chooser, so the reload comes back to it.
    await page.waitForSelector('[data-mode="local"]');
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
