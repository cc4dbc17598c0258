import { defineConfig, type Plugin } from "vitest/config";
import { VitePWA, type ManifestOptions } from "vite-plugin-pwa";
import { en } from "./src/i18n/en";
import { zhHans } from "./src/i18n/zh-Hans";
import { zhHant } from "./src/i18n/zh-Hant";

/**
 * The web app manifest in one language: its name and description come from the page's catalogs.
 * English is `/manifest.webmanifest` (made by vite-plugin-pwa); the others are
 * `/manifest-<locale>.webmanifest`, and the page links the one of its language (src/i18n).
 */
function manifest(lang: string, catalog: Record<"manifest.name" | "app.tagline", string>): Partial<ManifestOptions> {
  return {
    id: "/",
    lang,
    name: catalog["manifest.name"],
    short_name: "kingme",
    description: catalog["app.tagline"],
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#1b1712",
    theme_color: "#262019",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/** Emits the manifests of the languages other than English next to the plugin's. */
function translatedManifests(): Plugin {
  return {
    name: "kingme-translated-manifests",
    apply: "build",
    generateBundle() {
      for (const [lang, catalog] of [["zh-Hans", zhHans], ["zh-Hant", zhHant]] as const) {
        this.emitFile({ type: "asset", fileName: `manifest-${lang}.webmanifest`, source: JSON.stringify(manifest(lang, catalog)) });
      }
    },
  };
}

export default defineConfig({
  build: { target: "es2022", outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 800 },
  worker: { format: "es" },
  // The worker's opening books are the repository's data/book files.
  server: { fs: { allow: [".", "../data/book"] } },
  test: { include: ["src/**/*.test.ts"], setupFiles: ["src/i18n/testSetup.ts"] },
  plugins: [
    translatedManifests(),
    // The web app manifest and a Workbox service worker (`/sw.js`) that precaches the whole built
    // site, so it installs and plays against the computer and in Learn with the network off. The
    // page registers the worker itself (src/offline.ts), after the first board is drawn.
    VitePWA({
      injectRegister: null,
      registerType: "autoUpdate",
      includeAssets: ["icons/icon.svg", "icons/favicon-32.png", "icons/apple-touch-icon.png"],
      manifest: manifest("en", en),
      workbox: {
        // `bin`: the opening books, so the computer plays from them offline too (the endgame tables
        // are the worker's own, fetched and cached as games reach them).
        globPatterns: ["**/*.{js,css,html,wasm,bin,svg,png,webmanifest}"],
        // A new version takes over in the background; the page already open keeps running the
        // code it loaded, and the next visit (or reload) runs the new one.
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Every address of the app opens index.html; the server's API and WebSocket never go
        // through the cache.
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/ws\//],
        runtimeCaching: [],
      },
    }),
  ],
});
