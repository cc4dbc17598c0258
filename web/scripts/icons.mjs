// Renders the site's icon (public/icons/icon.svg) to the PNG files the web app manifest and the
// browsers ask for, with the Chromium the tests use. Run after changing the SVG:
//   node scripts/icons.mjs
// The PNGs are committed, so the site's build does not need a browser.
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public/icons");
const svg = readFileSync(path.join(dir, "icon.svg"), "utf8");
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

// "any" icons get rounded corners on a transparent ground; maskable and Apple's icons are full
// squares (the platform cuts its own shape; the piece lies inside the maskable safe zone).
const outputs = [
  { file: "icon-192.png", size: 192, rounded: true },
  { file: "icon-512.png", size: 512, rounded: true },
  { file: "icon-maskable-512.png", size: 512, rounded: false },
  { file: "apple-touch-icon.png", size: 180, rounded: false },
  { file: "favicon-32.png", size: 32, rounded: true },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
try {
  for (const { file, size, rounded } of outputs) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const radius = rounded ? Math.round(size * 0.18) : 0;
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<img src="${dataUrl}" width="${size}" height="${size}" style="display:block;border-radius:${radius}px"></body></html>`,
    );
    await page.waitForFunction(() => document.images[0].complete && document.images[0].naturalWidth > 0);
    await page.screenshot({ path: path.join(dir, file), omitBackground: true });
    await page.close();
    console.log(`${file}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
